import Foundation
import TipsCompiler
import TipsSyntax

/// A parsed `tipc` command line.
public enum TipcCommand: Hashable, Sendable {
    /// `tipc compile <files>... --output-dir <dir> [--access-level L] [--warnings-as-errors] [--jobs N]
    /// [--lock PATH] [--lock-update COMMAND] [--strings PATH]`; `jobs` is nil unless given (one job).
    case compile(
        files: [String], outputDirectory: String, accessLevel: AccessLevel, warningsAsErrors: Bool, jobs: Int?,
        lock: String? = nil, strings: String? = nil, lockUpdate: String? = nil)
    /// `tipc check <files>... [--warnings-as-errors] [--jobs N] [--lock PATH] [--lock-update COMMAND] [--strings PATH]`
    case check(
        files: [String], warningsAsErrors: Bool, jobs: Int?, lock: String? = nil, strings: String? = nil,
        lockUpdate: String? = nil)
    /// `tipc lock <files>... --output PATH [--jobs N]` (`LockCommand.swift`)
    case lock(LockCommand)
    /// `tipc preview <files>... --output <file.html> [--jobs N]`
    case preview(PreviewCommand)
    /// `tipc dump tokens|ast <files>...` (debugging)
    case dump(DumpKind, files: [String])
    /// `tipc test <files>... [--filter TEXT] [--junit-xml PATH] [--lock PATH] [--strings PATH]`: runs the scenarios.
    case test(files: [String], filter: String?, junitXMLPath: String?, lock: String? = nil, strings: String? = nil)
    /// `tipc --help`, `tipc help [command]`, `tipc <command> --help`
    case help(topic: String?)
    /// `tipc --version`
    case version
    /// `tipc format [--check] <files>...` (`FormatCommand.swift`)
    case format(files: [String], check: Bool)
    /// `tipc lsp` (`LanguageServerCommand.swift`)
    case lsp
    /// `tipc strings <files>... --output <Tips.xcstrings> [--jobs N]` (`StringsCommand.swift`)
    case strings(StringsCommand)
}

/// What `tipc dump` prints.
public enum DumpKind: String, Hashable, Sendable, CaseIterable {
    case tokens
    case ast
}

/// A command line that does not make sense; printed as one line, exit status 2.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason, in one line.
    public var message: String
    /// The index of the argument at fault, when one is (so that an argument
    /// read from an options file is reported at its line and column).
    public var argumentIndex: Int?
    /// Where in an options file the mistake is, when the options file itself is at fault.
    public var location: OptionsFile.Origin?

    /// Creates a usage error.
    public init(_ message: String, argumentIndex: Int? = nil) {
        self.message = message
        self.argumentIndex = argumentIndex
    }

    public var description: String { message }

    /// Two usage errors are the same when they say the same.
    public static func == (lhs: UsageError, rhs: UsageError) -> Bool { lhs.message == rhs.message }

    public func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// Parses `tipc`'s arguments (without the program name).
public enum CommandLineArguments {
    /// The commands, for `help` and suggestions.
    public static let commands = HelpText.commands.map(\.name) + ["help"]

    /// Parses the arguments, or throws a usage error saying what is wrong.
    public static func parse(_ arguments: [String]) throws(UsageError) -> TipcCommand {
        guard let first = arguments.first else { return .help(topic: nil) }
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version": return .version
        case "help":
            guard arguments.count <= 2 else { throw UsageError("'help' takes at most one command name") }
            guard let topic = arguments.dropFirst().first else { return .help(topic: nil) }
            guard commands.contains(topic) else { throw unknownCommand(topic) }
            return .help(topic: topic)
        default:
            break
        }
        guard let spec = HelpText.commands.first(where: { $0.name == first }) else {
            if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'; run 'tipc --help' for usage") }
            throw unknownCommand(first)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { return .help(topic: first) }
        if first == "lsp" {
            guard rest.isEmpty else { throw UsageError("'lsp' takes no arguments") }
            return .lsp
        }
        return try command(first, try spec.parse(rest))
    }

    /// "did you mean" the closest command, or else the list of them, as an
    /// unknown tip item is told.
    private static func unknownCommand(_ name: String) -> UsageError {
        if let suggestion = SpellingSuggester.closest(to: name, among: commands) {
            return UsageError("unknown command '\(name)'; did you mean '\(suggestion)'?")
        }
        return UsageError(
            "unknown command '\(name)'; the commands are "
                + HelpText.commands.map(\.name).dropLast().joined(separator: ", ") + " and "
                + (HelpText.commands.last?.name ?? "")
        )
    }

    /// The command `name` from what its table's parser read: values
    /// checked first, then the files, then the options a command needs.
    private static func command(_ name: String, _ parsed: ParsedArguments) throws(UsageError) -> TipcCommand {
        switch name {
        case "compile":
            let accessLevel = try parsed.value("--access-level", AccessLevel.init(rawValue:)) { option, text in
                "'\(option)' is internal, package or public, not '\(text)'"
            }
            let jobs = try parsed.jobs()
            let files = try parsed.files(of: name)
            guard let outputDirectory = parsed.value("--output-dir") else {
                throw UsageError("'compile' needs '--output-dir <directory>'")
            }
            return .compile(
                files: files, outputDirectory: outputDirectory, accessLevel: accessLevel ?? .internal,
                warningsAsErrors: parsed.has("--warnings-as-errors"), jobs: jobs, lock: parsed.value("--lock"),
                strings: parsed.value("--strings"), lockUpdate: parsed.value("--lock-update"))
        case "check":
            let kind = try parsed.value("--emit", DumpKind.init(rawValue:)) { option, text in
                "'\(option)' is tokens or ast, not '\(text)'"
            }
            let jobs = try parsed.jobs()
            let files = try parsed.files(of: name)
            if let kind { return .dump(kind, files: files) }
            return .check(
                files: files, warningsAsErrors: parsed.has("--warnings-as-errors"), jobs: jobs,
                lock: parsed.value("--lock"), strings: parsed.value("--strings"),
                lockUpdate: parsed.value("--lock-update"))
        case "lock", "preview", "strings":
            return try writingCommand(name, parsed)
        case "test":
            return .test(
                files: try parsed.files(of: name), filter: parsed.value("--filter"),
                junitXMLPath: parsed.value("--junit-xml"), lock: parsed.value("--lock"),
                strings: parsed.value("--strings"))
        case "format":
            return .format(files: try parsed.files(of: name), check: parsed.has("--check"))
        default:
            // `dump tokens|ast <files>...`: the first operand is the kind.
            var rest = parsed
            guard let (text, index) = rest.operands.first else {
                throw UsageError("'dump' needs 'tokens' or 'ast', then files")
            }
            guard let kind = DumpKind(rawValue: text) else {
                throw UsageError("'dump' prints 'tokens' or 'ast', not '\(text)'", argumentIndex: index)
            }
            rest.operands.removeFirst()
            return .dump(kind, files: try rest.files(of: name))
        }
    }

    /// `lock`, `preview` and `strings`: files in, the one file `--output` names out.
    private static func writingCommand(_ name: String, _ parsed: ParsedArguments) throws(UsageError) -> TipcCommand {
        let jobs = try parsed.jobs()
        let files = try parsed.files(of: name)
        let placeholder = ["lock": "tipc.lock", "preview": "file.html"][name] ?? "Tips.xcstrings"
        guard let output = parsed.value("--output") else {
            throw UsageError("'\(name)' needs '--output <\(placeholder)>'")
        }
        let io = InputsAndOutput(files: files, output: output, jobs: jobs)
        switch name {
        case "lock": return .lock(LockCommand(io: io))
        case "preview": return .preview(PreviewCommand(io: io, strings: parsed.value("--strings")))
        default: return .strings(StringsCommand(io: io))
        }
    }
}
