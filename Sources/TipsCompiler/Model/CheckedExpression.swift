// Typed rule expressions of the checked model; their operators are the runtime's.

import TipsRuntime
import TipsSyntax

extension RuleOperator {
    /// The comparison with operands swapped (`a < b` is `b > a`).
    public var mirrored: RuleOperator {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        default: self
        }
    }
}

/// A type-checked rule expression. Every node knows its type.
///
/// Only the cases that hold other expressions are `indirect`: a leaf (a
/// literal, a name, a count) is stored inline rather than in a heap box of its own.
public enum CheckedExpression: Hashable, Sendable {
    /// A constant. Int literals used as Double are already widened.
    case literal(TipValue)
    /// A case of a declared enum: the case name and the enum's name.
    case enumCase(String, enumName: String)
    /// A declared parameter, by name, with its type.
    case parameter(String, TipsType)
    /// One of the tip's own arguments, by name, with its type.
    case argument(String, TipsType)
    /// A donation field inside a query step, by name, with its type.
    case field(String, TipsType)
    /// `!operand`
    indirect case not(CheckedExpression)
    /// `-operand`
    indirect case negate(CheckedExpression)
    /// `lhs op rhs`; `type` is the result type.
    indirect case binary(RuleOperator, CheckedExpression, CheckedExpression, type: TipsType)
    /// `query.count`: an Int.
    case count(CheckedQuery)

    /// The expression's type.
    public var type: TipsType {
        switch self {
        case .literal(let value):
            switch value {
            case .bool: .bool
            case .int: .int
            case .double: .double
            case .string: .string
            case .duration: .duration
            case .enumCase: .error
            }
        case .enumCase(_, let enumName): .enumeration(enumName)
        case .parameter(_, let type), .argument(_, let type), .field(_, let type): type
        case .not: .bool
        case .negate(let operand): operand.type
        case .binary(_, _, _, let type): type
        case .count: .int
        }
    }
}

/// A query over an event's donations, read left to right.
public struct CheckedQuery: Hashable, Sendable {
    /// One step of the query, the runtime's with a checked predicate.
    public typealias Step = Tips.QueryStep<CheckedExpression>

    /// The event queried, by name.
    public var event: String
    /// The steps, in order.
    public var steps: [Step]
}

/// One `rule`: the checked expression, its source text and position.
public struct CheckedRule: Hashable, Sendable {
    /// The expression (of type Bool).
    public var expression: CheckedExpression
    /// The rule's `.tips` text, as written (continuation lines joined).
    public var source: String
    /// The `.tips` file name (never a path).
    public var fileName: String
    /// The 1-based line of the rule's expression.
    public var line: Int
    /// The expression's range, for diagnostics from later stages.
    public var range: SourceRange
}
