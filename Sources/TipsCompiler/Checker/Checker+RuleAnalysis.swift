// Warnings for rules that can never hold. Messages quote the rule as the
// user wrote it (`opened.count < 0`), not its checked form.

import TipsRuntime
import TipsSyntax

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

    /// Warns when the rules of one tip (all of which must hold) leave no
    /// value to some operand: a negative count, a count above what the event
    /// keeps, `x > 3 && x < 2` (Int or Double), `b && !b`, an enum or string
    /// equal to two different values, or a comparison of two literals that is
    /// false. `decl` is the tip as written, for messages that quote the
    /// rules: a rule that failed to check is not among `rules`, and each
    /// written rule belongs to the checked one with its range. A warning
    /// belongs to the rule it points into.
    mutating func checkContradictions(_ rules: [CheckedRule], of decl: TipDecl, tip: String) {
        var facts = RuleFacts()
        var next = 0
        var written = 0
        // By index: `for item in decl.items` copies each item, retaining what it holds.
        for index in decl.items.indices where next < rules.count {
            // A switch, not `guard case`, which copies the whole item (its rule's text too).
            let expression: Expr
            switch decl.items[index].kind {
            case .rule(let rule, _): expression = rule
            default: continue
            }
            written += 1
            guard expression.range == rules[next].range else { continue }
            let isLast = next == rules.count - 1
            let holds = reporting(as: .tipItem(.rule, index: written - 1, tip: tip)) {
                $0.narrow(&facts, by: rules[next].expression, syntax: expression, tip: tip, isLast: isLast)
            }
            guard holds else { return }
            next += 1
        }
    }

    /// The range of `expression` without the parentheses around it.
    ///
    /// This file matches rules' indirect cases with `switch`, never `if case`
    /// or `guard case`: those copy the case's whole payload first, retaining
    /// both sides of every comparison (switches save 123,000 retains and as
    /// many releases on 10,000 tips).
    private static func rangeInsideParentheses(_ expression: Expr) -> SourceRange {
        switch expression {
        case .parenthesized(let inner, _): rangeInsideParentheses(inner)
        default: expression.range
        }
    }

    /// The sides of `expression`, a written `&&` (inside parentheses or not); nil for any other expression.
    private static func conjuncts(_ expression: Expr) -> (Expr, Expr)? {
        switch expression {
        case .parenthesized(let inner, _): conjuncts(inner)
        case .binary(.and, let left, let right, _, _): (left, right)
        default: nil
        }
    }

    /// Narrows `facts` by each top-level operand of an `&&` chain, left to
    /// right, alongside its syntax (messages quote the conjunct's own text);
    /// false once one contradicts the others (and is reported). What the
    /// tip's last conjunct says is not recorded: no conjunct reads it.
    private mutating func narrow(
        _ facts: inout RuleFacts, by expression: CheckedExpression, syntax: Expr, tip: String, isLast: Bool
    ) -> Bool {
        switch expression {
        case .binary(.and, let lhs, let rhs, _):
            // A checked `&&` comes from a written one; the fallback only keeps the whole rule's text.
            let sides = Self.conjuncts(syntax) ?? (syntax, syntax)
            return narrow(&facts, by: lhs, syntax: sides.0, tip: tip, isLast: false)
                && narrow(&facts, by: rhs, syntax: sides.1, tip: tip, isLast: isLast)
        default: break
        }
        let written = Self.rangeInsideParentheses(syntax)
        if Self.comparesLiterals(expression) == false {
            diagnostics.warning(
                "'\(quote(written))' compares two literals and is always false, so tip '\(tip)' never shows",
                at: written)
            return false
        }
        // The operand is read where the rule holds it, not returned in a
        // tuple: that copied it (saves 44,000 retains and as many releases on
        // 10,000 tips).
        switch expression {
        case .binary(let op, let lhs, .literal(let value), _) where op.isComparison && op != .notEqual:
            let holds = narrow(&facts, bounding: lhs, op, value, written: written, tip: tip, isLast: isLast)
            if let holds { return holds }
        case .binary(let op, .literal(let value), let rhs, _) where op.isComparison && op != .notEqual:
            let holds = narrow(&facts, bounding: rhs, op.mirrored, value, written: written, tip: tip, isLast: isLast)
            if let holds { return holds }
        default: break
        }
        return narrow(&facts, byEquality: expression, written: written, tip: tip, isLast: isLast)
    }

    /// Narrows `facts` by what a conjunct says a Bool, enum or String operand
    /// equals or differs from: `b`, `!b`, `b == false`, `plan == .pro`,
    /// `name != "x"`; false once it contradicts the others (and is
    /// reported), true when it holds or says nothing of such an operand. As
    /// for bounds, the operand is read where the rule holds it, not returned
    /// (saves 5,400 retains and as many releases on 10,000 tips).
    private mutating func narrow(
        _ facts: inout RuleFacts, byEquality expression: CheckedExpression, written: SourceRange, tip: String,
        isLast: Bool
    ) -> Bool {
        switch expression {
        case .parameter(_, .bool), .argument(_, .bool):
            return narrow(&facts, equating: expression, to: .bool(true), written: written, tip: tip, isLast: isLast)
        case .not(let operand):
            guard case .bool = operand.type, Self.isNamed(operand) else { return true }
            return narrow(&facts, equating: operand, to: .bool(false), written: written, tip: tip, isLast: isLast)
        case .binary(let op, let lhs, let rhs, _) where op == .equal || op == .notEqual:
            let equal = op == .equal
            if Self.isNamed(lhs), let value = Self.constant(rhs) {
                return narrow(&facts, equating: lhs, to: value, equal, written: written, tip: tip, isLast: isLast)
            }
            if Self.isNamed(rhs), let value = Self.constant(lhs) {
                return narrow(&facts, equating: rhs, to: value, equal, written: written, tip: tip, isLast: isLast)
            }
            return true
        default:
            return true
        }
    }

    /// Narrows what is known of `operand` by its being equal to `value`
    /// (`equal`) or not; false once that contradicts the others (and is reported).
    private mutating func narrow(
        _ facts: inout RuleFacts, equating operand: CheckedExpression, to value: TipValue, _ equal: Bool = true,
        written: SourceRange, tip: String, isLast: Bool
    ) -> Bool {
        var known = facts.equalities.fact(of: operand) ?? Equality()
        if equal {
            if let first = known.equals, first.value != value {
                reportContradiction(written, first: first.written, tip: tip)
                return false
            }
            if let first = known.differsFrom.first(where: { $0.value == value }) {
                reportContradiction(written, first: first.written, tip: tip)
                return false
            }
            if known.equals == nil { known.equals = (value, written) }
        } else {
            if let first = known.equals, first.value == value {
                reportContradiction(written, first: first.written, tip: tip)
                return false
            }
            known.differsFrom.append((value, written))
        }
        if !isLast { facts.equalities.store(known, for: operand) }
        return true
    }

    /// Narrows `facts` by `operand op value`, a constant bound (`op` an
    /// ordering or `==`, turned so the operand is on the left); false once
    /// the operand has no value left (and reported), nil when the rules'
    /// bounds on `operand` are not tracked.
    private mutating func narrow(
        _ facts: inout RuleFacts, bounding operand: CheckedExpression, _ op: RuleOperator, _ value: TipValue,
        written: SourceRange, tip: String, isLast: Bool
    ) -> Bool? {
        switch value {
        case .int(let value) where Self.isBoundable(operand, .int):
            let bound = Bound(op: op, value: value, written: written)
            return narrow(&facts.ints, of: operand, by: bound, tip: tip, isLast: isLast)
        case .double(let value) where Self.isBoundable(operand, .double):
            var interval = facts.doubles.fact(of: operand) ?? DoubleInterval(first: written)
            interval.narrow(op, value)
            if interval.isEmpty {
                reportContradiction(written, first: interval.first, tip: tip)
                return false
            }
            if !isLast { facts.doubles.store(interval, for: operand) }
            return true
        default: return nil
        }
    }

    /// Narrows the interval of an Int bound's operand; false once none is left (and reported).
    private mutating func narrow(
        _ intervals: inout OperandFacts<Interval>, of operand: CheckedExpression, by bound: Bound, tip: String,
        isLast: Bool
    ) -> Bool {
        let existing = intervals.fact(of: operand)
        let current = existing.map { ($0.low, $0.high) } ?? initialRange(of: operand)
        let (low, high) = Self.apply(bound, to: current)
        if low > high {
            if let first = existing?.first {
                reportContradiction(bound.written, first: first, tip: tip)
            } else {
                reportNeverHolds(bound, of: operand, tip: tip)
            }
            return false
        }
        if !isLast {
            intervals.store(Interval(low: low, high: high, first: existing?.first ?? bound.written), for: operand)
        }
        return true
    }

    /// The conjunct as the user wrote it, on one line.
    func quote(_ written: SourceRange) -> String {
        sources[written.file].singleLineText(in: written)
    }

    private mutating func reportContradiction(_ written: SourceRange, first: SourceRange, tip: String) {
        let (text, firstText) = (quote(written), quote(first))
        diagnostics.warning(
            "'\(text)' contradicts '\(firstText)'; both can never hold, so tip '\(tip)' never shows",
            at: written, notes: [DiagnosticNote("'\(firstText)' is here", at: first)])
    }

    /// Reports an Int bound that leaves its operand no value on its own.
    private mutating func reportNeverHolds(_ bound: Bound, of operand: CheckedExpression, tip: String) {
        let text = quote(bound.written)
        guard case .count(let query) = operand else {
            diagnostics.warning("'\(text)' can never hold; tip '\(tip)' never shows", at: bound.written)
            return
        }
        let keep = event(named: query.event)?.keepCount ?? CheckedEvent.defaultKeepCount
        let unbounded = Self.apply(bound, to: (0, Int.max))
        let reason =
            unbounded.0 > unbounded.1
            ? "a count is never negative"
            : "event '\(query.event)' keeps at most \(keep) donations, so this count never exceeds \(keep)"
        diagnostics.warning(
            "'\(text)' can never hold: \(reason); tip '\(tip)' never shows", at: bound.written)
    }

    /// The values an operand may take before any bound: a count is never
    /// negative nor above what its event keeps.
    private func initialRange(of operand: CheckedExpression) -> (Int, Int) {
        if case .count(let query) = operand {
            return (0, event(named: query.event)?.keepCount ?? CheckedEvent.defaultKeepCount)
        }
        return (Int.min, Int.max)
    }

    /// Whether the rules' bounds on `operand` of `type` are tracked: a count,
    /// or a parameter or argument of that type.
    private static func isBoundable(_ operand: CheckedExpression, _ type: TipsType) -> Bool {
        switch operand {
        case .count: type == .int
        case .parameter(_, let own), .argument(_, let own): own == type
        default: false
        }
    }

    /// The constant a Bool, String or enum operand is compared with: `true`, `"x"`, `.pro`.
    private static func constant(_ expression: CheckedExpression) -> TipValue? {
        switch expression {
        case .literal(.bool(let value)): .bool(value)
        case .literal(.string(let value)): .string(value)
        case .enumCase(let name, _): .enumCase(name)
        default: nil
        }
    }

    /// A parameter or tip argument: an operand whose value one tip's rules share.
    private static func isNamed(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .parameter, .argument: true
        default: false
        }
    }

    /// The value of a comparison of two literals of one type (`1 > 2`), by
    /// the runtime's rule, or nil for any other expression.
    static func comparesLiterals(_ expression: CheckedExpression) -> Bool? {
        switch expression {
        case .binary(let op, .literal(let left), .literal(let right), _) where op.isComparison:
            switch (left, right) {
            case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.duration, .duration):
                op.compare(left, right)
            default: nil
            }
        default: nil
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
