// The one renderer of rules in `.tips` syntax: for explanations here, and for
// the compiler's messages and language server.

/// The units of a `.tips` duration literal; raw values are the suffixes
/// (`30s`, `5d`), as `tipc` reads them and rule text writes them.
package enum DurationUnit: String, Sendable, Hashable, CaseIterable {
    case seconds = "s"
    case minutes = "m"
    case hours = "h"
    case days = "d"
    case weeks = "w"

    /// How many seconds one of this unit lasts.
    package var seconds: Int {
        switch self {
        case .seconds: 1
        case .minutes: 60
        case .hours: 3_600
        case .days: 86_400
        case .weeks: 604_800
        }
    }

    /// The unit in words, for one of it: `day`.
    package var word: String {
        switch self {
        case .seconds: "second"
        case .minutes: "minute"
        case .hours: "hour"
        case .days: "day"
        case .weeks: "week"
        }
    }
}

/// How rule text spells a duration.
package enum DurationSpelling: Sendable {
    /// In the largest whole unit (`5d`), as explanations show a rule.
    case largestUnit
    /// In whole seconds (`432000s`), as the compiler reads a rule.
    case seconds
}

extension TipValue {
    /// The value as a `.tips` literal.
    package func tipsLiteral(_ durations: DurationSpelling = .largestUnit) -> String {
        switch self {
        case .duration(let seconds): Self.durationLiteral(seconds, durations)
        default: description
        }
    }

    /// A duration in the largest whole `.tips` unit (`5d`, `12h`, `30s`), or in seconds.
    package static func durationLiteral(_ seconds: Double, _ spelling: DurationSpelling = .largestUnit) -> String {
        for unit in DurationUnit.allCases.reversed() where spelling == .largestUnit && seconds != 0 {
            let size = Double(unit.seconds)
            let count = seconds / size
            if seconds.remainder(dividingBy: size) == 0, abs(count) < 1e15 { return "\(Int(count))\(unit.rawValue)" }
        }
        if seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int(seconds))s" }
        if spelling == .seconds, let whole = Int(exactly: seconds) { return "\(whole)s" }
        return "\(seconds)s"
    }
}

extension RuleExpression {
    /// The expression in `.tips` syntax, as explanations show it.
    var tipsDescription: String { tipsText(durations: .largestUnit) }

    /// The expression in `.tips` syntax, parenthesised where operators nest.
    package func tipsText(durations: DurationSpelling) -> String {
        switch self {
        case .literal(let value): value.tipsLiteral(durations)
        case .parameter(let reference): reference.id
        case .argument(let name, _): name
        case .field(let name): ".\(name)"
        case .not(let operand): "!\(operand.operandDescription(durations))"
        case .negate(let operand): "-\(operand.operandDescription(durations))"
        case .binary(let op, let lhs, let rhs):
            "\(lhs.operandDescription(durations)) \(op.rawValue) \(rhs.operandDescription(durations))"
        case .count(let query): "\(query.tipsText(durations: durations)).count"
        }
    }

    private func operandDescription(_ durations: DurationSpelling) -> String {
        if case .binary = self { return "(\(tipsText(durations: durations)))" }
        return tipsText(durations: durations)
    }
}

extension EventQuery {
    /// The query in `.tips` syntax, without the final `.count`, as explanations show it.
    var tipsDescription: String { tipsText(durations: .largestUnit) }

    /// The query in `.tips` syntax, without the final `.count`.
    package func tipsText(durations: DurationSpelling) -> String {
        var text = "\(event.id).donations"
        for step in steps {
            switch step {
            case .within(let seconds): text += ".within(\(TipValue.durationLiteral(seconds, durations)))"
            case .filter(let predicate): text += ".where(\(predicate.tipsText(durations: durations)))"
            case .largestSubset(let field): text += ".largestSubset(by: .\(field))"
            case .smallestSubset(let field): text += ".smallestSubset(by: .\(field))"
            }
        }
        return text
    }
}
