// Writing checked expressions back in `.tips` syntax, for messages and explanations.

extension ConstantValue {
    /// The constant as written in `.tips`.
    public var tipsText: String {
        switch self {
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .duration(let seconds): "\(seconds)s"
        case .enumCase(let name): ".\(name)"
        }
    }
}

extension CheckedExpression {
    /// The expression in `.tips` syntax, fully parenthesised where operators nest.
    public var tipsText: String {
        switch self {
        case .literal(let value): value.tipsText
        case .enumCase(let name, _): ".\(name)"
        case .parameter(let name, _), .argument(let name, _): name
        case .field(let name, _): ".\(name)"
        case .not(let operand): "!\(operand.nestedText)"
        case .negate(let operand): "-\(operand.nestedText)"
        case .binary(let op, let lhs, let rhs, _): "\(lhs.nestedText) \(op.rawValue) \(rhs.nestedText)"
        case .count(let query): "\(query.tipsText).count"
        }
    }

    private var nestedText: String {
        if case .binary = self { return "(\(tipsText))" }
        return tipsText
    }
}

extension CheckedQuery {
    /// The query in `.tips` syntax (without `.count`).
    public var tipsText: String {
        var text = "\(event).donations"
        for step in steps {
            switch step {
            case .within(let seconds): text += ".within(\(seconds)s)"
            case .filter(let predicate): text += ".where(\(predicate.tipsText))"
            case .largestSubset(let field): text += ".largestSubset(by: .\(field))"
            case .smallestSubset(let field): text += ".smallestSubset(by: .\(field))"
            }
        }
        return text
    }
}
