import Foundation

extension Tips {
    /// A user event whose donations rules count and filter.
    ///
    /// ```swift
    /// let opened = Tips.Event(id: "openedTrailDetail")
    /// await opened.donate()
    /// let searched = Tips.Event(id: "searched", keepCount: 200, keepDuration: 30 * 86_400)
    /// await searched.donate(["term": .string("lake")])
    /// ```
    public struct Event: Sendable, Hashable {
        /// The persistence key.
        public let id: String
        /// How many of the most recent donations are kept and queried.
        public let keepCount: Int
        /// Donations older than this many seconds, by the center's clock, are
        /// not counted, queried or read. They stay stored until `keepCount`
        /// newer ones are, so a clock that was wrong for a while loses none.
        public let keepDuration: Double?
        /// The renames of the module that declares the event (its `.tips`
        /// files' `renamedFrom`), when it has any: a center moves the state
        /// they name before the event is first donated or read, so that what
        /// was stored under an old name is never read as missing. Not part
        /// of the event's value.
        public var renames: Renames? { attached.renames }
        private let attached: AttachedRenames

        /// Creates an event. By default the 1000 most recent donations are kept.
        public init(id: String, keepCount: Int = 1000, keepDuration: Double? = nil, renames: Renames? = nil) {
            self.id = id
            self.keepCount = max(0, keepCount)
            self.keepDuration = keepDuration
            self.attached = AttachedRenames(renames: renames)
        }

        /// Records a donation dated by the center's clock; returns once it is
        /// durable. Tips whose rules query the event, or that it invalidates,
        /// are re-evaluated. Before `configure` the donation is kept and
        /// `donate` returns at once; `configure` returns once it is durable
        /// (see `Tips.Parameter.set(_:in:)`).
        public func donate(_ fields: [String: TipValue] = [:], in center: TipCenter = .shared) async {
            await center.donate(self, fields: fields)
        }

        /// Records a donation dated by the center's clock and returns at once,
        /// without waiting for it to be durable (it is written with the next
        /// group commit). Dependent tips are re-evaluated before it returns.
        public func sendDonation(_ fields: [String: TipValue] = [:], in center: TipCenter = .shared) {
            center.sendDonation(self, fields: fields)
        }

        /// How many donations are kept now (before any rule's window or
        /// filter): the donations past `keepCount` or older than
        /// `keepDuration` are not counted, as rules do not count them.
        public func donationCount(in center: TipCenter = .shared) -> Int {
            center.donationCount(of: self)
        }

        /// The donations kept now, oldest first, with their dates and fields.
        ///
        /// ```swift
        /// for donation in visitedRegion.donations() {
        ///     print(donation.date, donation.value("region", as: String.self) ?? "?")
        /// }
        /// ```
        public func donations(in center: TipCenter = .shared) -> [Donation] {
            center.donations(of: self)
        }

        /// Deletes every donation of the event; returns once durable. Tips
        /// whose rules query it are re-evaluated; tips it invalidated stay
        /// invalidated.
        public func deleteDonations(in center: TipCenter = .shared) async {
            await center.deleteDonations(of: self)
        }
    }
}

extension Tips.Event {
    /// One recorded donation: when, and its typed fields.
    public struct Donation: Sendable, Hashable {
        /// When the donation was made, by the center's clock.
        public let date: Date
        /// The donation's fields by name; empty for an event without fields.
        public let fields: [String: TipValue]

        /// Creates a donation (the center makes them; tests may too).
        public init(date: Date, fields: [String: TipValue] = [:]) {
            self.date = date
            self.fields = fields
        }

        /// A field's value as `type`, or nil when it is missing or of another type.
        public func value<Value: TipValueConvertible>(_ field: String, as type: Value.Type = Value.self) -> Value? {
            fields[field].flatMap(Value.init(tipValue:))
        }
    }
}

/// Renames carried beside a value (an event, a parameter) and not part of
/// it: every two are equal, and they add nothing to a hash. Held by one
/// reference, nil for none, so that an event or a parameter without renames
/// (every one of a module that renames nothing) copies as cheaply as before.
struct AttachedRenames: Sendable, Hashable {
    private final class Box: Sendable {
        let renames: Tips.Renames
        init(_ renames: Tips.Renames) { self.renames = renames }
    }

    private let box: Box?

    init(renames: Tips.Renames?) { box = renames.map(Box.init) }

    var renames: Tips.Renames? { box?.renames }

    static func == (lhs: AttachedRenames, rhs: AttachedRenames) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
