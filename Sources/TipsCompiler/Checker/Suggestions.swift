/// "Did you mean" suggestions by edit distance.
enum Suggestions {
    /// The candidate closest to `name`, when it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(3, name.count / 3 + 1))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(name.lowercased(), candidate.lowercased())
            guard distance <= limit else { continue }
            if let current = best {
                if distance < current.distance || (distance == current.distance && candidate < current.name) {
                    best = (candidate, distance)
                }
            } else {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `"; did you mean 'x'?"`, or the empty string.
    static func didYouMean(_ name: String, in candidates: some Sequence<String>, prefix: String = "") -> String {
        guard let match = closest(to: name, in: candidates) else { return "" }
        return "; did you mean '\(prefix)\(match)'?"
    }

    /// `"; did you mean 'x'?"` when a candidate is close, otherwise `"; " + otherwise`.
    static func hint(_ name: String, in candidates: some Sequence<String>, otherwise: String) -> String {
        let suggestion = didYouMean(name, in: candidates)
        return suggestion.isEmpty ? "; " + otherwise : suggestion
    }

    /// The Levenshtein distance between two strings, counted in characters.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
