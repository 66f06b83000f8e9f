// The languages a page made with a String Catalog (`tipc preview --strings`)
// shows every tip in: the source language, each translation, a
// pseudo-language and a right-to-left rendering, one switcher for all. A
// tip's card is laid out in the direction of the language chosen, so an
// Arabic or Hebrew translation shows mirrored, as the app shows it.

import TipsCompiler
import TipsRuntime
import TipsSyntax

/// One language of the page's switcher.
struct PreviewLanguage: Hashable, Sendable {
    /// What its text is.
    enum Kind: Hashable, Sendable {
        /// The `.tips` copy.
        case source
        /// A translation from the catalog.
        case translation
        /// The source text, accented and about 40 % longer: copy that a
        /// longer language (German, Finnish) will need room for.
        case pseudo
        /// The source text laid out right to left, as Arabic and Hebrew are
        /// (offered when the source language is written left to right).
        case rightToLeft
    }

    /// The switcher's value and the `data-language` of its text (`en`, `de`, `pseudo`, `rtl`).
    var code: String
    /// The switcher's label.
    var name: String
    var kind: Kind
    /// Whether its text is written, and its cards laid out, right to left.
    var isRightToLeft: Bool
    /// How many of the program's strings a translation lacks (shown in the source language).
    var untranslated = 0
    /// How many of its translations the catalog marks for review (made for an earlier source text).
    var toReview = 0
    /// How many of its translations are in error (shown in the source language until fixed).
    var inError = 0
}

/// The page's languages, and each string's text in each.
struct PreviewLanguages: Sendable {
    let translations: CheckedTranslations
    /// The source language, the translations in the catalog's order, then the pseudo-language and, when the
    /// source language is written left to right, the right-to-left rendering.
    let all: [PreviewLanguage]

    /// How many strings the program has to translate (not those the catalog
    /// says not to): what a translation's untranslated count is out of.
    let stringCount: Int

    /// The languages of a program's `strings` given a catalog; nil without one.
    init?(_ translations: CheckedTranslations?, strings: [CheckedString]) {
        guard let translations else { return nil }
        self.translations = translations
        stringCount = strings.count { translations.needsTranslation($0) }
        let source = translations.sourceLanguage
        let sourceIsRightToLeft = LanguageNames.isWrittenRightToLeft(source)
        var all = [
            PreviewLanguage(
                code: source, name: LanguageNames.describe(source) + ", as written", kind: .source,
                isRightToLeft: sourceIsRightToLeft)
        ]
        // A code that could not be an id and a selector as written (or that names the two made ones) is left out.
        for code in translations.writtenLanguages where Self.isShowable(code) {
            all.append(
                PreviewLanguage(
                    code: code, name: LanguageNames.describe(code), kind: .translation,
                    isRightToLeft: LanguageNames.isWrittenRightToLeft(code),
                    untranslated: strings.count { translations.state(of: $0, in: code) == .missing },
                    toReview: strings.count { translations.state(of: $0, in: code) == .toReview },
                    inError: strings.count { translations.inError[$0.key]?[code] != nil }))
        }
        all.append(
            PreviewLanguage(
                code: "pseudo", name: "Pseudo-language (longer, accented)", kind: .pseudo,
                isRightToLeft: sourceIsRightToLeft))
        // Copy written right to left already shows as this rendering would.
        if !sourceIsRightToLeft {
            all.append(PreviewLanguage(code: "rtl", name: "Right to left", kind: .rightToLeft, isRightToLeft: true))
        }
        self.all = all
    }

    /// Whether a catalog's language code can be the switcher's id and the style's selector as written.
    static func isShowable(_ code: String) -> Bool {
        !code.isEmpty && code != "pseudo" && code != "rtl"
            && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// `string`'s text in `language`: its translation (the source text where it has none), or made from the source.
    func text(of string: CheckedString, in language: PreviewLanguage) -> InterpolatedText {
        switch language.kind {
        case .source, .rightToLeft: string.text
        case .translation: translations.text(of: string, in: language.code)
        case .pseudo: Self.pseudo(string.text)
        }
    }

    /// The text in the pseudo-language: each Latin letter accented, slots kept,
    /// in brackets and padded with words to about 1.4 times its length, so
    /// that a card too tight for a longer language shows it.
    static func pseudo(_ text: InterpolatedText) -> InterpolatedText {
        var segments: [InterpolatedText.Segment] = [.text("[")]
        var length = 0
        for segment in text.segments {
            switch segment {
            case .text(let words):
                length += words.count
                segments.append(.text(String(words.map { accented[$0] ?? $0 })))
            case .argument(let name):
                length += name.count
                segments.append(.argument(name))
            }
        }
        var padding = ""
        let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        // Two brackets, then words until the text is 40 % longer.
        var index = 0
        while 2 + padding.count < (length * 2 + 4) / 5 {
            padding += " " + numbers[index % numbers.count]
            index += 1
        }
        segments.append(.text(padding + "]"))
        return InterpolatedText(segments: segments)
    }

    private static let accented: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// The style that shows the chosen language's text: the source language's
    /// by default (also where `:has()` is not supported), another's when its
    /// switch is checked; and the cards laid out in the chosen language's
    /// direction where it is not the source language's (whose direction the
    /// cards have by default, see ``PreviewPage``).
    var css: String {
        let source = all[0]
        var css = ".l10n:not([data-language=\"\(source.code)\"]) { display: none; }\n"
        for language in all.dropFirst() {
            let checked = "body:has(#language-\(language.code):checked)"
            css += "\(checked) .l10n[data-language=\"\(source.code)\"] { display: none; }\n"
            css += "\(checked) .l10n[data-language=\"\(language.code)\"] { display: inline; }\n"
        }
        for language in all.dropFirst() where language.isRightToLeft != source.isRightToLeft {
            let direction = language.isRightToLeft ? "rtl" : "ltr"
            css += "body:has(#language-\(language.code):checked) .tip-card { direction: \(direction); }\n"
        }
        // Text a translation lacks, shown as written: underlined with dots, which moves nothing.
        css += ".untranslated { text-decoration: underline dotted; text-underline-offset: 0.2em; }\n"
        // A translation made for an earlier source text: underlined with waves.
        css += ".to-review { text-decoration: underline wavy; text-underline-offset: 0.2em; }\n"
        // A translation the build refuses, shown as written: underlined twice, in the warning colour.
        css +=
            ".in-error { text-decoration: underline double var(--card-warn); text-underline-offset: 0.2em; }\n"
        // A marked text says why when tapped or reached with Tab, where no
        // tooltip shows: its title after it, in a box of its own so that the
        // text's underline does not run on under it.
        css += ".l10n[tabindex]:focus { outline: 2px solid currentColor; outline-offset: 2px; }\n"
        css +=
            ".l10n[tabindex]:focus::after { content: \"(\" attr(title) \")\"; display: inline-block; "
            + "margin-inline-start: 0.3em; font-size: 0.85em; font-style: italic; }\n"
        css +=
            ".languages { border: 0; margin: 0 0 1rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }\n"
        css += ".languages legend { font-weight: 600; padding: 0; margin-bottom: 0.25rem; }\n"
        css += ".languages-note { margin: -0.5rem 0 1rem; }\n"
        return css
    }
}

extension PreviewPage {
    /// The switcher: one radio button a language, the source language checked.
    /// It works with scripts off (CSS shows the chosen language's text).
    mutating func writeLanguageSwitcher(_ languages: PreviewLanguages) {
        writer.open("fieldset", [.class("languages")])
        writer.element("legend", text: "Language of the tips")
        for (index, language) in languages.all.enumerated() {
            var input = "<input type=\"radio\" name=\"language\" id=\"language-\(HTMLWriter.escape(language.code))\""
            input += " value=\"\(HTMLWriter.escape(language.code))\"" + (index == 0 ? " checked>" : ">")
            var label = language.name
            if language.untranslated > 0 {
                label += ", \(language.untranslated) of \(languages.stringCount) not translated"
            }
            if language.toReview > 0 { label += ", \(language.toReview) to review" }
            if language.inError > 0 { label += ", \(language.inError) in error" }
            writer.element("label", html: input + " " + HTMLWriter.escape(label))
        }
        writer.close()
        var notes: [String] = []
        if languages.all.contains(where: { $0.untranslated > 0 }) {
            notes.append("Text underlined with dots has no translation into the chosen language: it shows as written.")
        }
        if languages.all.contains(where: { $0.toReview > 0 }) {
            notes.append(
                "Text underlined with waves was translated for an earlier source text: it shows until it is reviewed.")
        }
        if languages.all.contains(where: { $0.inError > 0 }) {
            notes.append(
                "Text underlined twice has a translation in error: it shows as written, "
                    + "and the build fails until the translation is fixed.")
        }
        guard !notes.isEmpty else { return }
        notes.append("A marked text says why when pointed at, tapped or reached with Tab.")
        writer.element("p", [.class("languages-note")], text: notes.joined(separator: " "))
    }

    /// What makes a marked text reachable by a tap or with Tab, where its title then shows (see the CSS).
    static let focusable = HTMLAttribute("tabindex", "0")

    /// `string`'s text in every language of the page, each in its own span
    /// (CSS shows the chosen one); without languages, the text as written,
    /// marked with its language where that is not the page's (so that a
    /// reader speaks it, and Japanese takes Japanese glyphs, not Chinese).
    ///
    /// Text shown as written in a language written the other way (English
    /// in an Arabic card) takes the direction of its own first letters
    /// (`dir="auto"`), as the platforms' text views do: its words in their
    /// order, its full stop after them.
    func localized(_ string: CheckedString, filledWith values: [String: TipValue]?) -> String {
        guard let languages else {
            let text = Self.inline(string.text, filledWith: values)
            guard sourceLanguage != Self.pageLanguage else { return text }
            return HTMLWriter.element("span", [HTMLAttribute("lang", sourceLanguage)], html: text)
        }
        let sourceIsRightToLeft = languages.all[0].isRightToLeft
        return languages.all.map { language in
            var attributes: [HTMLAttribute] = [.class("l10n"), HTMLAttribute("data-language", language.code)]
            /// The text shown as written in `language`: in the source language, in its own direction.
            func asWritten() -> [HTMLAttribute] {
                let lang = HTMLAttribute("lang", languages.translations.sourceLanguage)
                return language.isRightToLeft == sourceIsRightToLeft ? [lang] : [lang, HTMLAttribute("dir", "auto")]
            }
            switch language.kind {
            case .source, .pseudo: attributes.append(HTMLAttribute("lang", languages.translations.sourceLanguage))
            case .translation:
                switch languages.translations.state(of: string, in: language.code) {
                case .missing:
                    // Shown as written, so in the source language, and marked.
                    attributes[0] = .class("l10n untranslated")
                    attributes += asWritten()
                    attributes.append(HTMLAttribute("title", "Not translated into \(language.name)"))
                    attributes.append(Self.focusable)
                case .toReview:
                    attributes[0] = .class("l10n to-review")
                    attributes.append(HTMLAttribute("lang", language.code))
                    attributes.append(
                        HTMLAttribute("title", "Translated into \(language.name) for an earlier source text: to review")
                    )
                    attributes.append(Self.focusable)
                case .notToTranslate:
                    // As written, in the source language, unmarked.
                    attributes += asWritten()
                case .inError(let message):
                    // As written, as for a missing translation, and marked with the error.
                    attributes[0] = .class("l10n in-error")
                    attributes += asWritten()
                    attributes.append(HTMLAttribute("title", "Shown as written: \(message)"))
                    attributes.append(Self.focusable)
                case .translated: attributes.append(HTMLAttribute("lang", language.code))
                }
            case .rightToLeft:
                attributes.append(HTMLAttribute("lang", languages.translations.sourceLanguage))
                attributes.append(HTMLAttribute("dir", "rtl"))
            }
            return HTMLWriter.element(
                "span", attributes, html: Self.inline(languages.text(of: string, in: language), filledWith: values))
        }.joined()
    }
}
