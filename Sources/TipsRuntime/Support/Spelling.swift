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
    /// ASCII (a unit a byte, lowercased or not), and its distance is given
    /// up once it is more than `limit`, or than the best candidate's so far. With every candidate's units made
    /// and its whole distance counted, `tipc check` of the benchmark's
    /// 10,000 tips with 4,525 uses of misspelt event names took 62 s.
    package static func closest<Unit: Equatable>(
        to word: String, among candidates: some Sequence<String>, limit: Int,
        units: (String, inout [Unit]) -> Void
    ) -> String? {
        var target: [Unit] = []
        units(word, &target)
        var (other, rows): ([Unit], [Int]) = ([], [])
        var best: (candidate: String, distance: Int, continuesWord: Bool)?
        for candidate in candidates where candidate != word {
            let bytes = candidate.utf8.count
            if abs(bytes - target.count) > limit, isPrintableASCII(candidate) { continue }
            units(candidate, &other)
            // The distance is at least the difference in length: skip the
            // quadratic comparison when that alone is too far (a huge name).
            guard abs(other.count - target.count) <= limit else { continue }
            // Past the best so far is as good as past the limit.
            let bound = min(limit, best?.distance ?? limit)
            let distance = distance(target, other, limit: bound, rows: &rows)
            guard distance <= bound else { continue }
            let continuesWord = other.starts(with: target)
            if let current = best {
                guard distance <= current.distance else { continue }
                if distance == current.distance {
                    if current.continuesWord && !continuesWord { continue }
                    if current.continuesWord == continuesWord && candidate >= current.candidate { continue }
                }
            }
            best = (candidate, distance, continuesWord)
        }
        return best?.candidate
    }

    /// Whether every byte of `text` is printable ASCII: then each is one
    /// scalar and one character, before and after lowercasing.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
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
            guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return false }
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
        return distance(a, b, limit: limit, rows: &rows)
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
        _ a: [Unit], _ b: [Unit], limit: Int, rows: inout [Int]
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
