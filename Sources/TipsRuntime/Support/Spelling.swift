// The one "did you mean" engine: the runtime's hints for misspelled testing
// ids and every suggestion of the compiler (names, keywords, options).

/// Finds the candidate a misspelled word most likely stands for.
package enum Spelling {
    /// The candidate closest to `word`, ignoring case, at most `limit` edits
    /// away. Of equally close candidates, one that `word` begins wins (`tit`,
    /// a word being typed, is `title` rather than `id`), then the
    /// alphabetically first, so the answer does not depend on the order of
    /// `candidates`. `units` writes a word, lowercased, into a buffer as
    /// what one edit changes: ``lowercasedScalars(of:into:)`` or
    /// ``lowercasedCharacters(of:into:)``.
    ///
    /// The checker asks this for every unknown name among every declared
    /// name of its kind, so a candidate costs little: one too long or too
    /// short is passed over before its units are made, when it is printable
    /// ASCII (a unit a byte, lowercased or not). With every candidate's units
    /// made and its whole distance counted, `tipc check` of the benchmark's
    /// 10,000 tips with 4,525 uses of misspelt event names took 62 s. A list
    /// searched again and again is made ready once (``Prepared``).
    package static func closest<Unit: Hashable>(
        to word: String, among candidates: some Sequence<String>, limit: Int,
        units: (String, inout [Unit]) -> Void
    ) -> String? {
        var target: [Unit] = []
        units(word, &target)
        let near = candidates.lazy.filter { candidate in
            // A printable ASCII candidate has a unit a byte: its length alone may put it too far.
            abs(candidate.utf8.count - target.count) <= limit || !isPrintableASCII(candidate.utf8)
        }
        return closest(to: word, units: target, among: Prepared(near, units: units, withSets: false), limit: limit)
    }

    /// Candidates made ready for many searches: each one's units,
    /// lowercased, and the set of them (as bits of their hashes).
    package struct Prepared<Unit: Hashable> {
        fileprivate var names: [String] = []
        /// Every candidate's units, one after another: one array, not one a candidate.
        fileprivate var units: [Unit] = []
        /// Where each candidate's units end in ``units``.
        fileprivate var ends: [Int] = []
        /// Each candidate's ``UnitSet``; none for a list searched once,
        /// where hashing every unit would cost more than it saves.
        fileprivate var sets: [UnitSet] = []

        package init(_ candidates: some Sequence<String>, units: (String, inout [Unit]) -> Void) {
            self.init(candidates, units: units, withSets: true)
        }

        fileprivate init(_ candidates: some Sequence<String>, units: (String, inout [Unit]) -> Void, withSets: Bool) {
            var buffer: [Unit] = []
            for candidate in candidates {
                units(candidate, &buffer)
                names.append(candidate)
                self.units.append(contentsOf: buffer)
                ends.append(self.units.count)
                if withSets { sets.append(UnitSet(buffer)) }
            }
        }

        /// The units of the candidate at `index`.
        fileprivate func units(at index: Int) -> ArraySlice<Unit> {
            units[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }
    }

    /// The units a word has, each as one of 128 bits chosen by its hash
    /// (which differs from run to run; what it passes over does not).
    /// Each edit brings into one word at most one unit that the other
    /// lacks, and takes out of it at most one, so the distance of two words
    /// is at least the number of bits either has that the other has not.
    /// Two units may share a bit, which only makes that bound lower.
    fileprivate struct UnitSet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init<Unit: Hashable>(_ units: [Unit]) {
            for unit in units {
                let bit = unit.hashValue & 127
                if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
            }
        }

        /// At most the distance of the words of `self` and `other`.
        func leastDistance(to other: UnitSet) -> Int {
            let lacking = (low & ~other.low).nonzeroBitCount + (high & ~other.high).nonzeroBitCount
            let extra = (other.low & ~low).nonzeroBitCount + (other.high & ~high).nonzeroBitCount
            return max(lacking, extra)
        }
    }

    /// ``closest(to:among:limit:units:)`` among candidates made ready once.
    /// A candidate is passed over by its length, then by the units it and
    /// `word` lack of each other, before its distance is counted, and its
    /// distance is given up once it is more than `limit`, or than the best
    /// candidate's so far.
    package static func closest<Unit: Hashable>(
        to word: String, among candidates: Prepared<Unit>, limit: Int, units: (String, inout [Unit]) -> Void
    ) -> String? {
        var target: [Unit] = []
        units(word, &target)
        return closest(to: word, units: target, among: candidates, limit: limit)
    }

    /// The search of both ``closest(to:among:limit:units:)``, for `word`
    /// made into `target` once. Specialized for the units callers use, as
    /// ``distance(_:_:limit:rows:)`` is: run generic from another module,
    /// it took as long as the distances.
    @_specialize(where Unit == Unicode.Scalar)
    @_specialize(where Unit == Character)
    private static func closest<Unit: Hashable>(
        to word: String, units target: [Unit], among candidates: Prepared<Unit>, limit: Int
    ) -> String? {
        let targetSet = candidates.sets.isEmpty ? nil : UnitSet(target)
        var rows: [Int] = []
        var best: (candidate: String, distance: Int, continuesWord: Bool)?
        for index in candidates.names.indices {
            let (candidate, other) = (candidates.names[index], candidates.units(at: index))
            // Past the best so far is as good as past the limit.
            let bound = min(limit, best?.distance ?? limit)
            // The distance is at least the difference in length, and the
            // units either lacks: no quadratic comparison when that is too far.
            guard abs(other.count - target.count) <= bound, candidate != word,
                (targetSet.map { $0.leastDistance(to: candidates.sets[index]) } ?? 0) <= bound
            else { continue }
            let distance = distance(target[...], other, limit: bound, rows: &rows)
            guard distance <= bound else { continue }
            let continuesWord = other.starts(with: target)
            if let current = best, distance == current.distance {
                if current.continuesWord && !continuesWord { continue }
                if current.continuesWord == continuesWord && candidate >= current.candidate { continue }
            }
            best = (candidate, distance, continuesWord)
        }
        return best?.candidate
    }

    /// Whether every byte of `bytes` is printable ASCII: then each is one
    /// scalar and one character, before and after lowercasing.
    private static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { (0x20..<0x7F).contains($0) }
    }

    /// The scalars of `word` lowercased, in place of what `units` held.
    /// Printable ASCII is lowercased byte by byte, without the lowercased
    /// copy of the word and the array of its scalars, which took more of a
    /// search among 5,000 names than the distance (`perf record`): `tipc
    /// check` of 1,000 misspelt names among them took 1.51–2.34 s of CPU
    /// with them, 1.12–1.52 s without (`perf stat -r 3`, two rounds, the
    /// host busy).
    package static func lowercasedScalars(of word: String, into units: inout [Unicode.Scalar]) {
        units.removeAll(keepingCapacity: true)
        let wasASCII = word.utf8.withContiguousStorageIfAvailable { bytes in
            guard isPrintableASCII(bytes) else { return false }
            units.append(contentsOf: bytes.lazy.map { Unicode.Scalar((0x41...0x5A).contains($0) ? $0 | 0x20 : $0) })
            return true
        }
        if wasASCII != true { units.append(contentsOf: word.lowercased().unicodeScalars) }
    }

    /// The characters of `word` lowercased, in place of what `units` held.
    package static func lowercasedCharacters(of word: String, into units: inout [Character]) {
        units.removeAll(keepingCapacity: true)
        units.append(contentsOf: word.lowercased())
    }

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
    /// than `limit` (`limit + 1`).
    ///
    /// Only the band of the table within `limit` of its diagonal is filled:
    /// an entry further from it is more than `limit`, since each step off
    /// the diagonal is an insertion or a deletion. The entries right of the
    /// band are never written, and keep the `limit + 1` they start with; the
    /// one left of it is set row by row, since the band moves right past
    /// entries an earlier row wrote. The distance is given up once a row's
    /// least entry is past `limit` and the row before's is at least at it:
    /// a row's least entry is at least the least of the row before it and
    /// one more than the least of the row before that one, so every later
    /// row is past it too. `rows` holds the three rows the recurrence reads,
    /// kept from one candidate to the next.
    ///
    /// With the whole table filled through bounds-checked arrays, the
    /// distance took two thirds of `tipc check` of 100 misspelt names among
    /// 5,000 declared ones (`perf record`). The band, read without bounds
    /// checks, and ``closest(to:among:limit:units:)`` bounding each candidate
    /// by the best one so far, took that check from 794 to 145 ms of CPU
    /// (`perf stat -r 3`), and 1,000 such names from 9.36 to 1.87 s.
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
        // No distance is more than the longer word's length: capped there,
        // `limit + 1` cannot overflow.
        let limit = min(limit, max(a.count, b.count))
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        let far = limit + 1
        let width = b.count + 1
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: repeatElement(far, count: width * 3))
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { rows in
                    // The rows before the last, the last, and the one being filled.
                    var (previous2, previous, current) = (0, width, 2 * width)
                    for j in 0...min(b.count, limit) { rows[previous + j] = j }
                    var previousLeast = 0
                    for i in 1...a.count {
                        let low = max(1, i - limit)
                        let high = min(b.count, i + limit)
                        rows[current + low - 1] = low == 1 ? i : far
                        var least = low == 1 ? i : far
                        for j in low...high {
                            let cost = a[i - 1] == b[j - 1] ? 0 : 1
                            var entry = min(
                                rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                                entry = min(entry, rows[previous2 + j - 2] + 1)
                            }
                            rows[current + j] = entry
                            least = min(least, entry)
                        }
                        if least > limit, previousLeast >= limit { return far }
                        previousLeast = least
                        (previous2, previous, current) = (previous, current, previous2)
                    }
                    return min(rows[previous + b.count], far)
                }
            }
        }
    }
}

extension Spelling.Prepared: Sendable where Unit: Sendable {}
