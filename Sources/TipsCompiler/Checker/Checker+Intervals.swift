// What a tip's rules leave to each operand they constrain (see
// Checker+RuleAnalysis.swift): Int and Double intervals, and the values an
// operand is equal or unequal to.

import TipsRuntime
import TipsSyntax

extension Checker {
    /// A constant bound on an Int operand: `operand op value`.
    struct Bound {
        var operand: CheckedExpression
        var op: RuleOperator
        var value: Int
        /// The conjunct's text, which messages quote.
        var written: SourceRange
    }

    /// The values `low...high` that the bounds so far leave to an Int operand.
    struct Interval {
        var low: Int
        var high: Int
        /// The first bound on the operand.
        let first: SourceRange
    }

    /// The values a Double operand may still take: from `low` to `high`, each
    /// end excluded when it is strict.
    struct DoubleInterval {
        var low = -Double.infinity
        var lowIsStrict = false
        var high = Double.infinity
        var highIsStrict = false
        let first: SourceRange

        var isEmpty: Bool { low > high || (low == high && (lowIsStrict || highIsStrict)) }

        /// Narrowed by `operand op value` (already turned so the operand is on the left).
        mutating func narrow(_ op: RuleOperator, _ value: Double) {
            switch op {
            case .less, .lessOrEqual:
                if value < high || (value == high && op == .less) { (high, highIsStrict) = (value, op == .less) }
            case .greater, .greaterOrEqual:
                if value > low || (value == low && op == .greater) { (low, lowIsStrict) = (value, op == .greater) }
            case .equal:
                narrow(.lessOrEqual, value)
                narrow(.greaterOrEqual, value)
            default: break
            }
        }
    }

    /// What the conjuncts so far say an operand equals, and what it does not.
    struct Equality {
        var equals: (value: TipValue, written: SourceRange)?
        var differsFrom: [(value: TipValue, written: SourceRange)] = []
    }

    /// An operand as a key of ``RuleFacts``, hashed once: hashing a count
    /// hashes its whole query, and each conjunct looks its operand up and
    /// stores it back (twice over when the table grows).
    struct Operand: Hashable {
        let expression: CheckedExpression
        let hash: Int

        init(_ expression: CheckedExpression) {
            self.expression = expression
            self.hash = expression.hashValue
        }

        static func == (lhs: Operand, rhs: Operand) -> Bool {
            lhs.hash == rhs.hash && lhs.expression == rhs.expression
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// Everything one tip's rules have said so far.
    struct RuleFacts {
        var ints: [Operand: Interval] = [:]
        var doubles: [Operand: DoubleInterval] = [:]
        var equalities: [Operand: Equality] = [:]
    }
}
