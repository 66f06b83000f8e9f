import TipsCompiler
import TipsSyntax

/// The one place the benchmark calls the compiler, so the measurements do not
/// depend on the shape of its API.
enum BenchCompiler {
    /// The input's file name in diagnostics and generated code.
    static let fileName = "Synthetic.tips"

    /// What a full compile produced.
    struct Output {
        /// Errors reported.
        let errors: Int
        /// Warnings reported.
        let warnings: Int
        /// The first few diagnostics, rendered, for a loud failure.
        let firstDiagnostics: String
        /// The generated file, as the compiler returns it (neither joined nor
        /// decoded, so that timing a compile times only the compiler).
        let swiftFile: EmittedFile?
        /// The generated Swift as UTF-8, as `tipc compile` writes it.
        var swiftUTF8: [UInt8] { swiftFile?.utf8 ?? [] }
        /// The generated Swift, decoded.
        var swift: String { String(decoding: swiftUTF8, as: UTF8.self) }
        /// The whole result, syntax trees included, freed with the output: a
        /// measurement that keeps the output until it has read its clock
        /// times what `tipc compile` does, which leaves its compilation to the
        /// process's exit.
        let compilation: CompilationResult
    }

    /// Lexes and parses `bytes`; returns the number of errors reported, and
    /// the syntax tree, for a measurement to free after its clock stops as
    /// it frees a compile's (see ``Output/compilation``).
    static func frontEnd(_ bytes: [UInt8]) -> (errors: Int, syntax: SourceFileSyntax) {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: fileName, bytes: bytes)
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        return (diagnostics.reported.filter { $0.severity == .error }.count, syntax)
    }

    /// Lexes `bytes` only; returns the number of tokens.
    static func lex(_ bytes: [UInt8]) -> Int? {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: fileName, bytes: bytes)
        return Lexer.tokenize(file, diagnostics: &diagnostics).count
    }

    /// How many jobs `tipc` runs by default.
    static var defaultJobs: Int { CompilationOptions().jobs }

    /// Parses, checks and emits `bytes` as one file, the way `tipc compile` does
    /// (with `jobs` threads; by default as many as `tipc` runs), keeping the
    /// syntax tree in the result and recording no symbol table, as `tipc
    /// compile` does.
    static func compile(_ bytes: [UInt8], jobs: Int? = nil, strings: [UInt8]? = nil) -> Output? {
        let catalog = strings.map { CompilationInput(path: "Synthetic.xcstrings", bytes: $0) }
        var options = CompilationOptions(jobs: jobs, strings: catalog)
        options.keepsSyntax = true
        options.recordsSymbols = false
        let result = Compilation(inputs: [CompilationInput(path: fileName, bytes: bytes)], options: options).run()
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        var first = ""
        if !result.diagnostics.isEmpty {
            var shown = result
            shown.diagnostics = Array(result.diagnostics.prefix(10))
            first = shown.renderedDiagnostics()
        }
        return Output(
            errors: errors, warnings: warnings, firstDiagnostics: first,
            swiftFile: result.outputs.first, compilation: result)
    }
}

extension BenchCompiler {
    /// CPU seconds spent in each stage of one compile, the way `Compilation.run` chains them.
    struct StageTimes {
        var parse = 0.0
        var check = 0.0
        var validate = 0.0
        var emit = 0.0

        /// Each stage's median over `runs`.
        static func median(of runs: [StageTimes]) -> StageTimes {
            func median(_ stage: KeyPath<StageTimes, Double>) -> Double {
                Samples(seconds: runs.map { $0[keyPath: stage] }).median
            }
            return StageTimes(
                parse: median(\.parse), check: median(\.check), validate: median(\.validate), emit: median(\.emit))
        }
    }

    /// Runs the stages one by one, one job, and times each by this process's
    /// CPU time; what they made is freed after the last clock is read.
    static func stageTimes(_ bytes: [UInt8]) -> StageTimes {
        var times = StageTimes()
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: fileName, bytes: bytes)
        var start = CPUTime.ofThisProcess
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        times.parse = CPUTime.ofThisProcess - start
        start = CPUTime.ofThisProcess
        let program = Checker.check(
            [syntax], sources: sources, diagnostics: &diagnostics, jobs: 1, recordsSymbols: false)
        times.check = CPUTime.ofThisProcess - start
        let backend = TipsRuntimeBackend()
        start = CPUTime.ofThisProcess
        backend.validate(program, diagnostics: &diagnostics)
        times.validate = CPUTime.ofThisProcess - start
        start = CPUTime.ofThisProcess
        let outputs = backend.emit(program, options: EmitOptions(jobs: 1))
        times.emit = CPUTime.ofThisProcess - start
        withExtendedLifetime((syntax, program, outputs)) {}
        return times
    }
}

extension BenchCompiler {
    /// A String Catalog with every string of `bytes` translated into each of
    /// `languages` (the source text marked with the language, slots kept), as
    /// a translator's catalog holds them.
    static func catalog(for bytes: [UInt8], languages: [String]) -> [UInt8] {
        let result = Compilation(
            inputs: [CompilationInput(path: fileName, bytes: bytes)], options: CompilationOptions(emitsCode: false)
        ).run()
        func unit(_ language: String, _ value: String) -> String {
            "\(quoted(language)) : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \(quoted(value)) } }"
        }
        let entries = (result.program?.catalogStrings ?? []).map { string in
            let units = [unit("en", string.value)] + languages.map { unit($0, "[\($0)] " + string.value) }
            return "\(quoted(string.key)) : { \"localizations\" : { \(units.joined(separator: ", ")) } }"
        }
        let text =
            "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries.joined(separator: ",\n")) }, \"version\" : \"1.0\" }\n"
        return Array(text.utf8)
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
