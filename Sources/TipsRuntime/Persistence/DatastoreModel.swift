import Foundation

// The hand-off between the engine and the datastore: what is persisted, and
// the mutations the engine asks to make durable.

/// One donation as stored: when, and its fields.
struct StoredDonation: Sendable, Hashable {
    /// Seconds since 1970.
    var date: Double
    /// The donation's typed fields; empty for an event without fields.
    var fields: [String: TipValue]
}

/// An invalidation as stored.
struct StoredInvalidation: Sendable, Hashable {
    var reason: Tips.InvalidationReason
    /// Seconds since 1970.
    var date: Double
}

/// What the datastore keeps about one tip, keyed by the tip's id.
struct TipRecord: Sendable, Hashable {
    /// How many displays have started.
    var displayCount: Int = 0
    /// Cumulative seconds on screen over completed displays.
    var displayDuration: Double = 0
    /// When the tip was first displayed (seconds since 1970).
    var firstDisplayDate: Double?
    /// When the tip was last displayed (seconds since 1970).
    var lastDisplayDate: Double?
    /// Set once the tip is invalidated.
    var invalidation: StoredInvalidation?
}

/// Everything the datastore holds.
struct DatastoreSnapshot: Sendable, Hashable {
    /// Persisted (non-transient) parameter values by parameter id.
    var parameters: [String: TipValue] = [:]
    /// Donations by event id, oldest first.
    var donations: [String: [StoredDonation]] = [:]
    /// Per-tip records by tip id.
    var tips: [String: TipRecord] = [:]
    /// When any tip was last displayed (feeds the display frequency).
    var lastDisplayDate: Double?
}

/// One change the engine asks the datastore to make durable.
enum DatastoreMutation: Sendable, Hashable {
    case setParameter(id: String, value: TipValue)
    /// Appends a donation, then drops all but the newest `keepCount` and
    /// those older than `keepDuration` seconds before the donation's date.
    case donate(eventID: String, donation: StoredDonation, keepCount: Int, keepDuration: Double?)
    case setTipRecord(id: String, record: TipRecord)
    case removeTipRecord(id: String)
    case setLastDisplayDate(Double?)
}
