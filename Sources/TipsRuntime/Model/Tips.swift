/// TipKit's namespace: status, invalidation reasons, configuration, and the
/// parameter and event types.
public enum Tips {
    /// Why a tip was invalidated. Invalidation is permanent until the tip's
    /// eligibility or the whole datastore is reset.
    public enum InvalidationReason: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// The person did what the tip teaches.
        case actionPerformed
        /// The person closed the tip.
        case tipClosed
        /// The tip reached its maximum display count.
        case displayCountExceeded
        /// The tip reached its maximum cumulative display duration.
        case displayDurationExceeded

        /// The case name, as `tipClosed`.
        public var description: String { rawValue }
    }
}

extension Tips {
    /// Whether a tip may show now.
    ///
    /// ```swift
    /// switch tip.status {
    /// case .available: present(tip)
    /// case .pending, .invalidated: break
    /// }
    /// ```
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        /// Not eligible now: a rule does not hold, the display frequency holds it
        /// back, a testing switch hides it, or the runtime is not configured yet.
        case pending
        /// Eligible: the host should show it.
        case available
        /// Permanently ineligible, until its eligibility or the datastore is reset.
        case invalidated(InvalidationReason)

        /// As written in Swift, without module names: `invalidated(tipClosed)`.
        public var description: String {
            switch self {
            case .pending: "pending"
            case .available: "available"
            case .invalidated(let reason): "invalidated(\(reason))"
            }
        }
    }

    /// A button a tip offers; `id` identifies it to the host.
    ///
    /// What choosing it does is attached by the host
    /// (`TipCenter.onAction(of:_:)`, `TipPresenter`'s handler) or given here
    /// as `perform`; `TipCenter.chooseAction(_:of:)` runs them all.
    public struct Action: Sendable, Hashable {
        /// The action's identifier, stable across copy changes.
        public let id: String
        /// The button's title.
        public let title: String
        /// Runs when a person chooses the action; nil when the host attaches
        /// handlers instead. Not part of the action's equality.
        public let perform: (@Sendable () -> Void)?

        /// Creates an action.
        public init(id: String, title: String, perform: (@Sendable () -> Void)? = nil) {
            self.id = id
            self.title = title
            self.perform = perform
        }

        /// Actions are equal when their ids and titles are.
        public static func == (lhs: Action, rhs: Action) -> Bool {
            lhs.id == rhs.id && lhs.title == rhs.title
        }

        /// Hashes the id and title.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(title)
        }
    }

    /// Options that limit how long and how often a tip shows.
    ///
    /// ```swift
    /// Tips.Options(maxDisplayCount: 3, invalidatedBy: [TipEvents.favoritedTrail.event])
    /// ```
    public struct Options: Sendable, Hashable {
        /// The tip is invalidated with `.displayCountExceeded` when this many displays have ended.
        public var maxDisplayCount: Int?
        /// The tip is invalidated with `.displayDurationExceeded` once it has been
        /// on screen this many seconds in total, even while on screen. Applied
        /// as written: TipKit shows a tip at least 60 s, this runtime accepts
        /// shorter limits (`tipc` warns below 60 s).
        public var maxDisplayDuration: Double?
        /// Exempts the tip from the configured display frequency.
        public var ignoresDisplayFrequency: Bool
        /// Donating any of these events invalidates the tip with `.actionPerformed`.
        public var invalidatedBy: [Tips.Event]
        /// What `snooze()` does: hide the tip this long, and invalidate it
        /// with `.tipClosed` at the snooze after the last one allowed. Nil:
        /// one day, as often as asked (`Tips.Snooze.standard`).
        public var snooze: Tips.Snooze?
        /// The share of installs (1 to 99 percent) for which the tip never
        /// becomes available, to measure what it changes; nil for none.
        public var holdoutPercent: Int?

        /// Creates options; the defaults impose no limit.
        public init(
            maxDisplayCount: Int? = nil, maxDisplayDuration: Double? = nil,
            ignoresDisplayFrequency: Bool = false, invalidatedBy: [Tips.Event] = [],
            snooze: Tips.Snooze? = nil, holdoutPercent: Int? = nil
        ) {
            self.maxDisplayCount = maxDisplayCount
            self.maxDisplayDuration = maxDisplayDuration
            self.ignoresDisplayFrequency = ignoresDisplayFrequency
            self.invalidatedBy = invalidatedBy
            self.snooze = snooze
            self.holdoutPercent = holdoutPercent
        }
    }
}
