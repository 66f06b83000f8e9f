// Conditions joined by `&&` or `||` the way speech joins them, leaving out
// what the second one compares: `count > 3 && < 10`, `level == 1 || 2`.
// Each is one error whose fix writes the side left out; the rule is not
// judged as written. (`plan == .pro || .plus` is the checker's: inside a
// `where`, `.plus` may be a Bool field, which only the checker knows.)

import TipsRuntime

extension SyntaxParser {
    /// `count > 3 && < 10`: after `op` (`&&` or `||`) the operand starts
    /// with a comparison operator. Reported once at it, with the comparison
    /// written whole and a fix that inserts its left side; the operand is
    /// read as an error expression. Nil, with nothing consumed, for any
    /// other operand.
    mutating func parseComparisonLeavingOutItsLeftSide(after op: RuleOperator, lhs: Expr) -> Parsed? {
        guard let comparison = Self.comparisonOperator(currentKind),
            let (_, subject) = lhs.lastComparison
        else { return nil }
        let operatorToken = advance()
        let (rhs, depth) = parseOperand(after: operatorToken.range) { $0.parseAdditive() }
        if case .error = rhs { return (rhs, depth) }
        let left = file.singleLineText(in: subject.range)
        let written = "\(left) \(comparison.rawValue) \(file.singleLineText(in: rhs.range))"
        let insertion = SourceRange(
            file: operatorToken.range.file, start: operatorToken.range.start, end: operatorToken.range.start)
        error(
            "each side of '\(op.rawValue)' is a condition of its own; write '\(written)'", at: operatorToken.range,
            fixIts: [FixIt(range: insertion, replacement: left + " ")])
        return (.error(operatorToken.range.extended(to: rhs.range)), depth)
    }

    /// `level == 1 || 2`: the operand after `op` (`&&` or `||`) is a
    /// literal, `lhs` ends in an equality. Reported once at the value,
    /// with the comparison written whole and a fix that writes it, and
    /// true returned: the operand is to be read as an error expression.
    mutating func reportsValueLeavingOutItsComparison(_ rhs: Expr, after op: RuleOperator, lhs: Expr) -> Bool {
        guard Self.isLiteral(rhs), let (comparison, subject) = lhs.lastComparison,
            comparison == .equal || comparison == .notEqual
        else { return false }
        let written =
            "\(file.singleLineText(in: subject.range)) \(comparison.rawValue) \(file.singleLineText(in: rhs.range))"
        error(
            "each side of '\(op.rawValue)' is a condition of its own; write '\(written)'", at: rhs.range,
            fixIts: [FixIt(range: rhs.range, replacement: written)])
        return true
    }

    /// A literal that is never a condition: any but `true` and `false`.
    private static func isLiteral(_ expression: Expr) -> Bool {
        switch expression {
        case .integer, .decimal, .string, .duration: true
        default: false
        }
    }
}

extension Expr {
    /// The operator and left side of the comparison that ends this
    /// expression, looking through `&&` and `||` from the right: `>` and
    /// `b` in `a && b > 1`; nil when no comparison ends it.
    package var lastComparison: (op: RuleOperator, lhs: Expr)? {
        guard case .binary(let op, let lhs, let rhs, _, _) = self else { return nil }
        if op.isComparison { return (op, lhs) }
        guard op == .and || op == .or else { return nil }
        return rhs.lastComparison ?? lhs.lastComparison
    }
}
