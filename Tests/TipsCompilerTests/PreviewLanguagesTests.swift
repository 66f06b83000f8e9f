import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsPreview
@testable import TipsSyntax

/// `tipc preview --strings`: every tip in every language of the catalog, a
/// pseudo-language and a right-to-left rendering, chosen with one switcher.
/// `.ci/preview-check.py` lays the page out in Chromium in each language.
@Suite struct PreviewLanguagesTests {
    /// The page of the Clean fixture with its German catalog, less the translations of `untranslated` keys.
    /// The German translations of `toReview` keys are marked `needs_review`.
    static func page(untranslated: Set<String> = [], toReview: Set<String> = []) throws -> String {
        let tips = try Data(contentsOf: Fixtures.url("Translations", "Clean.tips"))
        var catalog = try Data(contentsOf: Fixtures.url("Translations", "Clean.xcstrings"))
        if !untranslated.isEmpty || !toReview.isEmpty {
            var json = try #require(try JSONSerialization.jsonObject(with: catalog) as? [String: Any])
            var strings = try #require(json["strings"] as? [String: Any])
            for key in untranslated.union(toReview) {
                var entry = try #require(strings[key] as? [String: Any])
                var localizations = try #require(entry["localizations"] as? [String: Any])
                if untranslated.contains(key) {
                    localizations["de"] = nil
                } else {
                    var german = try #require(localizations["de"] as? [String: Any])
                    var unit = try #require(german["stringUnit"] as? [String: Any])
                    unit["state"] = "needs_review"
                    german["stringUnit"] = unit
                    localizations["de"] = german
                }
                entry["localizations"] = localizations
                strings[key] = entry
            }
            json["strings"] = strings
            catalog = try JSONSerialization.data(withJSONObject: json)
        }
        return try page(tips: tips, catalog: catalog)
    }

    @Test func theSwitcherListsTheSourceTheTranslationsThePseudoLanguageAndRightToLeft() throws {
        let html = try Self.page()
        let values = html.components(separatedBy: "name=\"language\" id=\"language-").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(values == ["en", "de", "pseudo", "rtl"])
        #expect(html.contains("id=\"language-en\" value=\"en\" checked> English (en), as written</label>"))
        #expect(html.contains("> German (de)</label>"))
    }

    @Test func everyTextIsThereInEveryLanguage() throws {
        let card = try PreviewTests.article("tip-FavoriteTrail", in: Self.page())
        #expect(card.contains("<span class=\"l10n\" data-language=\"en\" lang=\"en\">Save as a Favorite</span>"))
        #expect(card.contains("<span class=\"l10n\" data-language=\"de\" lang=\"de\">Als Favorit sichern</span>"))
        #expect(card.contains("<span class=\"l10n\" data-language=\"de\" lang=\"de\">Mehr erfahren</span>"))
        #expect(
            card.contains(
                "<span class=\"l10n\" data-language=\"rtl\" lang=\"en\" dir=\"rtl\">Save as a Favorite</span>"))
        #expect(card.contains("<span class=\"l10n\" data-language=\"pseudo\" lang=\"en\">[Šàṽé àš à Ƒàṽöŕîţé"))
        // A reusable tip's slots stay slots in every language.
        let reusable = try PreviewTests.article("tip-NewTrail", in: Self.page())
        #expect(
            reusable.contains(
                "data-language=\"de\" lang=\"de\"><span class=\"slot\" data-slot=\"name\">name</span> ist geöffnet"))
    }

    /// Text a translation lacks shows as written, marked, in the source
    /// language; the switcher counts what each language lacks.
    @Test func aTextWithoutATranslationIsMarkedAndCounted() throws {
        let full = try Self.page()
        #expect(!full.contains("l10n untranslated"))
        #expect(!full.contains("not translated"))
        #expect(!full.contains("class=\"languages-note\""))
        let html = try Self.page(untranslated: ["FavoriteTrail.message", "Compass.title"])
        #expect(html.contains("> German (de), 2 of 7 not translated</label>"))
        #expect(html.contains("<p class=\"languages-note\">Text underlined with dots has no translation"))
        let card = try PreviewTests.article("tip-FavoriteTrail", in: html)
        #expect(
            card.contains(
                "<span class=\"l10n untranslated\" data-language=\"de\" lang=\"en\" title=\"Not translated into German (de)\" tabindex=\"0\">"
                    + "Your favorites stay on top.</span>"))
        #expect(card.contains("<span class=\"l10n\" data-language=\"de\" lang=\"de\">Als Favorit sichern</span>"))
    }

    /// A translation made for an earlier source text (`needs_review`) shows,
    /// marked with its own underline and title; the switcher counts them.
    @Test func aTranslationToReviewIsMarkedAndCounted() throws {
        #expect(!(try Self.page()).contains("to review"))
        let html = try Self.page(untranslated: ["Compass.title"], toReview: ["FavoriteTrail.title"])
        #expect(html.contains("> German (de), 1 of 7 not translated, 1 to review</label>"))
        #expect(html.contains("Text underlined with waves was translated for an earlier source text"))
        let card = try PreviewTests.article("tip-FavoriteTrail", in: html)
        #expect(
            card.contains(
                "<span class=\"l10n to-review\" data-language=\"de\" lang=\"de\" title=\"Translated into German (de) "
                    + "for an earlier source text: to review\" tabindex=\"0\">Als Favorit sichern</span>"))
        #expect(card.contains("<span class=\"l10n\" data-language=\"de\" lang=\"de\">Mehr erfahren</span>"))
    }

    /// A translation in error (a misspelt slot) shows as written, as the
    /// app would show it, marked with its own underline and the error for
    /// a title; the switcher counts them.
    @Test func aTranslationInErrorIsMarkedWithItsErrorAndCounted() throws {
        #expect(!(try Self.page()).contains("in error"))
        let html = try Self.page(ofFixture: "Mistakes")
        #expect(html.contains("> German (de), 4 of 7 not translated, 1 in error</label>"))
        #expect(html.contains("> Japanese (ja), 3 of 7 not translated, 2 in error</label>"))
        #expect(html.contains("Text underlined twice has a translation in error: it shows as written"))
        // Its error shows when it is tapped or reached with Tab, where no tooltip does.
        #expect(html.contains("A marked text says why when pointed at, tapped or reached with Tab."))
        #expect(html.contains(".l10n[tabindex]:focus::after { content: \"(\" attr(title) \")\";"))
        // Listed where the page starts, each at its line in the catalog.
        #expect(html.contains("<h2 id=\"translation-errors\">Errors in the translations</h2>"))
        #expect(
            html.contains(
                "<li class=\"warning\" data-part=\"other\"><span class=\"warning-where\">Tips.xcstrings: Line 101:</span> "
                    + "the German (de) translation of &#39;NewTrail.message&#39; has the slot"))
        #expect(!(try Self.page()).contains("id=\"translation-errors\""))
        let card = try PreviewTests.article("tip-NewTrail", in: html)
        #expect(
            card.contains(
                "<span class=\"l10n in-error\" data-language=\"de\" lang=\"en\" title=\"Shown as written: the German "
                    + "(de) translation of &#39;NewTrail.message&#39; has the slot &#39;\\(regoin)&#39;, which the source "
                    + "text does not have; did you mean &#39;\\(region)&#39;?\" tabindex=\"0\">Find "))
    }

    /// A string the catalog says not to translate (a brand name) shows as
    /// written in every language, unmarked and not counted as missing; the
    /// copy hover says why.
    @Test func aStringNotToTranslateIsNeitherMarkedNorCounted() throws {
        let html = try Self.page(ofFixture: "DoNotTranslate")
        #expect(html.contains("> German (de), 1 of 2 not translated</label>"), "as the checker counts")
        let card = try PreviewTests.article("tip-Brand", in: html)
        #expect(card.contains("<span class=\"l10n\" data-language=\"de\" lang=\"en\">Trailhead Pro</span>"))
        #expect(card.contains("<span class=\"l10n untranslated\" data-language=\"de\" lang=\"en\""))
    }

    /// A language the catalog gives only variations in, which tips do not
    /// use, is on the switcher with every string not translated: the app
    /// shows it the source text, and the compile says why.
    @Test func aLanguageOfVariationsOnlyIsShownNotTranslated() throws {
        let html = try Self.page(ofFixture: "VariationsOnly")
        #expect(html.contains("> French (fr), 2 of 2 not translated</label>"))
        let card = try PreviewTests.article("tip-Welcome", in: html)
        #expect(
            card.contains(
                "<span class=\"l10n untranslated\" data-language=\"fr\" lang=\"en\" title=\"Not translated into French (fr)\" tabindex=\"0\">"
                    + "Welcome</span>"))
    }

    /// The page of the Translations fixture `name`, with its catalog.
    static func page(ofFixture name: String) throws -> String {
        try page(
            tips: Data(contentsOf: Fixtures.url("Translations", "\(name).tips")),
            catalog: Data(contentsOf: Fixtures.url("Translations", "\(name).xcstrings")))
    }

    /// The preview page of `tips` compiled with `catalog`.
    static func page(tips: Data, catalog: Data) throws -> String {
        let options = CompilationOptions(
            emitsCode: false, strings: CompilationInput(path: "Tips.xcstrings", bytes: Array(catalog)))
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", bytes: Array(tips))], options: options)
            .run()
        let program = try #require(result.program, "\(result.renderedDiagnostics())")
        return PreviewBackend().render(program, diagnostics: result.diagnostics, sources: result.sources)
    }

    @Test func thePseudoLanguageIsAccentedAndFortyPercentLonger() {
        for text in ["Save as a Favorite", "Turn until the arrow points up.", "OK"] {
            let pseudo = PreviewLanguages.pseudo(InterpolatedText(text)).segments.map { segment in
                if case .text(let words) = segment { words } else { "" }
            }.joined()
            #expect(pseudo.hasPrefix("[") && pseudo.hasSuffix("]"))
            #expect(Double(pseudo.count) >= 1.4 * Double(text.count), "\(pseudo)")
            #expect(Double(pseudo.count) <= 1.4 * Double(text.count) + 8, "\(pseudo)")
            let accented = pseudo.dropFirst().prefix(text.count)
            #expect(!accented.contains { $0.isASCII && $0.isLetter }, "every Latin letter is accented: \(pseudo)")
        }
        let slotted = PreviewLanguages.pseudo(InterpolatedText(segments: [.argument("name"), .text(" is open")]))
        #expect(slotted.segments.contains(.argument("name")), "a slot is kept as a slot")
    }

    /// The Clean fixture's catalog with `language`'s translations of `texts` (by key) added.
    static func catalog(adding language: String, _ texts: [String: String]) throws -> Data {
        let catalog = try Data(contentsOf: Fixtures.url("Translations", "Clean.xcstrings"))
        var json = try #require(try JSONSerialization.jsonObject(with: catalog) as? [String: Any])
        var strings = try #require(json["strings"] as? [String: Any])
        for (key, text) in texts {
            var entry = try #require(strings[key] as? [String: Any])
            var localizations = try #require(entry["localizations"] as? [String: Any])
            localizations[language] = ["stringUnit": ["state": "translated", "value": text]]
            entry["localizations"] = localizations
            strings[key] = entry
        }
        json["strings"] = strings
        return try JSONSerialization.data(withJSONObject: json)
    }

    /// An Arabic translation is shown as the app shows it: its cards laid
    /// out right to left when Arabic is chosen (German's stay left to
    /// right), and English a translation lacks reads left to right inside
    /// them (`dir="auto"`), its full stop after its words.
    @Test func anArabicTranslationLaysItsCardsOutRightToLeft() throws {
        let tips = try Data(contentsOf: Fixtures.url("Translations", "Clean.tips"))
        let html = try Self.page(
            tips: tips, catalog: Self.catalog(adding: "ar", ["FavoriteTrail.title": "احفظها في المفضلة"]))
        #expect(html.contains("body:has(#language-ar:checked) .tip-card { direction: rtl; }\n"))
        #expect(html.contains("body:has(#language-rtl:checked) .tip-card { direction: rtl; }\n"))
        #expect(!html.contains("#language-de:checked) .tip-card"), "German is written as English is")
        #expect(!html.contains("#language-pseudo:checked) .tip-card"), "made from the source, in its direction")
        let card = try PreviewTests.article("tip-FavoriteTrail", in: html)
        #expect(card.contains("<span class=\"l10n\" data-language=\"ar\" lang=\"ar\">احفظها في المفضلة</span>"))
        #expect(
            card.contains(
                "<span class=\"l10n untranslated\" data-language=\"ar\" lang=\"en\" dir=\"auto\" "
                    + "title=\"Not translated into Arabic (ar)\" tabindex=\"0\">Your favorites stay on top.</span>"))
        #expect(
            card.contains(
                "<span class=\"l10n untranslated\" data-language=\"de\" lang=\"en\" title=") == false,
            "German has every translation")
        #expect(!card.contains("<div class=\"tip-card\" dir="), "English copy: cards left to right by default")
    }

    /// Copy written in a language written right to left (`sourceLanguage
    /// "he"`) is laid out right to left by default, with or without a
    /// catalog; a left-to-right translation turns the cards back, and the
    /// made-up right-to-left rendering, which would repeat the source
    /// language, is not offered.
    @Test func copyWrittenRightToLeftIsLaidOutRightToLeft() throws {
        let tips = "config {\n    sourceLanguage \"he\"\n}\n\ntip A {\n    title \"שלום\"\n}\n"
        let plain = try PreviewTests.page(tips)
        #expect(plain.contains("<div class=\"tip-card\" dir=\"rtl\">"))
        #expect(plain.contains("<div class=\"tip-card tip-popover\" dir=\"rtl\">"))
        let catalog = """
            {"sourceLanguage": "he", "version": "1.0", "strings": {"A.title": {"localizations": {
            "he": {"stringUnit": {"state": "translated", "value": "שלום"}},
            "en": {"stringUnit": {"state": "translated", "value": "Hello"}}}}}}
            """
        let html = try Self.page(tips: Data(tips.utf8), catalog: Data(catalog.utf8))
        let values = html.components(separatedBy: "name=\"language\" id=\"language-").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(values == ["he", "en", "pseudo"])
        #expect(html.contains("<div class=\"tip-card\" dir=\"rtl\">"))
        #expect(html.contains("body:has(#language-en:checked) .tip-card { direction: ltr; }\n"))
        #expect(!html.contains("#language-pseudo:checked) .tip-card"))
    }

    /// Copy in another language than the page's own words is marked with
    /// it, catalog or not: a screen reader speaks it in that language, and
    /// Japanese is drawn with Japanese glyphs rather than Chinese ones.
    @Test func copyInAnotherLanguageIsMarkedWithIt() throws {
        let html = try PreviewTests.page("config {\n    sourceLanguage \"ja\"\n}\n\ntip A {\n    title \"地図\"\n}\n")
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<span lang=\"ja\">地図</span>"))
        #expect(!html.contains("dir=\"rtl\""))
        let english = try PreviewTests.page("tip A {\n    title \"Map\"\n}\n")
        #expect(!english.contains("<span lang="), "English copy on an English page is not marked")
    }

    /// Which languages are written right to left: by the script subtag
    /// when there is one, else by the language.
    @Test func languagesWrittenRightToLeft() {
        for code in [
            "ar", "ar-EG", "ar_SA", "he", "iw", "fa", "ur", "ps", "ckb", "dv", "yi", "pa-Arab", "az-Arab", "uz_Arab",
        ] {
            #expect(LanguageNames.isWrittenRightToLeft(code), "\(code)")
        }
        for code in ["en", "de", "pt_BR", "ja", "zh-Hant", "ku", "az", "ar-Latn", "", "-", "german"] {
            #expect(!LanguageNames.isWrittenRightToLeft(code), "\(code)")
        }
    }

    @Test func withoutACatalogThePageHasNoSwitcher() throws {
        let html = try PreviewTests.page("tip A {\n    title \"Hello\"\n}\n")
        #expect(!html.contains("l10n"))
        #expect(!html.contains("name=\"language\""))
    }
}
