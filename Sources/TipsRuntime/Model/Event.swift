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
        /// Donations older than this many seconds are dropped and never queried.
        public let keepDuration: Double?

        /// Creates an event. By default the 1000 most recent donations are kept.
        public init(id: String, keepCount: Int = 1000, keepDuration: Double? = nil) {
            self.id = id
            self.keepCount = max(0, keepCount)
            self.keepDuration = keepDuration
        }

        /// Records a donation dated by the center's clock; returns once it is
        /// durable. Tips whose rules query the event, or that it invalidates,
        /// are re-evaluated.
        public func donate(_ fields: [String: TipValue] = [:], in center: TipCenter = .shared) async {
            await center.donate(self, fields: fields)
        }

        /// Records a donation dated by the center's clock and returns at once,
        /// without waiting for it to be durable (it is written with the next
        /// group commit). Dependent tips are re-evaluated before it returns.
        public func sendDonation(_ fields: [String: TipValue] = [:], in center: TipCenter = .shared) {
            center.sendDonation(self, fields: fields)
        }

        /// How many donations are kept now (before any rule's window or filter).
        public func donationCount(in center: TipCenter = .shared) -> Int {
            center.donationCount(of: self)
        }
    }
}
