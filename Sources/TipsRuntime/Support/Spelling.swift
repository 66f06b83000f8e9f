// The one "did you mean" engine: the runtime's hints for misspelled testing
// ids and every suggestion of the compiler (names, keywords, options).

/// Finds the candidate a misspelled word most likely stands for.
package enum Spelling {
    /// The candidate closest to `word`, ignoring case, at most `limit` edits
    /// away. Of equally close candidates, one that `word` begins wins (`tit`,
    /// a word being typed, is `title` rather than `id`), then the
    /// alphabetically first, so the answer does not depend on the order of
    /// `candidates`. `units` splits a lowercased word into what one edit
    /// changes (characters or scalars).
    ///
    /// The checker asks this for every unknown name among every declared
    /// name of its kind, so a candidate costs little: one too long or too
    /// short is passed over before its units are made, when it is printable
    /// ASCII (a unit a byte, lowercased or not), and its distance is given
    /// up once it is more than `limit`. With every candidate's units made
    /// and its whole distance counted, `tipc check` of the benchmark's
    /// 10,000 tips with 4,525 uses of misspelt event names took 62 s.
    package static func closest<Unit: Equatable>(
        to word: String, among candidates: some Sequence<String>, limit: Int, units: (String) -> [Unit]
    ) -> String? {
        let target = units(word.lowercased())
        var rows = DistanceRows()
        var best: (candidate: String, distance: Int, continuesWord: Bool)?
        for candidate in candidates where candidate != word {
            let bytes = candidate.utf8.count
            if abs(bytes - target.count) > limit, isPrintableASCII(candidate) { continue }
            let other = units(candidate.lowercased())
            // The distance is at least the difference in length: skip the
            // quadratic comparison when that alone is too far (a huge name).
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = distance(target, other, limit: limit, rows: &rows)
            guard distance <= limit else { continue }
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

    /// Insertions, deletions, substitutions and transpositions of neighbours
    /// that turn `a` into `b` (the optimal string alignment distance).
    package static func distance<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
        var rows = DistanceRows()
        return distance(a, b, limit: Int.max - 1, rows: &rows)
    }

    /// Three rows of the distance's table, kept from one candidate to the next.
    private struct DistanceRows {
        var previous2: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// The distance of `a` and `b` when it is at most `limit`; else more
    /// than `limit` (`limit + 1`), known once a row's least entry is past it
    /// and the row before's is at least at it: a row's least entry is at
    /// least the least of the row before it and one more than the least of
    /// the row before that one, so every later row is past it too.
    ///
    /// Specialized for the units callers use: called from another module,
    /// the generic code compares and copies each unit through its type's
    /// witnesses, more than half of the time of a suggestion.
    @_specialize(where Unit == Unicode.Scalar)
    @_specialize(where Unit == Character)
    private static func distance<Unit: Equatable>(
        _ a: [Unit], _ b: [Unit], limit: Int, rows: inout DistanceRows
    ) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        rows.previous2.removeAll(keepingCapacity: true)
        rows.previous2.append(contentsOf: repeatElement(0, count: b.count + 1))
        rows.previous.removeAll(keepingCapacity: true)
        rows.previous.append(contentsOf: 0...b.count)
        rows.current.removeAll(keepingCapacity: true)
        rows.current.append(contentsOf: repeatElement(0, count: b.count + 1))
        var previousLeast = 0
        for i in 1...a.count {
            rows.current[0] = i
            var least = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var entry = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    entry = min(entry, rows.previous2[j - 2] + 1)
                }
                rows.current[j] = entry
                least = min(least, entry)
            }
            if least > limit, previousLeast >= limit { return limit + 1 }
            previousLeast = least
            swap(&rows.previous2, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        return rows.previous[b.count]
    }
}
