// Checked rules as the runtime's expression trees: what `tipc test` runs, and
// what the runtime's one renderer writes back in `.tips` syntax for messages.

import TipsRuntime
import TipsSyntax

extension CheckedExpression {
    /// The expression in `.tips` syntax, fully parenthesised where operators
    /// nest, durations in seconds (as the compiler reads it).
    public var tipsText: String {
        let tree = ruleExpression(
            parameter: { Tips.ParameterReference(id: $0, defaultValue: $1.standInValue) },
            argument: { $1.standInValue }, event: { Tips.Event(id: $0) })
        return tree.tipsText(durations: .seconds)
    }

    /// The expression as the runtime's tree, the names it reads standing for
    /// what `parameter`, `argument` and `event` give.
    public func ruleExpression(
        parameter: (String, TipsType) -> Tips.ParameterReference, argument: (String, TipsType) -> TipValue,
        event: (String) -> Tips.Event
    ) -> RuleExpression {
        func convert(_ expression: CheckedExpression) -> RuleExpression {
            switch expression {
            case .literal(let value): return .literal(value)
            case .enumCase(let name, _): return .literal(.enumCase(name))
            case .parameter(let name, let type): return .parameter(parameter(name, type))
            case .argument(let name, let type): return .argument(name: name, value: argument(name, type))
            case .field(let name, _): return .field(name)
            case .not(let operand): return .not(convert(operand))
            case .negate(let operand): return .negate(convert(operand))
            case .binary(let op, let lhs, let rhs, _): return .binary(op, convert(lhs), convert(rhs))
            case .count(let query):
                return .count(EventQuery(event: event(query.event), steps: query.steps.map(convertStep)))
            }
        }
        // Each case is spelled here: the runtime's generic
        // `QueryStep.mapPredicate`, called from another module unspecialized,
        // copies and switches over each step through its type's metadata,
        // 8.2 M instructions more of the 52 M that lowering the benchmark's
        // 10,000 tips takes (callgrind, `tipc compile`).
        func convertStep(_ step: Tips.QueryStep<CheckedExpression>) -> EventQuery.Step {
            switch step {
            case .within(let seconds): .within(seconds: seconds)
            case .filter(let predicate): .filter(convert(predicate))
            case .largestSubset(let field): .largestSubset(by: field)
            case .smallestSubset(let field): .smallestSubset(by: field)
            }
        }
        return convert(self)
    }
}

extension TipsType {
    /// A value of this type, standing in where a rule's text or a checked
    /// program without errors never reads it.
    public var standInValue: TipValue {
        switch self {
        case .int: .int(0)
        case .double: .double(0)
        case .string: .string("")
        case .enumeration: .enumCase("")
        case .duration: .duration(0)
        case .bool, .donations, .error: .bool(false)
        }
    }
}
