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

    /// Appends ``SwiftNames/integer(_:)`` of `value`: `_` every three digits from 10_000 on.
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
}
