// Copy guidance: tips are short, actionable, and not promotional (warnings).
//
// The rules read UTF-8 bytes. Only ASCII letters, digits, whitespace,
// `.!?` and the full-width sentence ends of Chinese and Japanese (`。！？`)
// play a part in them; every other character counts as a letter of a word,
// so a byte of it is a word byte (`café sale` has the words `café` and
// `sale`).

import TipsSyntax

extension Checker {
    /// The longest title that reads at a glance.
    package static let maximumTitleLength = 50
    /// The longest message that stays a tip.
    package static let maximumMessageLength = 300
    /// Words that make a tip an advertisement, each with the reason; the
    /// table in `docs/Language.md` ("Promotional copy") lists the same, in
    /// this order (a test compares them). At most 32: a bit each.
    static let promotionalCopy: [(phrase: String, reason: String)] = [
        ("buy", "asks the reader to pay"),
        ("sale", "advertises a price"),
        ("free trial", "sells a subscription"),
        ("% off", "advertises a discount"),
        ("discount", "advertises a price"),
        ("upgrade now", "urges a purchase"),
        ("subscribe now", "urges a purchase"),
        ("act now", "presses for a decision, which a tip never needs"),
        ("limited time", "invents urgency"),
        ("don't miss", "invents urgency"),
        ("special offer", "advertises a deal"),
        ("promo code", "advertises a deal"),
        ("coupon", "advertises a deal"),
    ]

    /// The phrases of ``promotionalCopy``, in its order.
    static let promotionalPhrases = promotionalCopy.map(\.phrase)

    /// Warns about a long, wordy (a message of more than two sentences) or
    /// promotional title or message; `text` is the literal's ``StringLiteral/displayText``.
    mutating func checkCopy(_ literal: StringLiteral, text: String, isTitle: Bool) {
        let (noun, maximum) = isTitle ? ("title", Self.maximumTitleLength) : ("message", Self.maximumMessageLength)
        // `count` walks the characters; no text has more characters than bytes.
        if text.utf8.count > maximum, text.count > maximum {
            diagnostics.warning(
                "this \(noun) is \(text.count) characters long; keep \(noun)s to \(maximum) characters or fewer",
                at: literal.range)
        } else if !isTitle, case let sentences = Self.sentenceCount(text), sentences > 2 {
            diagnostics.warning(
                "this message has \(sentences) sentences; keep messages to one or two", at: literal.range)
        }
        checkPromotional(text, at: literal.range)
    }

    /// Warns once per promotional phrase in `text`, in the order of ``promotionalPhrases``.
    mutating func checkPromotional(_ text: String, at range: SourceRange) {
        let found = Self.promotionalMatches(in: text)
        guard found != 0 else { return }
        for (index, phrase) in Self.promotionalPhrases.enumerated() where found & (1 << UInt32(index)) != 0 {
            diagnostics.warning(
                "'\(phrase)' reads as promotion; tips teach a feature, they do not sell it", at: range)
        }
    }

    /// Sentences end at a run of `.`, `!` or `?` followed by whitespace or
    /// the end, and at a run of `。`, `！` or `？`, which no space follows in
    /// Chinese and Japanese. The source copy and each translation are
    /// counted by this one rule.
    static func sentenceCount(_ text: String) -> Int {
        text.withContiguousUTF8 { bytes in
            var count = 0
            var sawText = false
            var index = 0
            while index < bytes.count {
                guard sentenceEndLength(in: bytes, at: index) > 0 else {
                    if !isASCIIWhitespace(bytes[index]) { sawText = true }
                    index += 1
                    continue
                }
                // A run of ends (`?!`, `。！`) ends one sentence: always when
                // it holds one of `。！？`, which no space follows; else only
                // before a space or the end (`3.5`, `e.g.` are not sentences).
                var next = index
                var hasFullWidthEnd = false
                while next < bytes.count {
                    let length = sentenceEndLength(in: bytes, at: next)
                    guard length > 0 else { break }
                    if length == 3 { hasFullWidthEnd = true }
                    next += length
                }
                if sawText && (hasFullWidthEnd || next == bytes.count || isASCIIWhitespace(bytes[next])) {
                    count += 1
                    sawText = false
                }
                index = next
            }
            return count + (sawText ? 1 : 0)
        }
    }

    /// The phrases of ``promotionalPhrases`` that `text` contains as whole
    /// words, ignoring ASCII case: bit `i` set for phrase `i`. One pass over
    /// the bytes: only a byte that starts some phrase, followed by a byte
    /// that can be that phrase's second, is compared further (with the
    /// tables read once, −2.2 M instructions of 10,000 tips, callgrind).
    static func promotionalMatches(in text: String) -> UInt32 {
        // Read once: a global read in the loop checks, each time, that it is
        // initialized (−1.6 M instructions of 10,000 tips, callgrind).
        let phrases = PromotionalPhrase.all
        let table = PromotionalPhrase.byteTable
        // The table is read through a pointer: a byte indexes within its 256
        // entries, so no read needs the array's bounds check (−4.3 M
        // instructions of 10,000 tips, callgrind, `Checker.run`).
        return text.withContiguousUTF8 { haystack in
            table.withUnsafeBufferPointer { table in
                var found: UInt32 = 0
                var afterWordByte = false
                let count = haystack.count
                var index = 0
                while index < count {
                    // No phrase starts inside a word: one that starts with a
                    // word byte may not follow one, and any other starts with
                    // a byte that is not one. Most bytes are inside words, and
                    // go no further (1.4 M instructions fewer for 10,000 tips,
                    // callgrind, `Checker.run`).
                    let entry = table[Int(haystack[index])]
                    defer { index += 1 }
                    if entry.isWordByte && afterWordByte { continue }
                    afterWordByte = entry.isWordByte
                    // 0 past the end: no phrase has a NUL byte.
                    let next = index + 1 < count ? haystack[index + 1] : 0
                    var candidates = entry.startingWith & table[Int(next)].secondByte & ~found
                    while candidates != 0 {
                        let phraseIndex = candidates.trailingZeroBitCount
                        candidates &= candidates - 1
                        if phrases[phraseIndex].matches(haystack, at: index) { found |= 1 << UInt32(phraseIndex) }
                    }
                }
                return found
            }
        }
    }

    /// A phrase as lowercased bytes (internal: the tests match one phrase at a time with it).
    struct PromotionalPhrase {
        /// The phrase's bytes, lowercased.
        let bytes: [UInt8]
        /// Whether the phrase may not follow a word byte (it starts with one).
        let checksLeft: Bool
        /// Whether the phrase may not precede a word byte (it ends with one).
        let checksRight: Bool

        init(_ phrase: String) {
            bytes = phrase.utf8.map(asciiLowercased)
            checksLeft = bytes.first.map(isWordByte) ?? false
            checksRight = bytes.last.map(isWordByte) ?? false
        }

        /// Every phrase, in the order of ``promotionalPhrases``.
        static let all = promotionalPhrases.map(PromotionalPhrase.init)

        /// What the scan needs to know of one byte.
        struct ByteEntry {
            /// The phrases that start with the byte, ignoring case, a bit each.
            var startingWith: UInt32 = 0
            /// The phrases whose second byte it may be, ignoring case, a bit
            /// each; a phrase of one byte may be followed by any.
            var secondByte: UInt32 = 0
            /// Whether it is a word byte (``isWordByte(_:)``).
            var isWordByte = false
        }

        /// Every byte's entry, by the byte's value.
        static let byteTable: [ByteEntry] = {
            var table = (0...UInt8.max).map { ByteEntry(isWordByte: Checker.isWordByte($0)) }
            for (index, phrase) in all.enumerated() {
                guard let first = phrase.bytes.first else { continue }
                let second = phrase.bytes.dropFirst().first
                for byte in 0...UInt8.max {
                    let lowercased = asciiLowercased(byte)
                    if lowercased == first { table[Int(byte)].startingWith |= 1 << UInt32(index) }
                    if second.map({ lowercased == $0 }) ?? true { table[Int(byte)].secondByte |= 1 << UInt32(index) }
                }
            }
            return table
        }()

        /// Whether the phrase occurs at `start` of `haystack` as whole words, ignoring ASCII case.
        func matches(_ haystack: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
            let end = start + bytes.count
            guard !bytes.isEmpty, end <= haystack.count else { return false }
            if checksLeft && start > 0 && isWordByte(haystack[start - 1]) { return false }
            for offset in bytes.indices where asciiLowercased(haystack[start + offset]) != bytes[offset] {
                return false
            }
            return !checksRight || end == haystack.count || !isWordByte(haystack[end])
        }
    }

    static func isSentenceEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")
    }

    /// The bytes of the sentence end at `index`: 1 for `.`, `!` or `?`, 3
    /// for `。` (E3 80 82), `！` (EF BC 81) or `？` (EF BC 9F), 0 for none.
    static func sentenceEndLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if isSentenceEnd(byte) { return 1 }
        guard byte >= 0xE3, index + 2 < bytes.count else { return 0 }
        switch (byte, bytes[index + 1], bytes[index + 2]) {
        case (0xE3, 0x80, 0x82), (0xEF, 0xBC, 0x81), (0xEF, 0xBC, 0x9F): return 3
        default: return 0
        }
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// An ASCII letter or digit, or any byte of a non-ASCII character.
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
