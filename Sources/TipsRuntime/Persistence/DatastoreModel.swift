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
    /// When the tip's eligibility was last reset (seconds since 1970): an
    /// invalidating donation dated before it no longer invalidates the tip,
    /// in this process or the next.
    var eligibleSince: Double?
    /// How many times the tip was snoozed since its eligibility was last reset.
    var snoozeCount: Int = 0
    /// The last snooze: when it was asked for and until when it holds the
    /// tip back (seconds since 1970). It holds only while the clock reads
    /// between the two: a snooze dated after now (the clock moved back since)
    /// holds nothing back, so a wrong clock never makes it last for ever.
    var snooze: StoredSnooze?
}

/// A snooze as stored: from when, until when (seconds since 1970).
struct StoredSnooze: Sendable, Hashable {
    var date: Double
    var until: Double

    /// Whether it holds the tip back at `now`.
    func holds(at now: Double) -> Bool { date <= now && now < until }
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
    /// The install's random number that holdouts mix with a tip's id
    /// (recorded once, when a configured store without one first meets a
    /// registered tip with a holdout: `Facts.holdoutSeedToRecord`).
    var holdoutSeed: UInt64?
    /// Event id → its keep count, for the events whose list holds more than
    /// that because `applyDeferringTrim(_:)` let the oldest linger (never
    /// persisted: `keptDonations(of:)` and the codec read only the newest that many).
    var donationLimits: [String: Int] = [:]
}

/// One change the engine asks the datastore to make durable.
///
/// Mutations are deltas, not whole records, so that two processes sharing one
/// store (an app and its extension) merge by replaying each other's mutations
/// without losing a donation, a display or an invalidation.
enum DatastoreMutation: Sendable, Hashable {
    case setParameter(id: String, value: TipValue)
    /// Appends a donation, then drops all but the newest `keepCount`. A
    /// donation already stored with a later date (the clock moved back) is
    /// re-dated to this one's, so the list stays in the order stored. The
    /// keep duration is applied when donations are read, against the
    /// present clock (`RuleEvaluator.keptRange`), never by dropping: a
    /// clock that is wrong for a while hides donations for that while only.
    case donate(eventID: String, donation: StoredDonation, keepCount: Int, keepDuration: Double?)
    /// A display of the tip started at `date`: bumps its count, stamps its
    /// first and last display dates and the global last display date (the
    /// latest display's date, even when an earlier one is dated after it).
    case recordDisplayStart(tipID: String, date: Double)
    /// Adds `seconds` of display time to the tip's cumulative duration.
    case addDisplayDuration(tipID: String, seconds: Double)
    /// Invalidates the tip, unless it already is (the first reason wins).
    case invalidate(tipID: String, reason: Tips.InvalidationReason, date: Double)
    /// Makes the tip eligible again at `date`: forgets its invalidation,
    /// display count and duration, and remembers the date so that the
    /// donations it undid do not invalidate it again after a relaunch. It
    /// keeps the first and last display dates: the tip has appeared before.
    /// A nil date (written by the first format version) forgets the whole record.
    case resetTip(tipID: String, date: Double?)
    /// Deletes every donation of the event.
    case deleteDonations(eventID: String)
    /// Moves state from an old identity to a new one (`renamedFrom`; `DatastoreMove.swift`).
    case move(DatastoreMove)
    /// The tip was snoozed at `date` until `until`: bumps its snooze count
    /// (saturating) and replaces its snooze.
    case snooze(tipID: String, date: Double, until: Double)
    /// Sets the install's holdout seed, unless the store already has one
    /// (the first one committed wins, in every process and every replay).
    case setHoldoutSeed(UInt64)
    /// Replaces the whole state. The engine never commits this; the datastore
    /// returns it from `takeOutsideChanges()` when another process changed the store in a
    /// way that cannot be replayed as deltas (it compacted twice since this
    /// process last looked, or erased the store).
    case replaceAll(DatastoreSnapshot)
}

extension DatastoreSnapshot {
    /// Applies one mutation; the datastore uses this both live and when
    /// replaying its journal, so the two can never disagree.
    mutating func apply(_ mutation: DatastoreMutation) {
        switch mutation {
        case .setParameter(let id, let value):
            parameters[id] = value
        case .donate(let eventID, let donation, let keepCount, _):
            donate(eventID: eventID, donation: donation, keepCount: keepCount, slack: 0)
        case .recordDisplayStart(let tipID, let date):
            var record = tips[tipID, default: TipRecord()]
            // Saturates: a count read from disk must not trap on the next display.
            record.displayCount = record.displayCount < Int.max ? record.displayCount + 1 : Int.max
            if record.firstDisplayDate == nil { record.firstDisplayDate = date }
            record.lastDisplayDate = date
            tips[tipID] = record
            lastDisplayDate = date
        case .addDisplayDuration(let tipID, let seconds):
            tips[tipID, default: TipRecord()].displayDuration += max(0, seconds)
        case .invalidate(let tipID, let reason, let date):
            var record = tips[tipID, default: TipRecord()]
            if record.invalidation == nil {
                record.invalidation = StoredInvalidation(reason: reason, date: date)
            }
            tips[tipID] = record
        case .resetTip(let tipID, let date):
            guard let date else {
                tips[tipID] = nil
                return
            }
            var record = tips[tipID, default: TipRecord()]
            record.displayCount = 0
            record.displayDuration = 0
            record.invalidation = nil
            record.eligibleSince = date
            record.snoozeCount = 0
            record.snooze = nil
            tips[tipID] = record
        case .deleteDonations(let eventID):
            donations[eventID] = nil
            donationLimits[eventID] = nil
        case .move(let move):
            apply(move)
        case .snooze(let tipID, let date, let until):
            var record = tips[tipID, default: TipRecord()]
            record.snoozeCount = record.snoozeCount < Int.max ? record.snoozeCount + 1 : Int.max
            record.snooze = StoredSnooze(date: date, until: until)
            tips[tipID] = record
        case .setHoldoutSeed(let seed):
            if holdoutSeed == nil { holdoutSeed = seed }
        case .replaceAll(let snapshot):
            self = snapshot
        }
    }

    /// Applies one mutation like `apply(_:)`, except that a donation past its
    /// event's keep count leaves the oldest in place until there are
    /// `deferredTrimSlack(keepCount)` too many, then drops them in one go:
    /// trimming one per donation shifted the whole list every time. What
    /// rules, counts and the codec see (`keptDonations(of:)`) is the same as
    /// with `apply(_:)`.
    mutating func applyDeferringTrim(_ mutation: DatastoreMutation) {
        guard case .donate(let eventID, let donation, let keepCount, _) = mutation else {
            return apply(mutation)
        }
        donate(eventID: eventID, donation: donation, keepCount: keepCount, slack: Self.deferredTrimSlack(keepCount))
    }

    /// How many donations past its keep count an event's list may hold.
    static func deferredTrimSlack(_ keepCount: Int) -> Int { max(16, keepCount / 8) }

    /// The donations of an event that are kept: all of its list but the
    /// oldest a deferred trim has not dropped yet.
    func keptDonations(of eventID: String) -> ArraySlice<StoredDonation> {
        let list = donations[eventID] ?? []
        guard let limit = donationLimits[eventID] else { return list[...] }
        return list.suffix(limit)
    }

    /// Drops every donation a deferred trim left behind, so that the lists
    /// hold exactly what `apply(_:)` would have kept.
    mutating func trimDeferredDonations() {
        for (eventID, limit) in donationLimits {
            guard var list = donations.removeValue(forKey: eventID) else { continue }
            if list.count > limit { list.removeFirst(list.count - limit) }
            donations[eventID] = list
        }
        donationLimits = [:]
    }

    private mutating func donate(eventID: String, donation: StoredDonation, keepCount: Int, slack: Int) {
        let keepCount = max(0, keepCount)
        // Taken out of the dictionary so that the array is edited in place
        // instead of copied on every donation (journal replay is hot).
        var list = donations.removeValue(forKey: eventID) ?? []
        var limit = donationLimits[eventID]
        if let previous = limit, previous != keepCount || slack == 0 {
            // Another keep count (or an exact apply): first drop what the
            // previous one no longer kept, as an exact apply would have.
            if list.count > previous { list.removeFirst(list.count - previous) }
            donationLimits[eventID] = nil
            limit = nil
        }
        // A later date than the present's is the clock having moved back
        // since: that donation happened no later than now.
        var index = list.endIndex
        while index > list.startIndex, list[index - 1].date > donation.date {
            index -= 1
            list[index].date = donation.date
        }
        list.append(donation)
        if list.count > keepCount {
            if list.count - keepCount > slack {
                list.removeFirst(list.count - keepCount)
            } else if limit == nil {
                donationLimits[eventID] = keepCount
            }
        }
        donations[eventID] = list
    }
}
