import TipsCompiler
import TipsSyntax

// The one option parser of every subcommand, and the tables it reads: each
// command's options are rows (name, short name, value or flag, help lines),
// and `tipc help <command>` prints the same rows, so help cannot drift from
// what the parser accepts.

/// One option of a command.
struct CommandOption: Sendable {
    /// The long name, such as `--output-dir`.
    var name: String
    /// The short name, such as `-o`.
    var short: String?
    /// What help calls the value (`<directory>`); nil for a flag, which takes none.
    var value: String?
    /// The help text, one element a line.
    var help: [String]

    init(_ name: String, short: String? = nil, value: String? = nil, help: String...) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
    }

    /// `--help, -h`, which every command takes (see `CommandLineArguments.parse`).
    static let help = CommandOption("--help", short: "-h", help: "Show this help")
}

/// A command's usage line, what it does, and its options.
struct CommandSpec: Sendable {
    /// The command's name, such as `compile`.
    var name: String
    /// The usage, after `USAGE: `.
    var usage: String
    /// What the command does, for its help.
    var summary: String
    /// The options; `--help` is added to the help of a command that has any.
    var options: [CommandOption]

    /// `tipc help <command>`: usage, summary, and one row an option, aligned.
    var help: String {
        var text = "USAGE: \(usage)\n\n\(summary)\n"
        guard !options.isEmpty else { return text }
        let rows = (options + [.help]).map { option in
            let names = option.short.map { "\(option.name), \($0)" } ?? option.name
            return (label: option.value.map { "\(names) \($0)" } ?? names, lines: option.help)
        }
        let width = rows.map(\.label.count).max() ?? 0
        text += "\nOPTIONS:\n"
        for row in rows {
            for (index, line) in row.lines.enumerated() {
                let label = index == 0 ? row.label : ""
                text += "  " + label + String(repeating: " ", count: width - label.count + 3) + line + "\n"
            }
        }
        return text
    }

    /// Reads `arguments` (those after the command's name): operands, and
    /// `--name value`, `--name=value`, `-n value` or a flag for each option;
    /// `--` ends the options. A repeated option keeps its last value.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            // From here on `index` counts from the command's name, as the
            // caller's arguments do, so a mistake read from an options file
            // is reported at its place there.
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.operands.append((argument, index))
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let spelled = parts[0]
            guard let option = options.first(where: { $0.name == spelled || $0.short == spelled }) else {
                let known = options.map(\.name) + [CommandOption.help.name]
                let hint = Self.closestOption(to: spelled, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(spelled)' for '\(name)'\(hint)", argumentIndex: index)
            }
            var value = parts.count > 1 ? parts[1] : nil
            if option.value == nil {
                guard value == nil else { throw UsageError("option '\(spelled)' takes no value", argumentIndex: index) }
            } else if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("option '\(spelled)' needs a value", argumentIndex: index)
                }
                value = arguments[index]
                index += 1
            }
            parsed.options[option.name] = (value ?? "", spelled, index)
        }
        return parsed
    }

    /// The known option `spelled` (`--ouput`, `--output` for `--output-dir`)
    /// most likely stands for (``SpellingSuggester/suggestion(for:among:)``),
    /// judged by the words without their dashes: counted with them, every
    /// option is two letters longer and so may be one more edit away
    /// (`--bogus` would be taken for `--jobs`).
    static func closestOption(to spelled: String, among known: [String]) -> String? {
        func word(_ option: String) -> String { String(option.drop { $0 == "-" }) }
        let byWord = Dictionary(known.map { (word($0), $0) }, uniquingKeysWith: { first, _ in first })
        return SpellingSuggester.suggestion(for: word(spelled), among: byWord.keys).flatMap { byWord[$0] }
    }
}

/// What ``CommandSpec/parse(_:)`` read, each item with its argument's index
/// (counted from the command's name) to blame it.
struct ParsedArguments {
    /// The arguments that are not options (files, and `dump`'s kind), in order.
    var operands: [(text: String, index: Int)] = []
    /// The last value of each option given, by long name, with the name as spelled.
    var options: [String: (value: String, spelled: String, index: Int)] = [:]

    /// Whether the option (a flag, or one with a value) was given.
    func has(_ name: String) -> Bool { options[name] != nil }

    /// The value of an option, if given.
    func value(_ name: String) -> String? { options[name]?.value }

    /// The value of an option converted by `convert`; when it does not
    /// convert, a usage error `mistake(spelled name, value)` that blames it.
    func value<Value>(
        _ name: String, _ convert: (String) -> Value?, mistake: (String, String) -> String
    ) throws(UsageError) -> Value? {
        guard let (text, spelled, index) = options[name] else { return nil }
        guard let value = convert(text) else { throw UsageError(mistake(spelled, text), argumentIndex: index) }
        return value
    }

    /// `--jobs`/`-j`: a number of threads, 1 or more.
    func jobs() throws(UsageError) -> Int? {
        try value("--jobs", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) { name, text in
            "'\(name)' is a number of jobs, 1 or more, not '\(text)'"
        }
    }

    /// The operands as input files, or the usage error that there are none.
    func files(of command: String) throws(UsageError) -> [String] {
        guard !operands.isEmpty else { throw UsageError("no input files; run 'tipc help \(command)' for usage") }
        return operands.map(\.text)
    }
}
