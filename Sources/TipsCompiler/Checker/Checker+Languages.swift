// Language codes: `config { sourceLanguage "en" }` and a scenario's `language "de"`.

import Foundation
import TipsSyntax

extension Checker {
    /// The language code a string names (`"en"`, `"pt-BR"`, `"zh-Hant"`), or
    /// an error and nil: it must be plain text shaped like a BCP 47 language
    /// tag. `what` is the string in messages: a `sourceLanguage`'s, or a
    /// scenario's `language` step's. A language's name, in English or in
    /// itself, gets "did you mean" its code.
    mutating func checkLanguageCode(_ literal: StringLiteral, of what: String = "a source language") -> String? {
        guard let text = literal.plainText else {
            diagnostics.error("\(what) is a plain code such as \"en\"; it cannot interpolate", at: literal.range)
            return nil
        }
        guard !Self.isLanguageCode(text) else { return text }
        diagnostics.error(
            "'\(text)' is not a language code; write one such as \"en\", \"de\" or \"pt-BR\"", at: literal.range,
            suggesting: Self.languageCode(named: text).map {
                Suggestion(phrase: "; did you mean \"\($0)\"?", replacement: "\"\($0)\"")
            } ?? Suggestion(phrase: "", replacement: nil))
        return nil
    }

    /// Whether `text` has the shape of a language tag: a language of 2 or 3
    /// letters, then parts of 2 to 8 letters or digits, separated by `-`
    /// (`en`, `pt-BR`, `zh-Hant-TW`, `es-419`).
    static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The two-letter code of the language whose name in English or in
    /// itself is `name` (`"German"` or `"Deutsch"` → `de`), if one is.
    static func languageCode(named name: String) -> String? {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return nil }
        let english = Locale(identifier: "en")
        func names(_ code: String, _ locale: Locale) -> Bool {
            locale.localizedString(forLanguageCode: code)?.caseInsensitiveCompare(name) == .orderedSame
        }
        let codes = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 }
        return codes.first { names($0, english) } ?? codes.first { names($0, Locale(identifier: $0)) }
    }
}
