import Foundation
import TipsCompiler
import TipsPreview

/// `tipc preview <file.tips>... --output <file.html> [--jobs N]`: checks the
/// files as `tipc check` does and writes one HTML page showing every tip.
/// With errors in the input it prints them, writes nothing and exits 1.
public struct PreviewCommand: Hashable, Sendable {
    /// The inputs, in order.
    public var files: [String]
    /// Where the page goes.
    public var output: String
    /// At most this many threads; nil for one per processor.
    public var jobs: Int?

    /// Creates the command.
    public init(files: [String], output: String, jobs: Int? = nil) {
        self.files = files
        self.output = output
        self.jobs = jobs
    }

    /// `tipc help preview`.
    static let help = """
        USAGE: tipc preview <file.tips>... --output <file.html> [options]

        Checks the files as one compilation and writes one self-contained HTML page
        that shows every tip inline and as a popover, in light and dark appearance,
        with its rules, options, groups and the checker's warnings. The page loads
        nothing from the network. Writes nothing when the input has errors.

        OPTIONS:
          --output, -o <file.html>   Where to write the page
          --jobs, -j <n>             Use at most n threads (default: one per processor)
          --help, -h                 Show this help

        """

    /// The options `preview` takes, for suggestions.
    static let options = ["--output", "--jobs", "--help"]

    /// Parses the arguments after `preview`.
    static func parse(_ arguments: [String]) throws(UsageError) -> PreviewCommand {
        var files: [String] = []
        var output: String?
        var jobs: Int?
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            guard ["--output", "-o", "--jobs", "-j"].contains(name) else { throw unknownOption(name) }
            let value: String
            if parts.count > 1 {
                value = parts[1]
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("option '\(name)' needs a value")
                }
                value = arguments[index]
                index += 1
            }
            if name == "--output" || name == "-o" {
                output = value
            } else {
                guard let count = Int(value), count >= 1 else {
                    throw UsageError("'\(name)' is a number of jobs, 1 or more, not '\(value)'")
                }
                jobs = count
            }
        }
        guard !files.isEmpty else { throw UsageError("no input files; run 'tipc help preview' for usage") }
        guard let output else { throw UsageError("'preview' needs '--output <file.html>'") }
        return PreviewCommand(files: files, output: output, jobs: jobs)
    }

    private static func unknownOption(_ name: String) -> UsageError {
        let hint = SpellingSuggester.closest(to: name, among: options).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError("unknown option '\(name)' for 'preview'\(hint)")
    }

    /// Runs the command and returns the exit status.
    func run(standardError: (String) -> Void) -> Int32 {
        guard let inputs = CommandLineTool.readInputs(files, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let result = Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false, jobs: jobs)).run()
        guard
            CommandLineTool.printDiagnostics(
                of: result, consequence: "; no page was written", standardError: standardError),
            let program = result.program
        else { return CommandLineTool.inputErrors }
        let page = PreviewBackend().render(program, diagnostics: result.diagnostics, sources: result.sources)
        do {
            try Self.write(page, to: output)
        } catch {
            standardError("tipc: error: \(error.message)\n")
            return CommandLineTool.usageError
        }
        return CommandLineTool.success
    }

    /// Writes the page atomically, leaving an identical file untouched.
    static func write(_ page: String, to path: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("cannot write '\(path)': it is a directory")
        }
        let file = EmittedFile(fileName: URL(fileURLWithPath: path).lastPathComponent, text: page)
        if OutputWriter.fileHolds(path, file) { return }
        guard OutputWriter.writeAtomically(file, to: path) else { throw UsageError("cannot write '\(path)'") }
    }
}
