import TipsRuntime

// A rule in the words of the people who own the copy, from its checked
// expression: `openedTrailDetail.donations.within(5d).count >= 3` reads "the
// app recorded openedTrailDetail at least 3 times in the last 5 days". The
// preview and the editor's hover show the rule as written beside it, so the
// words may simplify (arithmetic stays as written) but never change what
// the rule says.

extension CheckedExpression {
    /// The rule in words: `savedTrails is 0, or tier is basic`.
    public var words: String { RuleWords.clause(self) }
}

/// How durations and rules read in words.
public enum RuleWords {
    /// `2 minutes`, `1 day 12 hours`: the largest units first, none left out.
    public static func duration(seconds: Int) -> String {
        var rest = seconds
        var parts: [String] = []
        for unit in DurationUnit.allCases.reversed() where rest >= unit.seconds {
            let count = rest / unit.seconds
            rest %= unit.seconds
            parts.append("\(count) \(unit.word)\(count == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }

    /// A Boolean expression as a clause: `savedTrails is 0, or tier is basic`.
    static func clause(_ expression: CheckedExpression) -> String {
        switch expression {
        case .binary(let connective, let lhs, let rhs, _) where connective == .and || connective == .or:
            let operands = flattened(connective, lhs) + flattened(connective, rhs)
            let parts = operands.map { operand in
                if case .binary(let inner, _, _, _) = operand, inner != connective, inner == .and || inner == .or {
                    return "(" + clause(operand) + ")"
                }
                return clause(operand)
            }
            return connective == .and ? parts.joined(separator: " and ") : parts.joined(separator: ", or ")
        case .binary(let op, let lhs, let rhs, _) where op.isComparison:
            return comparison(op, lhs, rhs)
        case .not(.binary(let op, let lhs, let rhs, _)) where op.isComparison:
            return comparison(opposite(of: op), lhs, rhs)
        case .not(let named) where isName(named):
            return "\(value(named)) is false"
        case .not(let operand):
            return "not (" + clause(operand) + ")"
        case _ where isName(expression):
            return "\(value(expression)) is true"
        case .literal(.bool(let holds)):
            return holds ? "always" : "never"
        default:
            return value(expression)
        }
    }

    /// The operands of a chain of one connective (`a && b && c`), in order.
    private static func flattened(_ connective: RuleOperator, _ expression: CheckedExpression) -> [CheckedExpression] {
        if case .binary(connective, let lhs, let rhs, _) = expression {
            return flattened(connective, lhs) + flattened(connective, rhs)
        }
        return [expression]
    }

    /// `savedTrails is at least 3`; a count reads as what the app recorded,
    /// and a literal is moved to the right (`3 < x` reads `x is more than 3`).
    private static func comparison(_ op: RuleOperator, _ lhs: CheckedExpression, _ rhs: CheckedExpression) -> String {
        if case .count(let query) = lhs { return recorded(query, op, rhs) }
        if case .count(let query) = rhs { return recorded(query, op.mirrored, lhs) }
        if isLiteral(lhs), !isLiteral(rhs) { return comparison(op.mirrored, rhs, lhs) }
        let isText = lhs.type == .string
        let verb: String
        switch op {
        case .equal: verb = "is"
        case .notEqual: verb = "is not"
        case .less: verb = isText ? "sorts before" : "is less than"
        case .lessOrEqual: verb = isText ? "is or sorts before" : "is at most"
        case .greater: verb = isText ? "sorts after" : "is more than"
        default: verb = isText ? "is or sorts after" : "is at least"
        }
        return "\(value(lhs)) \(verb) \(value(rhs))"
    }

    /// The comparison that holds exactly when `op` does not.
    private static func opposite(of op: RuleOperator) -> RuleOperator {
        switch op {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        default: op
        }
    }

    private static func isLiteral(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .literal, .enumCase: true
        default: false
        }
    }

    /// `the app recorded opened at least 3 times in the last 5 days`.
    private static func recorded(_ query: CheckedQuery, _ op: RuleOperator, _ count: CheckedExpression) -> String {
        let qualifiers = qualifiers(of: query)
        let event = query.event
        guard case .literal(.int(let n)) = count else {
            return "the app recorded \(event) \(times(op, value(count)))\(qualifiers)"
        }
        switch (op, n) {
        case (.equal, 0), (.less, 1), (.lessOrEqual, 0):
            return "the app has not recorded \(event)\(qualifiers)"
        case (.greater, 0), (.greaterOrEqual, 1), (.notEqual, 0):
            return "the app recorded \(event) at least once\(qualifiers)"
        case (.equal, 1):
            return "the app recorded \(event) exactly once\(qualifiers)"
        default:
            return "the app recorded \(event) \(times(op, String(n)))\(qualifiers)"
        }
    }

    /// `at least 3 times`, `fewer than savedTrails times`.
    private static func times(_ op: RuleOperator, _ amount: String) -> String {
        let bound: String
        switch op {
        case .equal: bound = "exactly"
        case .notEqual: bound = "other than"
        case .less: bound = "fewer than"
        case .lessOrEqual: bound = "at most"
        case .greater: bound = "more than"
        default: bound = "at least"
        }
        return "\(bound) \(amount) times"
    }

    /// The steps of `query` as words after the count: ` in the last 5 days, where level is 2`.
    private static func qualifiers(of query: CheckedQuery) -> String {
        query.steps.isEmpty ? "" : " " + query.steps.map(qualifier).joined(separator: ", ")
    }

    /// One step of a query.
    private static func qualifier(_ step: CheckedQuery.Step) -> String {
        switch step {
        case .within(let seconds):
            // `in the last day`, not `in the last 1 day`.
            "in the last " + duration(seconds: Int(seconds)).replacing(/^1 ([a-z]+)$/) { $0.output.1 }
        case .filter(let predicate): "where " + clause(predicate)
        case .largestSubset(let field): "with the same \(field) (the one recorded most)"
        case .smallestSubset(let field): "with the same \(field) (the one recorded least)"
        }
    }

    /// A value as it reads in a clause: names as written, an argument as the
    /// tip's, text in quotes, a duration in words, arithmetic as written.
    private static func value(_ expression: CheckedExpression) -> String {
        switch expression {
        case .literal(.string(let text)): text.isEmpty ? "empty" : "“\(text)”"
        case .literal(.duration(let seconds)): duration(seconds: Int(seconds))
        case .literal(.enumCase(let name)), .enumCase(let name, _): name
        case .literal(let literal): literal.description
        case .parameter(let name, _), .field(let name, _): name
        case .argument(let name, _): "the tip's \(name)"
        case .negate(let negated): "-" + operand(negated)
        case .count(let query):
            "the number of times the app recorded \(query.event)" + qualifiers(of: query)
        case .binary(let op, let lhs, let rhs, _) where !op.isComparison && op != .and && op != .or:
            "\(operand(lhs)) \(op.rawValue) \(operand(rhs))"
        default: "(" + clause(expression) + ")"
        }
    }

    /// An operand of arithmetic: a compound one, or a count in words, in parentheses.
    private static func operand(_ expression: CheckedExpression) -> String {
        switch expression {
        case .binary, .count: "(" + value(expression) + ")"
        default: value(expression)
        }
    }

    /// Whether `expression` is a parameter, an argument or a field.
    private static func isName(_ expression: CheckedExpression) -> Bool {
        switch expression {
        case .parameter, .argument, .field: true
        default: false
        }
    }
}
