/// The parser's answers for unknown words read where a keyword belongs
/// (``SyntaxParser/reportUnknown(_:_:among:in:)``): the suggestion for each
/// word among each list of keywords, and each list's text for the message
/// without one, each found once. A file that repeats a mistake asks again
/// and again: a fuzzer's 517 KB of `tip T {event e` lines, each `event` an
/// unknown tip item, took 0.17-0.19 s of `tipc check` asked anew each time
/// and takes 0.04-0.05 s (through the whole fuzz target, where asking was
/// two thirds of the time, 1.20 s and now 0.34 s).
struct KeywordSuggestions {
    /// The lists looked in so far, and for each its message text and the
    /// suggestion found for each word (nil when none was close).
    private var lists: [(words: [String], text: String, suggestions: [String: String?])] = []

    /// What ``SpellingSuggester/suggestion(for:among:)`` gives for `word` among `words`.
    mutating func suggestion(for word: String, among words: [String]) -> String? {
        let list = index(of: words)
        if let known = lists[list].suggestions[word] { return known }
        let suggestion = SpellingSuggester.suggestion(for: word, among: words)
        lists[list].suggestions[word] = .some(suggestion)
        return suggestion
    }

    /// `words` as a message names them: `a, b or c`.
    mutating func text(of words: [String]) -> String {
        lists[index(of: words)].text
    }

    /// The position of `words` in ``lists``, added when new. A list is one
    /// of the parser's few static keyword lists, each the same array at
    /// every call, which `==` finds equal without comparing its words.
    private mutating func index(of words: [String]) -> Int {
        if let known = lists.firstIndex(where: { $0.words == words }) { return known }
        let text = "\(words.dropLast().joined(separator: ", ")) or \(words.last ?? "")"
        lists.append((words, text, [:]))
        return lists.count - 1
    }
}
