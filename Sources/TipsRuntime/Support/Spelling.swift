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
    package static func closest<Unit: Equatable>(
        to word: String, among candidates: some Sequence<String>, limit: Int, units: (String) -> [Unit]
    ) -> String? {
        let target = units(word.lowercased())
        var best: (candidate: String, distance: Int, continuesWord: Bool)?
        for candidate in candidates where candidate != word {
            let other = units(candidate.lowercased())
            // The distance is at least the difference in length: skip the
            // quadratic comparison when that alone is too far (a huge name).
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = distance(target, other)
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

    /// Insertions, deletions, substitutions and transpositions of neighbours
    /// that turn `a` into `b` (the optimal string alignment distance).
    package static func distance<Unit: Equatable>(_ a: [Unit], _ b: [Unit]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
