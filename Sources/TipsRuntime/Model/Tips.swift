/// TipKit's namespace: status, invalidation reasons, configuration, and the
/// parameter and event types.
public enum Tips {
    /// Why a tip was invalidated. Invalidation is permanent until the tip's
    /// eligibility or the whole datastore is reset.
    public enum InvalidationReason: String, Sendable, Hashable, Codable, CaseIterable {
        /// The person did what the tip teaches.
        case actionPerformed
        /// The person closed the tip.
        case tipClosed
        /// The tip reached its maximum display count.
        case displayCountExceeded
        /// The tip reached its maximum cumulative display duration.
        case displayDurationExceeded
    }
}
