import TipsRuntime
import TipsSyntax

// Expressions on one line, and rules too long for one line broken before
// `||` or `&&`: a line that starts with an infix operator continues the one
// before it (Grammar/README.md, "Line breaks"), so the breaks never change
// what the rule means.

extension FormatPrinter {
    /// An expression on one line: one space around infix operators, none after
    /// prefix operators, inside parentheses or around `.`.
    func expressionText(_ expression: Expr) -> String {
        switch expression {
        case .boolean(let value, _): value ? "true" : "false"
        case .integer(let literal): source(literal.range)
        case .decimal(_, let range): source(range)
        case .string(let literal): source(literal.range)
        case .duration(let literal): source(literal.range)
        case .name(let identifier): source(identifier)
        case .implicitMember(let name, _): "." + source(name)
        case .member(let base, let name, _): expressionText(base) + "." + source(name)
        case .call(let callee, let arguments, _):
            expressionText(callee) + "(" + arguments.map(argumentText).joined(separator: ", ") + ")"
        case .unary(let op, let operand, _, _): op.rawValue + expressionText(operand)
        case .binary(let op, let lhs, let rhs, _, _):
            expressionText(lhs) + " " + op.rawValue + " " + expressionText(rhs)
        case .parenthesized(let inner, _): "(" + expressionText(inner) + ")"
        case .error(let range): source(range)
        }
    }

    /// `label: value` or `value`.
    func argumentText(_ argument: ArgumentSyntax) -> String {
        let value = expressionText(argument.value)
        guard let label = argument.label else { return value }
        return source(label) + ": " + value
    }

    /// `rule <expression>`, broken before `||` / `&&` when longer than the line width.
    mutating func printRule(_ expression: Expr, keyword: SourceRange) {
        let pieces = ruleLines(expression, prefix: "rule ", level: 1, start: keyword.start)
        for piece in pieces {
            emit(piece.text, span: piece.start, piece.end, indent: piece.level)
        }
    }

    /// One line of a broken rule: its text, indentation and source span.
    struct RuleLine {
        var text: String
        var level: Int
        var start: UInt32
        var end: UInt32
    }

    /// The lines of `prefix + expression` at `level`: one line when it fits;
    /// otherwise the operands of the outermost `||` (or `&&`) chain one a line,
    /// each after its operator, one level deeper, and broken again the same way.
    func ruleLines(_ expression: Expr, prefix: String, level: Int, start: UInt32) -> [RuleLine] {
        let text = prefix + expressionText(expression)
        // A comment inside the chain keeps it broken, so the comment stays beside its operand.
        let fits =
            FormatPrinter.indentation(level).count + TerminalColumns.of(text) <= TipsFormatter.lineWidth
            && !hasComment(inside: expression.range)
        if !fits, case .parenthesized(let inner, _) = expression, case .binary(let op, _, _, _, _) = inner,
            op == .and || op == .or
        {
            // Line breaks inside parentheses never end an item.
            var lines = ruleLines(inner, prefix: prefix + "(", level: level, start: start)
            lines[lines.count - 1].text += ")"
            lines[lines.count - 1].end = expression.range.end
            return lines
        }
        guard !fits, case .binary(let op, _, _, _, _) = expression, op == .and || op == .or else {
            return [RuleLine(text: text, level: level, start: start, end: expression.range.end)]
        }
        let chain = FormatPrinter.operands(of: expression, joinedBy: op)
        var lines = ruleLines(chain[0].operand, prefix: prefix, level: level, start: start)
        for link in chain.dropFirst() {
            let operatorStart = link.operatorRange?.start ?? link.operand.range.start
            lines += ruleLines(link.operand, prefix: op.rawValue + " ", level: level + 1, start: operatorStart)
        }
        return lines
    }

    /// The operands of a left-nested chain of one operator (`a && b && c`),
    /// each with the operator before it (nil for the first).
    static func operands(of expression: Expr, joinedBy op: RuleOperator) -> [(
        operatorRange: SourceRange?, operand: Expr
    )] {
        var chain: [(operatorRange: SourceRange?, operand: Expr)] = []
        var current = expression
        while case .binary(let found, let lhs, let rhs, let operatorRange, _) = current, found == op {
            chain.append((operatorRange, rhs))
            current = lhs
        }
        chain.append((nil, current))
        return chain.reversed()
    }
}
