// The loop under every escaper (the syntax dump's Swift-style quotes), and
// the one escaper of markup: the preview's HTML and the JUnit report's XML.

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
