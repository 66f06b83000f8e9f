import TipsSyntax

/// How a text is written in a String Catalog: its words as they are, each
/// slot as `\(name)` (as in `.tips`, so a translator sees the same slot and a
/// misspelled one can get a "did you mean"), and a backslash as `\\`.
public enum CatalogText {
    /// The catalog spelling of `text`.
    public static func spelling(_ text: InterpolatedText) -> String {
        var out = ""
        for segment in text.segments {
            switch segment {
            case .text(let words): out += words.replacingOccurrences(of: "\\", with: "\\\\")
            case .argument(let name): out += "\\(\(name))"
            }
        }
        return out
    }

    /// A slot of a catalog text: its name and where it is, in bytes from the text's start.
    public struct Slot: Hashable, Sendable {
        /// The name between the parentheses.
        public var name: String
        /// The bytes of `\(name)` in the text.
        public var bytes: Range<Int>
    }

    /// The printf-style format specifiers in `spelling` (`%@`, `%lld`,
    /// `%1$@`), as Xcode writes an interpolation of a Swift string, with
    /// where each is in bytes; `%%` is a percent sign, not one. Tips fill no
    /// specifier: each shows as written.
    public static func formatSpecifiers(in spelling: String) -> [(text: String, bytes: Range<Int>)] {
        let bytes = Array(spelling.utf8)
        var found: [(text: String, bytes: Range<Int>)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            var end = index + 1
            // An argument's position (`1$`), then a length (`l`, `ll`, `h`, ...), then the conversion.
            var digits = end
            while digits < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) { digits += 1 }
            if digits > end, digits < bytes.count, bytes[digits] == UInt8(ascii: "$") { end = digits + 1 }
            while end < bytes.count, Self.lengthModifiers.contains(bytes[end]) { end += 1 }
            guard end < bytes.count, Self.conversions.contains(bytes[end]) else {
                index += 1
                continue
            }
            found.append((String(decoding: bytes[index...end], as: UTF8.self), index..<(end + 1)))
            index = end + 1
        }
        return found
    }

    private static let lengthModifiers = Set("lhqLztj".utf8)
    private static let conversions = Set("@dDiuUxXoOfFeEgGcCsSaAp".utf8)

    /// Reads a catalog text back: `\(name)` is a slot, `\\` one backslash,
    /// any other backslash itself. Also returns each slot with where it is.
    public static func parse(_ spelling: String) -> (text: InterpolatedText, slots: [Slot]) {
        var segments: [InterpolatedText.Segment] = []
        var slots: [Slot] = []
        var words = ""
        let bytes = Array(spelling.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\\") { index += 1 }
                words += String(decoding: bytes[start..<index], as: UTF8.self)
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "\\") {
                words += "\\"
                index += 2
            } else if bytes[index + 1] == UInt8(ascii: "("),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")"))
            {
                if !words.isEmpty { segments.append(.text(words)) }
                words = ""
                let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                segments.append(.argument(name))
                slots.append(Slot(name: name, bytes: index..<(close + 1)))
                index = close + 1
            } else {
                words += "\\"
                index += 1
            }
        }
        if !words.isEmpty || segments.isEmpty { segments.append(.text(words)) }
        return (InterpolatedText(segments: segments), slots)
    }
}
