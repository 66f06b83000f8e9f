import Foundation
import TipsSyntax

@testable import TipsStringCatalog

/// Reads String Catalogs for tests.
enum Catalogs {
    /// The result of reading one catalog.
    struct Read {
        var catalog: StringCatalog?
        var diagnostics: [Diagnostic]
        var sources: SourceManager

        /// The diagnostics as printed, without source lines.
        var rendered: String {
            DiagnosticRenderer(sources: sources, showsSourceLines: false).render(diagnostics)
        }
    }

    /// Reads `bytes` as the catalog at `path`.
    static func read(_ bytes: [UInt8], path: String = "Tips.xcstrings") -> Read {
        var sources = SourceManager()
        let file = sources.add(path: path, bytes: bytes)
        var diagnostics = DiagnosticEngine()
        let catalog = StringCatalog.read(file, diagnostics: &diagnostics)
        return Read(catalog: catalog, diagnostics: diagnostics.sorted, sources: sources)
    }

    /// Reads `text` as the catalog at `path`.
    static func read(_ text: String, path: String = "Tips.xcstrings") -> Read { read(Array(text.utf8), path: path) }

    /// The bytes of `Fixtures/Catalogs/<name>`.
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.url("Catalogs", name)))
    }

    /// The text of a catalog's file after updating it with `strings`.
    static func updated(_ catalog: StringCatalog, with strings: [CatalogString]) -> String {
        String(decoding: JSONPrinter.print(catalog.updated(with: strings)), as: UTF8.self)
    }
}
