import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The shared acceptance samples must always parse without a diagnostic.
@Suite struct SharedSampleTests {
    @Test(arguments: Fixtures.sharedSampleURLs())
    func sharedSampleParsesCleanly(_ url: URL) throws {
        var sources = SourceManager()
        let file = sources.add(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        var diagnostics = DiagnosticEngine()
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        let rendered = DiagnosticRenderer(sources: sources).render(diagnostics.sorted)
        #expect(diagnostics.reported.isEmpty, "\(rendered)")
        #expect(!syntax.declarations.isEmpty)
    }
}
