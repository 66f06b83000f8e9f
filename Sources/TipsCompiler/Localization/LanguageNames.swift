import Foundation

/// Languages as messages name them: `German (de)`, or the code alone when
/// Foundation knows no name for it; and which way each is written.
public enum LanguageNames {
    /// `German (de)`, `Portuguese (Brazil) (pt-BR)`, or `'xx'`.
    public static func describe(_ code: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: code), name != code else {
            return "'\(code)'"
        }
        return "\(name) (\(code))"
    }

    /// Whether text in the language `code` (`ar`, `he-IL`, `pa_Arab`) is
    /// written right to left: by its script subtag when it has one, else by
    /// the script the language is written in by default.
    ///
    /// A table rather than Foundation's `Locale.Language.characterDirection`,
    /// so that a page is the same bytes on every platform: on Linux,
    /// Foundation calls `az-Arab` and `ha-Arab` left to right.
    public static func isWrittenRightToLeft(_ code: String) -> Bool {
        let subtags = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = subtags.first else { return false }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script)
        }
        return rightToLeftLanguages.contains(language)
    }

    /// ISO 15924 codes of the scripts written right to left that languages
    /// in use are written in: Arabic (and Nastaliq), Hebrew, Syriac, Thaana,
    /// N'Ko, Adlam, Hanifi Rohingya, Samaritan, Mandaic.
    private static let rightToLeftScripts: Set<String> = [
        "arab", "aran", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "samr", "mand",
    ]

    /// Languages written right to left by default, without a script subtag:
    /// Arabic, Hebrew (and its old code `iw`), Persian, Urdu, Pashto, Sindhi,
    /// Uyghur, Central Kurdish, Kashmiri, Dhivehi, Yiddish (and `ji`),
    /// Syriac, Aramaic, Southern Azerbaijani, Western Punjabi, Mazanderani,
    /// Gilaki, Northern Luri and N'Ko.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "ckb", "ks", "dv", "yi", "ji", "syr", "arc", "azb", "pnb",
        "mzn", "glk", "lrc", "nqo",
    ]
}
