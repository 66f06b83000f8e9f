import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// Huge, deep and hostile inputs: each must end with a diagnostic (not a
/// crash, a stack overflow or a hang) quickly, through the whole pipeline.
/// `ParserRobustnessTests` covers small random token soups; these are about size.
@Suite(.serialized) struct PathologicalInputTests {
    /// Compiles `bytes`, checks the pipeline's invariants, and that it took
    /// less than `limit` of this thread's CPU time (so the bound holds on a
    /// loaded machine; debug build: each takes well under that, while
    /// quadratic behaviour on these sizes would take minutes). One job, so
    /// that all the work is on this thread's clock.
    @discardableResult
    func compile(
        _ bytes: [UInt8], within limit: Double = 5, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> CompilationResult {
        let start = Self.threadCPUSeconds()
        let result = PipelineInvariants.check(
            [CompilationInput(path: "big.tips", bytes: bytes)], jobs: 1, sourceLocation: sourceLocation)
        let elapsed = Self.threadCPUSeconds() - start
        #expect(elapsed < limit, "took \(elapsed) s of CPU time", sourceLocation: sourceLocation)
        return result
    }

    /// The CPU time this thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func rule(_ expression: String) -> [UInt8] {
        Array("tip A {\n    title \"t\"\n    rule \(expression)\n}\n".utf8)
    }

    @Test func fiftyThousandNestedParentheses() {
        let depth = 50_000
        let result = compile(rule(String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)))
        #expect(result.hasErrors)
    }

    @Test func fiftyThousandUnclosedParentheses() {
        #expect(compile(rule(String(repeating: "(", count: 50_000))).hasErrors)
    }

    @Test func aHundredThousandBangsInARow() {
        let result = compile(rule(String(repeating: "!", count: 100_000) + "x"))
        #expect(result.hasErrors)
    }

    @Test func aHundredThousandMinusesInARow() {
        #expect(compile(rule(String(repeating: "-", count: 100_000) + "1 > 0")).hasErrors)
    }

    @Test func aLongChainOfBinaryOperators() {
        #expect(compile(rule(Array(repeating: "a", count: 50_000).joined(separator: " && "))).hasErrors)
    }

    @Test func aTwoMegabyteStringLiteralCompiles() {
        let text = String(repeating: "Lorem ipsum dolor sit amet. ", count: 75_000)
        let result = compile(Array("tip A {\n    title \"\(text)\"\n}\n".utf8))
        #expect(!result.hasErrors)
        #expect(result.outputs.first?.text.contains("Lorem ipsum") == true)
    }

    @Test func aTwoMegabyteUnterminatedStringLiteral() {
        let text = String(repeating: "x", count: 2_000_000)
        #expect(compile(Array("tip A {\n    title \"\(text)".utf8)).hasErrors)
    }

    @Test func twentyThousandUnclosedTips() {
        let result = compile(Array(String(repeating: "tip {\n", count: 20_000).utf8))
        #expect(result.hasErrors)
    }

    @Test func twentyThousandUnclosedNamedTips() {
        #expect(compile(Array(String(repeating: "tip A {\n title \"t\"\n", count: 20_000).utf8)).hasErrors)
    }

    @Test func oneMegabyteOfRandomBinary() {
        var generator = SplitMix64(seed: 2026)
        let bytes = (0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(compile(bytes).hasErrors)
    }

    @Test func tenThousandUnclosedNestedComments() {
        let result = compile(Array((String(repeating: "/*", count: 10_000) + "\ntip A {}\n").utf8))
        #expect(result.hasErrors)
        #expect(result.diagnostics.contains { $0.message.contains("comment") })
    }

    @Test func aLineOfAMillionIdentifiers() {
        let line = Array(repeating: "abc", count: 1_000_000).joined(separator: " ")
        #expect(compile(Array(line.utf8)).hasErrors)
    }

    @Test func aMillionIdentifiersInsideATip() {
        let line = Array(repeating: "abc", count: 1_000_000).joined(separator: " ")
        #expect(compile(Array("tip A {\n    title \"t\"\n    \(line)\n}\n".utf8)).hasErrors)
    }

    @Test func aMegabyteLongNameIsQuotedCutShort() {
        let name = String(repeating: "n", count: 1_000_000)
        let result = compile(Array("tip A {\n    title \"t\"\n    rule \(name) > 1\n}\n".utf8))
        let message = result.diagnostics.first { $0.message.hasPrefix("unknown name") }?.message ?? ""
        #expect(message == "unknown name '\(String(repeating: "n", count: Diagnostic.longestQuote))…'")
        #expect(result.renderedDiagnostics(showsSourceLines: false).utf8.count < 1_000)
    }

    @Test func aMegabyteLongNameDeclaredTwiceIsQuotedCutShortInTheNoteToo() {
        let name = String(repeating: "n", count: 1_000_000)
        let result = compile(Array("parameter \(name): Bool = true\nparameter \(name): Bool = true\n".utf8))
        let note = result.diagnostics.first { !$0.notes.isEmpty }?.notes.first?.message ?? ""
        #expect(note == "'\(String(repeating: "n", count: Diagnostic.longestQuote))…' is first declared here")
        #expect(result.renderedDiagnostics(showsSourceLines: false).utf8.count < 1_000)
    }

    @Test func twoHundredThousandWordsAfterATitleTakeLinearTime() {
        let words = String(repeating: " word", count: 200_000)
        let result = compile(Array("tip A {\n    title\(words)\n}\n".utf8))
        #expect(result.diagnostics.contains { $0.message.hasPrefix("put the title in straight quotes") })
    }

    @Test func fiftyThousandTipHeadersOnOneLineTakeLinearTime() {
        #expect(compile(Array((String(repeating: "tip T { ", count: 50_000) + "\n").utf8)).hasErrors)
    }

    /// Each `tip` inside a tip is tried as a misspelt `title` whose words
    /// follow it, and the lexer joins a line that ends in `>` to the next:
    /// the words must end with their line, not run on to the end of the file.
    @Test func twentyThousandLinesEndingInAnOperatorTakeLinearTime() {
        let result = compile(Array(String(repeating: "tip T {tip T { >\n", count: 20_000).utf8))
        #expect(result.diagnostics.contains { $0.message.hasPrefix("unknown tip item 'tip'; did you mean") })
    }

    /// An event renamed without its uses: each use is an unknown name whose
    /// suggestion is looked for among every event, once for its spelling.
    @Test func threeThousandUsesOfARenamedEventAmongThreeThousandEventsTakeLinearTime() {
        let events = (0..<3_000).map { "event visited\($0)\n" }.joined()
        let tips = (0..<3_000).map { "tip T\($0) {\n    title \"t\"\n    rule visitd7.count > 1\n}\n" }.joined()
        let result = compile(Array((events + tips).utf8))
        let told = result.diagnostics.filter { $0.message == "unknown event 'visitd7'; did you mean 'visited7'?" }
        #expect(told.count == DiagnosticEngine.errorLimit)
    }

    @Test func fourThousandNestedRepeatBlocksGetOneError() {
        let depth = 4_000
        let steps =
            String(repeating: "repeat 1 {\n", count: depth) + "donate e\n" + String(repeating: "}\n", count: depth)
        let result = compile(Array("event e\nscenario \"Deep\" {\n\(steps)}\n".utf8))
        #expect(result.diagnostics.map(\.message) == [SyntaxParser.repeatTooDeepMessage])
    }

    @Test func aLineOfAMillionUnexpectedCharacters() {
        #expect(compile(Array(String(repeating: "@", count: 1_000_000).utf8)).hasErrors)
    }

    @Test func aMillionInvalidBytesOnOneLine() {
        #expect(compile([UInt8](repeating: 0xFF, count: 1_000_000)).hasErrors)
    }

    @Test func twentyThousandTipsCompile() {
        var text = ""
        for index in 0..<20_000 { text += "tip T\(index) {\n    title \"Tip \(index)\"\n}\n" }
        let result = compile(Array(text.utf8))
        #expect(!result.hasErrors)
    }

    @Test func aMillionNewlines() {
        let result = compile([UInt8](repeating: 0x0A, count: 1_000_000))
        #expect(!result.hasErrors)
    }

    @Test func errorsStopAtTheLimitWithOneFinalError() {
        let result = compile(Array(String(repeating: "@", count: 3_000).utf8))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == DiagnosticEngine.errorLimit + 1)
        #expect(errors.last?.message == DiagnosticEngine.tooManyMessage)
        #expect(result.diagnostics.filter { $0.message == DiagnosticEngine.tooManyMessage }.count == 1)
    }

    /// Past the limit, the lexer and the parser count errors without
    /// building them; what is kept is the same as if they were built: every
    /// kept error's own message up to the limit, then the one that stands
    /// for the rest, where the first error past the limit is.
    @Test(arguments: [
        ("tip T { event e }\n", "unknown tip item 'event'; a tip takes "),
        ("\u{0}", "unexpected control character U+0000"),
        ("tip T {\n  title \"t\" |\n}\n", "unexpected character '|'; did you mean '||'?"),
    ])
    func errorsPastTheLimitAreCountedAsTheyWouldBeReported(line: String, message: String) throws {
        let result = compile(Array(String(repeating: line, count: DiagnosticEngine.errorLimit + 50).utf8))
        let errors = result.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == DiagnosticEngine.errorLimit + 1)
        let kept = errors.dropLast()
        #expect(kept.allSatisfy { $0.message.hasPrefix(message) }, "\(Set(kept.map(\.message)))")
        #expect(errors.last?.message == DiagnosticEngine.tooManyMessage)
        let (last, lastKept) = (try #require(errors.last), try #require(kept.last))
        #expect(last.range.start > lastKept.range.start)
    }

    @Test func aDroppedErrorIsCountedAsAReportedOneIs() {
        var reported = DiagnosticEngine()
        var dropped = DiagnosticEngine()
        for index in 0..<(DiagnosticEngine.errorLimit + 5) {
            let range = SourceRange(file: FileID(0), start: UInt32(index), end: UInt32(index + 1))
            #expect(dropped.dropsErrorMessages == (index >= DiagnosticEngine.errorLimit))
            reported.error("e\(index)", at: range)
            if dropped.dropsErrorMessages {
                dropped.reportDroppedError(at: range)
            } else {
                dropped.error("e\(index)", at: range)
            }
        }
        #expect(dropped.reported == reported.reported)
        #expect(dropped.errorCount == reported.errorCount)
    }

    /// Past the limit, a name nothing declares is counted without the search
    /// for a "did you mean" among every declared name of its kind: 50,000
    /// misspelt names among 5,000 parameters took `tipc check` 541 s when
    /// each was searched, 1.7 s now. Each kind of unknown name (a value, an
    /// event, a name compared with a case, a group's member) still counts as
    /// one error where it stands: the error for the rest stands at the first
    /// mistake past the limit, and the ones before keep their messages.
    @Test func unknownNamesPastTheLimitAreCountedWithoutASearchForSuggestions() throws {
        var text = (0..<300).map { "parameter someName\($0): Int = 0\n" }.joined()
        text += (0..<100).map { "event someEvent\($0)\n" }.joined()
        var mistakes: [UInt32] = []
        func add(_ before: String, _ name: String, _ after: String) {
            text += before
            mistakes.append(UInt32(text.utf8.count))
            text += name + after
        }
        for tip in 0..<300 {
            text += "tip T\(tip) {\n  title \"Hi\"\n"
            add("  rule ", "someNme\(tip)", " > 1\n")
            add("  rule ", "someEvnt\(tip)", ".donations.count > 1\n")
            add("  rule ", "tiar\(tip)", " == .gold\n")
            add("  invalidatedBy ", "someEvnt\(tip)", "\n}\n")
        }
        text += "group G ordered {\n"
        for member in 0..<50 { add("  ", "Tx\(member)", "\n") }
        text += "}\n"
        let result = compile(Array(text.utf8))
        let errors = result.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == DiagnosticEngine.errorLimit + 1)
        #expect(errors.dropLast().map(\.range.start) == Array(mistakes.prefix(DiagnosticEngine.errorLimit)))
        #expect(errors.dropLast().allSatisfy { $0.message.hasPrefix("unknown ") })
        #expect(errors.prefix(8).filter { $0.message.contains("did you mean") }.count == 6)
        #expect(errors.last?.message == DiagnosticEngine.tooManyMessage)
        #expect(errors.last?.range.start == mistakes[DiagnosticEngine.errorLimit])
    }

    @Test func warningsAreNeverDroppedByTheErrorLimit() {
        var text = ""
        for index in 0..<1_500 { text += "tip T\(index) {\n    title \"Tip \(index)\"\n}\n" }
        let result = compile(Array(text.utf8))
        #expect(!result.hasErrors)
        #expect(result.diagnostics.count == 1_500)
    }

    @Test func aDiagnosticOnAMegabyteLineShowsAWindowAroundTheCaret() {
        let bytes = Array(
            (String(repeating: "a", count: 1_000_000) + " @ " + String(repeating: "b", count: 1_000)).utf8)
        let result = compile(bytes)
        let rendered = result.renderedDiagnostics()
        #expect(rendered.count < 3_000)
        #expect(rendered.contains("found '\(String(repeating: "a", count: Diagnostic.longestQuote))…'"))
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        // The caret sits under the '@' in the shown window, which is cut on both sides.
        if let header = lines.firstIndex(of: "big.tips:1:1000002: error: unexpected character '@'"),
            header + 2 < lines.count, let at = lines[header + 1].firstIndex(of: "@"),
            let caret = lines[header + 2].firstIndex(of: "^")
        {
            let source = lines[header + 1]
            #expect(source.hasPrefix("…") && source.hasSuffix("…"))
            #expect(
                source.distance(from: source.startIndex, to: at)
                    == lines[header + 2].distance(from: lines[header + 2].startIndex, to: caret))
        } else {
            Issue.record("unexpected rendering: \(rendered.prefix(1_000))")
        }
    }
}
