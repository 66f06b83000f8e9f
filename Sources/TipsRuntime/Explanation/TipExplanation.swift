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
        /// The display frequency holds back this never-shown tip until the
        /// date: a tip (`lastShownTipID`, when its record is kept) appeared
        /// at `shownAt`, and a tip that never appeared waits the configured
        /// interval after any tip appeared.
        case displayFrequency(lastShownTipID: String?, shownAt: Date, until: Date)
        /// A testing switch forces the status.
        case testingOverride(TestingOverride)
        /// In an ordered group (named by `TipGroup.name`), the tip waits until
        /// this earlier tip is invalidated. A group holds a tip back without
        /// changing its status: the tip may be available, and the group still
        /// does not present it.
        case waitingBehind(tipID: String, group: String)
        /// In a group (named by `TipGroup.name`), another tip is presented
        /// instead of this available one.
        case notCurrentInGroup(currentTipID: String, group: String)
        /// Holds (`holdDisplays(reason:)`) are in force, with these reasons: no tip is available.
        case held(reasons: [String])
        /// The tip is snoozed until the date.
        case snoozed(until: Date)
        /// `oneAtATime`: this other tip is on screen.
        case oneAtATime(onScreenTipID: String)
        /// `sessionLimit`: `limit` different tips (these) appeared in this session, not this one.
        case sessionLimit(limit: Int, appearedTipIDs: [String])
        /// This install is held out of the tip (its `holdout`, this share
        /// of installs; nil when `configure` chose the membership): it would
        /// be available, and stays pending.
        case heldOut(percent: Int?)

        /// A readable line.
        public var description: String {
            switch self {
            case .notConfigured:
                "not configured: Tips.configure has not run, so every tip is pending"
            case .invalidated(let reason, let date):
                "invalidated: \(reason.rawValue) at \(Self.format(date))"
            case .displayFrequency(let lastShownTipID, let shownAt, let until):
                "display frequency: this tip has never appeared, and \(lastShownTipID ?? "a tip") appeared at "
                    + "\(Self.format(shownAt)); waiting until \(Self.format(until))"
            case .testingOverride(let override):
                "testing override: \(override.shows ? "shown" : "hidden") by \(override.rawValue)"
            case .waitingBehind(let tipID, let group):
                "ordered group \(group): waiting until \(tipID) is invalidated"
            case .notCurrentInGroup(let currentTipID, let group):
                "group \(group): \(currentTipID) is presented instead"
            default:
                attentionDescription
            }
        }

        /// The line of a gate of attention.
        private var attentionDescription: String {
            switch self {
            case .held(let reasons):
                "held: displays are held (\(reasons.map { "\"\($0)\"" }.joined(separator: ", ")))"
            case .snoozed(let until):
                "snoozed until \(Self.format(until))"
            case .oneAtATime(let onScreen):
                "one at a time: \(onScreen) is on screen"
            case .sessionLimit(let limit, let appeared):
                "session limit: \(appeared.count) of \(limit) tips appeared in this session "
                    + "(\(appeared.joined(separator: ", "))); waiting for the next session"
            case .heldOut(let percent):
                "held out: this install is in the \(percent.map { "\($0) %" } ?? "chosen share") held out of this tip"
            default:
                ""
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
        /// What the rule saw: `name = value` for every argument of a reusable
        /// tip it uses (`region = "Andes"`), then for every parameter and query
        /// it read, then what a top-level comparison needs (`needs >= 3`).
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

    /// Whether a group holds the tip back although its status is available.
    public var isHeldByGroup: Bool {
        gates.contains { gate in
            switch gate {
            case .waitingBehind, .notCurrentInGroup: true
            default: false
            }
        }
    }

    /// A readable, multi-line explanation.
    public var description: String {
        let held = status == .available && isHeldByGroup ? ", but its group does not present it" : ""
        var lines = ["\(tipID): \(status.explanationText)\(held)"]
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
