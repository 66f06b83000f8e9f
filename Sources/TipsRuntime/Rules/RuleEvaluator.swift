/// The one evaluator of rule expressions, used for status, explanations and
/// simulations.
///
/// Semantics: `Int` widens to `Double` where mixed; strings support every
/// comparison; Booleans and enum cases only `==` and `!=`. Anything that
/// cannot be computed (division by zero, overflow, a missing field, mismatched
/// types) yields no value, and a rule without a value does not hold. Nothing traps.
struct RuleEvaluator {
    /// Donations by event id, oldest first.
    let donations: [String: [StoredDonation]]
    /// Event id → how many of its newest donations are kept, where its list
    /// holds more (`DatastoreSnapshot.donationLimits`).
    let donationLimits: [String: Int]
    /// Field values by event id, then field name, aligned with `donations`
    /// (a column whose length differs from its event's list is ignored).
    let fieldColumns: [String: [String: FieldColumn]]
    /// Persisted parameter values by id.
    let parameters: [String: TipValue]
    /// Transient parameter values by id.
    let transientParameters: [String: TipValue]
    /// The time rules are evaluated at, in seconds since 1970.
    let now: Double
    /// When non-nil, collects `description = value` for every parameter and query the rules read.
    var observations: [String]?
    /// Why the last evaluation produced no value.
    var failure: String?
    private var insideQuery = 0
    /// The last event `count(_:)` looked up, with its list and limit: the
    /// tips one donation re-evaluates mostly query that same event.
    var lastEvent: (id: String, list: [StoredDonation], limit: Int?)?

    /// An evaluator over the donations, their limits and the persisted
    /// parameters of `snapshot`, with the transient parameters, field
    /// columns and time given.
    init(
        _ snapshot: DatastoreSnapshot, transientParameters: [String: TipValue], now: Double,
        fieldColumns: [String: [String: FieldColumn]] = [:], tracing: Bool = false
    ) {
        donations = snapshot.donations
        donationLimits = snapshot.donationLimits
        self.fieldColumns = fieldColumns
        parameters = snapshot.parameters
        self.transientParameters = transientParameters
        self.now = now
        observations = tracing ? [] : nil
    }

    /// Whether the rule holds. Resets `failure` and (when tracing) `observations`.
    mutating func holds(_ expression: RuleExpression) -> Bool {
        failure = nil
        if observations != nil { observations = [] }
        guard let value = evaluate(expression, donation: nil) else { return false }
        guard case .bool(let result) = value else {
            failure = failure ?? "the rule is not a Bool (found \(value))"
            return false
        }
        return result
    }

    /// The value of a parameter: its stored value when it has the default's
    /// type, else the default.
    static func value(
        of reference: Tips.ParameterReference, parameters: [String: TipValue], transient: [String: TipValue]
    ) -> TipValue {
        let stored = reference.isTransient ? transient[reference.id] : parameters[reference.id]
        guard let stored, stored.hasSameKind(as: reference.defaultValue) else { return reference.defaultValue }
        return stored
    }

    mutating func evaluate(_ expression: RuleExpression, donation: StoredDonation?) -> TipValue? {
        switch expression {
        case .literal(let value):
            return value
        case .argument(_, let value):
            return value
        case .parameter(let reference):
            let value = Self.value(of: reference, parameters: parameters, transient: transientParameters)
            observe("\(reference.id) = \(value)")
            return value
        case .field(let name):
            guard let donation else { return fail("field .\(name) used outside a query") }
            guard let value = donation.fields[name] else { return fail("a donation has no field .\(name)") }
            return value
        case .not(let operand):
            guard let value = evaluate(operand, donation: donation) else { return nil }
            guard case .bool(let flag) = value else { return fail("! needs a Bool, found \(value)") }
            return .bool(!flag)
        case .negate(let operand):
            guard let value = evaluate(operand, donation: donation) else { return nil }
            switch value {
            case .int(let number):
                let (result, overflow) = Int(0).subtractingReportingOverflow(number)
                return overflow ? fail("integer overflow") : .int(result)
            case .double(let number): return .double(-number)
            case .duration(let seconds): return .duration(-seconds)
            default: return fail("- needs a number, found \(value)")
            }
        case .binary(let op, let lhs, let rhs):
            return binary(op, lhs, rhs, donation: donation)
        case .count(let query):
            insideQuery += 1
            let count = self.count(query)
            insideQuery -= 1
            if let count { observe("\(query.tipsDescription).count = \(count)") }
            return count.map(TipValue.int)
        }
    }

    private mutating func observe(_ text: @autoclosure () -> String) {
        guard observations != nil, insideQuery == 0 else { return }
        observations?.append(text())
    }

    private mutating func fail(_ reason: String) -> TipValue? {
        if failure == nil { failure = reason }
        return nil
    }

    private mutating func binary(
        _ op: RuleOperator, _ lhs: RuleExpression, _ rhs: RuleExpression, donation: StoredDonation?
    ) -> TipValue? {
        if op == .and || op == .or {
            guard let left = evaluate(lhs, donation: donation) else { return nil }
            guard case .bool(let leftFlag) = left else { return fail("\(op.rawValue) needs Bools, found \(left)") }
            if op == .and && !leftFlag { return .bool(false) }
            if op == .or && leftFlag { return .bool(true) }
            guard let right = evaluate(rhs, donation: donation) else { return nil }
            guard case .bool(let rightFlag) = right else {
                return fail("\(op.rawValue) needs Bools, found \(right)")
            }
            return .bool(rightFlag)
        }
        guard let left = evaluate(lhs, donation: donation), let right = evaluate(rhs, donation: donation) else {
            return nil
        }
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let result = op.compare(left, right) else {
                return fail("cannot compare \(left) \(op.rawValue) \(right)")
            }
            return .bool(result)
        case .add, .subtract, .multiply, .divide:
            return arithmetic(op, left, right)
        case .and, .or:
            return nil
        }
    }

    private mutating func arithmetic(_ op: RuleOperator, _ left: TipValue, _ right: TipValue) -> TipValue? {
        if case .int(let a) = left, case .int(let b) = right {
            let (result, overflow): (Int, Bool)
            switch op {
            case .add: (result, overflow) = a.addingReportingOverflow(b)
            case .subtract: (result, overflow) = a.subtractingReportingOverflow(b)
            case .multiply: (result, overflow) = a.multipliedReportingOverflow(by: b)
            default:
                if b == 0 { return fail("division by zero") }
                (result, overflow) = a.dividedReportingOverflow(by: b)
            }
            return overflow ? fail("integer overflow") : .int(result)
        }
        if op == .add, case .string(let a) = left, case .string(let b) = right { return .string(a + b) }
        guard let a = left.numericValue, let b = right.numericValue else {
            return fail("cannot compute \(left) \(op.rawValue) \(right)")
        }
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        default:
            if b == 0 { return fail("division by zero") }
            result = a / b
        }
        guard result.isFinite else { return fail("the result is not finite") }
        let leftIsDuration = left.isDuration
        let rightIsDuration = right.isDuration
        if op == .divide && leftIsDuration && rightIsDuration { return .double(result) }
        return leftIsDuration || rightIsDuration ? .duration(result) : .double(result)
    }
}

extension RuleOperator {
    /// Compares two values, or nil when the operator does not apply to them
    /// (the evaluator's rule, and the compiler's for two literals).
    package func compare(_ left: TipValue, _ right: TipValue) -> Bool? {
        switch (left, right) {
        case (.int(let a), .int(let b)): return ordered(a, b)
        case (.string(let a), .string(let b)): return ordered(a, b)
        case (.bool(let a), .bool(let b)): return equality(a == b)
        case (.enumCase(let a), .enumCase(let b)): return equality(a == b)
        default:
            guard let a = left.numericValue, let b = right.numericValue else { return nil }
            return ordered(a, b)
        }
    }

    private func equality(_ equal: Bool) -> Bool? {
        switch self {
        case .equal: equal
        case .notEqual: !equal
        default: nil
        }
    }

    private func ordered<T: Comparable>(_ a: T, _ b: T) -> Bool? {
        switch self {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        default: nil
        }
    }
}

extension TipValue {
    /// The value as a number, for mixed arithmetic and comparison.
    var numericValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value), .duration(let value): value
        case .bool, .string, .enumCase: nil
        }
    }

    var isDuration: Bool {
        if case .duration = self { return true }
        return false
    }

    /// Whether a stored value may stand for a parameter whose default is `other`.
    func hasSameKind(as other: TipValue) -> Bool {
        switch (self, other) {
        case (.bool, .bool), (.int, .int), (.string, .string), (.enumCase, .enumCase), (.duration, .duration):
            true
        case (.double, .double), (.int, .double): true
        default: false
        }
    }
}
