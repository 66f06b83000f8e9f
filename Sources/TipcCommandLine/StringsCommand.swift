import Foundation
import TipsCompiler
import TipsStringCatalog
import TipsSyntax

/// `tipc strings <file.tips>... --output <Tips.xcstrings> [--jobs N]`: writes
/// or updates the String Catalog of the files' strings (titles, messages,
/// action titles) for translators, keeping every translation it holds
/// (`StringCatalog.updated(with:)` has the rules). With errors in the input, or
/// a catalog it cannot read, it prints them, writes nothing and exits 1.
/// Then it says what the build will say of the translations in the catalog
/// it wrote, and exits 1 when the build would fail on them.
public struct StringsCommand: Hashable, Sendable {
    /// The files it reads and the catalog it writes.
    public var io: InputsAndOutput

    /// Runs the command and returns the exit status.
    func run(standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        guard let result = io.check(standardError: standardError) else { return CommandLineTool.usageError }
        let consequence = "; the catalog was not written"
        guard
            CommandLineTool.printDiagnostics(of: result, consequence: consequence, standardError: standardError),
            let program = result.program
        else { return CommandLineTool.inputErrors }
        let catalog: StringCatalog
        switch Self.readCatalog(at: io.output, sourceLanguage: program.config.sourceLanguage) {
        case .success(let read): catalog = read
        case .failure(.usage(let error)):
            return CommandLineTool.fail(error, standardError: standardError)
        case .failure(.input(let diagnostics, let sources)):
            var printer = DiagnosticPrinter()
            printer.collect(diagnostics, in: sources)
            standardError(printer.text + printer.errorSummary(consequence: consequence))
            return CommandLineTool.inputErrors
        }
        let strings = program.catalogStrings
        let updated = JSONPrinter.print(catalog.updated(with: strings))
        let file = EmittedFile(fileName: URL(fileURLWithPath: io.output).lastPathComponent, utf8: updated)
        let wrote: Bool
        do {
            wrote = try OutputWriter.write(file, toPath: io.output)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        let checked = Self.checkTranslations(of: file, at: io.output, against: program, in: result.sources)
        if !checked.text.isEmpty { standardError(checked.text) }
        let summary = catalog.summary(of: strings)
        // A catalog another tool laid out is rewritten in Xcode's layout even
        // when no string changed; say so rather than "up to date" alone.
        let layout = wrote && summary.isUpToDate ? "; rewritten in Xcode's layout" : ""
        standardOutput("\(io.output): \(summary)\(layout)\n")
        guard checked.errorCount == 0 else {
            let errors = checked.errorCount == 1 ? "the error is" : "the errors are"
            let written = wrote ? "the catalog was written, and " : ""
            standardError(
                checked.errorSummary(consequence: "; \(written)a build with it fails until \(errors) fixed"))
            return CommandLineTool.inputErrors
        }
        return CommandLineTool.success
    }

    /// What the build says of the catalog `file` as written (`tipc compile
    /// --strings`): a slot a translation misspells, an empty translation, a
    /// language that lacks some strings, a state Xcode does not write, each
    /// at its line in the catalog. Keys being up to date says nothing of the
    /// translations they hold, and the person who runs `tipc strings` after
    /// a translator's work is the one to tell.
    static func checkTranslations(
        of file: EmittedFile, at path: String, against program: CheckedProgram, in sources: SourceManager
    ) -> DiagnosticPrinter {
        var sources = sources
        var program = program
        var diagnostics = DiagnosticEngine()
        _ = program.translate(
            catalog: sources.add(path: path, bytes: file.utf8), checks: true, diagnostics: &diagnostics)
        var printer = DiagnosticPrinter()
        printer.collect(diagnostics.sorted, in: sources)
        return printer
    }

    /// The catalog `--strings` names, read; nil when the option was not given.
    static func readCatalogOption(_ path: String?) throws(UsageError) -> CompilationInput? {
        try CommandLineTool.readOptionFile(path, kind: "catalog", writer: "tipc strings")
    }

    /// Why a catalog could not be used.
    enum CatalogProblem: Error {
        /// It cannot be read at all (a directory, no permission).
        case usage(UsageError)
        /// It is not a String Catalog, or not one in the source language: diagnostics in it.
        case input([Diagnostic], SourceManager)
    }

    /// The catalog at `path`, or a new one when there is no file there; a
    /// catalog in another source language than the `.tips` files' is refused.
    static func readCatalog(at path: String, sourceLanguage: String) -> Result<StringCatalog, CatalogProblem> {
        guard FileManager.default.fileExists(atPath: path) else {
            return .success(StringCatalog(sourceLanguage: sourceLanguage))
        }
        let bytes: [UInt8]
        do { bytes = try FileBytes.contents(of: path) } catch { return .failure(.usage(error)) }
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let read = StringCatalog.read(sources.add(path: path, bytes: bytes), diagnostics: &diagnostics)
        guard let catalog = read else { return .failure(.input(diagnostics.sorted, sources)) }
        guard catalog.sourceLanguage != sourceLanguage else { return .success(catalog) }
        let range = catalog.sourceLanguageRange ?? SourceRange(file: FileID(0), start: 0, end: 0)
        diagnostics.error(
            "the catalog's source language is '\(catalog.sourceLanguage)', but the .tips files are written in "
                + "'\(sourceLanguage)'; give their config block sourceLanguage \"\(catalog.sourceLanguage)\", "
                + "or write another catalog", at: range)
        return .failure(.input(diagnostics.sorted, sources))
    }
}
