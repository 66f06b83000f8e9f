// Operators as documents and keyboards write them: the dashes autocorrect
// puts for `-`, the mathematical signs for `>=`, `!=` and the rest, and the
// full-width forms of Chinese and Japanese input (`（`, `＞`). As with curly
// quotes, each is one error whose fix-it is the ASCII spelling, and is then
// read as the operator it stands for, so that nothing after it cascades.

extension Lexer {
    /// What `scalar` stands for when it is an operator or punctuation written
    /// another way: the token, its ASCII spelling and what the character is called.
    static func typographicOperator(_ scalar: Unicode.Scalar) -> (kind: TokenKind, spelling: String, name: String)? {
        switch scalar.value {
        case 0x2013: (.minus, "-", "an en dash")
        case 0x2014: (.minus, "-", "an em dash")
        case 0x2212: (.minus, "-", "a minus sign")
        case 0x2265: (.binaryOperator(.greaterOrEqual), ">=", "a greater-than-or-equal sign")
        case 0x2264: (.binaryOperator(.lessOrEqual), "<=", "a less-than-or-equal sign")
        case 0x2260: (.binaryOperator(.notEqual), "!=", "a not-equal sign")
        case 0x00D7: (.binaryOperator(.multiply), "*", "a multiplication sign")
        case 0x00F7: (.binaryOperator(.divide), "/", "a division sign")
        case 0x2227: (.binaryOperator(.and), "&&", "a logical-and sign")
        case 0x2228: (.binaryOperator(.or), "||", "a logical-or sign")
        case 0x00AC: (.bang, "!", "a not sign")
        case 0xFF01...0xFF5E:
            // A full-width form of ASCII punctuation: the token its ASCII character is alone.
            fullWidth(UInt8(scalar.value - 0xFEE0))
        default: nil
        }
    }

    private static func fullWidth(_ ascii: UInt8) -> (kind: TokenKind, spelling: String, name: String)? {
        guard let kind = punctuation[Int(ascii)].alone else { return nil }
        return (kind, String(Unicode.Scalar(ascii)), "a full-width form")
    }

    /// Reads the operator written another way at `index`, `length` bytes;
    /// false when `scalar` is none.
    mutating func scanTypographicOperator(_ scalar: Unicode.Scalar, length: Int) -> Bool {
        guard let (kind, spelling, name) = Lexer.typographicOperator(scalar) else { return false }
        let start = index
        index += length
        emit(kind, from: start, to: index)
        error(
            "'\(Character(scalar))' is \(name); .tips writes '\(spelling)'", from: start, to: index,
            replacement: spelling)
        return true
    }
}
