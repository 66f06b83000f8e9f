// The loop under every escaper (the syntax dump's Swift-style quotes), the
// escape of control characters in text printed to a terminal, and the one
// escaper of markup: the preview's HTML and the JUnit report's XML.

extension String {
    /// The text with each Unicode scalar that `replacement` gives text for
    /// replaced by that text, the others kept.
    @inlinable package func escapingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) {
                out += text
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// The text with each control character (C0, DEL, C1) written as the
    /// `.tips` escape that spells it (`\n`, `\t`, `\u{1B}`): text from a
    /// `.tips` file printed to a terminal cannot move the cursor, change
    /// colours or set the window title, and a line stays one line.
    package var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        return escapingScalars { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\t": "\\t"
            case _ where Self.isControl(scalar): "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// What markup a text is written into.
package enum MarkupContext: Sendable {
    /// HTML, in an element or a quoted attribute value.
    case html
    /// XML, in an element.
    case xmlElement
    /// XML, in a quoted attribute value, where a line break or tab must be a reference to survive.
    case xmlAttribute
}

extension String {
    /// The text made safe in `context`: `&`, `<`, `>` and `"` (and, in
    /// HTML, `'`) as references; in an XML attribute, line breaks and tabs
    /// too. A character neither markup should hold (a control character
    /// other than a tab or a line break, U+FFFE, U+FFFF) becomes U+FFFD.
    package func escapingMarkup(_ context: MarkupContext) -> String {
        escapingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'" where context == .html: "&#39;"
            case "\n" where context == .xmlAttribute: "&#10;"
            case "\t" where context == .xmlAttribute: "&#9;"
            case "\n", "\t": nil
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                "\u{FFFD}"
            default: nil
            }
        }
    }
}
