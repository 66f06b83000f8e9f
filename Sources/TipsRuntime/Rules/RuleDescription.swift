// Renders rule expressions back into `.tips` syntax, for explanations.

extension TipValue {
    /// The value as a `.tips` literal.
    var tipsLiteral: String {
        switch self {
        case .duration(let seconds): Self.durationLiteral(seconds)
        default: description
        }
    }

    /// A duration in the largest whole `.tips` unit: `5d`, `12h`, `30s`.
    static func durationLiteral(_ seconds: Double) -> String {
        let units: [(Double, String)] = [(604_800, "w"), (86_400, "d"), (3600, "h"), (60, "m")]
        for (size, suffix) in units where seconds != 0 && seconds.remainder(dividingBy: size) == 0 {
            let count = seconds / size
            if abs(count) < 1e15 { return "\(Int(count))\(suffix)" }
        }
        if seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int(seconds))s" }
        return "\(seconds)s"
    }
}

extension RuleExpression {
    /// The expression in `.tips` syntax.
    var tipsDescription: String {
        switch self {
        case .literal(let value): value.tipsLiteral
        case .parameter(let reference): reference.id
        case .argument(let name, _): name
        case .field(let name): ".\(name)"
        case .not(let operand): "!\(operand.operandDescription)"
        case .negate(let operand): "-\(operand.operandDescription)"
        case .binary(let op, let lhs, let rhs):
            "\(lhs.operandDescription) \(op.rawValue) \(rhs.operandDescription)"
        case .count(let query): "\(query.tipsDescription).count"
        }
    }

    private var operandDescription: String {
        if case .binary = self { return "(\(tipsDescription))" }
        return tipsDescription
    }
}

extension EventQuery {
    /// The query in `.tips` syntax, without the final `.count`.
    var tipsDescription: String {
        var text = "\(event.id).donations"
        for step in steps {
            switch step {
            case .within(let seconds): text += ".within(\(TipValue.durationLiteral(seconds)))"
            case .filter(let predicate): text += ".where(\(predicate.tipsDescription))"
            case .largestSubset(let field): text += ".largestSubset(by: .\(field))"
            case .smallestSubset(let field): text += ".smallestSubset(by: .\(field))"
            }
        }
        return text
    }
}
