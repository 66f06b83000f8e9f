// The values a tip's rules leave to each bounded Int operand (see Checker+RuleAnalysis.swift).

extension Checker {
    /// A constant bound on an Int operand: `operand op value`.
    struct Bound {
        var operand: CheckedExpression
        var op: CheckedOperator
        var value: Int
        /// The whole comparison, spelled in messages only (so built only then).
        var comparison: CheckedExpression
        var range: SourceRange

        var text: String { comparison.tipsText }
    }

    /// The values `low...high` that the bounds so far leave to the operand of `first`.
    struct Interval {
        var low: Int
        var high: Int
        /// The first bound on the operand.
        let first: Bound

        var operand: CheckedExpression { first.operand }
    }
}
