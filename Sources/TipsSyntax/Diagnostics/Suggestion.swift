/// What a message suggests writing instead: the words it ends with and, when
/// they name one replacement for the diagnostic's range, the fix-it, so that
/// an editor's fix and the message never disagree.
package struct Suggestion: Sendable {
    /// `"; did you mean 'x'?"`, `"; use ..."`, or empty.
    package var phrase: String
    /// The text to put in place of the diagnostic's range, when the phrase names one.
    package var replacement: String?

    /// Creates a suggestion: its words, and the text they name, if one.
    package init(phrase: String, replacement: String?) {
        self.phrase = phrase
        self.replacement = replacement
    }

    /// `"; did you mean 'x'?"` for the candidate closest to `name` (written with
    /// `prefix`, as `.free`); without one, `"; " + otherwise`, or nothing.
    package static func closest(
        to name: String, in candidates: some Sequence<String>, prefix: String = "", otherwise: String? = nil
    ) -> Suggestion {
        if let match = SpellingSuggester.closest(to: name, among: candidates) {
            return didYouMean(prefix + match)
        }
        return Suggestion(phrase: otherwise.map { "; " + $0 } ?? "", replacement: nil)
    }

    /// `"; did you mean 'x'?"`, replacing the range with `x`.
    package static func didYouMean(_ replacement: String) -> Suggestion {
        Suggestion(phrase: "; did you mean '\(replacement)'?", replacement: replacement)
    }

    /// The same words, the replacement written after `prefix`: the range of
    /// `.name` covers its dot, which a message naming the field leaves out.
    package func replacing(after prefix: String) -> Suggestion {
        Suggestion(phrase: phrase, replacement: replacement.map { prefix + $0 })
    }

    /// The fix-it for a diagnostic at `range`.
    package func fixIts(at range: SourceRange) -> [FixIt] {
        replacement.map { [FixIt(range: range, replacement: $0)] } ?? []
    }
}
