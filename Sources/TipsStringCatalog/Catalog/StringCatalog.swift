import TipsSyntax

/// A String Catalog (`.xcstrings`): Xcode's JSON file of localizable strings
/// and their translations.
///
/// It holds the whole file as read (``document``), including every part tipc
/// does not use (plural and device variations, substitutions, flags a newer
/// Xcode adds), so that nothing in it is lost when tipc writes it back; and
/// what tipc reads of it (``entries``), each part with where it was read.
public struct StringCatalog: Sendable {
    /// The versions of the format tipc reads (Xcode 15 writes 1.0; later Xcodes 1.1).
    public static let knownVersions = ["1.0", "1.1"]
    /// The version a new catalog gets.
    public static let newVersion = "1.0"
    /// The name of a target's catalog, in its folder: where the build plugin
    /// and the language server find it (`tipc strings --output` takes any name).
    public static let defaultFileName = "Tips.xcstrings"

    /// The whole file.
    public var document: JSONDocument
    /// The language the keys' source texts are in (`"en"`).
    public var sourceLanguage: String
    /// Where `sourceLanguage`'s value is written; nil in a catalog tipc made.
    public var sourceLanguageRange: SourceRange? { document.root["sourceLanguage"]?.range }
    /// The format's version.
    public var version: String
    /// The keys, in the order of the file.
    public var entries: [Entry]

    /// One key of the catalog.
    public struct Entry: Sendable {
        /// The key (`FavoriteTrail.title`).
        public var key: String
        /// Where the key is written; nil in a catalog tipc made.
        public var keyRange: SourceRange?
        /// The comment for translators.
        public var comment: String?
        /// How the key came to be: `manual`, `stale`, `extracted_with_value`, ...; nil when extracted from code.
        public var extractionState: String?
        /// Each language's translation as one plain string, in the order of the file.
        public var units: [Unit]
        /// Languages that have only variations and no plain string, each with
        /// what it varies by (`plural`, `device`, as the catalog names them,
        /// in its order) and where it is.
        public var variationsOnly: [(language: String, kinds: [String], range: SourceRange?)]
        /// False when the catalog says the string is not to be translated
        /// (`"shouldTranslate" : false`, Xcode's "Don't Translate"): every
        /// language shows the source text, and none lacks a translation.
        public var shouldTranslate = true

        /// Whether the key is marked stale (its string is gone from the source).
        public var isStale: Bool { extractionState == "stale" }

        /// The translation into `language`, if there is one.
        public func unit(for language: String) -> Unit? { units.first { $0.language == language } }

        /// Where `language` is written in this key: its plain string's
        /// language, else its variations'; nil when the key lacks it.
        public func languageRange(of language: String) -> SourceRange? {
            unit(for: language)?.languageRange ?? variationsOnly.first { $0.language == language }?.range
        }
    }

    /// One language's plain string for a key: the catalog's `stringUnit`.
    public struct Unit: Sendable {
        /// The language (`de`, `pt-BR`).
        public var language: String
        /// Where the language's name is written.
        public var languageRange: SourceRange?
        /// The translation's state: `translated`, `needs_review`, `new`, `stale`, ...
        public var state: String
        /// Where the state is written (quotes included).
        public var stateRange: SourceRange?
        /// Whether ``state`` is one Xcode writes (``StringCatalog/unitStates``).
        public var hasXcodeState: Bool { StringCatalog.unitStates.contains(state) }
        /// The text.
        public var value: String
        /// Where the text is written (quotes included).
        public var valueRange: SourceRange?
        /// Whether the text is written as ``JSONPrinter`` writes it, so that
        /// a part of the text can be found in the file by escaping what precedes it.
        var isWrittenCanonically = true

        /// Where the part of the text at `bytes` (UTF-8 offsets into
        /// ``value``) is written in the file; the whole value when that cannot
        /// be told (the file spells it unusually, `\u0041` for `A`).
        public func range(ofTextBytes bytes: Range<Int>) -> SourceRange? {
            guard let valueRange else { return nil }
            let utf8 = Array(value.utf8)
            guard isWrittenCanonically, bytes.upperBound <= utf8.count else { return valueRange }
            let prefix = JSONPrinter.escaped(String(decoding: utf8[..<bytes.lowerBound], as: UTF8.self))
            let part = JSONPrinter.escaped(String(decoding: utf8[bytes], as: UTF8.self))
            let start = valueRange.start + 1 + UInt32(prefix.utf8.count)
            return SourceRange(file: valueRange.file, start: start, end: start + UInt32(part.utf8.count))
        }
    }

    /// A catalog with no keys, written in `sourceLanguage`.
    public init(sourceLanguage: String) {
        let root = JSONValue.object([
            JSONMember("sourceLanguage", .string(sourceLanguage)),
            JSONMember("strings", .object([])),
            JSONMember("version", .string(Self.newVersion)),
        ])
        self.init(document: JSONDocument(root: root), sourceLanguage: sourceLanguage, version: Self.newVersion)
    }

    init(document: JSONDocument, sourceLanguage: String, version: String, entries: [Entry] = []) {
        self.document = document
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
    }

    /// The entry for `key`, if the catalog has one.
    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The languages the catalog has a translation for, other than its source language, sorted.
    public var translationLanguages: [String] { languages(withVariationsOnly: false) }

    /// ``translationLanguages`` and the languages that have only variations
    /// (plural, device), which no generated code carries but whose missing
    /// strings are still worth a warning.
    public var writtenLanguages: [String] { languages(withVariationsOnly: true) }

    /// The languages of the entries' plain strings (and of their variations
    /// only, when asked), other than the source language, sorted.
    private func languages(withVariationsOnly: Bool) -> [String] {
        var languages = Set<String>()
        for entry in entries {
            for unit in entry.units { languages.insert(unit.language) }
            if withVariationsOnly { for variations in entry.variationsOnly { languages.insert(variations.language) } }
        }
        languages.remove(sourceLanguage)
        return CatalogKeyOrder.sorted(Array(languages))
    }

    /// The file's bytes, as Xcode lays them out.
    public var bytes: [UInt8] { JSONPrinter.print(document) }
}
