import Testing

@testable import TipsCompiler

/// The byte-level fast paths give exactly the answers of the character-level
/// code they stand in for (kept here as the reference), on tricky text too.
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
            #expect(Checker.sentenceCount(text) == Self.referenceSentenceCount(text), "\(text.debugDescription)")
        }
    }

    @Test func wholeWordSearchMatchesTheCharacterVersion() {
        for text in Self.samples {
            for phrase in ["buy", "sale", "free trial", "% off", "a", "\n", "\r", "e"] {
                #expect(
                    Checker.containsWholeWords(phrase, in: text) == Self.referenceContainsWholeWords(phrase, in: text),
                    "\(phrase.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test func singleLineMatchesTheCharacterVersion() {
        for text in Self.samples {
            #expect(Checker.singleLine(text) == Self.referenceSingleLine(text), "\(text.debugDescription)")
        }
    }

    @Test func escapingAndCommentTextMatchTheScalarVersions() {
        for text in Self.samples {
            #expect(SwiftNames.escaped(text) == Self.referenceEscaped(text), "\(text.debugDescription)")
            #expect(SwiftNames.commentText(text) == Self.referenceCommentText(text), "\(text.debugDescription)")
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

    // MARK: - The character-level reference versions

    static func referenceSentenceCount(_ text: String) -> Int {
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

    static func referenceContainsWholeWords(_ phrase: String, in text: String) -> Bool {
        let haystack = Array(text.lowercased())
        let needle = Array(phrase.lowercased())
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            let end = start + needle.count
            let leftOK =
                !(needle.first.map(isWordCharacter) ?? false) || start == 0 || !isWordCharacter(haystack[start - 1])
            let rightOK =
                !(needle.last.map(isWordCharacter) ?? false) || end == haystack.count
                || !isWordCharacter(haystack[end])
            if leftOK && rightOK { return true }
        }
        return false
    }

    static func referenceSingleLine(_ text: String) -> String {
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

    static func referenceEscaped(_ text: String) -> String {
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

    static func referenceCommentText(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0)
            })
    }
}
