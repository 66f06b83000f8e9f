import Foundation

extension Tips {
    /// An event without fields, as generated code declares it: every such
    /// event of a `.tips` file is one of these under its own type alias
    /// (`OpenedTrailEvent`), so that the generated code declares no type of
    /// its own for it.
    ///
    /// ```swift
    /// await TipEvents.openedTrail.donate()
    /// let dates = TipEvents.openedTrail.donations().map(\.date)
    /// ```
    public struct FieldlessEvent: Sendable, Hashable {
        /// The event that is donated, counted and queried.
        public let event: Event

        /// Creates the event, as ``Tips/Event/init(id:keepCount:keepDuration:renames:)`` does.
        public init(id: String, keepCount: Int = 1000, keepDuration: Double? = nil, renames: Renames? = nil) {
            self.event = Event(id: id, keepCount: keepCount, keepDuration: keepDuration, renames: renames)
        }

        /// Records one donation; returns once it is durable.
        public func donate(in center: TipCenter = .shared) async {
            await event.donate([:], in: center)
        }

        /// Records one donation and returns at once, before it is durable.
        public func sendDonation(in center: TipCenter = .shared) {
            event.sendDonation([:], in: center)
        }

        /// The donations kept now, oldest first.
        public func donations(in center: TipCenter = .shared) -> [Donation] {
            event.donations(in: center).map { Donation(date: $0.date) }
        }

        /// Deletes every donation; returns once it is durable.
        public func deleteDonations(in center: TipCenter = .shared) async {
            await event.deleteDonations(in: center)
        }
    }
}

extension Tips.FieldlessEvent {
    /// A donation of an event without fields: when it was made.
    public struct Donation: Sendable, Hashable {
        /// When the donation was made, by the center's clock.
        public let date: Date

        /// Creates a donation made at `date`.
        public init(date: Date) {
            self.date = date
        }
    }
}
