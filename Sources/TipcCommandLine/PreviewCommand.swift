import Foundation
import TipsCompiler
import TipsPreview
import TipsSyntax

/// `tipc preview <file.tips>... --output <file.html> [--jobs N]`: checks the
/// files as `tipc check` does and writes one HTML page showing every tip.
/// With errors in the input it prints them, writes nothing and exits 1;
/// with errors only in the translations of `--strings`, it prints them,
/// writes the page with each translation in error marked where it shows,
/// and exits 1: the build fails until they are fixed.
public struct PreviewCommand: Hashable, Sendable {
    /// The files it reads and the page it writes.
    public var io: InputsAndOutput
    /// The String Catalog whose translations the page shows (`--strings`).
    public var strings: String? = nil

    /// Runs the command and returns the exit status.
    func run(standardError: (String) -> Void) -> Int32 {
        guard let inputs = CommandLineTool.readInputs(io.files, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let catalog: CompilationInput?
        do {
            catalog = try StringsCommand.readCatalogOption(strings)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        let options = CompilationOptions(emitsCode: false, jobs: io.jobs, strings: catalog)
        let result = Compilation(inputs: inputs, options: options).run()
        // Errors in the translations alone leave a program with its
        // translations: the page marks each where it would show.
        let marksErrors = result.hasErrors && result.program?.translations != nil
        let errors = result.diagnostics.count { $0.severity == .error } == 1 ? "it is" : "they are"
        let consequence =
            marksErrors
            ? "; the page was written, each translation in error marked, and a build fails until \(errors) fixed"
            : "; no page was written"
        let checked = CommandLineTool.printDiagnostics(
            of: result, consequence: consequence, standardError: standardError)
        guard checked || marksErrors, let program = result.program else { return CommandLineTool.inputErrors }
        let page = PreviewBackend().render(program, diagnostics: result.diagnostics, sources: result.sources)
        do {
            try Self.write(page, to: io.output)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        return checked ? CommandLineTool.success : CommandLineTool.inputErrors
    }

    /// Writes the page atomically, leaving an identical file untouched.
    static func write(_ page: String, to path: String) throws(UsageError) {
        try OutputWriter.write(
            EmittedFile(fileName: URL(fileURLWithPath: path).lastPathComponent, text: page), toPath: path)
    }
}
