/// "Did you mean" hints in the checker's messages, from ``SpellingSuggester``.
enum Suggestions {
    /// The candidate closest to `name`, when it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        SpellingSuggester.closest(to: name, among: candidates)
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
}
