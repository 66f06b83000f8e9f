import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The compiler's byte-level rules against plain character- and scalar-level
/// statements of the same rules (the oracles below, kept only here).
@Suite struct OracleTests {
    static let samples = [
        "", "a", "Tap and hold a list to open it.", "Buy now! Sale ends soon.", "a  b\t", "x\r\ny", "free\r\ntrial",
        "buy\r\n", "\r\n", "end.\r\nNext", "One. Two! Three?", "e\u{301}t\u{301}e\u{301}", "caf\u{E9} sale",
        "sale\u{301}", "\u{301}buy", "🐦 buy 🐦", "%\u{20}off", "50% off", "tab\there", "nul\u{0}x", "del\u{7F}x",
        "c1\u{85}x", "c1\u{9F}x", "ls\u{2028}ps\u{2029}", "quote\"back\\slash", "bell\u{7}", "nbsp\u{A0}x",
        "trailing   ", "trailing\t \t", "a\nb", "a\u{0B}b", "a\u{0C}b", "a\rb", "a .b", "a\n  .b", "x  \n  y",
    ]

    static var asciiSamples: [String] { samples.filter { $0.utf8.allSatisfy { $0 < 0x80 } } }

    // MARK: - Oracles

    /// Sentences end at `.`, `!` or `?` followed by whitespace or the end, over Characters.
    static func characterSentenceCount(_ text: String) -> Int {
        let characters = Array(text)
        var count = 0
        var sawText = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if ".!?".contains(character) {
                var next = index + 1
                while next < characters.count, ".!?".contains(characters[next]) { next += 1 }
                if sawText && (next == characters.count || characters[next].isWhitespace) {
                    count += 1
                    sawText = false
                }
                index = next
                continue
            }
            if !character.isWhitespace { sawText = true }
            index += 1
        }
        return count + (sawText ? 1 : 0)
    }

    /// Whether lowercased `needle` occurs in lowercased `haystack`, not inside a longer word, over Characters.
    static func characterContainsWholeWords(_ needle: String, in haystack: String) -> Bool {
        let needle = Array(needle.lowercased())
        let haystack = Array(haystack.lowercased())
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        let checksLeft = isWordCharacter(first)
        let checksRight = needle.last.map(isWordCharacter) ?? false
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            let end = start + needle.count
            guard haystack[start..<end].elementsEqual(needle) else { continue }
            let leftOK = !checksLeft || start == 0 || !isWordCharacter(haystack[start - 1])
            let rightOK = !checksRight || end == haystack.count || !isWordCharacter(haystack[end])
            if leftOK && rightOK { return true }
        }
        return false
    }

    /// Runs of whitespace holding a line break become one space (none before `.`), over Characters.
    static func characterSingleLine(_ text: String) -> String {
        var out = ""
        var pending = ""
        for character in text {
            if character.isWhitespace {
                pending.append(character)
                continue
            }
            if !pending.isEmpty {
                if pending.contains(where: \.isNewline) {
                    out += character == "." ? "" : " "
                } else {
                    out += pending
                }
                pending = ""
            }
            out.append(character)
        }
        return out
    }

    /// A string literal's inside, scalar by scalar.
    static func scalarEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A comment line, scalar by scalar.
    static func scalarCommentText(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0)
            })
    }

    // MARK: - Agreement

    @Test func sentenceCountMatchesTheCharacterVersionOnASCII() {
        for text in Self.asciiSamples {
            #expect(Checker.sentenceCount(text) == Self.characterSentenceCount(text), "\(text.debugDescription)")
        }
    }

    @Test func wholeWordSearchMatchesTheCharacterVersionOnASCII() {
        for text in Self.asciiSamples {
            for phrase in ["buy", "sale", "free trial", "% off", "a", "e"] {
                #expect(
                    Checker.containsWholeWords(phrase, in: text) == Self.characterContainsWholeWords(phrase, in: text),
                    "\(phrase.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test func nonASCIICharactersAreLettersOfWords() {
        #expect(Checker.containsWholeWords("sale", in: "caf\u{E9} sale"))
        #expect(!Checker.containsWholeWords("sale", in: "d\u{E9}sale"))
        #expect(!Checker.containsWholeWords("buy", in: "buy\u{301}"))
        #expect(Checker.sentenceCount("Caf\u{E9}. Th\u{E9}. \u{1F426}.") == 3)
        #expect(Checker.sentenceCount("\u{E9}") == 1)
    }

    @Test func promotionalScanMatchesTheWholeWordSearch() {
        let more = ["Buy a free trial: 20% off, on sale", "FREE TRIAL", "free  trial", "%off", "x% off"]
        for text in Self.samples + more {
            let found = Checker.promotionalMatches(in: text)
            for (index, phrase) in Checker.promotionalPhrases.enumerated() {
                #expect(
                    (found & (1 << UInt32(index)) != 0) == Checker.containsWholeWords(phrase, in: text),
                    "\(phrase.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test func singleLineMatchesTheCharacterVersionOnASCII() {
        for text in Self.asciiSamples {
            #expect(SourceFile.singleLine(text) == Self.characterSingleLine(text), "\(text.debugDescription)")
        }
    }

    /// Line breaks are found eight bytes at a time: one at each place in a
    /// text longer than a word, after a tab or not (a word with a control
    /// byte is read byte by byte), is found and the lines joined.
    @Test func singleLineFindsALineBreakAtEveryPlace() {
        let base = Array("rule a.b(x: 1) && c  ".utf8)
        for lineBreak: UInt8 in [0x0A, 0x0B, 0x0C, 0x0D] {
            for place in base.indices {
                for prefix in ["", "\t"] {
                    var bytes = base
                    bytes[place] = lineBreak
                    let text = prefix + String(decoding: bytes, as: UTF8.self)
                    #expect(SourceFile.singleLine(text) == Self.characterSingleLine(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func escapingAndCommentTextMatchTheScalarVersions() {
        let more = [
            "\u{2027}\u{202A}\u{2028}", "\u{2026} \u{20AC} \"\u{2029}\"", "\u{1F}\u{1}\u{0}\u{7F}\u{80}", "\u{2028}",
        ]
        for text in Self.samples + more {
            #expect(SwiftNames.escaped(text) == Self.scalarEscaped(text), "\(text.debugDescription)")
            #expect(SwiftNames.commentText(text) == Self.scalarCommentText(text), "\(text.debugDescription)")
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

extension Checker {
    /// Whether `phrase` occurs in `text`, ignoring ASCII case, not inside a
    /// longer word: one phrase at a time, through the matcher the checker's
    /// one-pass ``promotionalMatches(in:)`` uses, so that the oracles above
    /// can hold each against the other.
    static func containsWholeWords(_ phrase: String, in text: String) -> Bool {
        let phrase = PromotionalPhrase(phrase)
        var text = text
        return text.withUTF8 { haystack in haystack.indices.contains { phrase.matches(haystack, at: $0) } }
    }
}
