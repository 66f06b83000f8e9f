/// Finds the closest match to a misspelled word, for "did you mean" hints:
/// the one engine behind every suggestion (names in the checker, keywords in
/// the parser, commands and options on the command line).
public enum SpellingSuggester {
    /// The candidate closest to `word`, or nil when none is close enough.
    ///
    /// Uses the optimal-string-alignment distance (a swap of two neighbouring
    /// letters costs one), ignoring case. How far a candidate may be grows
    /// with the word's length: 1 up to 2 letters, 2 up to 5, then 3. Of
    /// equally close candidates the alphabetically first wins, so the answer
    /// does not depend on the order of `candidates`.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, min(3, lowered.count / 3 + 1))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip the
            // quadratic comparison when that alone is too far (a huge name).
            guard abs(other.count - lowered.count) <= allowed else { continue }
            let distance = Self.distance(lowered, other)
            guard distance <= allowed else { continue }
            if let current = best,
                distance > current.distance || (distance == current.distance && candidate >= current.candidate)
            {
                continue
            }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The optimal-string-alignment edit distance between two scalar arrays.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
