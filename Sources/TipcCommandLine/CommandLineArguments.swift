import Foundation
import TipsCompiler

/// A parsed `tipc` command line.
public enum TipcCommand: Hashable, Sendable {
    /// `tipc compile <files>... --output-dir <dir> [--access-level L] [--warnings-as-errors] [--jobs N]`;
    /// `jobs` is nil unless given (one job per processor).
    case compile(
        files: [String], outputDirectory: String, accessLevel: AccessLevel, warningsAsErrors: Bool, jobs: Int?)
    /// `tipc check <files>... [--warnings-as-errors] [--jobs N]`
    case check(files: [String], warningsAsErrors: Bool, jobs: Int?)
    /// `tipc preview <files>... --output <file.html> [--jobs N]`
    case preview(PreviewCommand)
    /// `tipc dump tokens|ast <files>...` (debugging)
    case dump(DumpKind, files: [String])
    /// `tipc test <files>... [--filter TEXT] [--junit-xml PATH]`: runs the scenarios.
    case test(files: [String], filter: String?, junitXMLPath: String?)
    /// `tipc --help`, `tipc help [command]`, `tipc <command> --help`
    case help(topic: String?)
    /// `tipc --version`
    case version
    /// `tipc format [--check] <files>...` (`FormatCommand.swift`)
    case format(files: [String], check: Bool)
    /// `tipc lsp` (`LanguageServerCommand.swift`)
    case lsp
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
    public static let commands = ["compile", "check", "preview", "format", "lsp", "test", "dump", "help"]

    /// Replaces every `--options-file <path>` (or `--options-file=<path>`) with
    /// the options the file lists: one or more whitespace-separated words a
    /// line; blank lines and lines starting with `#` are skipped. This is how
    /// a `tipc.options` file beside the `.tips` files sets the access level
    /// for the build plugin without plugin arguments.
    public static func expandingOptionsFiles(
        _ arguments: [String], read: (String) -> String?
    ) throws(UsageError) -> [String] {
        try OptionsFile.expand(arguments, read: read).arguments
    }

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
        case "test":
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: first) }
            return try parseTestCommand(rest)
        case "compile", "check", "dump", "preview":
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: first) }
            if first == "preview" { return .preview(try PreviewCommand.parse(rest)) }
            return try parseCommand(first, rest)
        case "format":
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: first) }
            return try FormatCommand.parse(rest)
        case "lsp":
            if arguments.contains("--help") || arguments.contains("-h") { return .help(topic: first) }
            guard arguments.count == 1 else { throw UsageError("'lsp' takes no arguments") }
            return .lsp
        default:
            if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'; run 'tipc --help' for usage") }
            throw unknownCommand(first)
        }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let hint = SpellingSuggester.closest(to: name, among: commands).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(
            "unknown command '\(name)'\(hint); the commands are compile, check, preview, format, lsp, test and dump")
    }

    private static func parseCommand(_ command: String, _ arguments: [String]) throws(UsageError) -> TipcCommand {
        var files: [String] = []
        var outputDirectory: String?
        var accessLevel = AccessLevel.internal
        var warningsAsErrors = false
        var jobs: Int?
        var dumpKind: DumpKind?
        var index = 0
        var optionsEnded = false

        /// The value of an option, from `--name value` or `--name=value`.
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                // The option's own index, counted with the command name as `parse` sees it.
                throw UsageError("option '\(option)' needs a value", argumentIndex: index)
            }
            return arguments[index]
        }

        while index < arguments.count {
            do throws(UsageError) {
                try parseArgument()
            } catch {
                // Blame the argument being read (a value, once read, is the one at fault).
                var located = error
                located.argumentIndex = located.argumentIndex ?? index + 1
                throw located
            }
            index += 1
        }

        /// Reads `arguments[index]` (and its value, moving `index` past it).
        func parseArgument() throws(UsageError) {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                if command == "dump" && dumpKind == nil {
                    guard let kind = DumpKind(rawValue: argument) else {
                        throw UsageError("'dump' prints 'tokens' or 'ast', not '\(argument)'")
                    }
                    dumpKind = kind
                } else {
                    files.append(argument)
                }
                return
            }
            if argument == "--" {
                optionsEnded = true
                return
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch (command, name) {
            case ("compile", "--output-dir"), ("compile", "-o"):
                outputDirectory = try value(for: name, inline: inline)
            case ("compile", "--access-level"):
                let text = try value(for: name, inline: inline)
                guard let level = AccessLevel(rawValue: text) else {
                    throw UsageError("'--access-level' is internal, package or public, not '\(text)'")
                }
                accessLevel = level
            case ("check", "--emit"):
                let text = try value(for: name, inline: inline)
                guard let kind = DumpKind(rawValue: text) else {
                    throw UsageError("'--emit' is tokens or ast, not '\(text)'")
                }
                dumpKind = kind
            case ("compile", "--jobs"), ("compile", "-j"), ("check", "--jobs"), ("check", "-j"):
                let text = try value(for: name, inline: inline)
                guard let count = Int(text), count >= 1 else {
                    throw UsageError("'\(name)' is a number of jobs, 1 or more, not '\(text)'")
                }
                jobs = count
            case ("compile", "--warnings-as-errors"), ("check", "--warnings-as-errors"):
                guard inline == nil else { throw UsageError("option '\(name)' takes no value") }
                warningsAsErrors = true
            default:
                let known: [String] =
                    switch command {
                    case "compile": ["--output-dir", "--access-level", "--warnings-as-errors", "--jobs", "--help"]
                    case "check": ["--warnings-as-errors", "--emit", "--jobs", "--help"]
                    default: ["--help"]
                    }
                let hint = SpellingSuggester.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)' for '\(command)'\(hint)")
            }
        }
        if command == "dump" && dumpKind == nil { throw UsageError("'dump' needs 'tokens' or 'ast', then files") }
        guard !files.isEmpty else { throw UsageError("no input files; run 'tipc help \(command)' for usage") }
        switch command {
        case "compile":
            guard let outputDirectory else { throw UsageError("'compile' needs '--output-dir <directory>'") }
            return .compile(
                files: files, outputDirectory: outputDirectory, accessLevel: accessLevel,
                warningsAsErrors: warningsAsErrors, jobs: jobs)
        case "check":
            if let dumpKind { return .dump(dumpKind, files: files) }
            return .check(files: files, warningsAsErrors: warningsAsErrors, jobs: jobs)
        default:
            return .dump(dumpKind ?? .ast, files: files)
        }
    }
}
