import Foundation

/// One thing a tip did in this process, as ``TipCenter/activityUpdates`` and
/// `configure`'s `.onActivity` report it: in order, exactly once each.
///
/// Forwarding it to an analytics library takes a few lines:
///
/// ```swift
/// try await Tips.configure([
///     .onActivity { activity in
///         Analytics.track("tip_\(activity.kind.name)", properties: [
///             "tip": activity.tipID, "date": activity.date,
///         ].merging(activity.arguments.mapValues(\.description)) { first, _ in first })
///     }
/// ])
/// ```
public struct TipActivity: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The tip's status became `.available`.
        case becameAvailable
        /// A display started (`tipDidAppear`).
        case appeared
        /// A display ended, after this many seconds on screen.
        case disappeared(duration: Double)
        /// A person chose the action with this id.
        case actionChosen(actionID: String)
        /// The tip was invalidated for this reason.
        case invalidated(Tips.InvalidationReason)
        /// The tip was snoozed until this date.
        case snoozed(until: Date)
        /// The tip would have become available, but this install is held out of it.
        case heldOut
        /// The tip's eligibility was reset (`resetEligibility`).
        case eligibilityReset

        /// A short name for analytics: `becameAvailable`, `disappeared`, ...
        public var name: String {
            switch self {
            case .becameAvailable: "becameAvailable"
            case .appeared: "appeared"
            case .disappeared: "disappeared"
            case .actionChosen: "actionChosen"
            case .invalidated: "invalidated"
            case .snoozed: "snoozed"
            case .heldOut: "heldOut"
            case .eligibilityReset: "eligibilityReset"
            }
        }
    }

    /// What happened.
    public let kind: Kind
    /// When, by the center's clock.
    public let date: Date
    /// The tip's id.
    public let tipID: String
    /// A reusable tip's arguments by name (empty for any other tip).
    public let arguments: [String: TipValue]

    /// Creates an activity.
    public init(kind: Kind, date: Date, tipID: String, arguments: [String: TipValue] = [:]) {
        self.kind = kind
        self.date = date
        self.tipID = tipID
        self.arguments = arguments
    }

    /// `FavoriteTip disappeared (duration 4.0 s)`, with arguments when there are.
    public var description: String {
        var text = "\(tipID) \(kind.name)"
        switch kind {
        case .disappeared(let duration): text += " (duration \(duration) s)"
        case .actionChosen(let id): text += " (\(id))"
        case .invalidated(let reason): text += " (\(reason))"
        case .snoozed(let until): text += " (until \(TipExplanation.Gate.format(until)))"
        case .becameAvailable, .appeared, .heldOut, .eligibilityReset: break
        }
        if !arguments.isEmpty {
            text +=
                " ["
                + arguments.keys.sorted().map { "\($0) = \(arguments[$0].map(String.init(describing:)) ?? "")" }
                .joined(separator: ", ") + "]"
        }
        return text
    }
}
