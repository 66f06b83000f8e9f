import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Every `Fixtures/Syntax/*.tips` holds malformed input with its expected
/// diagnostics written inline (see ``DiagnosticVerifier``).
@Suite struct SyntaxFixtureTests {
    @Test(arguments: Fixtures.names(in: "Syntax"))
    func syntaxFixtureReportsExactlyItsExpectedDiagnostics(_ name: String) {
        DiagnosticVerifier.check(fixture: Fixtures.url("Syntax", name), pipeline: DiagnosticVerifier.parsing)
    }

    @Test func thereAreAtLeastThirtySyntaxFixtures() {
        #expect(Fixtures.names(in: "Syntax").count >= 30)
    }
}
