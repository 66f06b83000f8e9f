// Appending pieces of Swift source straight to UTF-8 bytes, without building strings.

extension [UInt8] {
    /// Appends the UTF-8 of `text` in one copy from its contiguous storage.
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends fixed text from the binary, with no string in between.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends ``SwiftNames/integer(_:)`` of `value`: `_` every three digits from 10_000 on.
    mutating func appendInteger(_ value: Int) {
        appendDigits(of: value, grouped: value.magnitude >= 10_000)
    }

    /// Appends `value` in plain decimal digits (`String(value)`).
    mutating func appendDecimal(_ value: Int) {
        appendDigits(of: value, grouped: false)
    }

    /// Writes the digits from the right (with `_` between groups of three
    /// when `grouped`), then puts them in order.
    private mutating func appendDigits(of value: Int, grouped: Bool) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = count
        var written = 0
        repeat {
            if grouped, written > 0, written % 3 == 0 { append(UInt8(ascii: "_")) }
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
            written += 1
        } while magnitude > 0
        self[start...].reverse()
    }

    /// Appends ``SwiftNames/stringLiteral(_:)`` of `text`.
    mutating func appendStringLiteral(_ text: String) {
        append(UInt8(ascii: "\""))
        appendEscaped(text)
        append(UInt8(ascii: "\""))
    }

    /// Appends ``SwiftNames/escaped(_:)`` of `text`: as is unless something needs escaping.
    mutating func appendEscaped(_ text: String) {
        appendUTF8(SwiftNames.needsEscaping(text) ? SwiftNames.byteEscaped(text) : text)
    }

    /// Appends ``SwiftNames/commentText(_:)`` of `text`.
    mutating func appendCommentText(_ text: String) {
        appendUTF8(SwiftNames.containsCommentBreakingScalar(text) ? SwiftNames.scalarCommentText(text) : text)
    }

    /// Whether `self[range]` is plain: ASCII without a carriage return, so
    /// that its width in characters is its byte count whatever its neighbours.
    func isPlain(_ range: Range<Int>) -> Bool {
        withUnsafeBufferPointer { buffer in
            var flags: UInt8 = 0
            for index in range {
                let byte = buffer[index]
                flags |= byte & 0x80 | (byte == 0x0D ? 0x80 : 0)
            }
            return flags == 0
        }
    }
}
