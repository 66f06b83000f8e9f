import TipsCompiler

/// What `lock`, `preview` and `strings` are given: the `.tips` files they
/// check as one compilation, and the one file `--output` names.
public struct InputsAndOutput: Hashable, Sendable {
    /// The inputs, in order.
    public var files: [String]
    /// The file the command writes.
    public var output: String
    /// At most this many threads; nil for the default (one).
    public var jobs: Int? = nil

    /// Reads the files and checks them without emitting code; nil, the
    /// reason printed, when one cannot be read.
    func check(standardError: (String) -> Void) -> CompilationResult? {
        CommandLineTool.readInputs(files, standardError: standardError).map {
            Compilation(inputs: $0, options: CompilationOptions(emitsCode: false, jobs: jobs)).run()
        }
    }
}
