/// Damages bytes the ways editors, copy-paste and bad encodings do.
struct Mutator {
    var bytes: [UInt8]

    /// Stray punctuation that opens or closes something.
    static let punctuation: [[UInt8]] = [
        "\"", "{", "}", "(", ")", "\\", "\\(", "\\u{", "\"\"\"", "/*", "*/", "//", "///", "\n", "\r\n", "\r",
        "\t", ".", ",", ":", "=", "!", "&&", "-", "tip ", "rule ", "title ", "group ", "enum ", "event ",
        "parameter ", "config ", "9999999999999999999999", "1e", "5mo", ".count", ".donations",
    ].map { Array($0.utf8) }

    /// Unicode that is valid but unusual.
    static let unicode: [[UInt8]] = [
        "\u{0301}", "e\u{0301}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F600}", "\u{202E}",
        "\u{05D0}\u{05D1}", "\u{0627}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{200B}", "\u{00A0}", "\u{FFFD}",
        "\u{10FFFF}", "ǅ", "ﬁ", "Ⅻ",
    ].map { Array($0.utf8) }

    /// NUL and invalid UTF-8: lone continuation bytes, overlong forms,
    /// surrogates, truncated sequences and bytes that never occur.
    static let invalid: [[UInt8]] = [
        [0], [0x80], [0xBF], [0x80, 0x80], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF],
        [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0xF4, 0x90, 0x80, 0x80], [0xFE], [0xFF],
    ]

    mutating func mutate(using generator: inout some RandomNumberGenerator) {
        let position = Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:  // Delete a span.
            let end = min(bytes.count, position + Int.random(in: 1...40, using: &generator))
            bytes.removeSubrange(position..<end)
        case 1:  // Duplicate a span in place.
            let end = min(bytes.count, position + Int.random(in: 1...80, using: &generator))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        case 2:  // Copy a span from elsewhere in the file.
            let from = Int.random(in: 0...bytes.count, using: &generator)
            let end = min(bytes.count, from + Int.random(in: 1...60, using: &generator))
            bytes.insert(contentsOf: Array(bytes[from..<end]), at: position)
        case 3, 4:
            bytes.insert(contentsOf: Self.pick(Self.punctuation, using: &generator), at: position)
        case 5:
            bytes.insert(contentsOf: Self.pick(Self.unicode, using: &generator), at: position)
        case 6:
            bytes.insert(contentsOf: Self.pick(Self.invalid, using: &generator), at: position)
        default:  // Truncate: a file cut off mid-way, perhaps mid-character.
            bytes.removeSubrange(position..<bytes.count)
        }
    }

    static func pick(_ choices: [[UInt8]], using generator: inout some RandomNumberGenerator) -> [UInt8] {
        choices[Int.random(in: 0..<choices.count, using: &generator)]
    }
}
