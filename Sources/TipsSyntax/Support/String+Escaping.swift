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
