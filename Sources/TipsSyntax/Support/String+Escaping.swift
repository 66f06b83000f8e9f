// The loop under every escaper: the syntax dump's Swift-style quotes, the
// preview's HTML and the JUnit report's XML each keep rules of their own
// (which characters, and what a control character becomes).

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
