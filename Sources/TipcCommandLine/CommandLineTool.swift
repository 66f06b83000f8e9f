import Foundation
import TipsCompiler
import TipsSyntax

/// Runs `tipc`: parses the arguments, reads the inputs, compiles, and writes
/// the outputs. `main.swift` is only a call to ``runAsProcess(_:)``.
public enum CommandLineTool {
    /// Exit status: success (warnings allowed).
    public static let success: Int32 = 0
    /// Exit status: errors in the input.
    public static let inputErrors: Int32 = 1
    /// Exit status: bad usage, unreadable input or unwritable output.
    public static let usageError: Int32 = 2

    /// What the `tipc` executable does: runs `arguments` (the command line
    /// without the program name) with the process's own output, then ends
    /// the process with the exit status. The benchmark runs it in a child to
    /// time `tipc compile` as a build runs it.
    public static func runAsProcess(_ arguments: [String]) -> Never {
        let status = run(
            arguments,
            standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            endsProcess: true)
        exit(status)
    }

    /// Runs one command line (without the program name) and returns the exit status.
    ///
    /// `endsProcess` is true when the process exits right after this call,
    /// as `tipc` does: a compilation is then left to the exit rather than
    /// freed (see ``LeftToExit``).
    public static func run(
        _ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void,
        endsProcess: Bool = false
    ) -> Int32 {
        let command: TipcCommand
        var origins: [OptionsFile.Origin?] = []
        do throws(UsageError) {
            let expanded = try OptionsFile.expand(arguments) { path throws(UsageError) in
                String(decoding: try FileBytes.contents(of: path, what: "the options file "), as: UTF8.self)
            }
            origins = expanded.origins
            command = try CommandLineArguments.parse(expanded.arguments)
        } catch {
            // A bad option read from an options file is reported at its line and column.
            let located = error.argumentIndex.flatMap { $0 < origins.count ? origins[$0] : nil }
            if let origin = error.location ?? located {
                standardError("\(origin.path):\(origin.line):\(origin.column): error: \(error.message)\n")
            } else {
                standardError("tipc: error: \(error.message)\n")
            }
            return usageError
        }
        switch command {
        case .help(let topic):
            standardOutput(topic.map(HelpText.command) ?? HelpText.overview)
            return success
        case .version:
            standardOutput("tipc \(TipcVersion.current)\n")
            return success
        case .check(let files, let warningsAsErrors, let jobs, let lock, let strings, let lockUpdate):
            return compile(
                files, options: CompilationOptions(warningsAsErrors: warningsAsErrors, emitsCode: false, jobs: jobs),
                lock: (lock, lockUpdate), strings: strings, outputDirectory: nil, endsProcess: endsProcess,
                standardError: standardError)
        case .compile(
            let files, let outputDirectory, let accessLevel, let warningsAsErrors, let jobs, let lock, let strings,
            let lockUpdate):
            return compile(
                files,
                options: CompilationOptions(accessLevel: accessLevel, warningsAsErrors: warningsAsErrors, jobs: jobs),
                lock: (lock, lockUpdate), strings: strings, outputDirectory: outputDirectory, endsProcess: endsProcess,
                standardError: standardError)
        case .lock(let lock):
            return lock.run(standardOutput: standardOutput, standardError: standardError)
        case .dump(let kind, let files):
            return dump(kind, files, standardOutput: standardOutput, standardError: standardError)
        case .test(let files, let filter, let junitXMLPath, let lock, let strings):
            return ScenarioTestCommand.run(
                files, filter: filter, junitXMLPath: junitXMLPath, lock: lock, strings: strings,
                standardOutput: standardOutput, standardError: standardError)
        case .preview(let preview):
            return preview.run(standardError: standardError)
        case .format(let files, let check):
            return FormatCommand.run(files, check: check, standardOutput: standardOutput, standardError: standardError)
        case .lsp:
            return LanguageServerCommand.run()
        case .strings(let strings):
            return strings.run(standardOutput: standardOutput, standardError: standardError)
        }
    }

    /// Reads every input, or reports the first that cannot be read.
    static func readInputs(_ files: [String], standardError: (String) -> Void) -> [CompilationInput]? {
        var inputs: [CompilationInput] = []
        for path in files {
            do {
                inputs.append(CompilationInput(path: path, bytes: try FileBytes.contents(of: path, isTipsInput: true)))
            } catch {
                _ = fail(error, standardError: standardError)
                return nil
            }
        }
        return inputs
    }

    /// Reports a usage error (`tipc: error: …`) and returns its exit status.
    static func fail(_ error: UsageError, standardError: (String) -> Void) -> Int32 {
        standardError("tipc: error: \(error.message)\n")
        return usageError
    }

    /// The file an option names (`--lock`, `--strings`), read; nil when the
    /// option was not given. `kind` names the file in errors ("lock"), and
    /// `writer` is the command that writes one ("tipc lock").
    static func readOptionFile(_ path: String?, kind: String, writer: String) throws(UsageError) -> CompilationInput? {
        guard let path else { return nil }
        let bytes = try FileBytes.contents(of: path, what: "the \(kind) ", missingHint: "; write it with '\(writer)'")
        return CompilationInput(path: path, bytes: bytes)
    }

    /// Prints the diagnostics of `result`; with errors, also the closing line
    /// ending in `consequence`. Returns whether the input is free of errors.
    static func printDiagnostics(
        of result: CompilationResult, consequence: String, standardError: (String) -> Void
    ) -> Bool {
        var printer = DiagnosticPrinter()
        result.report(to: &printer)
        if !printer.text.isEmpty { standardError(printer.text) }
        guard result.hasErrors else { return true }
        standardError(printer.errorSummary(consequence: consequence))
        return false
    }

    /// `tipc check` and `tipc compile`: `lock` is the path of `--lock` and
    /// the command of `--lock-update`, each nil unless given.
    private static func compile(
        _ files: [String], options: CompilationOptions, lock: (path: String?, updateCommand: String?),
        strings: String?, outputDirectory: String?, endsProcess: Bool, standardError: (String) -> Void
    ) -> Int32 {
        guard let inputs = readInputs(files, standardError: standardError) else { return usageError }
        var options = options
        options.keepsSyntax = endsProcess
        // Diagnostics and generated files only: nothing here asks the symbol table.
        options.recordsSymbols = false
        do {
            options.lock = try LockCommand.readLockOption(lock.path)
            if let command = lock.updateCommand { options.lockUpdateCommand = command }
            options.strings = try StringsCommand.readCatalogOption(strings)
        } catch {
            return fail(error, standardError: standardError)
        }
        let result = Compilation(inputs: inputs, options: options).run()
        defer { if endsProcess { LeftToExit.keep(result) } }
        let consequence = outputDirectory == nil ? "" : "; nothing was written"
        guard printDiagnostics(of: result, consequence: consequence, standardError: standardError) else {
            return inputErrors
        }
        guard let outputDirectory else { return success }
        do {
            try OutputWriter.write(result.outputs, to: outputDirectory)
        } catch {
            return fail(error, standardError: standardError)
        }
        return success
    }

    private static func dump(
        _ kind: DumpKind, _ files: [String], standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> Int32 {
        guard let inputs = readInputs(files, standardError: standardError) else { return usageError }
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        for input in inputs {
            let file = sources.add(path: input.path, bytes: input.bytes)
            switch kind {
            case .tokens:
                for token in Lexer.tokenize(file, diagnostics: &diagnostics) {
                    let text = file.text(in: token.range)
                    standardOutput("\(file.lineColumn(of: token.range.start)) \(token.kind) \(text.debugDescription)\n")
                }
            case .ast:
                standardOutput(dumpAST(Parser.parse(file, diagnostics: &diagnostics), sources: sources))
            }
        }
        var printer = DiagnosticPrinter()
        printer.collect(diagnostics.sorted, in: sources)
        if !printer.text.isEmpty { standardError(printer.text) }
        return diagnostics.hasErrors ? inputErrors : success
    }
}
