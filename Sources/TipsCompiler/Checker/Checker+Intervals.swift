// The values a tip's rules leave to each bounded Int operand (see Checker+RuleAnalysis.swift).

import TipsRuntime

extension Checker {
    /// A constant bound on an Int operand: `operand op value`.
    struct Bound {
        var operand: CheckedExpression
        var op: RuleOperator
        var value: Int
        /// The whole comparison, spelled in messages only (so built only then).
        var comparison: CheckedExpression
        var range: SourceRange

        var text: String { comparison.ruleExpression.tipsDescription }
    }

    /// The values `low...high` that the bounds so far leave to the operand of `first`.
    struct Interval {
        var low: Int
        var high: Int
        /// The first bound on the operand.
        let first: Bound

        var operand: CheckedExpression { first.operand }
    }

    /// An operand as the key of its interval: equal when the operands are,
    /// hashed by what names it only, so that a tip's few operands are told
    /// apart without hashing whole queries.
    struct Operand: Hashable {
        let expression: CheckedExpression

        func hash(into hasher: inout Hasher) {
            switch expression {
            case .count(let query): hasher.combine(query.event)
            case .parameter(let name, _), .argument(let name, _): hasher.combine(name)
            default: break
            }
        }
    }
}
