// Curly quotes pasted from a document (“Hi”, ‘Hi’): the content designer's
// most likely mistake. The string is reported once and then read as if its
// quotes were straight, so nothing after it cascades.

/// The kind of curly quote that opened a string, and how to find its end.
struct CurlyQuote {
    /// The UTF-8 length of the opening quote (every curly quote is 3 bytes).
    let openingLength: Int
    /// The scalars that may close the string: the curly quotes of the same
    /// kind (either way round, as documents mix them) and the straight one.
    let closers: [Unicode.Scalar]

    /// The message for a string written with curly quotes.
    static let message = "use straight quotes \"...\" around a string, not curly quotes"

    /// The curly quote that `scalar` opens a string with, or nil.
    init?(opening scalar: Unicode.Scalar) {
        switch scalar {
        case "\u{201C}", "\u{201D}", "\u{201E}":
            self.init(openingLength: 3, closers: ["\u{201D}", "\u{201C}", "\""])
        case "\u{2018}", "\u{2019}", "\u{201A}":
            self.init(openingLength: 3, closers: ["\u{2019}", "\u{2018}", "'"])
        default:
            return nil
        }
    }

    /// A string opened with a straight quote and closed with a curly one (`"Hi”`).
    static let straightOpened = CurlyQuote(openingLength: 1, closers: ["\u{201D}", "\u{201C}"])

    private init(openingLength: Int, closers: [Unicode.Scalar]) {
        self.openingLength = openingLength
        self.closers = closers
    }

    /// The length of the closing quote at `position`, or nil when there is none there.
    func closingLength(in bytes: [UInt8], at position: Int, end: Int) -> Int? {
        let byte = bytes[position]
        if byte < 0x80 { return closers.contains(Unicode.Scalar(byte)) ? 1 : nil }
        // Curly quotes are E2 80 98...9F.
        guard byte == 0xE2, position + 2 < end, bytes[position + 1] == 0x80 else { return nil }
        let value = 0x2000 + UInt32(bytes[position + 2] & 0x3F)
        return closers.contains { $0.value == value } ? 3 : nil
    }
}

extension Lexer {
    /// A curly quote outside a string: the start of a string written with
    /// curly quotes when one closes it on the same line, else an error.
    /// Returns false when `scalar` is not a curly quote.
    mutating func scanCurlyQuote(_ scalar: Unicode.Scalar, length: Int) -> Bool {
        guard let curly = CurlyQuote(opening: scalar) else { return false }
        let start = index
        // Read as a string on a copy, kept only when a quote closes it. The
        // copy starts with nothing reported, so that what its token carries
        // was reported about the string alone.
        var string = self
        string.pendingReport = .none
        guard string.scanString(curly: curly) else {
            // No quote closes it: the rest of the line is the string the
            // quote opened, one malformed token, as for a straight quote, so
            // that the words after it are not read as code and reported again.
            emit(.unknown, from: start, to: string.index, malformed: true)
            error(
                "unexpected character '\(Character(scalar))'; \(CurlyQuote.message)", from: start,
                to: start + length, replacement: "\"")
            index = string.index
            return true
        }
        let before = pendingReport
        self = string
        // One error per string: the quotes, unless the string had worse trouble already.
        if isReady, ready.lexicalReport == LexicalReport.none {
            error(CurlyQuote.message, from: start, to: index, replacement: straightened(from: start, to: index))
        }
        if isReady { ready.lexicalReport.raise(to: before) }
        return true
    }

    /// The string at `start..<end`, written with curly quotes (or one of
    /// them), with straight quotes at its ends instead.
    func straightened(from start: Int, to end: Int) -> String {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return "\"" + text.dropFirst().dropLast() + "\""
    }

    /// Whether a closing curly quote is in `start..<end`: `"Hi”` is a string whose end was pasted.
    func hasCurlyCloser(from start: Int, to end: Int) -> Bool {
        // U+201D is E2 80 9D in UTF-8. A byte scan, because
        // `Collection.firstRange(of:)` needs macOS 13 / iOS 16 and the
        // package supports macOS 12 / iOS 15.
        guard start + 3 <= end else { return false }
        for index in start...(end - 3)
        where bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x9D {
            return true
        }
        return false
    }
}
