/// The one place the benchmark calls the compiler, so the measurements do not
/// depend on the shape of its API.
enum BenchCompiler {
    /// What a full compile produced.
    struct Output {
        /// Errors reported.
        let errors: Int
        /// Warnings reported.
        let warnings: Int
        /// The first few errors, rendered, for a loud failure.
        let firstErrors: String
        /// The generated Swift.
        let swift: String
    }

    /// Lexes and parses `bytes`; returns the number of errors, or nil when the
    /// front end is not in this build.
    static func frontEnd(_ bytes: [UInt8]) -> Int? { nil }

    /// Lexes `bytes` only; returns the number of tokens, or nil when the lexer is not in this build.
    static func lex(_ bytes: [UInt8]) -> Int? { nil }

    /// Checks and emits `bytes` as one file named `Synthetic.tips`; nil when the
    /// compiler is not in this build.
    static func compile(_ bytes: [UInt8]) -> Output? { nil }
}
