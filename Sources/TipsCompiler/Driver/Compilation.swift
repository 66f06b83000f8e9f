import TipsStringCatalog
import TipsSyntax

/// One input of a compilation: the path as given (printed in diagnostics) and its bytes.
public struct CompilationInput: Hashable, Sendable {
    /// The path as the user gave it.
    public var path: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates an input from bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Creates an input from text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// How to compile.
public struct CompilationOptions: Sendable {
    /// The access level of generated declarations.
    public var accessLevel: AccessLevel
    /// Whether warnings count as errors (`--warnings-as-errors`).
    public var warningsAsErrors: Bool
    /// Whether to generate code (`compile`) or only diagnose (`check`).
    public var emitsCode: Bool
    /// The back end that generates code.
    public var backend: any Backend
    /// How many threads may work at once (`--jobs`); at least 1. The output and
    /// diagnostics are the same whatever the number.
    public var jobs: Int
    /// The lock to check the program against (`--lock`): its path, printed
    /// in diagnostics, and its bytes. Nil checks nothing.
    public var lock: CompilationInput?
    /// The command the lock's errors say updates it, to accept a reset
    /// (`--lock-update`): ``LockFile/updateCommand`` unless the caller
    /// offers its own, as the build plugin does (`swift package … tips-lock`).
    public var lockUpdateCommand = LockFile.updateCommand
    /// The String Catalog of the strings' translations (`--strings`): read
    /// after the inputs, its translations checked and carried by the program.
    public var strings: CompilationInput?
    /// Whether the result keeps the syntax trees (``CompilationResult/syntax``)
    /// rather than freeing them once checked: for a caller that exits right
    /// after and leaves the whole result to the exit, as `tipc compile` does.
    /// The compile's peak memory then holds them.
    public var keepsSyntax: Bool = false
    /// Whether the checker records every declaration and every use of a name
    /// (``CompilationResult/symbols``, and the owners of the lexer's, the
    /// parser's and the back end's diagnostics) for tools that ask: the
    /// language server, the preview, the formatter. `tipc compile` and
    /// `tipc check` turn it off, as a compiler writes no index unless asked;
    /// output and diagnostics are the same either way. For 10,000 tips that
    /// skips about 1 KB of records a tip and their sort: 1,111 -> 1,066 M
    /// instructions, 5.16 -> 3.70 M D1 misses and 3.98 -> 2.98 M misses of a
    /// 2 MB cache in `Compilation.run` (callgrind --cache-sim=yes
    /// --LL=2097152,16,64, `tipc compile`).
    public var recordsSymbols: Bool = true

    /// Creates options; the defaults are those of `tipc compile`.
    public init(
        accessLevel: AccessLevel = .internal, warningsAsErrors: Bool = false, emitsCode: Bool = true,
        backend: any Backend = TipsRuntimeBackend(), jobs: Int? = nil, lock: CompilationInput? = nil,
        strings: CompilationInput? = nil
    ) {
        self.accessLevel = accessLevel
        self.warningsAsErrors = warningsAsErrors
        self.emitsCode = emitsCode
        self.backend = backend
        self.jobs = max(1, jobs ?? Parallel.defaultJobs)
        self.lock = lock
        self.strings = strings
    }
}

/// What a compilation produced.
public struct CompilationResult: Sendable {
    /// The input files, to resolve diagnostic positions.
    public var sources: SourceManager
    /// Every diagnostic, sorted by position.
    public var diagnostics: [Diagnostic]
    /// The checked program; nil when the input has errors. Errors in a
    /// String Catalog's translations alone leave it, without the
    /// translations in error (``CheckedTranslations/inError``): the `.tips`
    /// files checked, and a preview or an editor can show them.
    public var program: CheckedProgram?
    /// One output per input, in input order; empty when the input has errors or code was not requested.
    public var outputs: [EmittedFile]
    /// Every declaration and every use of one, as the checker resolved them,
    /// also when the input has errors (tools ask it what a name means).
    public var symbols: SymbolTable
    /// The languages of the String Catalog (`--strings`), its source
    /// language first, also when the input has errors (the editor offers
    /// them); empty without a catalog, or when it could not be read.
    public var catalogLanguages: [String] = []
    /// The syntax trees of the inputs when ``CompilationOptions/keepsSyntax``; empty otherwise.
    package var syntax: [SourceFileSyntax] = []

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics as `path:line:column: severity: message` text, with source lines and carets.
    public func renderedDiagnostics(showsSourceLines: Bool = true) -> String {
        var printer = DiagnosticPrinter(showsSourceLines: showsSourceLines)
        report(to: &printer)
        return printer.text
    }
}

/// The whole pipeline for one set of inputs: parse, check, validate, emit.
/// The command line, the build plugin (through the command line), benchmarks,
/// fuzzers and tests all run this.
public struct Compilation: Sendable {
    /// The inputs, in order; the first emits the default configuration when none declares one.
    public var inputs: [CompilationInput]
    /// How to compile.
    public var options: CompilationOptions

    /// Creates a compilation.
    public init(inputs: [CompilationInput], options: CompilationOptions = CompilationOptions()) {
        self.inputs = inputs
        self.options = options
    }

    /// Runs the compilation, one stage after the other: ``Parser`` (files at
    /// the same time), ``Checker``, then the back end's validation and, when
    /// nothing failed, its code. Never throws: bad input becomes diagnostics.
    public func run() -> CompilationResult {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let files = inputs.map { sources.add(path: $0.path, bytes: $0.bytes) }
        let syntax = Parser.parse(files, jobs: options.jobs, diagnostics: &diagnostics)
        checkOutputNames(files, diagnostics: &diagnostics)
        var program = Checker.check(
            syntax, sources: sources, diagnostics: &diagnostics, jobs: options.jobs,
            recordsSymbols: options.recordsSymbols)
        var kept: [SourceFileSyntax] = []
        if options.keepsSyntax {
            kept = consume syntax
        } else {
            Parallel.releaseInBackground(consume syntax, jobs: options.jobs)
        }
        if let lock = options.lock { check(program, against: lock, sources: &sources, diagnostics: &diagnostics) }
        // The back end validates before the catalog is read, so that errors in
        // the catalog alone say the program is sound.
        if !diagnostics.hasErrors { options.backend.validate(program, diagnostics: &diagnostics) }
        var catalogLanguages: [String] = []
        var catalog: FileID?
        if let strings = options.strings {
            (catalogLanguages, catalog) = translate(
                &program, with: strings, sources: &sources, diagnostics: &diagnostics)
        }
        if options.warningsAsErrors { diagnostics.promoteWarningsToErrors() }
        let reported = Self.owned(diagnostics.sorted, in: program.symbols)
        guard !diagnostics.hasErrors else {
            let inCatalogOnly = reported.allSatisfy { $0.severity != .error || $0.range.file == catalog }
            return CompilationResult(
                sources: sources, diagnostics: reported, program: inCatalogOnly ? program : nil, outputs: [],
                symbols: program.symbols, catalogLanguages: catalogLanguages, syntax: kept)
        }
        let emitOptions = EmitOptions(accessLevel: options.accessLevel, jobs: options.jobs)
        let outputs = options.emitsCode ? options.backend.emit(program, options: emitOptions) : []
        return CompilationResult(
            sources: sources, diagnostics: reported, program: program, outputs: outputs, symbols: program.symbols,
            catalogLanguages: catalogLanguages, syntax: kept)
    }

    /// `diagnostics`, each that the checker did not give an owner (the
    /// lexer's, the parser's, the back end's) owned by the declaration whose
    /// text holds it.
    private static func owned(_ diagnostics: [Diagnostic], in symbols: SymbolTable) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.owner == nil else { return diagnostic }
            var owned = diagnostic
            owned.owner = symbols.owner(of: diagnostic.range)
            return owned
        }
    }

    /// Reads the lock (after the inputs, so that they keep their file ids)
    /// and, when the input has no errors, checks the program against it: a
    /// program with errors lacks the declarations that failed, which the
    /// lock would report as gone.
    private func check(
        _ program: CheckedProgram, against input: CompilationInput, sources: inout SourceManager,
        diagnostics: inout DiagnosticEngine
    ) {
        let file = sources.add(path: input.path, bytes: input.bytes)
        let inputHasErrors = diagnostics.hasErrors
        let command = options.lockUpdateCommand
        guard let lock = LockFile.read(file, updateCommand: command, diagnostics: &diagnostics), !inputHasErrors
        else { return }
        LockChecker.check(program, against: lock, updateCommand: command, sources: sources, diagnostics: &diagnostics)
    }

    /// Reads the String Catalog (after the inputs and the lock) and, when the
    /// input has no errors, checks its translations and records them in the
    /// program: a program with errors lacks the strings of the tips that
    /// failed, which the catalog would report as unknown keys.
    private func translate(
        _ program: inout CheckedProgram, with input: CompilationInput, sources: inout SourceManager,
        diagnostics: inout DiagnosticEngine
    ) -> (languages: [String], file: FileID) {
        let file = sources.add(path: input.path, bytes: input.bytes)
        return (program.translate(catalog: file, checks: !diagnostics.hasErrors, diagnostics: &diagnostics), file.id)
    }

    /// Reports two inputs whose outputs the back end would give one name.
    private func checkOutputNames(_ files: [SourceFile], diagnostics: inout DiagnosticEngine) {
        var outputNames: [String: String] = [:]
        for file in files {
            let outputName = options.backend.outputFileName(for: file.fileName)
            if let other = outputNames[outputName] {
                diagnostics.error(
                    "inputs '\(other)' and '\(file.path)' would both generate '\(outputName)'; rename one of them",
                    at: SourceRange(file: file.id, start: 0, end: 0))
            } else {
                outputNames[outputName] = file.path
            }
        }
    }
}

extension CompilationResult {
    /// Hands this compilation's diagnostics to `collector`.
    public func report(to collector: inout some DiagnosticCollector) {
        collector.collect(diagnostics, in: sources)
    }
}
