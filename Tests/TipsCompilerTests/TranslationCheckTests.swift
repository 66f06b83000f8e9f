import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsStringCatalog
@testable import TipsSyntax

/// `--strings`: a catalog's translations checked against the `.tips` files.
/// Each `Fixtures/Translations/<name>.tips` compiles with `<name>.xcstrings`
/// and must report exactly `<name>.expected` (`TIPC_UPDATE_GOLDENS=1`
/// rewrites it): JSON allows no comments, so the expectations sit beside it.
@Suite struct TranslationCheckTests {
    static let names = Fixtures.names(in: "Translations").map { String($0.dropLast(".tips".count)) }

    func compile(_ name: String) throws -> CompilationResult {
        let tips = try Data(contentsOf: Fixtures.url("Translations", name + ".tips"))
        let catalog = try Data(contentsOf: Fixtures.url("Translations", name + ".xcstrings"))
        let options = CompilationOptions(
            emitsCode: false, strings: CompilationInput(path: name + ".xcstrings", bytes: Array(catalog)))
        return Compilation(inputs: [CompilationInput(path: name + ".tips", bytes: Array(tips))], options: options).run()
    }

    @Test func thereAreTranslationFixtures() {
        #expect(Self.names.count >= 3)
    }

    @Test(arguments: names)
    func aCatalogReportsExactlyItsExpectedDiagnostics(_ name: String) throws {
        let rendered = try compile(name).renderedDiagnostics(showsSourceLines: false)
        let url = Fixtures.url("Translations", name + ".expected")
        if Fixtures.updatesGoldens {
            try Data(rendered.utf8).write(to: url, options: .atomic)
            return
        }
        #expect(rendered == (try String(contentsOf: url, encoding: .utf8)))
    }

    /// Samples/Trails/Tips/Tips.xcstrings: every string in German and Japanese, no diagnostic.
    @Test func theTrailsSampleIsTranslatedIntoGermanAndJapanese() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/Trails/Tips")
        let inputs = try ["Compass.tips", "Trails.tips"].map { name in
            CompilationInput(path: name, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        let catalog = try Data(contentsOf: folder.appendingPathComponent("Tips.xcstrings"))
        let options = CompilationOptions(
            emitsCode: false, strings: CompilationInput(path: "Tips.xcstrings", bytes: Array(catalog)))
        let result = Compilation(inputs: inputs, options: options).run()
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let translations = try #require(result.program?.translations)
        #expect(translations.languages == ["de", "ja"])
        let strings = try #require(result.program?.strings)
        #expect(strings.count == 12)
        #expect(
            strings.allSatisfy {
                translations.isTranslated($0, into: "de") && translations.isTranslated($0, into: "ja")
            })
    }

    @Test func aCleanCatalogsTranslationsAreInTheProgram() throws {
        let result = try compile("Clean")
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let translations = try #require(result.program?.translations)
        #expect(translations.sourceLanguage == "en")
        #expect(translations.languages == ["de"])
        let strings = try #require(result.program?.strings)
        let title = try #require(strings.first { $0.key == "NewTrail.title" })
        #expect(translations.text(of: title, in: "de").displayText == "\\(name) ist geöffnet")
        #expect(translations.text(of: title, in: "en") == title.text)
        #expect(translations.text(of: title, in: "fr") == title.text, "no translation: the source text")
        #expect(strings.allSatisfy { translations.isTranslated($0, into: "de") })
    }

    @Test func mistakesCarryTheFixTheirMessageNames() throws {
        let result = try compile("Mistakes")
        #expect(result.hasErrors)
        let fixes = result.diagnostics.flatMap(\.fixIts).map(\.replacement)
        #expect(fixes == ["\"translated\"", "\"translated\"", "\"FavoriteTrail.title\"", #"\\(region)"#])
        let misspelled = try #require(result.diagnostics.first { $0.message.contains("regoin") })
        #expect(result.sources[misspelled.range.file].text(in: misspelled.range) == #"\\(regoin)"#)
        // A state's fix replaces the state with its quotes; a state no state is close to has none.
        let state = try #require(result.diagnostics.first { $0.message.contains("'translatd'") })
        #expect(result.sources[state.range.file].text(in: state.range) == "\"translatd\"")
        #expect(state.fixIts.map(\.range) == [state.range])
        let unknown = try #require(result.diagnostics.first { $0.message.contains("'reviewed'") })
        #expect(unknown.fixIts.isEmpty)
    }

    /// A format specifier where the source text has a slot: its fix writes
    /// the slot (the one its position names), and the catalog then has only
    /// the warnings of the specifiers that stand for no slot.
    @Test func aFormatSpecifierForASlotIsReplacedByItsFix() throws {
        let result = try compile("FormatSpecifiers")
        let fixes = result.diagnostics.flatMap(\.fixIts).sorted { $0.range.start > $1.range.start }
        #expect(fixes.map(\.replacement) == [#"\\(name)"#, #"\\(name)"#, #"\\(region)"#])
        #expect(
            fixes.map(\.title) == [
                #"Write the slot '\(name)'"#, #"Write the slot '\(name)'"#, #"Write the slot '\(region)'"#,
            ])
        let catalog = try Data(contentsOf: Fixtures.url("Translations", "FormatSpecifiers.xcstrings"))
        var bytes = Array(catalog)
        for fix in fixes { bytes = fix.applied(to: bytes) }
        let tips = try Data(contentsOf: Fixtures.url("Translations", "FormatSpecifiers.tips"))
        let fixed = Compilation(
            inputs: [CompilationInput(path: "FormatSpecifiers.tips", bytes: Array(tips))],
            options: CompilationOptions(
                emitsCode: false, strings: CompilationInput(path: "FormatSpecifiers.xcstrings", bytes: bytes))
        ).run()
        #expect(fixed.diagnostics.map(\.severity) == [.warning, .warning])
        let german = try #require(fixed.program?.translations)
        let message = try #require(fixed.program?.strings.first { $0.key == "NewTrail.message" })
        #expect(german.text(of: message, in: "de").displayText == #"In \(region) findest du \(name)."#)
    }

    @Test func formatSpecifiersAreFoundAsXcodeWritesThem() {
        let found = CatalogText.formatSpecifiers(in: "%@ and %1$@, %lld %d%% 50 % %, %z %").map(\.text)
        #expect(found == ["%@", "%1$@", "%lld", "%d"])
    }

    /// A button's key under its former id is renamed by its fix, which keeps
    /// its translations: the key, quotes included, becomes the button's key.
    @Test func aRenamedButtonsFormerKeyIsRenamedByItsFix() throws {
        let result = try compile("RenamedButton")
        let former = try #require(result.diagnostics.first { $0.message.hasPrefix("'Trail.action.learnMore'") })
        #expect(result.sources[former.range.file].text(in: former.range) == "\"Trail.action.learnMore\"")
        #expect(former.fixIts.map(\.replacement) == ["\"Trail.action.readMore\""])
        #expect(former.fixIts.map(\.range) == [former.range])
    }

    /// A tip renamed with `renamedFrom` before `tipc strings` moved its keys:
    /// the build gives its strings the translations under the former name,
    /// as `tipc strings` will, so German users keep the German copy meanwhile.
    /// A tip renamed without `renamedFrom` (Compass, once Needle) gets none.
    @Test func aRenamedTipTakesTheTranslationsOfItsFormerKeys() throws {
        let result = try compile("Renamed")
        let translations = try #require(result.program?.translations)
        let strings = try #require(result.program?.strings)
        func german(_ key: String) throws -> String? {
            let string = try #require(strings.first { $0.key == key })
            return translations.isTranslated(string, into: "de")
                ? translations.text(of: string, in: "de").displayText : nil
        }
        #expect(try german("SaveTrail.title") == "Als Favorit sichern")
        #expect(try german("SaveTrail.action.learnMore") == "Mehr erfahren")
        #expect(try german("Kept.title") == "Noch da")
        #expect(try german("Compass.title") == nil)
    }

    /// Of two former names the catalog has, the first written gives the
    /// translations (as `tipc strings` chooses), and the other's key says so.
    /// The key carried counts as the string's when the language's missing
    /// translations are counted (D's is the one missing).
    @Test func ofTwoFormerNamesTheFirstWrittenGivesTheTranslations() throws {
        let tips =
            "event opened\ntip C {\n    renamedFrom B\n    renamedFrom A\n    title \"Hi\"\n    rule opened.count > 0\n}\n"
            + "tip D {\n    title \"Yo\"\n    rule opened.count > 1\n}\n"
        func entry(_ key: String, _ german: String) -> String {
            """
                "\(key)" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "\(german)" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hi" } }
                  }
                }
            """
        }
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
            \(entry("A.title", "Hallo A")),
            \(entry("B.title", "Hallo B")),
                "D.title" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Yo" } } } }
              },
              "version" : "1.0"
            }
            """
        let options = CompilationOptions(
            emitsCode: false, strings: CompilationInput(path: "Tips.xcstrings", text: catalog))
        let result = Compilation(inputs: [CompilationInput(path: "C.tips", text: tips)], options: options).run()
        let string = try #require(result.program?.strings.first { $0.key == "C.title" })
        #expect(result.program?.translations?.text(of: string, in: "de").displayText == "Hallo B")
        #expect(
            result.diagnostics.map(\.message) == [
                "'A.title' is the key of the title of 'C' under a former name of the tip; the build gives 'C.title' "
                    + "the translations of 'B.title', the first former name's key the catalog has (renamedFrom, in "
                    + "the order written)",
                "'B.title' is the key of the title of 'C' under a former name of the tip; the build gives its "
                    + "translations to 'C.title', and 'tipc strings' moves them there",
                "German (de) has no translation of 1 of the 2 strings: D.title",
            ])
    }

    /// Translations marked `needs_review` are used, and recorded as to
    /// review for the preview; each language's warning counts them.
    @Test func translationsToReviewAreUsedAndRecorded() throws {
        let result = try compile("ToReview")
        let translations = try #require(result.program?.translations)
        let strings = try #require(result.program?.strings)
        let title = try #require(strings.first { $0.key == "Welcome.title" })
        #expect(translations.text(of: title, in: "de").displayText == "Willkommen")
        #expect(translations.needsReview(title, in: "de"))
        #expect(!translations.needsReview(title, in: "ja"))
        #expect(translations.toReview == ["Welcome.title": ["de"], "Filters.title": ["de"], "Welcome.message": ["ja"]])
    }

    /// A string the catalog says not to translate is recorded so: it needs
    /// no translation, and shows as written.
    @Test func aStringNotToTranslateNeedsNone() throws {
        let result = try compile("DoNotTranslate")
        let translations = try #require(result.program?.translations)
        let strings = try #require(result.program?.strings)
        #expect(strings.filter { !translations.needsTranslation($0) }.map(\.key) == ["Brand.title"])
        let title = try #require(strings.first { $0.key == "Brand.title" })
        #expect(translations.text(of: title, in: "de").displayText == "Trailhead Pro")
    }

    /// Errors in the translations alone leave the program, without the
    /// translations in error, which are recorded with their first error:
    /// the `.tips` files checked, so a preview or an editor shows them.
    /// No code is emitted.
    @Test func errorsInTheTranslationsAloneLeaveTheProgramWithoutThem() throws {
        let result = try compile("Mistakes")
        #expect(result.hasErrors && result.outputs.isEmpty)
        let program = try #require(result.program)
        let translations = try #require(program.translations)
        #expect(
            translations.inError == [
                "NewTrail.message": [
                    "de": "the German (de) translation of 'NewTrail.message' has the slot '\\(regoin)', which the "
                        + "source text does not have; did you mean '\\(region)'?",
                    "ja": "the Japanese (ja) translation of 'NewTrail.message' has the slot '\\(date)', which the "
                        + "source text does not have; the source text's slots are '\\(name)', '\\(region)'",
                ],
                "NewTrail.title": [
                    "ja": "the Japanese (ja) translation of 'NewTrail.title' leaves out the slot '\\(name)'; a "
                        + "translation keeps every slot of its source text"
                ],
            ])
        let message = try #require(program.strings.first { $0.key == "NewTrail.message" })
        #expect(!translations.isTranslated(message, into: "de"))
        guard case .inError = translations.state(of: message, in: "de") else {
            Issue.record("the German message is \(translations.state(of: message, in: "de"))")
            return
        }
    }

    /// An error in the `.tips` files leaves no program, whatever the catalog holds.
    @Test func anErrorInTheTipsFilesLeavesNoProgram() throws {
        let catalog = try Data(contentsOf: Fixtures.url("Translations", "Mistakes.xcstrings"))
        let tips = try String(contentsOf: Fixtures.url("Translations", "Mistakes.tips"), encoding: .utf8)
        let result = Compilation(
            inputs: [
                CompilationInput(
                    path: "Mistakes.tips", text: tips + "\ntip Broken {\n    title \"B\"\n    rule nope\n}\n")
            ],
            options: CompilationOptions(
                emitsCode: false, strings: CompilationInput(path: "Mistakes.xcstrings", bytes: Array(catalog)))
        ).run()
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "unknown name 'nope'; declare it above the tip: parameter nope: Bool = false"
            ])
        #expect(result.program == nil)
    }

    @Test func theTipsErrorsComeFirstAndTheCatalogIsNotJudged() throws {
        let tips = "tip Broken {\n    title \"Hi\"\n    rule nope\n}\n"
        let catalog =
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Unknown.title\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}"
        let result = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: tips)],
            options: CompilationOptions(
                emitsCode: false, strings: CompilationInput(path: "Tips.xcstrings", text: catalog))
        ).run()
        #expect(
            result.diagnostics.map(\.message) == [
                "unknown name 'nope'; declare it above the tip: parameter nope: Bool = false"
            ])
    }

    @Test func aBrokenCatalogIsAnErrorEvenWhenTheTipsHaveErrors() throws {
        let result = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: "tip A {\n    title \"A\"\n    rule nope\n}\n")],
            options: CompilationOptions(emitsCode: false, strings: CompilationInput(path: "Tips.xcstrings", text: "{"))
        ).run()
        #expect(
            result.renderedDiagnostics(showsSourceLines: false)
                == "A.tips:3:10: error: unknown name 'nope'; declare it above the tip: parameter nope: Bool = false\nTips.xcstrings:1:2: error: expected a key in double quotes or '}', found the end of the file\n"
        )
    }
}
