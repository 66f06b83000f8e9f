import Foundation

/// What evaluation keeps between evaluations: the field columns (each
/// stored donation's value of a field that registered rules filter or group
/// by, so that a filter reads one compact column instead of every
/// donation's dictionary), and a count of evaluations for tests of
/// dependency tracking.
///
/// Invariant: a column either has exactly as many entries as its event has
/// stored donations, holding their values in order, or it is rebuilt by
/// `prepare(for:donations:)` before an evaluation reads it. A change to the
/// donations that a column cannot follow (outside changes, deletion, a
/// donation that is not appended at the end) drops the event's columns.
struct EvaluationCache {
    /// Event id → field → the field's value in each stored donation, aligned
    /// with the event's stored donations.
    private(set) var fieldColumns: [String: [String: FieldColumn]] = [:]
    /// How many times a tip's rules were evaluated.
    private(set) var evaluationCount = 0

    /// Keeps the event's columns aligned after a donation was recorded:
    /// `list` is the event's stored donations now, `oldCount` how many it had
    /// before. The common case appends at the end and trims the oldest;
    /// anything else drops the columns.
    mutating func follow(donation: StoredDonation, of eventID: String, oldCount: Int, list: [StoredDonation]) {
        guard let columns = fieldColumns[eventID] else { return }
        let dropped = oldCount + 1 - list.count
        let aligned = columns.values.allSatisfy { $0.count == oldCount }
        guard aligned, dropped >= 0, dropped <= oldCount, list.last == donation else {
            fieldColumns[eventID] = nil
            return
        }
        for field in columns.keys {
            fieldColumns[eventID]?[field]?.removeFirst(dropped)
            fieldColumns[eventID]?[field]?.append(donation.fields[field])
        }
    }

    /// Builds the missing or stale columns that `queriedFields` (event id →
    /// fields) use; whether it built any.
    @discardableResult
    mutating func prepare(for queriedFields: [String: Set<String>], donations: [String: [StoredDonation]]) -> Bool {
        var built = false
        for (eventID, fields) in queriedFields {
            let list = donations[eventID] ?? []
            for field in fields where fieldColumns[eventID]?[field]?.count != list.count {
                fieldColumns[eventID, default: [:]][field] = FieldColumn(list.lazy.map { $0.fields[field] })
                built = true
            }
        }
        return built
    }

    /// Drops the event's columns (its donations changed in a way they cannot follow).
    mutating func drop(_ eventID: String) {
        fieldColumns[eventID] = nil
    }

    /// Drops every column (the donations were replaced).
    mutating func dropAll() {
        fieldColumns = [:]
    }

    /// Counts one evaluation of a tip's rules.
    mutating func countEvaluation() {
        evaluationCount += 1
    }
}
