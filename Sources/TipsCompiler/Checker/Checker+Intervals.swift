// What a tip's rules leave to each operand they constrain (see
// Checker+RuleAnalysis.swift): Int and Double intervals, and the values an
// operand is equal or unequal to.

import TipsRuntime
import TipsSyntax

extension Checker {
    /// A constant bound on an Int operand, `operand op value`, without the
    /// operand, which is read where its rule holds it.
    struct Bound {
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

    /// What the conjuncts so far say of each operand, in the order first
    /// stored. A tip's rules constrain a few operands, so each is found by
    /// comparing it with those stored: a dictionary would hash it first, and
    /// hashing a count hashes its whole query (−20 M instructions of
    /// 10,000 tips, callgrind).
    struct OperandFacts<Fact> {
        private var entries: [(operand: CheckedExpression, fact: Fact)] = []

        /// What is known of `operand`, nil before anything is.
        func fact(of operand: CheckedExpression) -> Fact? {
            // By index: `for entry in entries` copies each operand, retaining what it holds.
            for index in entries.indices where entries[index].operand == operand { return entries[index].fact }
            return nil
        }

        /// Records `fact` as what is known of `operand`.
        mutating func store(_ fact: Fact, for operand: CheckedExpression) {
            for index in entries.indices where entries[index].operand == operand {
                entries[index].fact = fact
                return
            }
            entries.append((operand, fact))
        }
    }

    /// Everything one tip's rules have said so far.
    struct RuleFacts {
        var ints = OperandFacts<Interval>()
        var doubles = OperandFacts<DoubleInterval>()
        var equalities = OperandFacts<Equality>()
    }
}
