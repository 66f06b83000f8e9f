import TipsSyntax

/// The translations of a compilation's strings, read from a String Catalog
/// (`--strings`) and checked: what the generated code carries and the
/// preview shows.
public struct CheckedTranslations: Hashable, Sendable {
    /// The language the `.tips` copy is written in (the catalog's too).
    public var sourceLanguage: String
    /// The languages translated into, in the catalog's key order, without
    /// the source language: the languages the generated code carries.
    public var languages: [String]
    /// ``languages`` and those the catalog gives only variations in (plural,
    /// device), which tips do not use, in the catalog's key order: what the
    /// preview and the editor show, each string of such a language not
    /// translated, as the app shows it.
    public var writtenLanguages: [String]
    /// For each string's key, its text in each language with a usable
    /// translation (not empty, its slots those of the source).
    public var texts: [String: [String: InterpolatedText]]
    /// For each string's key, the languages of ``texts`` whose translation
    /// the catalog marks `needs_review`: made for an earlier source text,
    /// and shown until a translator reviews it.
    public var toReview: [String: Set<String>] = [:]
    /// The keys of the strings the catalog says not to translate
    /// (`shouldTranslate` false): they show as written in every language,
    /// and no language lacks them.
    public var untranslatable: Set<String> = []
    /// For each string's key, where the catalog writes the keys that hold
    /// its translations (its own, or a renamed tip's former one): where the
    /// editor goes from the string, and back.
    public var catalogKeyRanges: [String: [SourceRange]] = [:]
    /// For each string's key, the languages whose translation is in error
    /// (a slot it adds, misspells or leaves out), each with the first error
    /// about it: not among ``texts``, so the source text shows, and the
    /// build fails until it is fixed.
    public var inError: [String: [String: String]] = [:]

    /// Creates translations with none to review, none not to translate and
    /// no key's place in the catalog (the checker sets those as it reads
    /// it); the written languages are `languages` unless given.
    public init(
        sourceLanguage: String, languages: [String], writtenLanguages: [String]? = nil,
        texts: [String: [String: InterpolatedText]]
    ) {
        self.sourceLanguage = sourceLanguage
        self.languages = languages
        self.writtenLanguages = writtenLanguages ?? languages
        self.texts = texts
    }

    /// The text of `string` in `language`: its translation, or the source text when it has none.
    public func text(of string: CheckedString, in language: String) -> InterpolatedText {
        language == sourceLanguage ? string.text : texts[string.key]?[language] ?? string.text
    }

    /// Whether `string` has a translation into `language`.
    public func isTranslated(_ string: CheckedString, into language: String) -> Bool {
        texts[string.key]?[language] != nil
    }

    /// Where a string stands in one language: what the build shows, and
    /// whether a translator still owes it something.
    public enum State: Hashable, Sendable {
        /// Translated, and reviewed.
        case translated
        /// Translated for an earlier source text, and shown until reviewed.
        case toReview
        /// Not translated: shown as written, and missing.
        case missing
        /// Not translated because the catalog says not to: shown as written, and complete.
        case notToTranslate
        /// Translated, but in error (the message says why): shown as
        /// written, and the build fails until it is fixed.
        case inError(String)
    }

    /// Where `string` stands in `language`, one of ``writtenLanguages``.
    public func state(of string: CheckedString, in language: String) -> State {
        if let message = inError[string.key]?[language] { return .inError(message) }
        guard isTranslated(string, into: language) else { return needsTranslation(string) ? .missing : .notToTranslate }
        return needsReview(string, in: language) ? .toReview : .translated
    }

    /// Whether `string` is to be translated: false when the catalog says not to.
    public func needsTranslation(_ string: CheckedString) -> Bool {
        !untranslatable.contains(string.key)
    }

    /// Whether `string`'s translation into `language` is marked for review.
    public func needsReview(_ string: CheckedString, in language: String) -> Bool {
        toReview[string.key]?.contains(language) ?? false
    }
}
