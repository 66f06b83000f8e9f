extension RuleEvaluator {
    /// Counts the donations a query selects.
    ///
    /// Donations are stored oldest first, so `within` and the event's keep
    /// duration narrow a contiguous range by binary search; only `filter` and
    /// the subset steps visit donations one by one.
    mutating func count(_ query: EventQuery) -> Int? {
        let eventID = query.event.id
        let (list, limit) = storedDonations(of: eventID)
        var range = Self.keptRange(of: query.event, in: list, limit: limit, now: now)
        // nil while the selection is still the contiguous `range`.
        var selection: [Int]?
        for step in query.steps {
            switch step {
            case .within(let seconds):
                let cutoff = now - seconds
                if let current = selection {
                    selection = current.filter { list[$0].date >= cutoff }
                } else {
                    range = max(range.lowerBound, Self.firstIndex(in: list, onOrAfter: cutoff))..<range.upperBound
                }
            case .filter(let predicate):
                guard let kept = filter(selection ?? Array(range), of: eventID, in: list, by: predicate) else {
                    return nil
                }
                selection = kept
            case .largestSubset(let field), .smallestSubset(let field):
                let candidates = selection ?? Array(range)
                let largest = if case .largestSubset = step { true } else { false }
                if let column = column(of: eventID, field: field, count: list.count) {
                    selection = Self.subset(of: candidates, in: column, largest: largest)
                } else {
                    selection = Self.subset(of: candidates, largest: largest) { list[$0].fields[field] }
                }
            }
        }
        return selection?.count ?? range.count
    }

    /// The event's stored donations and the store's limit for it, through `lastEvent`.
    private mutating func storedDonations(of eventID: String) -> (list: [StoredDonation], limit: Int?) {
        if let last = lastEvent, last.id == eventID { return (last.list, last.limit) }
        let (list, limit) = (donations[eventID] ?? [], donationLimits[eventID])
        lastEvent = (eventID, list, limit)
        return (list, limit)
    }

    /// The candidates (indices into `list`) whose donation satisfies
    /// `predicate`, or nil when it cannot be computed for one of them. A
    /// donation that lacks a field the predicate reads (stored before the
    /// event had that field) does not satisfy it.
    private mutating func filter(
        _ candidates: [Int], of eventID: String, in list: [StoredDonation], by predicate: RuleExpression
    ) -> [Int]? {
        if let comparison = fieldComparison(predicate) {
            return filter(candidates, of: eventID, in: list, by: comparison)
        }
        let fields = predicate.fieldsRead
        var kept: [Int] = []
        kept.reserveCapacity(candidates.count)
        for index in candidates where fields.allSatisfy({ list[index].fields[$0] != nil }) {
            guard let value = evaluate(predicate, donation: list[index]) else { return nil }
            guard case .bool(let keep) = value else {
                if failure == nil { failure = "a where predicate is not a Bool (found \(value))" }
                return nil
            }
            if keep { kept.append(index) }
        }
        return kept
    }

    /// `filter` for `.field op constant`: the constant is computed once; each
    /// donation costs one array read when the field has a column, else one
    /// dictionary lookup. A donation without the field is not kept.
    private mutating func filter(
        _ candidates: [Int], of eventID: String, in list: [StoredDonation], by comparison: FieldComparison
    ) -> [Int]? {
        var kept: [Int] = []
        kept.reserveCapacity(candidates.count)
        if let column = column(of: eventID, field: comparison.field, count: list.count) {
            let verdicts = column.values.map { comparison.op.compare($0, comparison.constant) }
            for index in candidates {
                let code = column.codes[index]
                guard code >= 0 else { continue }
                guard let keep = verdicts[Int(code)] else { return fieldFailure(comparison, in: list[index]) }
                if keep { kept.append(index) }
            }
        } else {
            for index in candidates {
                guard let field = list[index].fields[comparison.field] else { continue }
                guard let keep = comparison.op.compare(field, comparison.constant) else {
                    return fieldFailure(comparison, in: list[index])
                }
                if keep { kept.append(index) }
            }
        }
        return kept
    }

    /// The cached values of a field, when they are aligned with the event's `count` donations.
    private func column(of eventID: String, field: String, count: Int) -> FieldColumn? {
        guard let column = fieldColumns[eventID]?[field], column.count == count else { return nil }
        return column
    }

    /// A predicate of the shape `.field op constant`, with the constant computed.
    typealias FieldComparison = (op: RuleOperator, field: String, constant: TipValue)

    /// The predicate as a `FieldComparison`, when it has that shape.
    private mutating func fieldComparison(_ predicate: RuleExpression) -> FieldComparison? {
        guard case .binary(let op, .field(let field), let rhs) = predicate, op.isComparison, !rhs.readsFields,
            let constant = evaluate(rhs, donation: nil)
        else { return nil }
        return (op, field, constant)
    }

    /// Records why a `.field op constant` predicate could not be computed for a donation that has the field.
    private mutating func fieldFailure(_ comparison: FieldComparison, in donation: StoredDonation) -> [Int]? {
        if failure == nil, let value = donation.fields[comparison.field] {
            failure = "cannot compare \(value) \(comparison.op.rawValue) \(comparison.constant)"
        }
        return nil
    }

    /// The donations of `list` (an event's stored list, oldest first) that
    /// are kept at `now`: the newest `keepCount` of them (fewer where the
    /// store's `limit` says so), none older than `keepDuration`. Rules, counts
    /// and donation reads all cut here, so they give one answer.
    static func keptRange(of event: Tips.Event, in list: [StoredDonation], limit: Int?, now: Double) -> Range<Int> {
        var keepCount = event.keepCount
        if let limit, limit < keepCount { keepCount = limit }
        var lower = max(0, list.count - keepCount)
        if let keepDuration = event.keepDuration {
            lower = max(lower, firstIndex(in: list, onOrAfter: now - keepDuration))
        }
        return lower..<list.count
    }

    /// The index of the first donation dated at or after `date` (binary search).
    static func firstIndex(in list: [StoredDonation], onOrAfter date: Double) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = low + (high - low) / 2
            if list[middle].date < date { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `subset(of:largest:key:)` over an encoded column: counts codes instead of hashing values.
    private static func subset(of indices: [Int], in column: FieldColumn, largest: Bool) -> [Int] {
        var counts = [Int](repeating: 0, count: column.values.count)
        var order: [Int32] = []
        for index in indices {
            let code = column.codes[index]
            guard code >= 0 else { continue }
            if counts[Int(code)] == 0 { order.append(code) }
            counts[Int(code)] += 1
        }
        var best: Int32?
        for code in order {
            guard let current = best else {
                best = code
                continue
            }
            let count = counts[Int(code)]
            let bestCount = counts[Int(current)]
            if largest ? count > bestCount : count < bestCount { best = code }
        }
        guard let best else { return [] }
        return indices.filter { column.codes[$0] == best }
    }

    /// Groups the selected donations by a field and keeps the largest (or
    /// smallest) group; ties go to the group seen first. Donations without the
    /// field belong to no group.
    private static func subset(of indices: [Int], largest: Bool, key: (Int) -> TipValue?) -> [Int] {
        var groups: [TipValue: Int] = [:]
        var members: [[Int]] = []
        for index in indices {
            guard let key = key(index) else { continue }
            if let group = groups[key] {
                members[group].append(index)
            } else {
                groups[key] = members.count
                members.append([index])
            }
        }
        var best: [Int]?
        for group in members {
            guard let current = best else {
                best = group
                continue
            }
            if largest ? group.count > current.count : group.count < current.count { best = group }
        }
        return best ?? []
    }
}
