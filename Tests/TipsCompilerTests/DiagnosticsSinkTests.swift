import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// One sink, passed in: the lexer and the parser report into the engine they
/// are given, and what failed travels forward as values, never read back from it.
@Suite struct DiagnosticsSinkTests {
    /// A file of one source, with what it parses to and the engine handed
    /// back; each `#` of `text` is the invalid UTF-8 byte 0xFF.
    func parse(_ text: String, into engine: inout DiagnosticEngine) -> (SourceFile, SourceFileSyntax) {
        var sources = SourceManager()
        let file = sources.add(path: "test.tips", bytes: text.utf8.map { $0 == UInt8(ascii: "#") ? 0xFF : $0 })
        return (file, Parser.parse(file, diagnostics: &engine))
    }

    @Test func theParserAndItsLexerReportIntoTheEngineTheyAreGivenInTheOrderFound() {
        var engine = DiagnosticEngine()
        let earlier = SourceRange(file: FileID(9), start: 0, end: 0)
        engine.warning("reported before the parse", at: earlier)
        let text = "tip A {\n    titel \"x\"\n    title \u{201C}y\u{201D}\n    rule 1 +\n}\n"
        let (file, _) = parse(text, into: &engine)
        let reported = engine.reported.map { diagnostic in
            diagnostic.range.file == file.id ? "\(file.lineColumn(of: diagnostic.range.start))" : "before"
        }
        // What the engine held stays first; then the syntax error of line 2,
        // the lexical error of line 3 and the syntax error of line 4, as found.
        #expect(reported == ["before", "2:5", "3:11", "4:13"])
        #expect(engine.reported.first?.message == "reported before the parse")
    }

    @Test func aTipWithALexicalErrorInsideHasSyntaxErrorsAndOneBeforeItDoesNot() throws {
        var engine = DiagnosticEngine()
        let text = """
            /* # */
            tip Before {
                title "Fine"
            }
            tip Inside {
                title \u{201C}Curly\u{201D}
            }
            tip Commented {
                title "Fine" // #
            }

            """
        let (_, syntax) = parse(text, into: &engine)
        let flags = syntax.declarations.compactMap { declaration -> Bool? in
            guard case .tip(let tip) = declaration else { return nil }
            return tip.hasSyntaxErrors
        }
        #expect(flags == [false, true, true])
        #expect(engine.errorCount == 3)
    }

    @Test func aCurlyQuotedStringIsReportedOnceEvenAfterAMistakeBeforeIt() {
        // The `?` before the string is reported on its own; the string still gets its one error.
        let lexed = lexSnippet("parameter s: String? = \u{201C}x\u{201D}\n")
        #expect(lexed.diagnostics.count == 2)
        #expect(lexed.diagnostics.last?.message.contains("straight quotes") == true)
        // A string with worse trouble of its own gets no second error for its quotes.
        let troubled = lexSnippet("title \u{201C}a\\q\u{201D}\n")
        #expect(troubled.diagnostics.count == 1)
        #expect(troubled.diagnostics.first?.message.contains("straight quotes") == false)
    }

    @Test func theLexerHandsBackABlockCommentTheEndLeftOpen() {
        var engine = DiagnosticEngine()
        let file = SourceFile(id: FileID(0), path: "test.tips", bytes: Array("tip A /* open".utf8))
        let lexed = Lexer.tokenizeKeepingComments(file, diagnostics: &engine)
        #expect(lexed.unclosedComment.map { file.text(in: $0) } == "/* open")
        #expect(lexed.comments.isEmpty)
        let closed = Lexer.tokenizeKeepingComments(
            SourceFile(id: FileID(0), path: "test.tips", bytes: Array("tip A /* shut */".utf8)),
            diagnostics: &engine)
        #expect(closed.unclosedComment == nil)
    }

    @Test func aTipThatReadsOnPastAMistakeIsNotGenerated() {
        // `opened.count()` is read as `opened.count`: the rule checks, the tip does not.
        let result = Compilation(
            inputs: [
                CompilationInput(
                    path: "a.tips", text: "event opened\ntip A {\n    title \"A\"\n    rule opened.count() > 2\n}\n")
            ],
            options: CompilationOptions(emitsCode: false)
        ).run()
        #expect(result.diagnostics.map(\.message) == ["'count' is not called; write 'opened.count' without '()'"])
        #expect(result.program == nil)
    }
}
