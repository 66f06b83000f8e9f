import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The verifier must catch every kind of mismatch, or fixtures prove nothing.
@Suite struct DiagnosticVerifierTests {
    /// A pipeline that reports fixed diagnostics at (line, column) positions of the fixture.
    func reporting(_ items: [(Severity, Int, Int, String)], notes: [(Int, Int, String)] = [])
        -> DiagnosticVerifier.Pipeline
    {
        { sources, id in
            let file = sources[id]
            func range(_ line: Int, _ column: Int) -> SourceRange {
                let start = file.lineStarts[line - 1] + UInt32(column - 1)
                return SourceRange(file: id, start: start, end: start + 1)
            }
            let noteList = notes.map { DiagnosticNote($0.2, at: range($0.0, $0.1)) }
            return items.map { Diagnostic($0.0, $0.3, at: range($0.1, $0.2), notes: noteList) }
        }
    }

    func verify(_ text: String, _ pipeline: DiagnosticVerifier.Pipeline) -> DiagnosticVerifier.Result {
        DiagnosticVerifier.verify(path: "f.tips", bytes: Array(text.utf8), pipeline: pipeline)
    }

    @Test func matchingDiagnosticsAreClean() {
        let text = "abc // expected-error {{bad}}\n// expected-warning@+1:3 {{careful}}\nxyz\n"
        #expect(verify(text, reporting([(.error, 1, 2, "bad"), (.warning, 3, 3, "careful")])).isClean)
    }

    @Test func aMissingDiagnosticIsReported() {
        let result = verify("abc // expected-error {{bad}}\n", reporting([]))
        #expect(result.problems(path: "f.tips") == ["f.tips:1: missing error: bad"])
    }

    @Test func anUnexpectedDiagnosticIsReported() {
        let result = verify("abc\n", reporting([(.error, 1, 2, "surprise")]))
        #expect(result.problems(path: "f.tips") == ["f.tips:1:2: unexpected error: surprise"])
    }

    @Test func wrongColumnLineSeverityOrMessageDoNotMatch() {
        let fixture = "abc // expected-error:1 {{bad}}\n"
        #expect(!verify(fixture, reporting([(.error, 1, 2, "bad")])).isClean)
        #expect(!verify(fixture, reporting([(.warning, 1, 1, "bad")])).isClean)
        #expect(!verify(fixture, reporting([(.error, 1, 1, "bad!")])).isClean)
        #expect(!verify("// expected-error@+1 {{bad}}\nx\ny\n", reporting([(.error, 3, 1, "bad")])).isClean)
    }

    @Test func relativeAndAbsoluteLines() {
        let text = "a\nb\n// expected-error@-2 {{one}} expected-error@2 {{two}} expected-error@+1 {{three}}\nc\n"
        let pipeline = reporting([(.error, 1, 1, "one"), (.error, 2, 1, "two"), (.error, 4, 1, "three")])
        #expect(verify(text, pipeline).isClean)
    }

    @Test func eachExpectationIsMetAtMostOnce() {
        let result = verify("a // expected-error {{x}}\n", reporting([(.error, 1, 1, "x"), (.error, 1, 1, "x")]))
        #expect(result.unexpected.count == 1)
    }

    @Test func messagesMayEndInABrace() {
        let text = #"a // expected-error {{write \u{1F426}}}"# + "\n"
        #expect(verify(text, reporting([(.error, 1, 1, #"write \u{1F426}"#)])).isClean)
    }

    @Test func malformedExpectationsAreReported() {
        let result = verify(
            "a // expected-eror {{x}}\nb // expected-error@+ {{y}}\nc // expected-error x\n", reporting([]))
        #expect(result.malformed.count == 3)
    }

    @Test func notesAreCheckedOnlyWhenTheFixtureExpectsSome() {
        let pipeline = reporting([(.error, 1, 1, "x")], notes: [(2, 1, "here")])
        #expect(verify("a // expected-error {{x}}\nb\n", pipeline).isClean)
        #expect(verify("a // expected-error {{x}}\nb // expected-note {{here}}\n", pipeline).isClean)
        let missingNote = verify("a // expected-error {{x}} expected-note {{elsewhere}}\nb\n", pipeline)
        #expect(missingNote.missing.count == 1)
        #expect(missingNote.unexpected.count == 1)
    }

    @Test func theParsingPipelineReportsSyntaxErrors() {
        let text = "tip A {\n    title // expected-error:10 {{expected a string after 'title'}}\n}\n"
        #expect(verify(text, DiagnosticVerifier.parsing).isClean)
        #expect(!verify("tip A {\n    title\n}\n", DiagnosticVerifier.parsing).isClean)
    }
}
