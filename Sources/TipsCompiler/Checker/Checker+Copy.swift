// Copy guidance: tips are short, actionable, and not promotional (warnings).

extension Checker {
    /// The longest title that reads at a glance.
    static let maximumTitleLength = 50
    /// The longest message that stays a tip.
    static let maximumMessageLength = 300
    /// Words that make a tip an advertisement.
    static let promotionalPhrases = ["buy", "sale", "free trial", "% off"]

    /// Warns about a long or promotional title; `text` is the literal's ``StringLiteral/displayText``.
    mutating func checkTitleCopy(_ literal: StringLiteral, text: String) {
        // `count` walks the characters; no text has more characters than bytes.
        if text.utf8.count > Self.maximumTitleLength, text.count > Self.maximumTitleLength {
            diagnostics.warning(
                "this title is \(text.count) characters long; keep titles to \(Self.maximumTitleLength) "
                    + "characters or fewer",
                at: literal.range)
        }
        checkPromotional(text, at: literal.range)
    }

    /// Warns about a long, wordy or promotional message; `text` is the literal's ``StringLiteral/displayText``.
    mutating func checkMessageCopy(_ literal: StringLiteral, text: String) {
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
        checkPromotional(text, at: literal.range)
    }

    mutating func checkPromotional(_ literal: StringLiteral) {
        checkPromotional(literal.displayText, at: literal.range)
    }

    /// Warns once per promotional phrase in `text`, in the order of ``promotionalPhrases``.
    mutating func checkPromotional(_ text: String, at range: SourceRange) {
        // One scan of the bytes finds every phrase in ASCII text (nearly all copy).
        let found: UInt32
        if let ascii = Self.asciiPromotionalMatches(in: text) {
            guard ascii != 0 else { return }
            found = ascii
        } else {
            let haystack = Array(text.lowercased())
            found = Self.promotionalPhrases.indices.reduce(0) { mask, index in
                Self.containsWholeWords(Array(Self.promotionalPhrases[index]), in: haystack)
                    ? mask | 1 << UInt32(index) : mask
            }
        }
        for (index, phrase) in Self.promotionalPhrases.enumerated() where found & (1 << UInt32(index)) != 0 {
            diagnostics.warning(
                "'\(phrase)' reads as promotion; tips teach a feature, they do not sell it", at: range)
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
}
