// Copy guidance: tips are short, actionable, and not promotional (warnings).

extension Checker {
    /// The longest title that reads at a glance.
    static let maximumTitleLength = 50
    /// The longest message that stays a tip.
    static let maximumMessageLength = 300
    /// Words that make a tip an advertisement.
    static let promotionalPhrases = ["buy", "sale", "free trial", "% off"]

    mutating func checkTitleCopy(_ literal: StringLiteral) {
        let text = literal.displayText
        // `count` walks the characters; no text has more characters than bytes.
        if text.utf8.count > Self.maximumTitleLength, text.count > Self.maximumTitleLength {
            diagnostics.warning(
                "this title is \(text.count) characters long; keep titles to \(Self.maximumTitleLength) "
                    + "characters or fewer",
                at: literal.range)
        }
        checkPromotional(literal)
    }

    mutating func checkMessageCopy(_ literal: StringLiteral) {
        let text = literal.displayText
        if text.utf8.count > Self.maximumMessageLength, text.count > Self.maximumMessageLength {
            diagnostics.warning(
                "this message is \(text.count) characters long; keep messages to "
                    + "\(Self.maximumMessageLength) characters or fewer",
                at: literal.range)
        } else {
            let sentences = Self.sentenceCount(text)
            if sentences > 2 {
                diagnostics.warning(
                    "this message has \(sentences) sentences; keep messages to one or two", at: literal.range)
            }
        }
        checkPromotional(literal)
    }

    mutating func checkPromotional(_ literal: StringLiteral) {
        let text = literal.displayText
        var haystack: [Character]?  // lowercased once, and only for text that is not ASCII
        for phrase in Self.promotionalPhrases {
            let found: Bool
            if let ascii = Self.asciiContainsWholeWords(phrase, in: text) {
                found = ascii
            } else {
                let characters = haystack ?? Array(text.lowercased())
                haystack = characters
                found = Self.containsWholeWords(Array(phrase), in: characters)
            }
            guard found else { continue }
            diagnostics.warning(
                "'\(phrase)' reads as promotion; tips teach a feature, they do not sell it", at: literal.range)
        }
    }

    /// Sentences end at `.`, `!` or `?` followed by a space or the end.
    static func sentenceCount(_ text: String) -> Int {
        asciiSentenceCount(text) ?? characterSentenceCount(text)
    }

    /// ``sentenceCount(_:)`` over Characters: right for any text, slower.
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

    /// Whether `phrase` occurs in `text`, case-insensitively, not inside a longer word.
    static func containsWholeWords(_ phrase: String, in text: String) -> Bool {
        if let found = asciiContainsWholeWords(phrase, in: text) { return found }
        return containsWholeWords(Array(phrase.lowercased()), in: Array(text.lowercased()))
    }

    /// Whether lowercased `needle` occurs in lowercased `haystack`, not inside
    /// a longer word. Linear in practice: no copy per position, so a
    /// megabyte-long title stays fast.
    static func containsWholeWords(_ needle: [Character], in haystack: [Character]) -> Bool {
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

    // MARK: - ASCII fast paths

    // On ASCII text these give exactly the answers of the character-based
    // versions above without building arrays of characters: ASCII letters and
    // digits are the only ASCII letters and numbers, 0x09...0x0D and space the
    // only ASCII whitespace, and the one multi-byte ASCII character, "\r\n",
    // is whitespace and neither a word character nor punctuation, as are both
    // of its bytes.

    /// ``sentenceCount(_:)`` over bytes, or nil when `text` is not ASCII.
    static func asciiSentenceCount(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var count = 0
            var sawText = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if isSentenceEnd(byte) {
                    var next = index + 1
                    while next < bytes.count, isSentenceEnd(bytes[next]) { next += 1 }
                    if next < bytes.count, bytes[next] >= 0x80 { return nil }
                    if sawText && (next == bytes.count || isASCIIWhitespace(bytes[next])) {
                        count += 1
                        sawText = false
                    }
                    index = next
                    continue
                }
                if !isASCIIWhitespace(byte) { sawText = true }
                index += 1
            }
            return count + (sawText ? 1 : 0)
        }
    }

    /// ``containsWholeWords(_:in:)`` over bytes, or nil when either string is
    /// not ASCII or the phrase holds a line break (which could match half of "\r\n").
    static func asciiContainsWholeWords(_ phrase: String, in text: String) -> Bool? {
        var phrase = phrase
        var text = text
        return phrase.withUTF8 { needle -> Bool? in
            text.withUTF8 { haystack -> Bool? in
                guard needle.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }), haystack.allSatisfy({ $0 < 0x80 })
                else { return nil }
                guard let first = needle.first, let last = needle.last, haystack.count >= needle.count else {
                    return false
                }
                let checksLeft = isASCIIWordByte(first)
                let checksRight = isASCIIWordByte(last)
                search: for start in 0...(haystack.count - needle.count) {
                    for offset in 0..<needle.count
                    where asciiLowercased(haystack[start + offset]) != asciiLowercased(needle[offset]) {
                        continue search
                    }
                    let end = start + needle.count
                    let leftOK = !checksLeft || start == 0 || !isASCIIWordByte(haystack[start - 1])
                    let rightOK = !checksRight || end == haystack.count || !isASCIIWordByte(haystack[end])
                    if leftOK && rightOK { return true }
                }
                return false
            }
        }
    }

    private static func isSentenceEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
