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

    /// One tip's intervals, by operand. A tip bounds few operands, so they are
    /// found by comparing, without hashing whole expressions; an index by
    /// operand is built only for a tip that bounds many, to stay linear.
    struct Intervals {
        /// Up to this many entries are searched one by one.
        private static let linearLimit = 8

        private(set) var entries: [Interval] = []
        private var index: [CheckedExpression: Int] = [:]

        /// Where `operand`'s interval is in ``entries``.
        func index(of operand: CheckedExpression) -> Int? {
            if entries.count > Self.linearLimit { return index[operand] }
            return entries.firstIndex { $0.operand == operand }
        }

        subscript(position: Int) -> Interval { entries[position] }

        /// Narrows the interval at `position` to `low...high`, in place.
        mutating func narrow(at position: Int, to low: Int, _ high: Int) {
            entries[position].low = low
            entries[position].high = high
        }

        /// Adds the interval of an operand not seen yet.
        mutating func append(_ interval: Interval) {
            entries.append(interval)
            if entries.count == Self.linearLimit + 1 {
                for (position, entry) in entries.enumerated() { index[entry.operand] = position }
            } else if entries.count > Self.linearLimit + 1 {
                index[interval.operand] = entries.count - 1
            }
        }
    }
}
