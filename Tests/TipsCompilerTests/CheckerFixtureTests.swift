import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Every `Fixtures/Semantic/*.tips` holds input with semantic errors or
/// warnings, expected inline (see ``DiagnosticVerifier``). The pipeline is the
/// whole compilation without emitting: parse, check, and the back end's name checks.
@Suite struct CheckerFixtureTests {
    static func checking(_ sources: SourceManager, _ file: FileID) -> [Diagnostic] {
        let source = sources[file]
        let input = CompilationInput(path: source.path, bytes: source.bytes)
        return Compilation(inputs: [input], options: CompilationOptions(emitsCode: false)).run().diagnostics
    }

    @Test(arguments: Fixtures.names(in: "Semantic"))
    func semanticFixtureReportsExactlyItsExpectedDiagnostics(_ name: String) {
        DiagnosticVerifier.check(fixture: Fixtures.url("Semantic", name), pipeline: Self.checking)
    }

    @Test func thereAreAtLeastThirtySemanticFixtures() {
        #expect(Fixtures.names(in: "Semantic").count >= 30)
    }
}
