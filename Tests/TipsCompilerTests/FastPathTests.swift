import Testing

@testable import TipsCompiler

/// The byte-level fast paths give exactly the answers of the character-level
/// code they stand in for (the slower paths kept in the sources), on tricky text too.
@Suite struct FastPathTests {
    static let samples = [
        "", "a", "Tap and hold a list to open it.", "Buy now! Sale ends soon.", "a  b\t", "x\r\ny", "free\r\ntrial",
        "buy\r\n", "\r\n", "end.\r\nNext", "One. Two! Three?", "e\u{301}t\u{301}e\u{301}", "caf\u{E9} sale",
        "sale\u{301}", "\u{301}buy", "🐦 buy 🐦", "%\u{20}off", "50% off", "tab\there", "nul\u{0}x", "del\u{7F}x",
        "c1\u{85}x", "c1\u{9F}x", "ls\u{2028}ps\u{2029}", "quote\"back\\slash", "bell\u{7}", "nbsp\u{A0}x",
        "trailing   ", "trailing\t \t", "a\nb", "a\u{0B}b", "a\u{0C}b", "a\rb", "a .b", "a\n  .b", "x  \n  y",
    ]

    @Test func sentenceCountMatchesTheCharacterVersion() {
        for text in Self.samples {
            #expect(Checker.sentenceCount(text) == Checker.characterSentenceCount(text), "\(text.debugDescription)")
        }
    }

    @Test func wholeWordSearchMatchesTheCharacterVersion() {
        for text in Self.samples {
            for phrase in ["buy", "sale", "free trial", "% off", "a", "\n", "\r", "e"] {
                #expect(
                    Checker.containsWholeWords(phrase, in: text)
                        == Checker.containsWholeWords(Array(phrase.lowercased()), in: Array(text.lowercased())),
                    "\(phrase.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test func promotionalScanMatchesTheWholeWordSearch() {
        let more = ["Buy a free trial: 20% off, on sale", "FREE TRIAL", "free  trial", "%off", "x% off"]
        for text in Self.samples + more {
            guard let found = Checker.asciiPromotionalMatches(in: text) else {
                #expect(!text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
                continue
            }
            for (index, phrase) in Checker.promotionalPhrases.enumerated() {
                #expect(
                    (found & (1 << UInt32(index)) != 0)
                        == Checker.containsWholeWords(Array(phrase), in: Array(text.lowercased())),
                    "\(phrase.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test func validationSpellingsMatchSwiftNames() {
        let special = [
            SwiftNames.keywords, SwiftNames.reserved, SwiftNames.enumMembers, SwiftNames.tipMembers,
            SwiftNames.groupMembers, SwiftNames.donateMembers,
        ].joined()
        let more = ["opened12", "operator", "a\u{345}b", "\u{E9}x", "\r\nx", "zoom", "Type_", "x", "ß", "iX", "_x"]
        for name in Self.samples + special + more {
            #expect(SwiftSpelling.identifier(name) == SwiftNames.identifier(name), "\(name.debugDescription)")
            #expect(SwiftSpelling.enumCase(name) == SwiftNames.enumCase(name), "\(name.debugDescription)")
            #expect(SwiftSpelling.tipType(name) == SwiftNames.tipType(name), "\(name.debugDescription)")
            #expect(SwiftSpelling.tipArgument(name) == SwiftNames.tipArgument(name), "\(name.debugDescription)")
            #expect(SwiftSpelling.eventField(name) == SwiftNames.eventField(name), "\(name.debugDescription)")
            #expect(SwiftSpelling.eventType(name) == SwiftNames.eventType(name), "\(name.debugDescription)")
        }
    }

    @Test func singleLineMatchesTheCharacterVersion() {
        for text in Self.samples {
            #expect(Checker.singleLine(text) == Checker.characterSingleLine(text), "\(text.debugDescription)")
        }
    }

    @Test func escapingAndCommentTextMatchTheScalarVersions() {
        for text in Self.samples {
            #expect(SwiftNames.escaped(text) == SwiftNames.scalarEscaped(text), "\(text.debugDescription)")
            #expect(SwiftNames.commentText(text) == SwiftNames.scalarCommentText(text), "\(text.debugDescription)")
        }
    }

    @Test func byteEscapingMatchesTheScalarVersionOnEveryText() {
        let more = [
            "\u{2027}\u{202A}\u{2028}", "\u{2026} \u{20AC} \"\u{2029}\"", "\u{1F}\u{1}\u{0}\u{7F}\u{80}", "\u{2028}",
        ]
        for text in Self.samples + more {
            #expect(SwiftNames.byteEscaped(text) == SwiftNames.scalarEscaped(text), "\(text.debugDescription)")
        }
    }

    @Test func lineBreakBetweenOffsetsMatchesTheLineTable() {
        var sources = SourceManager()
        let file = sources.add(path: "a.tips", text: "tip A {\n  title \"x\"\r\n\n}\n// é\nevent e")
        let count = UInt32(file.bytes.count)
        for start in 0...(count + 2) {
            for end in 0...(count + 2) {
                #expect(
                    file.containsLineBreak(from: start, to: end) == (file.line(of: end) > file.line(of: start)),
                    "\(start)..\(end)")
            }
        }
    }

    @Test func writerBlankLinesFollowTheCharacterSuffixes() {
        for ending in ["x", "x {", "x\r", "{", "\u{600}{", ""] {
            var writer = SwiftWriter()
            writer.line(ending)
            // Twice: the second time the text ends with a line break after the first.
            for _ in 0..<2 {
                let before = writer.text
                writer.blankLine()
                let expected = before.hasSuffix("\n\n") || before.hasSuffix("{\n") ? before : before + "\n"
                #expect(writer.text == expected, "\(ending.debugDescription)")
            }
        }
    }
}
