import TipsSyntax

extension JSONParser {
    /// A string as read: its text, its range (quotes included), and its
    /// spelling when that differs from how ``JSONPrinter`` writes the text.
    struct StringToken {
        var text: String
        var range: SourceRange
        var spelling: String?
    }

    /// Reads the string that starts at the `"` under the cursor.
    mutating func string() throws(JSONSyntaxError) -> StringToken {
        let start = position
        position += 1
        var hasEscapes = false
        while true {
            guard let byte = peek(), byte != 0x0A, byte != 0x0D else {
                throw error("this string is not closed; end it with '\"' on the same line", at: start, length: 1)
            }
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                // Skips the escaped byte too, unless the line ends there (an unclosed string).
                hasEscapes = true
                let next = position + 1 < file.bytes.count ? file.bytes[position + 1] : 0x0A
                position += next == 0x0A || next == 0x0D ? 1 : 2
                continue
            }
            if byte < 0x20 {
                let escape = byte == 0x09 ? "\\t" : "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                throw error("a control character in a string must be written as '\(escape)'", at: position, length: 1)
            }
            position += 1
        }
        let content = file.bytes[(start + 1)..<position]
        position += 1
        let range = range(from: start)
        guard hasEscapes else { return StringToken(text: String(decoding: content, as: UTF8.self), range: range) }
        let text = try unescaped(content, from: start + 1)
        let spelling = String(decoding: content, as: UTF8.self)
        return StringToken(text: text, range: range, spelling: JSONPrinter.escaped(text) == spelling ? nil : spelling)
    }

    /// The text of a string's content (between its quotes) with its escapes
    /// decoded; a byte that is not UTF-8 reads as U+FFFD.
    ///
    /// The text's UTF-8 is written into one buffer, ASCII a byte at a time,
    /// and made a string once: appending each scalar to a string, each
    /// decoded through the generic decoder, took 31 % of `tipc check
    /// --strings` of 10,000 tips with their 9.3 MB catalog (`perf record`),
    /// whose comments have escapes.
    func unescaped(_ content: ArraySlice<UInt8>, from offset: Int) throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(content.count)
        var index = content.startIndex
        while index < content.endIndex {
            let byte = content[index]
            if byte < 0x80, byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                let (scalar, length) = SourceFile.decodeScalar(in: content, at: index) ?? ("\u{FFFD}", 1)
                utf8.append(contentsOf: scalar.utf8)
                index += length
                continue
            }
            let escape = index + 1 < content.endIndex ? content[index + 1] : 0
            if escape == UInt8(ascii: "u") {
                let (scalar, length) = try unicodeEscape(in: content, at: index)
                utf8.append(contentsOf: scalar.utf8)
                index += length
                continue
            }
            guard let decoded = Self.simpleEscapes[escape] else {
                let shown = SourceFile.decodeScalar(in: content, at: index + 1).map { String($0.scalar) } ?? ""
                throw error(
                    "'\\\(shown)' is not an escape JSON knows; write \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                    at: index, length: 2)
            }
            utf8.append(contentsOf: decoded.utf8)
            index += 2
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The escapes of one character after `\`.
    static let simpleEscapes: [UInt8: Unicode.Scalar] = [
        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{08}",
        UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
    ]

    /// The scalar of the `\uXXXX` escape at `index` (two of them for a
    /// surrogate pair), and how many bytes it takes.
    func unicodeEscape(in content: ArraySlice<UInt8>, at index: Int) throws(JSONSyntaxError) -> (Unicode.Scalar, Int) {
        guard let high = Self.hexValue(content, at: index + 2) else {
            throw error("'\\u' must be followed by four hexadecimal digits", at: index, length: 2)
        }
        if let scalar = Unicode.Scalar(high) { return (scalar, 6) }
        let written = "\\u" + String(decoding: content[(index + 2)..<(index + 6)], as: UTF8.self)
        guard high < 0xDC00, index + 7 < content.endIndex, content[index + 6] == UInt8(ascii: "\\"),
            content[index + 7] == UInt8(ascii: "u"), let low = Self.hexValue(content, at: index + 8),
            (0xDC00...0xDFFF).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else {
            throw error(
                "'\(written)' is half of a surrogate pair; the other half must follow it", at: index, length: 6)
        }
        return (scalar, 12)
    }

    /// The value of the four hexadecimal digits at `index`, or nil.
    static func hexValue(_ content: ArraySlice<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= content.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in content[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
