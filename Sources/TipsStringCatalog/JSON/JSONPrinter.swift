import TipsSyntax

/// Writes ``JSONValue``s in the layout Xcode gives a String Catalog:
/// Foundation's pretty printing with two spaces a level, `"key" : value`,
/// members in the order the value holds them, non-ASCII text as itself and
/// `/` unescaped. What differs between versions of Xcode comes from the
/// document's ``JSONFormat``, so a catalog is written back as it was read.
public enum JSONPrinter {
    /// The bytes of `document`.
    public static func print(_ document: JSONDocument) -> [UInt8] {
        var out: [UInt8] = []
        if document.format.textForm.hasByteOrderMark { out += TextForm.byteOrderMark }
        write(document.root, indent: 0, format: document.format, into: &out)
        out += document.format.trailer.utf8
        return out
    }

    static func write(_ value: JSONValue, indent: Int, format: JSONFormat, into out: inout [UInt8]) {
        switch value.kind {
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, indent: indent, format: format, into: &out) {
                index, out in
                let member = members[index]
                writeString(member.key, spelling: member.keySpelling, into: &out)
                out += Array(" : ".utf8)
                write(member.value, indent: indent + 2, format: format, into: &out)
            }
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, indent: indent, format: format, into: &out) {
                index, out in
                write(elements[index], indent: indent + 2, format: format, into: &out)
            }
        case .string(let text): writeString(text, spelling: value.spelling, into: &out)
        case .number(let text): out += text.utf8
        case .bool(let flag): out += (flag ? "true" : "false").utf8
        case .null: out += "null".utf8
        }
    }

    /// An object or array: each item on a line of its own, indented one level deeper than `indent`.
    static func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, indent: Int, format: JSONFormat,
        into out: inout [UInt8], item: (Int, inout [UInt8]) -> Void
    ) {
        out.append(UInt8(ascii: open))
        if count == 0 {
            if format.emptyContainersSpanLines {
                out += format.textForm.lineBreak.rawValue.utf8
                out += format.textForm.lineBreak.rawValue.utf8
                out += repeatElement(UInt8(ascii: " "), count: indent)
            }
            out.append(UInt8(ascii: close))
            return
        }
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += format.textForm.lineBreak.rawValue.utf8
            out += repeatElement(UInt8(ascii: " "), count: indent + 2)
            item(index, &out)
        }
        out += format.textForm.lineBreak.rawValue.utf8
        out += repeatElement(UInt8(ascii: " "), count: indent)
        out.append(UInt8(ascii: close))
    }

    static func writeString(_ text: String, spelling: String?, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out += (spelling ?? escaped(text)).utf8
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as the inside of a JSON string the way Foundation writes it:
    /// `"` and `\` escaped, the control characters as `\b \f \n \r \t` or
    /// `\u001b`, everything else (`/`, non-ASCII) as itself.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
