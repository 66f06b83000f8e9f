import Foundation

/// Why a tip is or is not shown: its status, every rule with what it saw,
/// and every gate that holds it back (or forces it).
///
/// ```swift
/// print(FavoriteTip().explanation)
/// // FavoriteTip: pending
/// //   rule App.tips:12 `openedTrailDetail.donations.within(5d).count >= 3`: does not hold
/// //     (openedTrailDetail.donations.within(5d).count = 2, needs >= 3)
/// ```
public struct TipExplanation: Sendable, Hashable, CustomStringConvertible {
    /// A testing switch that forces a tip's status.
    public enum TestingOverride: String, Sendable, Hashable {
        /// `showTipsForTesting(_:)` names the tip.
        case showTips = "showTipsForTesting"
        /// `hideTipsForTesting(_:)` names the tip.
        case hideTips = "hideTipsForTesting"
        /// `showAllTipsForTesting()`.
        case showAllTips = "showAllTipsForTesting"
        /// `hideAllTipsForTesting()`.
        case hideAllTips = "hideAllTipsForTesting"

        /// Whether the override shows the tip (else it hides it).
        public var shows: Bool { self == .showTips || self == .showAllTips }
    }

    /// Something other than the rules that decides or delays a tip.
    public enum Gate: Sendable, Hashable, CustomStringConvertible {
        /// `configure` has not run: every tip is pending.
        case notConfigured
        /// The tip was invalidated, for this reason, at this date.
        case invalidated(Tips.InvalidationReason, Date)
        /// The display frequency holds back this never-shown tip until the date.
        case displayFrequency(until: Date)
        /// A testing switch forces the status.
        case testingOverride(TestingOverride)
        /// In an ordered group, the tip waits until this earlier tip is invalidated.
        case waitingBehind(tipID: String)
        /// In a group, an earlier tip is current.
        case notCurrentInGroup(currentTipID: String)

        /// A readable line.
        public var description: String {
            switch self {
            case .notConfigured:
                "not configured: Tips.configure has not run, so every tip is pending"
            case .invalidated(let reason, let date):
                "invalidated: \(reason.rawValue) at \(Self.format(date))"
            case .displayFrequency(let until):
                "display frequency: another tip was shown recently; waiting until \(Self.format(until))"
            case .testingOverride(let override):
                "testing override: \(override.shows ? "shown" : "hidden") by \(override.rawValue)"
            case .waitingBehind(let tipID):
                "ordered group: waiting until \(tipID) is invalidated"
            case .notCurrentInGroup(let currentTipID):
                "group: \(currentTipID) is the current tip"
            }
        }

        static func format(_ date: Date) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: date)
        }
    }

    /// One rule and how it evaluated.
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        /// The rule's `.tips` text.
        public let source: String
        /// The `.tips` file name.
        public let file: String
        /// The 1-based line.
        public let line: Int
        /// Whether the rule holds.
        public let holds: Bool
        /// What the rule saw: `name = value` for every parameter and query it
        /// read, then what a top-level comparison needs (`needs >= 3`).
        public let observed: [String]
        /// Why the rule could not be computed (for example division by zero), if it could not.
        public let failure: String?

        /// A readable line.
        public var description: String {
            var text = "rule \(file):\(line) `\(source)`: \(holds ? "holds" : "does not hold")"
            var details = observed
            if let failure { details.append("could not evaluate: \(failure)") }
            if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
            return text
        }
    }

    /// The tip's id.
    public let tipID: String
    /// The tip's status when explained.
    public let status: Tips.Status
    /// Every rule, in order.
    public let rules: [Rule]
    /// Every gate that applies, most decisive first.
    public internal(set) var gates: [Gate]

    /// A readable, multi-line explanation.
    public var description: String {
        var lines = ["\(tipID): \(status.explanationText)"]
        lines += gates.map { "  \($0)" }
        lines += rules.isEmpty ? ["  no rules"] : rules.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// Why a group shows the tip it shows.
public struct TipGroupExplanation: Sendable, Hashable, CustomStringConvertible {
    /// The group's priority.
    public let priority: TipGroup.Priority
    /// The current tip's id, if any.
    public let currentTipID: String?
    /// Every tip of the group, in order, with group gates added.
    public let tips: [TipExplanation]

    /// A readable, multi-line explanation.
    public var description: String {
        let kind = priority == .ordered ? "ordered" : "firstAvailable"
        var lines = ["group (\(kind)): current tip \(currentTipID ?? "none")"]
        for tip in tips {
            lines += tip.description.split(separator: "\n").map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

extension Tips.Status {
    var explanationText: String {
        switch self {
        case .pending: "pending"
        case .available: "available"
        case .invalidated(let reason): "invalidated (\(reason.rawValue))"
        }
    }
}
