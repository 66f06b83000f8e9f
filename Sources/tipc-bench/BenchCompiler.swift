import TipsCompiler

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
        /// The generated Swift.
        let swift: String
    }

    /// Lexes and parses `bytes`; returns the number of errors reported.
    static func frontEnd(_ bytes: [UInt8]) -> Int? {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: fileName, bytes: bytes)
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        return withExtendedLifetime(syntax) { diagnostics.reported.filter { $0.severity == .error }.count }
    }

    /// Lexes `bytes` only; returns the number of tokens.
    static func lex(_ bytes: [UInt8]) -> Int? {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: fileName, bytes: bytes)
        return Lexer.tokenize(file, diagnostics: &diagnostics).count
    }

    /// Parses, checks and emits `bytes` as one file, the way `tipc compile` does.
    static func compile(_ bytes: [UInt8]) -> Output? {
        let result = Compilation(inputs: [CompilationInput(path: fileName, bytes: bytes)]).run()
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
            swift: result.outputs.first?.text ?? "")
    }
}
