import TipsStringCatalog
import TipsSyntax

/// Checks a String Catalog's translations against a compilation's strings
/// (`--strings`), reporting into the compilation's diagnostics at the
/// catalog's lines and columns, and records the usable translations in the
/// checked program:
///
/// - a slot that a translation adds, misspells or leaves out is an error, with
///   "did you mean" for a misspelling;
/// - an empty translation, a key the `.tips` files do not have (unless stale),
///   a translation made only of variations, a source text that is not the
///   `.tips` file's and a state Xcode does not write are warnings;
/// - the copy guidance (title length, message length and sentences) holds in
///   every language, and a warning names the language;
/// - a language with no translation of some strings is one warning, with the
///   count and the first few keys; strings the catalog lacks are one more.
struct TranslationChecker {
    let catalog: StringCatalog
    /// The compilation's strings by key.
    let strings: [String: CheckedString]
    /// The keys in source order.
    let keys: [String]
    /// The keys the catalog has.
    let catalogKeys: Set<String>
    /// The strings of renamed tips by their keys under the tips' former
    /// names, when the catalog lacks their own keys.
    let renamedStrings: [String: CheckedString]
    /// Of those, the strings by the one former key whose translations each
    /// takes: the first of its former keys the catalog has, as `tipc
    /// strings` chooses, so that a tip renamed before the catalog is updated
    /// keeps its translations in the build.
    let carriedStrings: [String: CheckedString]
    /// For a tip the catalog has keys of and the files do not have, the one
    /// tip of the files that may be it renamed without `renamedFrom`
    /// (``likelyRenames(catalog:keys:strings:)``).
    let likelyRenames: [String: String]
    /// The buttons the catalog has no key for, by their tips' names: where
    /// a key of the tip's that no button has may have gone
    /// (``renamedAction(of:)``).
    let actionsWithoutKeys: [String: [CheckedString]]
    var diagnostics = DiagnosticEngine()
    /// ``keys`` made ready for "did you mean" (see ``reportUnknownKey(_:at:)``).
    var preparedKeys: SpellingSuggester.Candidates?
    /// Each key's usable translations, by language.
    var texts: [String: [String: InterpolatedText]] = [:]
    /// Each key's languages whose usable translation is marked `needs_review`.
    var toReview: [String: Set<String>] = [:]
    /// The keys of the strings the catalog says not to translate.
    var untranslatable: Set<String> = []
    /// Where the catalog writes each string's keys.
    var catalogKeyRanges: [String: [SourceRange]] = [:]
    /// See ``CheckedTranslations/inError``.
    var inError: [String: [String: String]] = [:]

    /// How many keys a warning about missing translations lists.
    static let listedKeys = 3

    init(catalog: StringCatalog, strings: [CheckedString]) {
        self.catalog = catalog
        self.strings = Dictionary(strings.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.keys = strings.map(\.key)
        let catalogKeys = Set(catalog.entries.map(\.key))
        self.catalogKeys = catalogKeys
        let renamed = strings.filter { !catalogKeys.contains($0.key) }.flatMap { string in
            string.formerKeys.map { ($0, string) }
        }
        self.renamedStrings = Dictionary(renamed, uniquingKeysWith: { first, _ in first })
        let carried = strings.filter { !catalogKeys.contains($0.key) }.compactMap { string in
            string.formerKeys.first(where: catalogKeys.contains).map { ($0, string) }
        }
        self.carriedStrings = Dictionary(carried, uniquingKeysWith: { first, _ in first })
        self.likelyRenames = Self.likelyRenames(catalog: catalog, keys: catalogKeys, strings: strings)
        self.actionsWithoutKeys = Dictionary(
            grouping: strings.filter { string in
                guard case .action = string.item else { return false }
                return !catalogKeys.contains(string.key)
            }, by: \.tip)
    }

    /// Checks `catalog` against `program`'s strings, reports into
    /// `diagnostics` and sets `program.translations` (nil when the catalog's
    /// source language is not the program's, which is an error).
    static func check(_ catalog: StringCatalog, into program: inout CheckedProgram, diagnostics: inout DiagnosticEngine)
    {
        let sourceLanguage = program.config.sourceLanguage
        guard catalog.sourceLanguage == sourceLanguage else {
            let range = catalog.sourceLanguageRange ?? catalog.document.root.range
            if let range {
                diagnostics.error(
                    "the catalog's source language is '\(catalog.sourceLanguage)', but the .tips files are written "
                        + "in '\(sourceLanguage)'; give their config block sourceLanguage \"\(catalog.sourceLanguage)\", "
                        + "or use a catalog in '\(sourceLanguage)'", at: range)
            }
            return
        }
        var checker = TranslationChecker(catalog: catalog, strings: program.strings)
        for entry in catalog.entries { checker.check(entry) }
        checker.reportKeysTheCatalogLacks()
        let writtenLanguages = catalog.writtenLanguages
        // What a language that is not a code lacks, or has to review, shows nowhere: that is the one warning.
        for language in writtenLanguages where checker.reportLanguageCode(language) {
            checker.reportMissingTranslations(into: language)
            checker.reportTranslationsToReview(in: language)
        }
        diagnostics.report(contentsOf: checker.diagnostics)
        var translations = CheckedTranslations(
            sourceLanguage: sourceLanguage, languages: catalog.translationLanguages,
            writtenLanguages: writtenLanguages, texts: checker.texts)
        translations.toReview = checker.toReview
        translations.untranslatable = checker.untranslatable
        translations.catalogKeyRanges = checker.catalogKeyRanges
        translations.inError = checker.inError
        program.translations = translations
    }

    /// The string whose translations `entry` holds: the string of its key,
    /// or a renamed tip's string that takes them from its former key.
    func string(of entry: StringCatalog.Entry) -> CheckedString? {
        strings[entry.key] ?? carriedStrings[entry.key]
    }

    /// Checks one key of the catalog.
    mutating func check(_ entry: StringCatalog.Entry) {
        for unit in entry.units {
            Self.reportState(of: unit, key: entry.key, sourceLanguage: catalog.sourceLanguage, into: &diagnostics)
        }
        guard let string = string(of: entry) else {
            if !entry.isStale, let range = entry.keyRange { reportUnknownKey(entry, at: range) }
            return
        }
        if string.key != entry.key, let range = entry.keyRange { reportFormerKey(entry.key, of: string, at: range) }
        if !entry.shouldTranslate { untranslatable.insert(string.key) }
        if let range = entry.keyRange { catalogKeyRanges[string.key, default: []].append(range) }
        let sourceLanguage = catalog.sourceLanguage
        if let source = entry.unit(for: sourceLanguage), source.value != CatalogText.spelling(string.text),
            let range = source.valueRange
        {
            diagnostics.warning(
                "the catalog's source text of '\(entry.key)' is not the .tips file's; run 'tipc strings' to update "
                    + "it, which marks its translations for review", at: range)
        }
        for unit in entry.units where unit.language != sourceLanguage {
            guard let text = check(unit, of: string) else { continue }
            texts[string.key, default: [:]][unit.language] = text
            if unit.state == StringCatalog.needsReviewState { toReview[string.key, default: []].insert(unit.language) }
        }
        for (language, kinds, range) in entry.variationsOnly where language != sourceLanguage {
            guard let range else { continue }
            // `plural variations`, `plural and device variations`: what this translation varies by.
            let variations = kinds.isEmpty ? "variations" : kinds.joined(separator: " and ") + " variations"
            diagnostics.warning(
                "the \(LanguageNames.describe(language)) translation of '\(entry.key)' has only \(variations), "
                    + "which tips do not use; give it a plain translation", at: range)
        }
    }

    /// Checks one translation; its text when it can be used.
    mutating func check(_ unit: StringCatalog.Unit, of string: CheckedString) -> InterpolatedText? {
        let what = "the \(LanguageNames.describe(unit.language)) translation of '\(string.key)'"
        guard let range = unit.valueRange else { return nil }
        guard !unit.value.allSatisfy(\.isWhitespace) else {
            diagnostics.warning("\(what) is empty; the source text shows instead", at: range)
            return nil
        }
        let (text, slots) = CatalogText.parse(unit.value)
        let reported = diagnostics.reported.count
        guard checkSlots(slots, of: string, in: unit, what: what) else {
            let error = diagnostics.reported[reported...].first { $0.severity == .error }
            inError[string.key, default: [:]][unit.language] = error?.message ?? "\(what) is in error"
            return nil
        }
        checkCopy(text.displayText, of: string, language: unit.language, at: range)
        return text
    }
}

extension CheckedProgram {
    /// Reads the String Catalog `file` and, when `checks`, checks its
    /// translations against the program's strings, reporting into
    /// `diagnostics`, and records them in the program
    /// (``TranslationChecker/check(_:into:diagnostics:)``): what `--strings`
    /// does after the inputs, and what `tipc strings` does with the catalog
    /// it has just written. Returns the catalog's languages, its source
    /// language first; none when it cannot be read.
    package mutating func translate(
        catalog file: SourceFile, checks: Bool, diagnostics: inout DiagnosticEngine
    ) -> [String] {
        guard let catalog = StringCatalog.read(file, diagnostics: &diagnostics) else { return [] }
        if checks { TranslationChecker.check(catalog, into: &self, diagnostics: &diagnostics) }
        return [catalog.sourceLanguage] + catalog.translationLanguages
    }
}
