// Lowering a String Catalog's translations: each file's copy in every
// language, which the generated code holds as one `Tips.Translations`, and
// each tip's place in it. Without `--strings` nothing here is made and tips
// keep their source text.

import TipsRuntime
import TipsSyntax

/// The copy of one file's tips in every language: what its generated
/// `Tips.Translations` holds. The strings are every tip's title, message and
/// action titles, tip by tip in source order (``CheckedTip/strings``).
public struct LoweredCopy: Hashable, Sendable {
    /// The language the `.tips` copy is written in.
    public var sourceLanguage: String
    /// The languages translated into, in the catalog's order.
    public var languages: [String]
    /// `texts[0]` the source texts; `texts[i]` the same strings in
    /// `languages[i - 1]`, nil where a string has no translation into it.
    public var texts: [[InterpolatedText?]]

    /// The runtime's value, each text spelled as a template (`\(name)` a slot, `\\` a backslash).
    public var translations: Tips.Translations {
        Tips.Translations(
            sourceLanguage: sourceLanguage, languages: languages,
            texts: texts.map { $0.map { $0.map(CatalogText.spelling) ?? "" } })
    }
}

/// Where a tip's strings are in its file's ``LoweredCopy`` and what they say in each language.
public struct LoweredTipCopy: Hashable, Sendable {
    /// The index of the tip's title; its message and action titles follow it.
    public var index: Int
    /// For each translated language, the tip's strings in it (title, message,
    /// action titles), a string without a translation in its source text.
    public var translations: [String: [InterpolatedText]]
    /// For each of the tip's strings, whether its text in some language holds
    /// a slot or a backslash: such a text is filled at run time, the others are read as they are.
    public var needsFilling: [Bool]
}

extension RuntimeLowering {
    /// The copy of `file`'s tips, or nil without translations or tips.
    public func copy(of file: CheckedFile) -> LoweredCopy? {
        guard let translations else { return nil }
        let strings = file.declarations.flatMap { declaration -> [CheckedString] in
            if case .tip(let tip) = declaration { tip.strings } else { [] }
        }
        guard !strings.isEmpty else { return nil }
        var texts: [[InterpolatedText?]] = [strings.map(\.text)]
        for language in translations.languages {
            texts.append(strings.map { translations.texts[$0.key]?[language] })
        }
        return LoweredCopy(
            sourceLanguage: translations.sourceLanguage, languages: translations.languages, texts: texts)
    }

    /// Where each tip's title is in its file's copy, by tip name.
    static func copyIndices(_ program: CheckedProgram) -> [String: Int] {
        var indices: [String: Int] = [:]
        for file in program.files {
            var next = 0
            for case .tip(let tip) in file.declarations {
                indices[tip.name] = next
                next += 1 + (tip.message == nil ? 0 : 1) + tip.actions.count
            }
        }
        return indices
    }

    /// A tip's place in its file's copy and its texts in each language; nil without translations.
    func copy(of tip: CheckedTip) -> LoweredTipCopy? {
        guard let translations, let index = copyIndices[tip.name] else { return nil }
        let strings = tip.strings
        var texts: [String: [InterpolatedText]] = [:]
        // A text's spelling holds a backslash exactly when the text has a slot or a backslash.
        var needsFilling = strings.map { CatalogText.spelling($0.text).contains("\\") }
        for language in translations.languages {
            let translated = strings.map { translations.text(of: $0, in: language) }
            texts[language] = translated
            for (offset, text) in translated.enumerated() where CatalogText.spelling(text).contains("\\") {
                needsFilling[offset] = true
            }
        }
        return LoweredTipCopy(index: index, translations: texts, needsFilling: needsFilling)
    }
}

extension LoweredTip {
    /// The instance with these argument values whose copy is in `language`,
    /// one of the translations' languages (another is the source language).
    public func instance(_ arguments: [String: TipValue] = [:], language: String) -> LoweredTipInstance {
        guard let texts = copy?.translations[language] else { return instance(arguments) }
        var tip = self
        var rest = texts[...]
        if let title = rest.popFirst() { tip.declaration.title = title }
        if tip.declaration.message != nil, let message = rest.popFirst() { tip.declaration.message = message }
        for index in tip.declaration.actions.indices {
            if let title = rest.popFirst() { tip.declaration.actions[index].title = title }
        }
        return tip.instance(arguments)
    }
}
