/// Spelling `.tips` names and values as Swift source.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as identifiers.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Names Swift gives a meaning that backticks cannot remove where the
    /// generated code refers to a declaration as `Outer.name`.
    public static let unreferenceable: Set<String> = ["Type", "Protocol", "self", "Self", "init", "_"]

    /// Module names the generated code qualifies through; a declaration of that name would hide them.
    public static let moduleNames: Set<String> = ["Swift", "TipsRuntime"]

    /// The name as a Swift identifier, in backticks when it is a keyword.
    public static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The name with its first letter uppercased (`visitedRegion` → `VisitedRegion`).
    public static func typeName(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// A Swift string literal holding `text` exactly.
    public static func stringLiteral(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` escaped for the inside of a Swift string literal.
    public static func escaped(_ text: String) -> String {
        if !needsEscaping(text) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether ``escaped(_:)`` would change `text`: a control character,
    /// `\\`, `"`, or U+2028/U+2029 (UTF-8 E2 80 A8/A9).
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x00..<0x20, 0x7F, UInt8(ascii: "\\"), UInt8(ascii: "\""): return true
                case 0xE2:
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
                        return true
                    }
                default: break
                }
            }
            return false
        }
    }

    /// Whether ``commentText(_:)`` would change `text`: a C0 or C1 control
    /// character (UTF-8 00-1F, 7F, C2 80-9F) or U+2028/U+2029 (E2 80 A8/A9).
    static func containsCommentBreakingScalar(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x00..<0x20, 0x7F: return true
                case 0xC2:
                    if index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
                case 0xE2:
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 {
                        return true
                    }
                default: break
                }
            }
            return false
        }
    }

    /// An Int literal, with `_` every three digits from 10_000 on.
    public static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 4 else { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += "_" }
            grouped.append(character)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A Double literal that reads back as the same value.
    public static func double(_ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "0.0" }
        // Swift prints a Double so that it reads back as the same value: "2.5", "1e+16".
        return "\(value)"
    }

    /// A line of text safe inside a `//` comment.
    public static func commentText(_ text: String) -> String {
        if !containsCommentBreakingScalar(text) { return text }
        return String(
            text.unicodeScalars.map {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0)
            })
    }
}
