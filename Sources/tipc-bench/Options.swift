/// What the command line asked for.
struct Options {
    /// How much to measure.
    enum Scale {
        /// Small sizes and few runs: finishes in a few minutes.
        case quick
        /// Every size up to 100,000 tips.
        case full
    }

    var scale: Scale = .quick
    /// Set when this process is a memory-probe child.
    var probe: (work: MemoryProbe.Work, tipCount: Int)?
    /// Set by `--only compiler|runtime|donation|store|attention|editor|lines|scenarios|swiftc`: measure only
    /// that half (or, for profiling, only the runtime's donation, store or attention figures).
    var only: String?
    /// Set by the hidden `--print-input <tips>`: print the synthetic input and stop.
    var printInput: Int?
    /// Set by the hidden `--verdicts <path>`: this process measures for a
    /// parent (see ``ChildRun``), prints no heading and no summary, and
    /// writes its verdicts to `path` for the parent to judge with its own.
    var verdictsPath: String?
    /// Set by the hidden `--as-tipc <arguments>…`: this process is a child
    /// that runs the rest of its command line as the `tipc` executable does.
    var tipcArguments: [String]?
    /// Set by `--help` or `-h`: print the usage and stop.
    var showsHelp = false

    /// Tip counts measured at this scale.
    var sizes: [Int] { scale == .quick ? [100, 1_000, 10_000] : [100, 1_000, 10_000, 100_000] }
    /// Timed runs per measurement (after a warm-up) for an input of `tipCount` tips.
    func runs(for tipCount: Int) -> Int {
        switch scale {
        case .quick: tipCount >= 10_000 ? 3 : 5
        case .full: tipCount >= 100_000 ? 3 : tipCount >= 10_000 ? 5 : 9
        }
    }

    static let usage = """
        usage: tipc-bench [--quick | --full] [--only <part>]
          --help, -h  print this and exit
          --quick   sizes 100, 1,000 and 10,000 tips, few runs (the default; a few minutes)
          --full    sizes up to 100,000 tips, more runs
          --only compiler|runtime   measure one half only
          --only editor             only the language server's diagnostics after an edit
          --only lines              only the compile time of long lines
          --only donation|store     only the runtime's donation, or store save/load, figures
          --only attention          only an activity consumer's cost and a status read behind holds and limits
          --only scenarios          only tipc test's speed (1,000 scenarios of 50 steps)
          --only swiftc             only swiftc -typecheck of 1,000 tips' Swift, plain and in 11 languages
        """

    /// Parses the arguments after the executable's name; nil on bad usage.
    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick": options.scale = .quick
            case "--full": options.scale = .full
            case "--help", "-h": options.showsHelp = true
            case "--only":
                guard index + 1 < arguments.count,
                    [
                        "compiler", "runtime", "donation", "store", "attention", "editor", "scenarios", "lines",
                        "swiftc",
                    ].contains(
                        arguments[index + 1])
                else {
                    return nil
                }
                options.only = arguments[index + 1]
                index += 1
            case "--verdicts":
                guard index + 1 < arguments.count else { return nil }
                options.verdictsPath = arguments[index + 1]
                index += 1
            case "--as-tipc":
                options.tipcArguments = Array(arguments[(index + 1)...])
                return options
            case "--print-input":
                guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), count >= 0 else { return nil }
                options.printInput = count
                index += 1
            default:
                guard let work = MemoryProbe.Work(rawValue: argument), index + 1 < arguments.count,
                    let count = Int(arguments[index + 1]), count >= 0
                else { return nil }
                options.probe = (work, count)
                index += 1
            }
            index += 1
        }
        return options
    }
}
