import Foundation
import Testing

@testable import TipsRuntime

/// Which language tips speak: the `.language` option or the preferred
/// languages, falling back from region to language to the source language,
/// with slots filled in every language.
@Suite struct LanguageTests {
    /// Copy in English, German, Portuguese and Traditional Chinese; the second text is a template.
    static let copy = Tips.Translations(
        sourceLanguage: "en", languages: ["de", "pt", "zh-Hant"],
        texts: [
            ["Save as a Favorite", "\\(name) is open", "Learn More"],
            ["Als Favorit sichern", "\\(name) ist geöffnet", ""],
            ["Salvar como favorito", "\\(name) está aberta", "Saiba mais"],
            ["加入最愛", "\\(name) 已開放", "瞭解更多"],
        ])

    @Test func aRegionFallsBackToItsLanguageThenToTheSource() {
        #expect(Self.copy.language(for: ["pt-BR"]) == "pt")
        #expect(Self.copy.language(for: ["pt_BR"]) == "pt")
        #expect(Self.copy.language(for: ["DE-at"]) == "de")
        #expect(Self.copy.language(for: ["fr-FR"]) == "en")
        #expect(Self.copy.language(for: []) == "en")
        #expect(Self.copy.language(for: ["en-GB", "de"]) == "en", "the source language is a language too")
    }

    @Test func theFirstPreferredLanguageTheCopyHasWins() {
        #expect(Self.copy.language(for: ["fr", "pt-BR", "de"]) == "pt")
        #expect(Self.copy.language(for: ["it", "ja", "de-CH"]) == "de")
    }

    @Test func aScriptIsFoundFromTheRegion() {
        #expect(Self.copy.language(for: ["zh-TW"]) == "zh-Hant")
        #expect(Self.copy.language(for: ["zh-Hant-HK"]) == "zh-Hant")
        #expect(LanguageMatch.candidates(for: "zh-Hant-TW").prefix(4) == ["zh-hant-tw", "zh-tw", "zh-hant", "zh"])
        #expect(LanguageMatch.candidates(for: "pt-BR").prefix(2) == ["pt-br", "pt"])
    }

    @Test func aMissingTranslationIsTheSourceText() {
        #expect(Self.copy.text(2, language: "de") == "Learn More")
        #expect(Self.copy.text(2, language: "pt-BR") == "Saiba mais")
        #expect(Self.copy.text(7, language: "de") == "", "an index past the copy is no text, not a crash")
    }

    @Test func slotsAreFilledInEveryLanguage() {
        let arguments = ["name": "Ridge"]
        #expect(Self.copy.text(1, filling: arguments, language: "en") == "Ridge is open")
        #expect(Self.copy.text(1, filling: arguments, language: "de") == "Ridge ist geöffnet")
        #expect(Self.copy.text(1, filling: arguments, language: "pt-PT") == "Ridge está aberta")
        #expect(Self.copy.text(1, filling: arguments, language: "zh-TW") == "Ridge 已開放")
    }

    @Test func aTemplateKeepsWhatIsNotASlot() {
        let fill = Tips.Translations.fill
        #expect(
            fill("C:\\\\Trails \\(name) \\(other) \\x", ["name": "\\(name)"]) == "C:\\Trails \\(name) \\(other) \\x")
        #expect(fill("no slots", [:]) == "no slots")
        #expect(fill("ends with \\", [:]) == "ends with \\")
        #expect(fill("\\(open", ["open": "x"]) == "\\(open")
    }

    @Test func theLanguageOptionFixesTheLanguage() async throws {
        let german = try await makeCenter([.language("de")])
        #expect(german.languages == ["de"])
        #expect(Self.copy.text(0, in: german) == "Als Favorit sichern")
        let brazilian = try await makeCenter([.language("pt-BR")])
        #expect(
            Self.copy.text(0, in: brazilian) == "Salvar como favorito", "a fixed pt-BR falls back as a preferred one")
        let french = try await makeCenter([.language("fr")])
        #expect(Self.copy.text(1, filling: ["name": "Ridge"], in: french) == "Ridge is open")
    }

    @Test func theLanguageOptionTakesALocaleLanguage() async throws {
        let center = try await makeCenter([.language(Locale.Language(identifier: "zh-TW"))])
        #expect(Self.copy.text(0, in: center) == "加入最愛")
        #expect(Self.copy.language(in: center) == "zh-Hant")
    }

    @Test func withoutTheOptionThePreferredLanguagesDecide() async throws {
        let center = try await makeCenter([.environment(["LANGUAGE": "ja:pt_BR", "LANG": "de_DE.UTF-8"])])
        #expect(center.languages == ["ja", "pt-BR", "de-DE"])
        #expect(Self.copy.text(0, in: center) == "Salvar como favorito")
    }

    @Test func thePOSIXEnvironmentNamesThePreferredLanguages() {
        let read = LanguageMatch.preferredLanguages
        #expect(read(["LANG": "de_DE.UTF-8@euro"]) == ["de-DE"])
        #expect(read(["LC_ALL": "C", "LANG": "POSIX"]) == [])
        #expect(read(["LANGUAGE": "fr:de::fr", "LC_MESSAGES": "it_IT"]) == ["fr", "de", "it-IT"])
        #expect(read([:]) == [])
    }

    @Test func anUnconfiguredCenterSpeaksTheSystemsLanguages() {
        #expect(TipCenter().languages == LanguageMatch.systemPreferred)
    }

    @Test func withLanguageOverridesEveryCenterForItsTask() async throws {
        let german = try await makeCenter([.language("de")])
        Tips.withLanguage("pt-BR") {
            #expect(Self.copy.text(0, in: german) == "Salvar como favorito")
            #expect(Self.copy.text(0) == "Salvar como favorito")
        }
        #expect(Self.copy.text(0, in: german) == "Als Favorit sichern")
    }

    @Test func aSecondConfigureDoesNotChangeTheLanguage() async throws {
        let center = try await makeCenter([.language("de")])
        await #expect(throws: Tips.ConfigurationError.alreadyConfigured) {
            try await center.configure([.language("ja")])
        }
        #expect(center.languages == ["de"])
    }
}
