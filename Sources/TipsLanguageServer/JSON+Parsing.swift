import Foundation

// Reading JSON (RFC 8259) straight from a frame's bytes into ``JSON``: an
// editor sends a message for every keystroke, and Foundation's decoder,
// asked for a value of unknown shape, spends most of the time of an edit
// trying each type in turn.

extension JSON {
    /// How deeply arrays and objects may nest in a message: far more than
    /// any LSP message needs, and few enough that parsing cannot exhaust the stack.
    public static let maximumDepth = 512

    /// Parses UTF-8 JSON; nil when it is not JSON (or nests deeper than ``maximumDepth``).
    public static func decode(_ data: Data) -> JSON? {
        data.withUnsafeBytes { raw -> JSON? in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            // (`JSON` is `ExpressibleByNilLiteral`: every "not JSON" below is spelled `.none`.)
            guard let value = parser.parseValue(depth: 0) else { return .none }
            parser.skipWhitespace()
            guard parser.index == parser.bytes.count else { return .none }
            return value
        }
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes. Strings are decoded
/// with invalid UTF-8 and lone surrogate escapes replaced by U+FFFD.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue(depth: Int) -> JSON? {
        skipWhitespace()
        guard index < bytes.count, depth <= JSON.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth)
        case UInt8(ascii: "["): return parseArray(depth: depth)
        case UInt8(ascii: "\""): return parseString().map(JSON.string)
        case UInt8(ascii: "t"): return parseWord("true", .bool(true))
        case UInt8(ascii: "f"): return parseWord("false", .bool(false))
        case UInt8(ascii: "n"): return parseWord("null", .null)
        default: return parseNumber()
        }
    }

    private mutating func parseWord(_ word: StaticString, _ value: JSON) -> JSON? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func parseObject(depth: Int) -> JSON? {
        index += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = parseValue(depth: depth + 1) else { return nil }
            members[key] = value
            guard let more = takeSeparator(closing: UInt8(ascii: "}")) else { return nil }
            if !more { return .object(members) }
        }
    }

    private mutating func parseArray(depth: Int) -> JSON? {
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let value = parseValue(depth: depth + 1) else { return nil }
            elements.append(value)
            guard let more = takeSeparator(closing: UInt8(ascii: "]")) else { return nil }
            if !more { return .array(elements) }
        }
    }

    /// Reads what follows a member or an element: true after a `,` (another
    /// follows), false after `closer` (it was the last), nil at anything else.
    private mutating func takeSeparator(closing closer: UInt8) -> Bool? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        index += 1
        switch bytes[index - 1] {
        case UInt8(ascii: ","): return true
        case closer: return false
        default: return nil
        }
    }

    /// A string from its opening quote; the fast path copies a run without
    /// escapes at once.
    private mutating func parseString() -> String? {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard appendEscape(to: &utf8) else { return nil }
            case 0..<0x20: return nil
            default: utf8.append(byte)
            }
        }
        return nil
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func appendEscape(to utf8: inout [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = parseHex4() else { return false }
            var scalar: Unicode.Scalar? = Unicode.Scalar(unit)
            if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            {
                let mark = index
                index += 2
                if let low = parseHex4(), (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                } else {
                    index = mark
                }
            }
            UTF8.encode(scalar ?? "\u{FFFD}") { utf8.append($0) }
        default: return false
        }
        return true
    }

    private mutating func parseHex4() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; whole numbers
    /// of up to 15 digits are read without going through text.
    private mutating func parseNumber() -> JSON? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard skipDigits(), bytes[integerStart] != UInt8(ascii: "0") || index - integerStart == 1 else { return nil }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return nil }
            isWhole = false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() else { return nil }
            isWhole = false
        }
        if isWhole, index - integerStart <= 15 {
            var value = 0
            for position in integerStart..<index { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
            return .number(Double(start == integerStart ? value : -value))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return Double(text).map(JSON.number)
    }

    /// Skips one or more digits; false when there is none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }
}
