import Foundation
import Testing
import TipsRuntime
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// Helpers of the checker: suggestions and copy guidance.
@Suite struct CheckerTests {
    @Test func suggestionsPickTheClosestNameDeterministically() {
        #expect(Suggestion.closest(to: "regoin", in: ["region", "reason"]).replacement == "region")
        #expect(Suggestion.closest(to: "xyz", in: ["region"]).replacement == nil)
        #expect(Suggestion.closest(to: "ab", in: ["ac", "aa"]).replacement == "aa")
        #expect(SpellingSuggester.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }

    /// The suggester passes over a candidate by its length before making its
    /// scalars, and gives up a distance once past the limit: on random
    /// words of letters, some upper case, accented, a dotted capital I that
    /// lowercases to two scalars, and a line break, it picks what comparing
    /// every candidate's whole distance picks, and so it does among the
    /// candidates made ready once for many searches.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func theSuggesterPicksWhatWholeDistancesPick(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let letters: [String] = ["a", "b", "c", "d", "A", "B", "é", "İ", "\r\n", "_"]
        func word() -> String { (0..<random.int(in: 0...9)).map { _ in random.pick(letters) }.joined() }
        for _ in 0..<300 {
            let target = word()
            let candidates = (0..<random.int(in: 0...30)).map { _ in word() }
            let expected = Self.wholeDistancePick(for: target, among: candidates)
            #expect(
                SpellingSuggester.closest(to: target, among: candidates) == expected, "\(target) \(candidates)")
            // The same among the candidates made ready once, in a tree of their prefixes.
            #expect(
                SpellingSuggester.closest(to: target, among: SpellingSuggester.Candidates(candidates))
                    == expected, "\(target) \(candidates)")
        }
    }

    /// Among many candidates that begin alike, as the keys of a catalog do
    /// (`tip12.title`, `tip12.action.b`), which share the nodes of the tree
    /// a search walks, words a few random edits from them get what
    /// comparing every candidate's whole distance gives.
    @Test(arguments: [21, 22] as [UInt64])
    func amongCandidatesThatBeginAlikeTheSuggesterPicksWhatWholeDistancesPick(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let items = ["title", "message", "action.a", "action.ab", "Title"]
        let keys = (0..<400).map { _ in "tip\(random.int(in: 0...150)).\(random.pick(items))" }
        let letters: [Character] = ["t", "i", "p", "1", "2", ".", "a", "T"]
        let prepared = SpellingSuggester.Candidates(keys)
        for _ in 0..<300 {
            var target = Array(random.pick(keys))
            for _ in 0..<random.int(in: 0...4) {
                let at = random.int(in: 0...target.count)
                switch random.int(in: 0...3) {
                case 0: target.insert(random.pick(letters), at: at)
                case 1 where at < target.count: target.remove(at: at)
                case 2 where at < target.count: target[at] = random.pick(letters)
                case 3 where at + 1 < target.count: target.swapAt(at, at + 1)
                default: break
                }
            }
            let word = String(target)
            let expected = Self.wholeDistancePick(for: word, among: keys)
            #expect(SpellingSuggester.closest(to: word, among: prepared) == expected, "\(word)")
            #expect(SpellingSuggester.closest(to: word, among: keys) == expected, "\(word)")
        }
    }

    /// What the suggester picks by its rule, from every candidate's whole
    /// distance: the closest within the limit, of equally close ones one
    /// that begins with `target`, then the alphabetically first.
    static func wholeDistancePick(for target: String, among candidates: [String]) -> String? {
        let limit = max(1, min(3, target.lowercased().unicodeScalars.count / 3 + 1))
        let scalars = Array(target.lowercased().unicodeScalars)
        var expected: (name: String, distance: Int, continuesWord: Bool)?
        for candidate in candidates where candidate != target {
            let other = Array(candidate.lowercased().unicodeScalars)
            let distance = wholeTableDistance(scalars, other)
            guard distance <= limit else { continue }
            let continuesWord = other.starts(with: scalars)
            if let best = expected {
                if distance > best.distance { continue }
                if distance == best.distance, best.continuesWord, !continuesWord { continue }
                if distance == best.distance, best.continuesWord == continuesWord, candidate >= best.name {
                    continue
                }
            }
            expected = (candidate, distance, continuesWord)
        }
        return expected?.name
    }

    /// The distance fills only the band of its table within the limit of
    /// the diagonal, and gives up once past the limit: on random words of
    /// few letters (so that many are close), it is the whole table's
    /// distance when that is at most the limit, and one more otherwise.
    @Test(arguments: [11, 12] as [UInt64])
    func theBandedDistanceIsTheWholeTablesUpToTheLimit(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let letters = Array("abcab_".unicodeScalars)
        func word() -> [Unicode.Scalar] { (0..<random.int(in: 0...12)).map { _ in random.pick(letters) } }
        for _ in 0..<2_000 {
            let (a, b) = (word(), word())
            let whole = Self.wholeTableDistance(a, b)
            #expect(SpellingSuggester.distance(a, b) == whole, "\(a) \(b)")
            for limit in 0...4 {
                #expect(Spelling.distance(a, b, limit: limit) == min(whole, limit + 1), "\(a) \(b) \(limit)")
            }
        }
    }

    /// The optimal string alignment distance by its whole table, as a textbook writes it.
    static func wholeTableDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in a.indices.map({ $0 + 1 }) {
            for j in b.indices.map({ $0 + 1 }) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test func aSuggestionsWordsAndItsFixNameTheSameReplacement() {
        let close = Suggestion.closest(to: "fre", in: ["free", "pro"], prefix: ".")
        #expect(close.phrase == "; did you mean '.free'?" && close.replacement == ".free")
        let field = Suggestion.closest(to: "regoin", in: ["region"]).replacing(after: ".")
        #expect(field.phrase == "; did you mean 'region'?" && field.replacement == ".region")
        let far = Suggestion.closest(to: "xyz", in: ["region"], otherwise: "use region")
        #expect(far.phrase == "; use region" && far.replacement == nil)
        var sources = SourceManager()
        let range = SourceRange(file: sources.add(path: "a.tips", text: "x").id, start: 0, end: 1)
        #expect(close.fixIts(at: range) == [FixIt(range: range, replacement: ".free")])
        #expect(far.fixIts(at: range).isEmpty)
    }

    @Test func aCheckedTipIsAValueThoughItsFieldsAreShared() throws {
        let result = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: "tip A {\n    title \"Hi\"\n}\n")],
            options: CompilationOptions(emitsCode: false)
        ).run()
        guard case .tip(let original)? = result.program?.files.first?.declarations.first else {
            Issue.record("no tip: \(result.renderedDiagnostics())")
            return
        }
        var changed = original
        #expect(changed == original && changed.hashValue == original.hashValue)
        changed.title = InterpolatedText("Hello")
        changed.doc.append("More.")
        #expect(original.title.displayText == "Hi" && original.doc.isEmpty)
        #expect(changed.title.displayText == "Hello" && changed.doc == ["More."])
        #expect(changed != original)
        changed.title = original.title
        changed.doc = []
        #expect(changed == original && changed.hashValue == original.hashValue)
    }

    @Test func longQuotesInMessagesAreCutAndShortOnesKept() {
        let long = String(repeating: "é", count: 300)
        let cut = String(repeating: "é", count: Diagnostic.longestQuote) + "…"
        #expect(Diagnostic.clippingLongQuotes("unknown name '\(long)'") == "unknown name '\(cut)'")
        #expect(
            Diagnostic.clippingLongQuotes("'\(long)' contradicts '\(long)'; tip 'A' never shows")
                == "'\(cut)' contradicts '\(cut)'; tip 'A' never shows")
        let short = "tip 'A' has no rules; it's shown to everyone " + String(repeating: "x", count: 300)
        #expect(Diagnostic.clippingLongQuotes(short) == short)
        #expect(Diagnostic.clippingLongQuotes("an unclosed 'quote" + long) == "an unclosed 'quote" + long)
    }

    @Test func oneSuggesterServesNamesKeywordsAndOptionsAlike() {
        // A swap of neighbouring letters is one edit.
        #expect(SpellingSuggester.distance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
        #expect(SpellingSuggester.closest(to: "mesage", among: Parser.tipItemKeywordList) == "message")
        #expect(SpellingSuggester.closest(to: "tilte", among: Parser.tipItemKeywordList) == "title")
        // Equally close candidates: the alphabetically first, in any order.
        #expect(SpellingSuggester.closest(to: "cat", among: ["car", "bat"]) == "bat")
        #expect(SpellingSuggester.closest(to: "cat", among: ["bat", "car"]) == "bat")
        // Unless one of them continues the word, as while it is typed.
        #expect(SpellingSuggester.closest(to: "tit", among: Parser.tipItemKeywordList) == "title")
        #expect(SpellingSuggester.closest(to: "ca", among: ["ba", "cab"]) == "cab")
        // How far a candidate may be grows with the word: 1, then 2 from 3 letters, 3 from 6.
        #expect(SpellingSuggester.closest(to: "ab", among: ["xy"]) == nil)
        #expect(SpellingSuggester.closest(to: "abc", among: ["axy"]) == "axy")
        #expect(SpellingSuggester.closest(to: "abcdef", among: ["abcxyz"]) == "abcxyz")
        #expect(SpellingSuggester.closest(to: "abcdef", among: ["awxyz"]) == nil)
        // A name is never its own suggestion; a huge name is not compared letter by letter.
        #expect(SpellingSuggester.closest(to: "title", among: ["title"]) == nil)
        #expect(SpellingSuggester.closest(to: String(repeating: "a", count: 100_000), among: ["a"]) == nil)
    }

    @Test(arguments: [
        ("One sentence.", 1), ("One. Two!", 2), ("One. Two? Three.", 3), ("No end", 1), ("Pi is 3.14 today.", 1),
        ("Wait... what?", 2), ("", 0), ("一つ目です。二つ目です。三つ目！", 3), ("本当？はい。", 2),
        ("Ende。", 1), ("。。。", 0), ("地図。Map. Done", 3), ("３．１４", 1),
    ])
    func sentencesAreCounted(_ text: String, _ count: Int) {
        #expect(Checker.sentenceCount(text) == count)
    }

    @Test(arguments: [
        ("Buy now", "buy", true), ("Buyer's guide", "buy", false), ("On SALE today", "sale", true),
        ("wholesale", "sale", false), ("Get 20% off", "% off", true), ("20% offer", "% off", false),
        ("A FREE TRIAL", "free trial", true),
    ])
    func promotionalPhrasesMatchWholeWordsIgnoringCase(_ text: String, _ phrase: String, _ matches: Bool) {
        #expect(Checker.containsWholeWords(phrase, in: text) == matches)
    }

    @Test func promotionalPhrasesAreTheLanguageReferenceTable() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/Language.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### Promotional copy").dropFirst().first)
        let lines = section.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("| phrase") })
        // The rows after the header and its `|---|` line, up to the first line that is not a row.
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        let table = rows.map { row in row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(table == Checker.promotionalCopy.map { [$0.phrase, $0.reason] })
        #expect(Checker.promotionalCopy.count <= 32)
    }

    @Test(arguments: ["Upgrade now", "Subscribe now to sync", "For a limited time", "Use code SAVE: a coupon"])
    func promotionalCopyIsFlagged(_ title: String) {
        #expect(Checker.promotionalMatches(in: title) != 0)
    }

    @Test func durationsAreDescribedInTheLargestEvenUnit() {
        #expect(Checker.describeDuration(2_592_000) == "30d")
        #expect(Checker.describeDuration(90) == "90s")
        #expect(Checker.describeDuration(1_209_600) == "2w")
    }

    @Test func contradictionsSpanRulesOfOneTip() {
        let result = Compilation(inputs: [
            CompilationInput(
                path: "C.tips",
                text: "parameter x: Int = 0\ntip C {\n title \"C\"\n rule x >= 5\n rule 4 >= x\n}\n")
        ]).run()
        #expect(
            result.diagnostics.map(\.message) == [
                "'4 >= x' contradicts 'x >= 5'; both can never hold, so tip 'C' never shows"
            ])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    /// The declaration an undeclared name's fix inserts: on a line of its own
    /// with the file's line breaks, after the parameters above the tip,
    /// indented as the last of them, else above the tip, indented as it,
    /// or ending the line of a tip that follows other text on it.
    @Test(arguments: [
        ("/// Doc.\r\ntip A {\r\n    title \"A\"\r\n    rule flag\r\n}\r\n", 0, "parameter flag: Bool = false\r\n\r\n"),
        ("  tip A {\n    title \"A\"\n    rule flag\n  }\n", 2, "parameter flag: Bool = false\n\n  "),
        ("event e; tip A {\n    title \"A\"\n    rule flag\n}\n", 9, "parameter flag: Bool = false\n"),
        (
            "parameter a: Bool = false\n  parameter b: Int = 0 // b\nevent e\n\ntip A {\n    title \"A\"\n    rule flag\n}\n",
            54, "  parameter flag: Bool = false\n"
        ),
        (
            "parameter a: Bool = false; tip A {\n    title \"A\"\n    rule flag\n}\n", 27,
            "parameter flag: Bool = false\n"
        ),
    ])
    func anUndeclaredNamesFixKeepsTheFilesLayout(_ text: String, _ offset: UInt32, _ inserted: String) throws {
        let result = Compilation(inputs: [CompilationInput(path: "A.tips", text: text)]).run()
        let diagnostic = try #require(result.diagnostics.first { $0.message.hasPrefix("unknown name 'flag'") })
        let fix = try #require(diagnostic.fixIts.first)
        #expect(fix.range.start == offset && fix.range.end == offset)
        #expect(fix.replacement == inserted)
        #expect(fix.title == "Declare 'parameter flag: Bool = false' above the tip")
    }

    /// A name nothing declares, compared with cases in several rules and
    /// tips: every use is told one declaration, with every case in the order
    /// the rules name them, so that the fix of any one of them leaves a file
    /// that checks clean.
    @Test(arguments: [0, 1, 2])
    func everyUseOfAnUndeclaredNameComparedWithCasesIsToldOneEnum(_ applied: Int) throws {
        let text = """
            tip A {
                title "A"
                rule tier == .gold
                rule tier != .silver
            }

            tip B {
                title "B"
                rule tier == .bronze || tier == .gold
            }

            """
        let result = Compilation(inputs: [CompilationInput(path: "A.tips", text: text)]).run()
        let declaration = "enum Tier { gold, silver, bronze }; parameter tier: Tier = .gold"
        #expect(
            result.diagnostics.map(\.message)
                == Array(repeating: "unknown name 'tier'; declare it above the tip: " + declaration, count: 4))
        let fix = try #require(result.diagnostics[applied].fixIts.first)
        let fixed = fix.applied(to: text)
        #expect(Compilation(inputs: [CompilationInput(path: "A.tips", text: fixed)]).run().diagnostics.isEmpty)
    }

    /// Each name nothing declares is told the cases it is compared with, in
    /// the order the rules name them, and not another name's.
    @Test func undeclaredNamesComparedWithCasesAreEachToldTheirOwn() {
        let text = """
            tip A {
                title "A"
                rule tier == .gold && level != .high
            }

            tip B {
                title "B"
                rule level == .low
                rule tier == .silver
            }

            """
        let result = Compilation(inputs: [CompilationInput(path: "A.tips", text: text)]).run()
        let (tier, level) = (
            "unknown name 'tier'; declare it above the tip: enum Tier { gold, silver }; parameter tier: Tier = .gold",
            "unknown name 'level'; declare it above the tip: enum Level { high, low }; parameter level: Level = .high"
        )
        #expect(result.diagnostics.map(\.message) == [tier, level, level, tier])
    }

    /// A case an enum lacks, and no case is spelled like: the fix adds it
    /// after the enum's last case, on a line of its own where the cases are
    /// (after the last one's `renamedFrom`), and the file then checks clean.
    @Test(arguments: [
        ("enum Plan { free, pro }", "enum Plan { free, pro, team }"),
        ("enum Plan { free, pro, }", "enum Plan { free, pro, team, }"),
        ("enum Plan {\n    free\n    pro\n}", "enum Plan {\n    free\n    pro\n    team\n}"),
        (
            "enum Plan {\r\n  free,\r\n  pro renamedFrom professional\r\n}",
            "enum Plan {\r\n  free,\r\n  pro renamedFrom professional\r\n  team\r\n}"
        ),
    ])
    func aCaseAnEnumLacksIsAddedByItsFix(_ declaration: String, _ fixed: String) throws {
        let rest = "\nparameter plan: Plan = .free\ntip A {\n    title \"A\"\n    rule plan != .team\n}\n"
        let result = Compilation(inputs: [CompilationInput(path: "A.tips", text: declaration + rest)]).run()
        #expect(result.diagnostics.map(\.message) == ["enum 'Plan' has no case 'team'; add it to the enum's cases"])
        let fix = try #require(result.diagnostics.first?.fixIts.first)
        #expect(fix.title == "Add case 'team' to enum 'Plan'")
        let after = fix.applied(to: declaration + rest)
        #expect(after == fixed + rest)
        #expect(Compilation(inputs: [CompilationInput(path: "A.tips", text: after)]).run().diagnostics.isEmpty)
    }

    /// The same for a parameter's default; a case spelled like one the enum
    /// has is still "did you mean", and an enum in another file is named, with no fix.
    @Test func aMissingCaseIsToldWhereItCanBeAdded() {
        let typo = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: "enum Plan { free, pro }\nparameter plan: Plan = .fre\n")]
        ).run()
        #expect(typo.diagnostics.map(\.message) == ["enum 'Plan' has no case 'fre'; did you mean 'free'?"])
        let elsewhere = Compilation(inputs: [
            CompilationInput(path: "Types.tips", text: "enum Plan { free, pro }\n"),
            CompilationInput(path: "A.tips", text: "parameter plan: Plan = .team\n"),
        ]).run()
        #expect(
            elsewhere.diagnostics.map(\.message) == [
                "enum 'Plan' has no case 'team'; add it to the enum's cases in Types.tips"
            ])
        #expect(elsewhere.diagnostics.first?.fixIts == [])
    }
}
