import Testing
import TipsRuntime
import TipsTerminal

/// Columns as terminals draw them, and lines wrapped by them: a card in
/// Japanese lines up as one in English does.
@Suite struct TextWrappingTests {
    /// What glibc's `wcwidth` gives each of these (measured with `C.UTF-8`),
    /// for a character standing alone; a cluster counts as its first character.
    @Test func columnsAreTheTerminalsCount() {
        let expected: [(Character, Int)] = [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("\u{AD}", 1), ("\u{200D}", 0), ("\u{200B}", 0), ("\t", 0),
            ("あ", 2), ("一", 2), ("가", 2), ("Ａ", 2), ("\u{3000}", 2), ("〈", 2), ("\u{20000}", 2), ("\u{1100}", 2),
            ("😀", 2), ("⌚", 2), ("❤", 1), ("❤\u{FE0F}", 2), ("👍🏽", 2), ("ب", 1), ("بَ", 1), ("ж", 1),
        ]
        for (character, columns) in expected {
            #expect(TerminalColumns.of(character) == columns, "\(character.unicodeScalars.map { $0.value })")
        }
        #expect(TerminalColumns.of("現在地を表示") == 12)
        #expect(TerminalColumns.of("Butler Forkが開通しました") == 11 + 14)
    }

    @Test func japaneseBreaksBetweenCharactersWithinTheWidth() {
        let text = "コンパスをタップすると、地図上で現在地が強調表示されます。"
        let lines = TextWrapping.wrap(text, width: 20)
        #expect(lines.joined() == text, "nothing is lost or added: \(lines)")
        #expect(lines.allSatisfy { TerminalColumns.of($0) <= 20 }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { TerminalColumns.of($0) >= 18 }, "each line is filled: \(lines)")
    }

    /// Kinsoku: closing punctuation goes down with the character before it,
    /// and opening punctuation with the one after it.
    @Test func aLineNeverBeginsWithClosingNorEndsWithOpeningPunctuation() {
        // Nine characters fill a line of 18; the tenth is `。`.
        let closing = TextWrapping.wrap("あいうえおかきくけ。こ", width: 18)
        #expect(closing == ["あいうえおかきく", "け。こ"])
        let opening = TextWrapping.wrap("あいうえおかきく「けこ」", width: 18)
        #expect(opening == ["あいうえおかきく", "「けこ」"])
    }

    @Test func mixedTextFillsItsLinesAndBreaksAtSpacesOrBetweenWideCharacters() {
        let lines = TextWrapping.wrap("地図上のBig Cottonwoodをタップすると、トレイルが表示されます。", width: 30)
        // 30 columns, 28, then `す。`, which `。` keeps together.
        #expect(lines == ["地図上のBig Cottonwoodをタップ", "すると、トレイルが表示されま", "す。"])
        #expect(TextWrapping.wrap("Save as a Favorite", width: 10) == ["Save as a", "Favorite"])
        #expect(TextWrapping.wrap("Supercalifragilistic", width: 8) == ["Supercal", "ifragili", "stic"])
    }

    private struct Japanese: Tip {
        var id: String { "Favorite" }
        var title: String { "お気に入りに保存" }
        var message: String? { "お気に入りのトレイルは、いつもリストの一番上に表示されます。" }
        var actions: [Tips.Action] { [Tips.Action(id: "learnMore", title: "詳しく見る")] }
    }

    @Test func aJapaneseCardsEdgesLineUp() {
        let card = TipCard(Japanese()).render(TerminalStyle(width: 40, unicode: true, color: false))
        let lines = card.split(separator: "\n")
        #expect(lines.allSatisfy { TerminalColumns.of($0) == 40 }, "\(card)")
        #expect(card.contains("│ [1] 詳しく見る   [x] Close"), "\(card)")
    }

    /// An app in another language gives the card's own words in it.
    @Test func aCardsOwnWordsAreTheAppsToGive() {
        let labels = TipCard.Labels(tip: "ヒント", later: "後で", close: "閉じる")
        let card = TipCard(Japanese(), snoozeKey: "z", labels: labels)
            .render(TerminalStyle(width: 50, unicode: true, color: false))
        #expect(card.hasPrefix("╭─ ヒント ─"), "\(card)")
        #expect(card.contains("[1] 詳しく見る   [z] 後で   [x] 閉じる"), "\(card)")
        #expect(card.split(separator: "\n").allSatisfy { TerminalColumns.of($0) == 50 }, "\(card)")
        #expect(!card.contains("Close") && !card.contains("Later") && !card.contains("Tip "))
    }
}
