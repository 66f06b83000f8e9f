import TipsRuntime

/// Finds the closest match to a misspelled word, for "did you mean" hints
/// (names in the checker, keywords in the parser, commands and options on
/// the command line), with the runtime's engine.
public enum SpellingSuggester {
    /// The candidate closest to `word`, or nil when none is close enough.
    ///
    /// Uses the optimal-string-alignment distance over Unicode scalars (a
    /// swap of two neighbouring letters costs one), ignoring case. How far a
    /// candidate may be grows with the word's length: 1 up to 2 letters, 2
    /// up to 5, then 3. Of equally close candidates the alphabetically first
    /// wins, so the answer does not depend on the order of `candidates`.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        Spelling.closest(to: word, among: candidates, limit: limit(for: word), units: Spelling.lowercasedScalars)
    }

    /// Candidates made ready once for ``closest(to:among:)-(_,Candidates)``,
    /// for a list searched again and again.
    public struct Candidates: Sendable {
        fileprivate let prepared: Spelling.Prepared<Unicode.Scalar>

        public init(_ candidates: some Sequence<String>) {
            prepared = Spelling.Prepared(candidates, units: Spelling.lowercasedScalars)
        }
    }

    /// ``closest(to:among:)-(_,Sequence<String>)`` among candidates made ready once.
    public static func closest(to word: String, among candidates: Candidates) -> String? {
        Spelling.closest(
            to: word, among: candidates.prepared, limit: limit(for: word), units: Spelling.lowercasedScalars)
    }

    /// How far a candidate may be from `word` (see ``closest(to:among:)-(_,Sequence<String>)``).
    private static func limit(for word: String) -> Int {
        max(1, min(3, word.lowercased().unicodeScalars.count / 3 + 1))
    }

    /// What `word` most likely stands for among `candidates`: the one
    /// candidate it begins, when it is three letters or more and begins one
    /// alone (ignoring case), as a word does while it is typed (`newSes`,
    /// `--output` for `--output-dir`), however far the rest is; else the
    /// ``closest(to:among:)``.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let begun = word.count >= 3 ? candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) } : []
        return begun.count == 1 ? begun[0] : closest(to: word, among: candidates)
    }

    /// The optimal-string-alignment edit distance between two scalar arrays.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int { Spelling.distance(a, b) }
}
