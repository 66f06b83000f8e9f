// Appending pieces of Swift source straight to UTF-8 bytes, without building strings.

extension ByteBuffer {
    /// Appends the UTF-8 of `text` in one copy from its contiguous storage.
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends fixed text from the binary, with no string in between.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `value` as an Int literal: `_` every three digits from 10_000 on.
    mutating func appendInteger(_ value: Int) {
        appendDigits(of: value, grouped: value.magnitude >= 10_000)
    }

    /// Appends `value` in plain decimal digits (`String(value)`).
    mutating func appendDecimal(_ value: Int) {
        appendDigits(of: value, grouped: false)
    }

    /// Writes the digits (with `_` between groups of three when `grouped`)
    /// from the right into room made for all of them.
    private mutating func appendDigits(of value: Int, grouped: Bool) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = grouped ? digits + (digits - 1) / 3 : digits
        var magnitude = value.magnitude
        appendBytes(length) { start in
            var written = 0
            var position = length
            repeat {
                if grouped, written > 0, written % 3 == 0 {
                    position -= 1
                    (start + position).initialize(to: UInt8(ascii: "_"))
                }
                position -= 1
                (start + position).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
                magnitude /= 10
                written += 1
            } while magnitude > 0
        }
    }

    /// Appends a Swift string literal holding `text` exactly.
    mutating func appendStringLiteral(_ text: String) {
        append(UInt8(ascii: "\""))
        appendEscaped(text)
        append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for the inside of a Swift string literal: `\\`,
    /// `"`, control characters and U+2028/U+2029 (UTF-8 E2 80 A8/A9), which
    /// would end the literal's line, are escaped; runs of other bytes are
    /// copied as they are.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if !Self.mayNeedEscape(byte) {
                    index += 1
                    continue
                }
                let isLineOrParagraphSeparator =
                    byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && bytes[index + 2] & 0xFE == 0xA8
                if byte == 0xE2 && !isLineOrParagraphSeparator {
                    index += 1
                    continue
                }
                append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if isLineOrParagraphSeparator {
                    appendUnicodeEscape(0x2000 + UInt32(bytes[index + 2] - 0x80))
                    index += 3
                } else {
                    appendEscape(of: byte)
                    index += 1
                }
                runStart = index
            }
            append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
    }

    /// Whether `byte` is a control character, `"`, `\\`, DEL or E2 (which
    /// starts U+2028 and U+2029), looked up in a 256-bit table.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = 0x0000_0004_FFFF_FFFF  // 00-1F and 22
        case 1: word = 0x8000_0000_1000_0000  // 5C and 7F
        case 2: word = 0
        default: word = 0x0000_0004_0000_0000  // E2
        }
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// Appends the escape of an ASCII byte that cannot stand for itself in a string literal.
    private mutating func appendEscape(of byte: UInt8) {
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "\\"): escape = "\\\\"
        case UInt8(ascii: "\""): escape = "\\\""
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00: escape = "\\0"
        default:
            appendUnicodeEscape(UInt32(byte))
            return
        }
        append(escape)
    }

    /// `\u{HEX}`, uppercase hex without leading zeros.
    private mutating func appendUnicodeEscape(_ value: UInt32) {
        append("\\u{")
        appendUTF8(String(value, radix: 16, uppercase: true))
        append(UInt8(ascii: "}"))
    }

    /// Appends `text` made safe for a `//` comment: each control character
    /// (C0 and C1) and U+2028/U+2029, which would end the comment's line,
    /// becomes a space.
    mutating func appendCommentText(_ text: String) {
        func breaksComment(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        // Nearly every comment line has none: copied in one piece.
        guard text.unicodeScalars.contains(where: breaksComment) else { return appendUTF8(text) }
        for scalar in text.unicodeScalars {
            appendUTF8(breaksComment(scalar) ? " " : String(scalar))
        }
    }
}
