import Foundation
import TipsCompiler
import TipsPreview
import TipsSyntax

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
    /// The String Catalog whose translations the page shows (`--strings`).
    public var strings: String?

    /// Creates the command.
    public init(files: [String], output: String, jobs: Int? = nil, strings: String? = nil) {
        self.files = files
        self.output = output
        self.jobs = jobs
        self.strings = strings
    }

    /// Runs the command and returns the exit status.
    func run(standardError: (String) -> Void) -> Int32 {
        guard let inputs = CommandLineTool.readInputs(files, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let catalog: CompilationInput?
        do {
            catalog = try StringsCommand.readCatalogOption(strings)
        } catch {
            standardError("tipc: error: \(error.message)\n")
            return CommandLineTool.usageError
        }
        let options = CompilationOptions(emitsCode: false, jobs: jobs, strings: catalog)
        let result = Compilation(inputs: inputs, options: options).run()
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
        try OutputWriter.write(
            EmittedFile(fileName: URL(fileURLWithPath: path).lastPathComponent, text: page), toPath: path)
    }
}
