// Copy guidance over bytes: the ASCII fast paths of Checker+Copy.swift.
//
// On ASCII text these give exactly the answers of the character-based
// versions without building arrays of characters: ASCII letters and
// digits are the only ASCII letters and numbers, 0x09...0x0D and space the
// only ASCII whitespace, and the one multi-byte ASCII character, "\r\n",
// is whitespace and neither a word character nor punctuation, as are both
// of its bytes.

extension Checker {
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

    /// The phrases of ``promotionalPhrases`` that `text` contains as whole
    /// words, case-insensitively: bit `i` set for phrase `i`. Nil when `text`
    /// is not ASCII. One pass over the bytes: only a byte that starts some
    /// phrase is compared further, so the phrases cost nothing elsewhere.
    static func asciiPromotionalMatches(in text: String) -> UInt32? {
        var text = text
        return text.withUTF8 { haystack -> UInt32? in
            PromotionalPhrase.startingWith.withUnsafeBufferPointer { startingWith -> UInt32? in
                var found: UInt32 = 0
                for index in haystack.indices {
                    let byte = haystack[index]
                    if byte >= 0x80 { return nil }
                    var candidates = startingWith[Int(byte)] & ~found
                    while candidates != 0 {
                        let phraseIndex = candidates.trailingZeroBitCount
                        candidates &= candidates - 1
                        if PromotionalPhrase.all[phraseIndex].matches(haystack, at: index) {
                            found |= 1 << UInt32(phraseIndex)
                        }
                    }
                }
                return found
            }
        }
    }

    /// A phrase of ``promotionalPhrases`` as lowercased bytes, for ``asciiPromotionalMatches(in:)``.
    private struct PromotionalPhrase {
        /// The phrase's bytes, lowercased.
        let bytes: [UInt8]
        /// Whether the phrase may not follow a word character (it starts with one).
        let checksLeft: Bool
        /// Whether the phrase may not precede a word character (it ends with one).
        let checksRight: Bool

        /// Every phrase, in the order of ``promotionalPhrases``.
        static let all: [PromotionalPhrase] = promotionalPhrases.map { phrase in
            let bytes = Array(phrase.lowercased().utf8)
            return PromotionalPhrase(
                bytes: bytes, checksLeft: bytes.first.map(isASCIIWordByte) ?? false,
                checksRight: bytes.last.map(isASCIIWordByte) ?? false)
        }

        /// For each ASCII byte: the phrases that start with it, ignoring case, a bit each.
        static let startingWith: [UInt32] = {
            var table = [UInt32](repeating: 0, count: 128)
            for (index, phrase) in all.enumerated() {
                guard let first = phrase.bytes.first, first < 0x80 else { continue }
                for byte in UInt8(0)..<0x80 where asciiLowercased(byte) == first {
                    table[Int(byte)] |= 1 << UInt32(index)
                }
            }
            return table
        }()

        /// Whether the phrase occurs at `start` of `haystack` as whole words, ignoring ASCII case.
        func matches(_ haystack: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
            let end = start + bytes.count
            guard end <= haystack.count else { return false }
            if checksLeft && start > 0 && isASCIIWordByte(haystack[start - 1]) { return false }
            for offset in 1..<bytes.count where asciiLowercased(haystack[start + offset]) != bytes[offset] {
                return false
            }
            return !checksRight || end == haystack.count || !isASCIIWordByte(haystack[end])
        }
    }

    static func isSentenceEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
