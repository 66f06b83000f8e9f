import Foundation

extension Tips {
    /// An event with fields, as generated code declares it: the event, and
    /// its donations read back as the generated donation type. What differs
    /// from event to event, `donate` and `sendDonation` with one labeled
    /// parameter a field, the generated code adds in an extension constrained
    /// to that event's donation type, so that it declares no event type of
    /// its own.
    ///
    /// ```swift
    /// await TipEvents.visitedRegion.donate(region: "Alps")
    /// let regions = TipEvents.visitedRegion.donations().map(\.region)
    /// ```
    ///
    /// The generic parameter's name is reserved: a `.tips` name spelled the
    /// same would be hidden by it inside the generated extensions.
    public struct TypedEvent<_TipcDonation: Sendable>: Sendable {
        /// The event that is donated, counted and queried.
        public let event: Event
        /// Makes the typed donation of a stored one; nil when its fields do
        /// not have the declared types (stored by another version).
        private let typed: @Sendable (Event.Donation) -> _TipcDonation?

        /// Creates the event, as ``Tips/Event/init(id:keepCount:keepDuration:renames:)``
        /// does, with the function that types its stored donations.
        public init(
            id: String, keepCount: Int = 1000, keepDuration: Double? = nil, renames: Renames? = nil,
            donation typed: @escaping @Sendable (Event.Donation) -> _TipcDonation?
        ) {
            self.event = Event(id: id, keepCount: keepCount, keepDuration: keepDuration, renames: renames)
            self.typed = typed
        }

        /// The donations kept now, oldest first, with their typed fields. A
        /// donation whose fields do not have these types (stored by another
        /// version) is left out.
        public func donations(in center: TipCenter = .shared) -> [_TipcDonation] {
            event.donations(in: center).compactMap(typed)
        }

        /// Deletes every donation; returns once it is durable.
        public func deleteDonations(in center: TipCenter = .shared) async {
            await event.deleteDonations(in: center)
        }
    }
}
