// Warnings for rules that can never hold.

extension Checker {
    /// Warns about a rule that is `false` outright.
    mutating func checkNeverHolds(_ expression: CheckedExpression, at range: SourceRange) {
        if Self.hasFalseConjunct(expression) {
            diagnostics.warning("this rule is always false, so the tip never shows", at: range)
        }
    }

    /// Whether a top-level operand of an `&&` chain is the literal `false`.
    private static func hasFalseConjunct(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .binary(.and, let lhs, let rhs, _): hasFalseConjunct(lhs) || hasFalseConjunct(rhs)
        case .literal(.bool(false)): true
        default: false
        }
    }

    /// Warns when the rules of one tip (all of which must hold) bound one Int
    /// operand so that no value fits: a negative count, a count above what the
    /// event keeps, or `x > 3 && x < 2`.
    mutating func checkContradictions(_ rules: [CheckedRule], tip: String) {
        var intervals: [CheckedExpression: Interval] = [:]
        for rule in rules where !narrow(&intervals, by: rule.expression, range: rule.range, tip: tip) {
            return
        }
    }

    /// Narrows `intervals` by each top-level operand of an `&&` chain, left
    /// to right; false once a bound contradicts the others (and is reported).
    private mutating func narrow(
        _ intervals: inout [CheckedExpression: Interval], by expression: CheckedExpression, range: SourceRange,
        tip: String
    ) -> Bool {
        if case .binary(.and, let lhs, let rhs, _) = expression {
            return narrow(&intervals, by: lhs, range: range, tip: tip)
                && narrow(&intervals, by: rhs, range: range, tip: tip)
        }
        guard let bound = Self.bound(expression, range: range) else { return true }
        let existing = intervals[bound.operand]
        let current = existing.map { ($0.low, $0.high) } ?? initialRange(of: bound.operand)
        let (low, high) = Self.apply(bound, to: current)
        if low > high {
            reportContradiction(bound, first: existing?.first, tip: tip)
            return false
        }
        intervals[bound.operand] = Interval(low: low, high: high, first: existing?.first ?? bound)
        return true
    }

    /// Reports the first bound that leaves its operand no value.
    private mutating func reportContradiction(_ bound: Bound, first: Bound?, tip: String) {
        if case .count(let query) = bound.operand, first == nil {
            let keep = events[query.event]?.keepCount ?? CheckedEvent.defaultKeepCount
            let reason =
                Self.apply(bound, to: (0, Int.max)).0 > Self.apply(bound, to: (0, Int.max)).1
                ? "a count is never negative"
                : "event '\(query.event)' keeps at most \(keep) donations, so this count never exceeds \(keep)"
            diagnostics.warning(
                "'\(bound.text)' can never hold: \(reason); tip '\(tip)' never shows", at: bound.range)
        } else if let first {
            diagnostics.warning(
                "'\(bound.text)' contradicts '\(first.text)'; both can never hold, so tip '\(tip)' never shows",
                at: bound.range, notes: [DiagnosticNote("'\(first.text)' is here", at: first.range)])
        } else {
            diagnostics.warning("'\(bound.text)' can never hold; tip '\(tip)' never shows", at: bound.range)
        }
    }

    /// The values an operand may take before any bound: a count is never
    /// negative nor above what its event keeps.
    private func initialRange(of operand: CheckedExpression) -> (Int, Int) {
        if case .count(let query) = operand {
            return (0, events[query.event]?.keepCount ?? CheckedEvent.defaultKeepCount)
        }
        return (Int.min, Int.max)
    }

    /// `operand op constant` (or `constant op operand`) on an Int operand.
    private static func bound(_ expression: CheckedExpression, range: SourceRange) -> Bound? {
        guard case .binary(let op, let lhs, let rhs, _) = expression, op.isComparison, op != .notEqual else {
            return nil
        }
        switch (lhs, rhs) {
        case (_, .literal(.int(let value))) where isBoundable(lhs):
            return Bound(operand: lhs, op: op, value: value, comparison: expression, range: range)
        case (.literal(.int(let value)), _) where isBoundable(rhs):
            return Bound(operand: rhs, op: op.mirrored, value: value, comparison: expression, range: range)
        default:
            return nil
        }
    }

    private static func isBoundable(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .count, .parameter(_, .int), .argument(_, .int): true
        default: false
        }
    }

    /// Narrows `low...high` by the bound; saturates rather than overflows.
    private static func apply(_ bound: Bound, to interval: (Int, Int)) -> (Int, Int) {
        var (low, high) = interval
        let value = bound.value
        switch bound.op {
        case .less: high = min(high, value == Int.min ? Int.min : value - 1)
        case .lessOrEqual: high = min(high, value)
        case .greater: low = max(low, value == Int.max ? Int.max : value + 1)
        case .greaterOrEqual: low = max(low, value)
        case .equal:
            low = max(low, value)
            high = min(high, value)
        default: break
        }
        if bound.op == .less && value == Int.min { return (1, 0) }
        if bound.op == .greater && value == Int.max { return (1, 0) }
        return (low, high)
    }
}
