import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The checked model records the attention items (`sessionLimit`,
/// `oneAtATime`, `snooze`, `holdout`), so that the lowering and the tools read
/// them there; the errors and warnings are pinned by fixtures
/// (`Semantic/AttentionValues.tips`, `Semantic/HoldoutWithoutRules.tips`).
@Suite struct AttentionCheckerTests {
    static let text = """
        config {
            sessionLimit 3
            oneAtATime
        }
        event opened
        tip Snoozes {
            title "Snoozes"
            rule opened.donations.count >= 1
            snooze 2d, 3
            holdout 10%
        }
        tip Plain {
            title "Plain"
            rule opened.donations.count >= 2
            snooze 90m
        }
        """

    static func program(_ text: String) throws -> CheckedProgram {
        let result = Compilation(inputs: [CompilationInput(path: "A.tips", text: text)]).run()
        #expect(!result.hasErrors, "\(result.renderedDiagnostics())")
        return try #require(result.program)
    }

    static func tip(_ name: String, in program: CheckedProgram) throws -> CheckedTip {
        let tips = program.files.flatMap(\.declarations).compactMap { declaration -> CheckedTip? in
            if case .tip(let tip) = declaration, tip.name == name { return tip }
            return nil
        }
        return try #require(tips.first)
    }

    @Test func theConfigRecordsItsLimitsAcrossTipsAndWhereTheyAreWritten() throws {
        let program = try Self.program(Self.text)
        #expect(program.config.sessionLimit == 3)
        #expect(program.config.oneAtATime)
        let source = Array(Self.text.utf8)
        let limit = try #require(program.config.sessionLimitRange)
        #expect(String(decoding: source[Int(limit.start)..<Int(limit.end)], as: UTF8.self) == "sessionLimit")
        let one = try #require(program.config.oneAtATimeRange)
        #expect(String(decoding: source[Int(one.start)..<Int(one.end)], as: UTF8.self) == "oneAtATime")
    }

    @Test func aConfigWithoutThemHasNoLimitsAcrossTips() throws {
        let program = try Self.program(
            "config { displayFrequency daily }\n" + "tip A { title \"A\"; maxDisplayCount 1 }")
        #expect(program.config.sessionLimit == nil && program.config.sessionLimitRange == nil)
        #expect(!program.config.oneAtATime && program.config.oneAtATimeRange == nil)
    }

    @Test func aTipRecordsItsSnoozeAndHoldout() throws {
        let program = try Self.program(Self.text)
        let snoozes = try Self.tip("Snoozes", in: program)
        #expect(snoozes.options.snooze == CheckedSnooze(seconds: 2 * 86_400, maxCount: 3))
        #expect(snoozes.options.holdoutPercent == 10)
        let plain = try Self.tip("Plain", in: program)
        #expect(plain.options.snooze == CheckedSnooze(seconds: 90 * 60, maxCount: nil))
        #expect(plain.options.holdoutPercent == nil)
    }

    @Test func theSymbolTableKnowsWhereEachItemIsWritten() throws {
        let program = try Self.program(Self.text)
        let items = program.symbols.declarations.compactMap { declaration -> Keyword? in
            if case .tipItem(let keyword, _, "Snoozes") = declaration.symbol { return keyword }
            return nil
        }
        #expect(items.contains(.snooze) && items.contains(.holdout))
    }

    /// A snooze or a holdout is not an option that decides when a tip shows:
    /// a tip with only those still gets the warning that it shows to everyone.
    @Test func snoozeAndHoldoutDoNotMakeATipsOptionsNonEmpty() {
        var options = CheckedTipOptions()
        options.snooze = CheckedSnooze(seconds: 60, maxCount: nil)
        options.holdoutPercent = 5
        #expect(options.isEmpty)
        options.maxDisplayCount = 1
        #expect(!options.isEmpty)
    }

    /// The steps a misspelt step is told about, and the editor offers, are
    /// the language reference's, in its order: the words that start the
    /// rows of `docs/Language.md`'s table of steps.
    @Test func theStepListIsTheReferencesTable() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/Language.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| step | what happens |").dropFirst().first)
        var words: [String] = []
        for row in table.split(separator: "\n").prefix(while: { $0.hasPrefix("|") }).dropFirst() {
            let cell = row.split(separator: "|").first ?? ""
            for match in cell.matches(of: try Regex(#"`([A-Za-z]+)"#)) {
                let word = String(cell[match.range].dropFirst())
                if Keyword(rawValue: word)?.startsScenarioStep == true, !words.contains(word) { words.append(word) }
            }
        }
        #expect(words == Parser.scenarioStepKeywords.map(\.rawValue))
    }

    /// Formatting keeps the items' meaning: the formatter's safety net compares these values.
    @Test func theMeaningKeepsTheValuesAndErasesTheRanges() throws {
        let meaning = try Self.program(Self.text).meaning
        #expect(meaning.config.sessionLimit == 3 && meaning.config.oneAtATime)
        #expect(meaning.config.sessionLimitRange?.start == 0 && meaning.config.oneAtATimeRange?.end == 0)
    }
}
