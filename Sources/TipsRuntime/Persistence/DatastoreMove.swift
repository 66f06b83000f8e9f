/// State moved from an old identity to a new one (`renamedFrom`): one
/// journal mutation, so that a crash leaves it under exactly one of the two.
/// Where both hold state they merge: a tip keeps an invalidation and adds its
/// display counts and durations, donations are united (oldest first, then cut
/// to the event's keep count), a parameter keeps the new identity's value
/// (set by a version that knew it, so the more recent). Moving from an
/// identity that holds nothing changes nothing.
enum DatastoreMove: Sendable, Hashable {
    /// A tip record: from one tip id to another.
    case tip(from: String, to: String)
    /// A persisted parameter's value.
    case parameter(from: String, to: String)
    /// An event's donations, cut to `keepCount` once united.
    case donations(from: String, to: String, keepCount: Int)
    /// A parameter holding the enum case `from` now holds `to`.
    case parameterCase(parameter: String, from: String, to: String)
    /// The donations of an event whose `field` holds the enum case `from` now hold `to`.
    case fieldCase(event: String, field: String, from: String, to: String)

    /// The events whose donations the move changes (their cached field columns are stale).
    var changedEvents: [String] {
        switch self {
        case .donations(let from, let to, _): [from, to]
        case .fieldCase(let event, _, _, _): [event]
        case .tip, .parameter, .parameterCase: []
        }
    }
}

extension DatastoreSnapshot {
    /// Applies a move; see ``DatastoreMove``.
    mutating func apply(_ move: DatastoreMove) {
        switch move {
        case .tip(let from, let to):
            guard from != to, let old = tips.removeValue(forKey: from) else { return }
            tips[to] = tips[to].map { $0.merged(with: old) } ?? old
        case .parameter(let from, let to):
            guard from != to, let value = parameters.removeValue(forKey: from) else { return }
            if parameters[to] == nil { parameters[to] = value }
        case .donations(let from, let to, let keepCount):
            guard from != to, donations[from] != nil else { return }
            let old = Array(keptDonations(of: from))
            let current = Array(keptDonations(of: to))
            donations[from] = nil
            donationLimits[from] = nil
            donationLimits[to] = nil
            var united = Self.merge(current, old)
            let keep = max(0, keepCount)
            if united.count > keep { united.removeFirst(united.count - keep) }
            donations[to] = united
        case .parameterCase(let parameter, let from, let to):
            if parameters[parameter] == .enumCase(from) { parameters[parameter] = .enumCase(to) }
        case .fieldCase(let event, let field, let from, let to):
            guard var list = donations.removeValue(forKey: event) else { return }
            for index in list.indices where list[index].fields[field] == .enumCase(from) {
                list[index].fields[field] = .enumCase(to)
            }
            donations[event] = list
        }
    }

    /// Two lists of donations, each oldest first, as one oldest first (ties: `first`'s before `second`'s).
    private static func merge(_ first: [StoredDonation], _ second: [StoredDonation]) -> [StoredDonation] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var united: [StoredDonation] = []
        united.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j].date < first[i].date {
                united.append(second[j])
                j += 1
            } else {
                united.append(first[i])
                i += 1
            }
        }
        united += first[i...]
        united += second[j...]
        return united
    }
}

extension TipRecord {
    /// This record (the new identity's) with `other` (the old identity's)
    /// merged in: display counts and durations added, the earlier first and
    /// later last display kept, the later reset kept, and an invalidation
    /// kept unless a reset of the other record came after it (the earlier
    /// one when both stand); snooze counts added, the later snooze kept.
    func merged(with other: TipRecord) -> TipRecord {
        var merged = self
        let (count, overflow) = displayCount.addingReportingOverflow(other.displayCount)
        merged.displayCount = overflow ? Int.max : max(0, count)
        merged.displayDuration = max(0, displayDuration) + max(0, other.displayDuration)
        merged.firstDisplayDate = [firstDisplayDate, other.firstDisplayDate].compactMap { $0 }.min()
        merged.lastDisplayDate = [lastDisplayDate, other.lastDisplayDate].compactMap { $0 }.max()
        merged.eligibleSince = [eligibleSince, other.eligibleSince].compactMap { $0 }.max()
        let standing = [
            invalidation.flatMap { $0.date >= (other.eligibleSince ?? -.infinity) ? $0 : nil },
            other.invalidation.flatMap { $0.date >= (eligibleSince ?? -.infinity) ? $0 : nil },
        ].compactMap { $0 }
        merged.invalidation = standing.min { $0.date < $1.date }
        // Snoozes add up like displays; the snooze in force is the later one asked for.
        let (snoozes, snoozeOverflow) = snoozeCount.addingReportingOverflow(other.snoozeCount)
        merged.snoozeCount = snoozeOverflow ? Int.max : max(0, snoozes)
        merged.snooze = [snooze, other.snooze].compactMap { $0 }.max { $0.date < $1.date }
        return merged
    }
}
