/// A rule as a typed expression tree, built by generated code and run by the
/// runtime's one evaluator (for status, for explanations, and for `tipc`'s
/// simulations).
///
/// ```swift
/// // openedTrailDetail.donations.within(5d).count >= 3
/// let rule = RuleExpression.binary(
///     .greaterOrEqual,
///     .count(EventQuery(event: opened, steps: [.within(seconds: 5 * 86_400)])),
///     .literal(.int(3)))
/// ```
public enum RuleExpression: Sendable, Hashable {
    /// A constant.
    case literal(TipValue)
    /// A parameter's current value.
    case parameter(Tips.ParameterReference)
    /// A reusable tip's argument, with the value of this instance.
    case argument(name: String, value: TipValue)
    /// A field of the donation being filtered; only inside `EventQuery.Step.filter`
    /// (and named by `largestSubset`/`smallestSubset`).
    case field(String)
    /// Boolean negation.
    indirect case not(RuleExpression)
    /// Arithmetic negation.
    indirect case negate(RuleExpression)
    /// A binary operation.
    indirect case binary(RuleOperator, RuleExpression, RuleExpression)
    /// The number of donations a query selects, an `Int`.
    case count(EventQuery)
}

/// The binary operators of rules; raw values are the `.tips` spelling.
public enum RuleOperator: String, Sendable, Hashable, CaseIterable {
    /// Logical and, short-circuiting.
    case and = "&&"
    /// Logical or, short-circuiting.
    case or = "||"
    /// Equality.
    case equal = "=="
    /// Inequality.
    case notEqual = "!="
    /// Less than.
    case less = "<"
    /// Less than or equal.
    case lessOrEqual = "<="
    /// Greater than.
    case greater = ">"
    /// Greater than or equal.
    case greaterOrEqual = ">="
    /// Addition.
    case add = "+"
    /// Subtraction.
    case subtract = "-"
    /// Multiplication.
    case multiply = "*"
    /// Division; dividing by zero makes the rule not hold.
    case divide = "/"

    /// Whether the operator compares its operands (in `.tips`, comparisons
    /// do not associate: `a < b < c` is an error).
    @inlinable package var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }
}

extension Tips {
    /// One step of a query over an event's donations, its `where` predicate a
    /// `Predicate`: the runtime's queries hold ``RuleExpression``s, `tipc`'s
    /// checked model holds its typed expressions in the same steps.
    public enum QueryStep<Predicate: Sendable & Hashable>: Sendable, Hashable {
        /// Keeps donations from the last `seconds`.
        case within(seconds: Double)
        /// Keeps donations whose fields satisfy the Boolean expression.
        case filter(Predicate)
        /// Groups by the field and keeps the largest group.
        case largestSubset(by: String)
        /// Groups by the field and keeps the smallest group.
        case smallestSubset(by: String)

        /// The same step with its predicate transformed.
        package func mapPredicate<Other>(_ transform: (Predicate) -> Other) -> QueryStep<Other> {
            switch self {
            case .within(let seconds): .within(seconds: seconds)
            case .filter(let predicate): .filter(transform(predicate))
            case .largestSubset(let field): .largestSubset(by: field)
            case .smallestSubset(let field): .smallestSubset(by: field)
            }
        }
    }
}

/// A query over an event's donations, read left to right, then counted.
public struct EventQuery: Sendable, Hashable {
    /// One step of a query.
    public typealias Step = Tips.QueryStep<RuleExpression>

    /// The event queried.
    public let event: Tips.Event
    /// The steps, in order.
    public let steps: [Step]

    /// Creates a query; with no steps it selects every kept donation.
    public init(event: Tips.Event, steps: [Step]) {
        self.event = event
        self.steps = steps
    }
}

/// One rule of a tip: its expression and where it was written.
public struct TipRule: Sendable, Hashable {
    /// The expression, which must evaluate to a `Bool`.
    public let expression: RuleExpression
    /// The rule's `.tips` text, shown in explanations.
    public let source: String
    /// The `.tips` file name (never a path).
    public let file: String
    /// The 1-based line in `file`.
    public let line: Int

    /// Creates a rule.
    public init(_ expression: RuleExpression, source: String, file: String, line: Int) {
        self.expression = expression
        self.source = source
        self.file = file
        self.line = line
    }
}

extension RuleExpression {
    /// Calls `parameter` for every parameter id and `event` for every event id the expression reads.
    package func visitDependencies(parameter: (String) -> Void, event: (String) -> Void) {
        visitNames(parameter: parameter, event: event, argument: { _ in })
    }

    /// Calls `parameter`, `event` and `argument` for every parameter id,
    /// event id and argument name the expression reads, in the order they are
    /// written (a query's event before its `where` predicate).
    package func visitNames(
        parameter: (String) -> Void, event: (String) -> Void, argument: (String) -> Void
    ) {
        switch self {
        case .literal, .field: break
        case .parameter(let reference): parameter(reference.id)
        case .argument(let name, _): argument(name)
        case .not(let operand), .negate(let operand):
            operand.visitNames(parameter: parameter, event: event, argument: argument)
        case .binary(_, let lhs, let rhs):
            lhs.visitNames(parameter: parameter, event: event, argument: argument)
            rhs.visitNames(parameter: parameter, event: event, argument: argument)
        case .count(let query):
            event(query.event.id)
            for case .filter(let predicate) in query.steps {
                predicate.visitNames(parameter: parameter, event: event, argument: argument)
            }
        }
    }

    /// Calls `body` with every event query of the expression, those inside
    /// a query's `where` predicate included, outermost first.
    func forEachQuery(_ body: (EventQuery) -> Void) {
        switch self {
        case .literal, .argument, .field, .parameter: break
        case .not(let operand), .negate(let operand): operand.forEachQuery(body)
        case .binary(_, let lhs, let rhs):
            lhs.forEachQuery(body)
            rhs.forEachQuery(body)
        case .count(let query):
            body(query)
            for case .filter(let predicate) in query.steps { predicate.forEachQuery(body) }
        }
    }

    /// Calls `body` with (event id, field) for every field a query filters on
    /// with `.field op constant` or groups by.
    func visitQueriedFields(_ body: (String, String) -> Void) {
        forEachQuery { query in
            for step in query.steps {
                switch step {
                case .within: break
                case .filter(let predicate):
                    if case .binary(_, .field(let field), _) = predicate { body(query.event.id, field) }
                case .largestSubset(let field), .smallestSubset(let field): body(query.event.id, field)
                }
            }
        }
    }

    /// Every argument of a reusable tip the expression reads, with its value, in order.
    var arguments: [(name: String, value: TipValue)] {
        var found: [(name: String, value: TipValue)] = []
        func visit(_ expression: RuleExpression) {
            switch expression {
            case .literal, .field, .parameter: break
            case .argument(let name, let value): found.append((name, value))
            case .not(let operand), .negate(let operand): visit(operand)
            case .binary(_, let lhs, let rhs):
                visit(lhs)
                visit(rhs)
            case .count(let query):
                for case .filter(let predicate) in query.steps { visit(predicate) }
            }
        }
        visit(self)
        return found
    }

    /// `name = value` for every argument of a reusable tip the expression
    /// reads, those inside a query's `where` included, each once, in order:
    /// an explanation shows them whether or not a donation made the
    /// evaluator reach them.
    var argumentValues: [String] {
        var seen: [String] = []
        for (name, value) in arguments {
            let text = "\(name) = \(value)"
            if !seen.contains(text) { seen.append(text) }
        }
        return seen
    }

    /// Whether the expression reads a donation field.
    var readsFields: Bool {
        switch self {
        case .field: true
        case .literal, .argument, .parameter, .count: false
        case .not(let operand), .negate(let operand): operand.readsFields
        case .binary(_, let lhs, let rhs): lhs.readsFields || rhs.readsFields
        }
    }

    /// The donation fields the expression reads, in order (a field read twice is listed twice).
    var fieldsRead: [String] {
        switch self {
        case .field(let name): [name]
        case .literal, .argument, .parameter, .count: []
        case .not(let operand), .negate(let operand): operand.fieldsRead
        case .binary(_, let lhs, let rhs): lhs.fieldsRead + rhs.fieldsRead
        }
    }

    /// Whether the expression's value can change with the passage of time alone.
    var dependsOnTime: Bool {
        switch self {
        case .literal, .argument, .field, .parameter: false
        case .not(let operand), .negate(let operand): operand.dependsOnTime
        case .binary(_, let lhs, let rhs): lhs.dependsOnTime || rhs.dependsOnTime
        case .count(let query):
            query.event.keepDuration != nil
                || query.steps.contains { step in
                    switch step {
                    case .within: true
                    case .filter(let predicate): predicate.dependsOnTime
                    case .largestSubset, .smallestSubset: false
                    }
                }
        }
    }
}
