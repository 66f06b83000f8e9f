import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Every line of a sample cut short after each word or punctuation mark, as
/// a line is while it is typed or edited, and checked with the rest of its
/// files as they are: each such check reports few errors, so that the one
/// that names the half-written line is not lost among what it would cause.
/// Before the recovery of `Fixtures/Semantic/HalfWritten.tips`, 23 of the
/// 914 cuts of the scenario file gave three errors (a `repeat` whose `{`
/// was cut closed the scenario, and each step after it was "unknown
/// declaration"), and 7 of the 491 of the shared Trails sample three to five.
@Suite struct HalfWrittenSweepTests {
    /// The project's Trails sample.
    static let trails = Fixtures.packageRoot.appendingPathComponent("Samples/Trails/Tips")

    /// Where each line of `text` may be cut: after each run of letters,
    /// digits and `_`, and after each other character that is not a space,
    /// short of the line's end. Byte offsets into the line.
    static func cuts(of line: Substring) -> [Int] {
        var cuts: [Int] = []
        var offset = 0
        var inWord = false
        for character in line {
            let isWord = character.isLetter || character.isNumber || character == "_"
            if inWord, !isWord { cuts.append(offset) }
            offset += character.utf8.count
            if !isWord, !character.isWhitespace { cuts.append(offset) }
            inWord = isWord
        }
        return cuts.filter { $0 < line.utf8.count }
    }

    /// The largest number of errors a check of `text` (named `name`) with
    /// `others` reports when one of its lines is cut, with that line.
    static func worstCut(of text: String, named name: String, with others: [CompilationInput]) -> (
        errors: Int, line: String
    ) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var worst = (errors: 0, line: "")
        for (index, line) in lines.enumerated() {
            for cut in cuts(of: line) {
                var edited = lines
                edited[index] = Substring(String(decoding: line.utf8.prefix(cut), as: UTF8.self))
                let input = CompilationInput(path: name, bytes: Array(edited.joined(separator: "\n").utf8))
                let result = Compilation(inputs: [input] + others, options: CompilationOptions(emitsCode: false))
                    .run()
                let errors = result.diagnostics.filter { $0.severity == .error }.count
                if errors > worst.errors { worst = (errors, String(edited[index])) }
            }
        }
        return worst
    }

    static func input(_ url: URL) throws -> CompilationInput {
        CompilationInput(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }

    @Test func aScenarioLineCutShortIsAtMostTwoErrors() throws {
        let scenarios = Self.trails.appendingPathComponent("Trails.test.tips")
        let others = try ["Trails.tips", "Compass.tips"].map { try Self.input(Self.trails.appendingPathComponent($0)) }
        let text = try String(contentsOf: scenarios, encoding: .utf8)
        let worst = Self.worstCut(of: text, named: "Trails.test.tips", with: others)
        #expect(worst.errors <= 2, "\(worst.errors) errors with the line cut to '\(worst.line)'")
    }

    @Test func aLineOfTheSharedTrailsSampleCutShortIsAtMostThreeErrors() throws {
        guard let url = Fixtures.sharedSampleURLs().first(where: { $0.lastPathComponent == "Trails.tips" }) else {
            return
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        let worst = Self.worstCut(of: text, named: "Trails.tips", with: [])
        #expect(worst.errors <= 3, "\(worst.errors) errors with the line cut to '\(worst.line)'")
    }

    @Test func cutsFallAfterWordsAndMarks() {
        #expect(Self.cuts(of: "rule a.b(1) > 2") == [4, 6, 7, 8, 9, 10, 11, 13])
        #expect(Self.cuts(of: "") == [])
    }
}
