extension Spelling {
    /// Insertions, deletions, substitutions and transpositions of neighbours
    /// that turn `a` into `b` (the optimal string alignment distance).
    package static func distance<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
        distance(a, b, limit: Int.max)
    }

    /// ``distance(_:_:)`` when it is at most `limit`; else `limit + 1`.
    package static func distance<Unit: Equatable>(_ a: [Unit], _ b: [Unit], limit: Int) -> Int {
        var rows: [Int] = []
        return distance(a[...], b[...], limit: limit, rows: &rows)
    }

    /// The distance of `a` and `b` when it is at most `limit`; else more
    /// than `limit` (`limit + 1`): the rows of `a`'s units filled one after
    /// another (``DistanceBand``), given up once a row shows every later one
    /// past `limit`. `rows` holds the three rows the recurrence reads, kept
    /// from one call to the next.
    ///
    /// With the whole table filled through bounds-checked arrays, the
    /// distance took two thirds of `tipc check` of 100 misspelt names among
    /// 5,000 declared ones (`perf record`). The band, read without bounds
    /// checks, and the search bounding each candidate by the best one so
    /// far, took that check from 794 to 145 ms of CPU (`perf stat -r 3`),
    /// and 1,000 such names from 9.36 to 1.87 s.
    ///
    /// Specialized for the units callers use: called from another module,
    /// the generic code compares and copies each unit through its type's
    /// witnesses, more than half of the time of a suggestion.
    @_specialize(where Unit == Unicode.Scalar)
    @_specialize(where Unit == Character)
    package static func distance<Unit: Equatable>(
        _ a: ArraySlice<Unit>, _ b: ArraySlice<Unit>, limit: Int, rows: inout [Int]
    ) -> Int {
        guard !a.isEmpty else { return b.count > limit ? limit + 1 : b.count }
        guard !b.isEmpty else { return a.count > limit ? limit + 1 : a.count }
        // No distance is more than the longer word's length: capped there, the band stays small.
        let band = DistanceBand(limit: min(limit, max(a.count, b.count)))
        guard abs(a.count - b.count) <= band.limit else { return band.far }
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: repeatElement(band.far, count: band.width * 3))
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { rows in
                    guard let base = rows.baseAddress else { return band.far }
                    // The rows before the last, the last, and the one being filled.
                    var (before, previous, current) = (base, base + band.width, base + 2 * band.width)
                    band.fillFirstRow(previous, columns: b.count)
                    var leastBefore = 0
                    for i in 1...a.count {
                        let least = band.fillRow(
                            i, unit: a[i - 1], previousUnit: i > 1 ? a[i - 2] : nil, against: b,
                            before: before, previous: previous, current: current)
                        if DistanceBand.isPast(band.limit, least: least, leastBefore: leastBefore) { return band.far }
                        leastBefore = least
                        (before, previous, current) = (previous, current, before)
                    }
                    return band.entry(previous, row: a.count, column: b.count)
                }
            }
        }
    }
}

/// The band of a distance table within `limit` of its diagonal, filled one
/// row at a time: row `i` is the distance of a word's first `i` units to
/// each prefix of another word, the entry of column `j` the prefix of `j`
/// units. An entry further than `limit` from the diagonal is more than
/// `limit`, since each step off it is an insertion or a deletion: a row is
/// stored as its `2 * limit + 1` entries about the diagonal, entry `j` of
/// row `i` at `j - i + limit`, and every entry more than `limit` is
/// stored as ``far``. Both searches fill their rows with it: a pair of
/// words (``Spelling/distance(_:_:limit:rows:)``) and a tree of candidates
/// (``Spelling/Prepared``), so they agree.
struct DistanceBand {
    let limit: Int
    /// What stands for every distance past ``limit``.
    var far: Int { limit + 1 }
    /// The entries a row stores.
    var width: Int { 2 * limit + 1 }

    /// Row 0, the empty prefix against `columns + 1` prefixes: `j` insertions each.
    func fillFirstRow(_ row: UnsafeMutablePointer<Int>, columns: Int) {
        row.update(repeating: far, count: width)
        for j in 0...min(columns, limit) { row[j + limit] = j }
    }

    /// Fills row `i`, whose last unit is `unit` and the one before it
    /// `previousUnit` (nil in row 1), against the units of `other`, from
    /// the two rows before it; returns its least entry.
    @inline(__always)
    func fillRow<Unit: Equatable>(
        _ i: Int, unit: Unit, previousUnit: Unit?, against other: UnsafeBufferPointer<Unit>,
        before: UnsafePointer<Int>, previous: UnsafePointer<Int>, current: UnsafeMutablePointer<Int>
    ) -> Int {
        current.update(repeating: far, count: width)
        let (low, high) = (max(0, i - limit), min(other.count, i + limit))
        guard low <= high else { return far }
        var least = far
        for j in low...high {
            let k = j - i + limit
            var entry = i
            if j > 0 {
                // A substitution (or a match), an insertion, a deletion, a transposition.
                entry = previous[k] + (unit == other[j - 1] ? 0 : 1)
                if k > 0 { entry = min(entry, current[k - 1] + 1) }
                if k < 2 * limit { entry = min(entry, previous[k + 1] + 1) }
                if j > 1, let previousUnit, unit == other[j - 2], previousUnit == other[j - 1] {
                    entry = min(entry, before[k] + 1)
                }
            }
            current[k] = min(entry, far)
            least = min(least, current[k])
        }
        return least
    }

    /// The entry of `column` in `row` (stored at `entries`), or ``far``
    /// when the column is outside the band.
    func entry(_ entries: UnsafePointer<Int>, row: Int, column: Int) -> Int {
        let k = column - row + limit
        return (0..<width).contains(k) ? entries[k] : far
    }

    /// Whether every row after one whose least entry is `least`, after one
    /// whose least is `leastBefore`, is past `bound`: a row's least entry
    /// is at least the least of the row before it and one more than the
    /// least of the row before that one.
    static func isPast(_ bound: Int, least: Int, leastBefore: Int) -> Bool {
        least > bound && leastBefore >= bound
    }
}
