import TipsSyntax

/// What is wrong with a lock line, and where (byte offsets into the file).
struct LockLineError: Error {
    var message: String
    var start: Int
    var end: Int
}

/// Reads the pieces of one line of a lock: names, punctuation, a quoted tip
/// id. Every read is bounds-checked; what does not fit throws a
/// ``LockLineError`` at its column.
struct LockLineScanner {
    /// The whole file's bytes.
    let bytes: [UInt8]
    /// The next byte to read.
    private(set) var position: Int
    /// One past the line's last byte (before its line break).
    let end: Int

    init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    /// Whether only spaces are left.
    mutating func isAtEnd() -> Bool {
        skipSpaces()
        return position >= end
    }

    /// Skips spaces, and returns where the next piece starts.
    mutating func mark() -> Int {
        skipSpaces()
        return position
    }

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
        while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    /// Reads `character` if it comes next (after spaces).
    mutating func take(_ character: UInt8) -> Bool {
        skipSpaces()
        guard position < end, bytes[position] == character else { return false }
        position += 1
        return true
    }

    /// Reads `character`, or throws "expected `what`".
    mutating func expect(_ character: UInt8, _ what: String) throws(LockLineError) {
        guard take(character) else { throw unexpected(expected: what) }
    }

    /// Reads a name (Swift's identifier rules, as in `.tips`), or throws "expected `what`".
    mutating func name(_ what: String) throws(LockLineError) -> String {
        skipSpaces()
        let start = position
        position = Lexer.nameEnd(in: bytes, from: start, to: end)
        guard position > start else { throw unexpected(expected: what) }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a decimal number of at most nine digits, or throws "expected `what`".
    mutating func number(_ what: String) throws(LockLineError) -> Int {
        skipSpaces()
        let start = position
        while position < end, (0x30...0x39).contains(bytes[position]) { position += 1 }
        guard position > start, position - start <= 9 else {
            position = start
            throw unexpected(expected: what)
        }
        return bytes[start..<position].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Reads a quoted tip id: text with `\\ \" \n \t \r \u{…}` escapes and
    /// `\(argument)` interpolations.
    mutating func quoted(_ what: String) throws(LockLineError) -> InterpolatedText {
        skipSpaces()
        let open = position
        guard take(0x22) else { throw unexpected(expected: what) }
        var segments: [InterpolatedText.Segment] = []
        var text = ""
        while true {
            guard position < end else {
                throw LockLineError(message: "the quoted id has no closing quote", start: open, end: end)
            }
            if bytes[position] == 0x22 {
                position += 1
                break
            }
            if bytes[position] == 0x5C {
                if let argument = try escape(into: &text) {
                    if !text.isEmpty { segments.append(.text(text)) }
                    text = ""
                    segments.append(.argument(argument))
                }
                continue
            }
            text.unicodeScalars.append(try scalar())
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        return InterpolatedText(segments: segments)
    }

    /// Reads one escape after its backslash: appends its character to `text`,
    /// or returns the argument it interpolates.
    private mutating func escape(into text: inout String) throws(LockLineError) -> String? {
        let start = position
        position += 1
        guard position < end else { throw LockLineError(message: "a '\\' ends the line", start: start, end: end) }
        let letter = bytes[position]
        position += 1
        switch letter {
        case 0x5C: text += "\\"
        case 0x22: text += "\""
        case 0x6E: text += "\n"
        case 0x74: text += "\t"
        case 0x72: text += "\r"
        case 0x75: text.unicodeScalars.append(try unicodeEscape(from: start))
        case 0x28:
            let argument = try name("an argument's name after '\\('")
            try expect(0x29, "')' after the argument's name")
            return argument
        default:
            throw LockLineError(
                message: "unknown escape in the quoted id (a lock writes only \\\\ \\\" \\n \\t \\r \\u{…} \\(…))",
                start: start, end: position)
        }
        return nil
    }

    /// Reads `{HEX}` after `\u`.
    private mutating func unicodeEscape(from start: Int) throws(LockLineError) -> Unicode.Scalar {
        let bad = LockLineError(message: "expected \\u{…} with 1 to 8 hex digits", start: start, end: position)
        guard position < end, bytes[position] == 0x7B else { throw bad }
        position += 1
        var value: UInt32 = 0
        var digits = 0
        while position < end, let digit = Self.hexValue(bytes[position]) {
            guard digits < 8 else { throw bad }
            value = value &* 16 &+ digit
            digits += 1
            position += 1
        }
        guard digits > 0, position < end, bytes[position] == 0x7D else { throw bad }
        position += 1
        guard let scalar = Unicode.Scalar(value) else {
            throw LockLineError(message: "\\u{…} names no Unicode character", start: start, end: position)
        }
        return scalar
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// Reads one character of UTF-8, or throws at a byte that is not UTF-8.
    private mutating func scalar() throws(LockLineError) -> Unicode.Scalar {
        guard let (scalar, length) = SourceFile.decodeScalar(in: bytes[..<end], at: position) else {
            throw LockLineError(
                message: "a byte that is not UTF-8: the lock is damaged", start: position, end: position + 1)
        }
        position += length
        return scalar
    }

    /// "expected `what`", pointing at what is there instead.
    func unexpected(expected what: String) -> LockLineError {
        var start = position
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        guard start < end else {
            return LockLineError(message: "expected \(what); the line ends", start: end, end: end)
        }
        var stop = start
        while stop < end, bytes[stop] != 0x20, bytes[stop] != 0x09 { stop += 1 }
        let found = String(decoding: bytes[start..<min(stop, start + 40)], as: UTF8.self)
        return LockLineError(message: "expected \(what), found '\(found)'", start: start, end: stop)
    }
}
