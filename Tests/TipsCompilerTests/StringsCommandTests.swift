import Foundation
import Testing
import TipsTestSupport

@testable import TipsStringCatalog

/// `tipc strings`: the String Catalog of a compilation's strings, written or
/// updated in place, run as the `tipc` executable.
@Suite(.serialized) struct StringsCommandTests {
    static let trails = """
        /// Teaches favorites.
        tip FavoriteTrail {
            title "Save as a Favorite"
            message "Your favorites stay on top."
            action learnMore "Learn More"
            rule true
        }

        tip NewTrail(name: String, region: Plan) {
            id "new-\\(name)"
            title "\\(name) is open"
            message "Find it in \\(region), C:\\\\Maps."
            rule true
        }

        enum Plan { free, pro }

        """

    func project(_ text: String = trails) throws -> TemporaryDirectory {
        let directory = TipcProcess.temporaryDirectory()
        try Data(text.utf8).write(to: directory.appendingPathComponent("Trails.tips"))
        return directory
    }

    /// Adds, as a translator would in the catalog at `url` that `tipc
    /// strings` wrote, a German translation `german` to the string whose
    /// English unit's value is `english` (both as the catalog's JSON spells them).
    static func addGerman(_ german: String, to english: String, in url: URL) throws {
        let unit = { (language: String, value: String) in
            "\"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                + "            \"value\" : \"\(value)\""
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        let added = text.replacingOccurrences(
            of: unit("en", english),
            with: unit("de", german) + "\n          }\n        },\n        " + unit("en", english))
        #expect(added != text, "no English unit '\(english)' to translate")
        try Data(added.utf8).write(to: url)
    }

    /// A project whose catalog `tipc strings` wrote and a translator then
    /// gave `german` for `english` (``addGerman(_:to:in:)``); the project
    /// and the catalog's URL.
    func translatedProject(_ german: String, to english: String) throws -> (TemporaryDirectory, URL) {
        let directory = try project()
        let url = directory.appendingPathComponent("Tips.xcstrings")
        _ = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        try Self.addGerman(german, to: english, in: url)
        return (directory, url)
    }

    func catalog(in directory: TemporaryDirectory) throws -> StringCatalog {
        let read = Catalogs.read(Array(try Data(contentsOf: directory.appendingPathComponent("Tips.xcstrings"))))
        return try #require(read.catalog, "\(read.rendered)")
    }

    @Test func aNewCatalogHoldsEveryStringWithItsKeyAndComment() throws {
        let directory = try project()
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == "Tips.xcstrings: 5 strings: 5 added\n")
        #expect(output.standardError.isEmpty)
        let catalog = try catalog(in: directory)
        #expect(catalog.sourceLanguage == "en")
        #expect(
            catalog.entries.map(\.key) == [
                "FavoriteTrail.action.learnMore", "FavoriteTrail.message", "FavoriteTrail.title", "NewTrail.message",
                "NewTrail.title",
            ])
        let message = try #require(catalog.entry("NewTrail.message"))
        #expect(message.unit(for: "en")?.value == "Find it in \\(region), C:\\\\Maps.")
        #expect(message.extractionState == "manual")
        #expect(
            message.comment
                == "The message of the tip NewTrail. Keep \\(region) (Plan) as written: the app puts the tip's value there."
        )
        #expect(
            catalog.entry("FavoriteTrail.action.learnMore")?.comment
                == "The title of the button 'learnMore' of the tip FavoriteTrail. Teaches favorites.")
    }

    @Test func runningItAgainChangesNothingAndLeavesTheFileAlone() throws {
        let directory = try project()
        let path = directory.appendingPathComponent("Tips.xcstrings").path
        _ = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let output = try TipcProcess.run(["strings", "Trails.tips", "-o", "Tips.xcstrings"], in: directory)
        #expect(output.status == 0)
        #expect(output.standardOutput == "Tips.xcstrings: 5 strings, up to date\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(modified == past)
    }

    @Test func aCatalogAnotherToolLaidOutIsRewrittenInXcodesLayoutAndSaysSo() throws {
        let directory = try project()
        let url = directory.appendingPathComponent("Tips.xcstrings")
        _ = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        let xcode = try Data(contentsOf: url)
        // The same strings, as a script's JSON writer lays them out.
        let object = try JSONSerialization.jsonObject(with: xcode)
        let compact = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        #expect(compact != xcode)
        try compact.write(to: url)
        let output = try TipcProcess.run(["strings", "Trails.tips", "-o", "Tips.xcstrings"], in: directory)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == "Tips.xcstrings: 5 strings, up to date; rewritten in Xcode's layout\n")
        #expect(try Data(contentsOf: url) == xcode)
    }

    /// A catalog checked out with CRLF line ends (Git for Windows' default)
    /// keeps them: up to date, it is left alone; updated, it is written as
    /// the same update of the LF catalog would be, with CRLF.
    @Test func aCatalogWithCRLFLineEndsKeepsThem() throws {
        let (directory, twin) = (try project(), try project())
        let url = directory.appendingPathComponent("Tips.xcstrings")
        for project in [directory, twin] {
            _ = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: project)
        }
        let crlf = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
        try Data(crlf.utf8).write(to: url)
        let again = try TipcProcess.run(["strings", "Trails.tips", "-o", "Tips.xcstrings"], in: directory)
        #expect(again.standardOutput == "Tips.xcstrings: 5 strings, up to date\n")
        #expect(try String(contentsOf: url, encoding: .utf8) == crlf)
        let edited = Self.trails.replacingOccurrences(of: "Save as a Favorite", with: "Keep as a Favorite")
        for project in [directory, twin] {
            try Data(edited.utf8).write(to: project.appendingPathComponent("Trails.tips"))
            let output = try TipcProcess.run(["strings", "Trails.tips", "-o", "Tips.xcstrings"], in: project)
            #expect(output.status == 0, "\(output.standardError)")
        }
        let updated = try String(contentsOf: twin.appendingPathComponent("Tips.xcstrings"), encoding: .utf8)
        #expect(updated.contains("Keep as a Favorite"))
        #expect(
            try String(contentsOf: url, encoding: .utf8) == updated.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func aCopyEditMarksTranslationsForReviewAndARemovedTipGoesStale() throws {
        let (directory, _) = try translatedProject("Als Favorit sichern", to: "Save as a Favorite")
        let edited = Self.trails.replacingOccurrences(of: "Save as a Favorite", with: "Keep your favorites")
            .replacingOccurrences(of: "    action learnMore \"Learn More\"\n", with: "")
        try Data(edited.utf8).write(to: directory.appendingPathComponent("Trails.tips"))
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.standardOutput == "Tips.xcstrings: 4 strings: 1 changed (1 translation to review), 1 stale\n")
        let catalog = try catalog(in: directory)
        let title = try #require(catalog.entry("FavoriteTrail.title"))
        #expect(title.unit(for: "de")?.value == "Als Favorit sichern")
        #expect(title.unit(for: "de")?.state == "needs_review")
        #expect(title.unit(for: "en")?.value == "Keep your favorites")
        #expect(catalog.entry("FavoriteTrail.action.learnMore")?.isStale == true)
    }

    /// A translation whose state Xcode does not write is not marked for
    /// review when its source text changes; `strings` says so at the state,
    /// at its line in the catalog it wrote.
    @Test func aStateXcodeDoesNotWriteIsNamedWhereTheCatalogNowHasIt() throws {
        let (directory, url) = try translatedProject("Als Favorit sichern", to: "Save as a Favorite")
        let translated = try String(contentsOf: url, encoding: .utf8)
        let misspelled = translated.replacingOccurrences(
            of: "\"state\" : \"translated\",\n            \"value\" : \"Als Favorit sichern\"",
            with: "\"state\" : \"Translated\",\n            \"value\" : \"Als Favorit sichern\"")
        #expect(misspelled != translated)
        try Data(misspelled.utf8).write(to: url)
        let edited = Self.trails.replacingOccurrences(of: "Save as a Favorite", with: "Keep your favorites")
        try Data(edited.utf8).write(to: directory.appendingPathComponent("Trails.tips"))
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == "Tips.xcstrings: 5 strings: 1 changed\n")
        let written = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(written.firstIndex { $0.contains("\"Translated\"") }) + 1
        let column =
            try #require(written[line - 1].range(of: "\"Translated\"")).lowerBound.utf16Offset(in: written[line - 1])
            + 1
        #expect(
            output.standardError.contains(
                "Tips.xcstrings:\(line):\(column): warning: the German (de) translation of 'FavoriteTrail.title' has "
                    + "the state 'Translated', which Xcode does not write; did you mean 'translated'?\n"),
            "\(output.standardError)")
        #expect(try catalog(in: directory).entry("FavoriteTrail.title")?.unit(for: "de")?.state == "Translated")
    }

    /// Keys up to date say nothing of the translations they hold: `strings`
    /// then says what the build says of the catalog it wrote, a misspelt
    /// slot as an error at its line (exit 1, the catalog written all the
    /// same) and a language that lacks strings as a warning.
    @Test func whatTheBuildSaysOfTheTranslationsIsSaid() throws {
        let (directory, url) = try translatedProject("\\\\(nmae) ist offen", to: "\\\\(name) is open")
        let translated = try Data(contentsOf: url)
        let line = try #require(
            String(decoding: translated, as: UTF8.self).components(separatedBy: "\n").firstIndex {
                $0.contains("(nmae) ist offen")
            })
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput == "Tips.xcstrings: 5 strings, up to date\n")
        #expect(
            output.standardError.contains(
                "Tips.xcstrings:\(line + 1):24: error: the German (de) translation of 'NewTrail.title' has the slot "
                    + "'\\(nmae)', which the source text does not have; did you mean '\\(name)'?\n"),
            "\(output.standardError)")
        #expect(
            output.standardError.contains(
                "warning: German (de) has no translation of 4 of the 5 strings: FavoriteTrail.title, "
                    + "FavoriteTrail.message, FavoriteTrail.action.learnMore and 1 more\n"),
            "\(output.standardError)")
        #expect(
            output.standardError.hasSuffix(
                "tipc: 1 error in the input; a build with it fails until the error is fixed\n"))
        #expect(try Data(contentsOf: url) == translated)

        let edited = Self.trails.replacingOccurrences(of: "Save as a Favorite", with: "Keep your favorites")
        try Data(edited.utf8).write(to: directory.appendingPathComponent("Trails.tips"))
        let written = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(written.status == 1)
        #expect(written.standardOutput == "Tips.xcstrings: 5 strings: 1 changed\n")
        #expect(
            written.standardError.hasSuffix(
                "tipc: 1 error in the input; the catalog was written, and a build with it fails until the error is "
                    + "fixed\n"), "\(written.standardError)")
        #expect(
            try catalog(in: directory).entry("FavoriteTrail.title")?.unit(for: "en")?.value == "Keep your favorites")

        try Data(try Data(contentsOf: url).replacing(Data("(nmae)".utf8), with: Data("(name)".utf8))).write(to: url)
        let fixed = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(!fixed.standardError.contains("error"), "\(fixed.standardError)")
    }

    /// A tip renamed with `renamedFrom` keeps its translations: `check` says
    /// where they are, at each former key, and `strings` gives them to the
    /// new keys.
    @Test func aRenamedTipKeepsItsTranslations() throws {
        let (directory, url) = try translatedProject("Mehr erfahren", to: "Learn More")
        let german = try String(contentsOf: url, encoding: .utf8)
        let renamed = Self.trails.replacingOccurrences(
            of: "tip FavoriteTrail {\n", with: "tip SaveTrail {\n    renamedFrom FavoriteTrail\n")
        try Data(renamed.utf8).write(to: directory.appendingPathComponent("Trails.tips"))
        let check = try TipcProcess.run(["check", "Trails.tips", "--strings", "Tips.xcstrings"], in: directory)
        let line = try #require(
            german.components(separatedBy: "\n").firstIndex { $0.contains("\"FavoriteTrail.action.learnMore\" :") })
        #expect(
            check.standardError.contains(
                "Tips.xcstrings:\(line + 1):5: warning: 'FavoriteTrail.action.learnMore' is the key of the button "
                    + "'learnMore' of 'SaveTrail' under a former name of the tip; the build gives its translations to "
                    + "'SaveTrail.action.learnMore', and 'tipc strings' moves them there"), "\(check.standardError)")
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(
            output.standardOutput
                == "Tips.xcstrings: 5 strings: 3 added (3 with the translations of their keys under a former tip "
                + "name), 3 stale\n")
        let catalog = try catalog(in: directory)
        #expect(catalog.entry("SaveTrail.action.learnMore")?.unit(for: "de")?.value == "Mehr erfahren")
        #expect(catalog.entry("FavoriteTrail.action.learnMore")?.isStale == true)
        let after = try TipcProcess.run(["check", "Trails.tips", "--strings", "Tips.xcstrings"], in: directory)
        #expect(!after.standardError.contains("former name"), "\(after.standardError)")
        #expect(!after.standardError.contains("has no key for"), "\(after.standardError)")
    }

    @Test func aCatalogItCannotReadIsReportedAndNeverRewritten() throws {
        let directory = try project()
        let url = directory.appendingPathComponent("Tips.xcstrings")
        let broken =
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A.title\" : {\n    }\n  }\n  \"version\" : \"1.0\"\n}"
        try Data(broken.utf8).write(to: url)
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(
            output.standardError.hasPrefix("Tips.xcstrings:6:4: error: expected ',' after the value of 'strings'\n"))
        #expect(output.standardError.hasSuffix("tipc: 1 error in the input; the catalog was not written\n"))
        #expect(try String(contentsOf: url, encoding: .utf8) == broken)
    }

    @Test func aCatalogInAnotherSourceLanguageIsRefused() throws {
        let directory = try project()
        let url = directory.appendingPathComponent("Tips.xcstrings")
        let german = String(decoding: StringCatalog(sourceLanguage: "de").bytes, as: UTF8.self)
        try Data(german.utf8).write(to: url)
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 1)
        #expect(
            output.standardError.hasPrefix(
                "Tips.xcstrings:2:22: error: the catalog's source language is 'de', but the .tips files are written in "
                    + "'en'; give their config block sourceLanguage \"de\", or write another catalog\n"))
        #expect(try String(contentsOf: url, encoding: .utf8) == german)
    }

    @Test func theConfigsSourceLanguageNamesANewCatalogsLanguage() throws {
        let directory = try project("config { sourceLanguage \"de\" }\n" + Self.trails)
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 0)
        let catalog = try catalog(in: directory)
        #expect(catalog.sourceLanguage == "de")
        #expect(catalog.entry("FavoriteTrail.title")?.unit(for: "de")?.value == "Save as a Favorite")
    }

    @Test func errorsInTheTipsWriteNothing() throws {
        let directory = try project("tip Broken {\n    rule nope\n}\n")
        let output = try TipcProcess.run(["strings", "Trails.tips", "--output", "Tips.xcstrings"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardError.hasSuffix("tipc: 2 errors in the input; the catalog was not written\n"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("Tips.xcstrings").path))
    }

    @Test func usageMistakesAreExitTwo() throws {
        let directory = try project()
        let missing = try TipcProcess.run(["strings", "Trails.tips"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.standardError == "tipc: error: 'strings' needs '--output <Tips.xcstrings>'\n")
        let folder = try TipcProcess.run(["strings", "Trails.tips", "--output", "."], in: directory)
        #expect(folder.status == 2)
        #expect(folder.standardError == "tipc: error: cannot read '.': it is a directory\n")
        let help = try TipcProcess.run(["help", "strings"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("USAGE: tipc strings <file.tips>... --output <Tips.xcstrings>"))
    }

    @Test func checkCompileAndTestReadTheCatalogGivenWithStrings() throws {
        let (directory, _) = try translatedProject("\\\\(nmae) ist offen", to: "\\\\(name) is open")
        for command in [["check"], ["compile", "--output-dir", "out"], ["test"]] {
            let output = try TipcProcess.run(command + ["Trails.tips", "--strings", "Tips.xcstrings"], in: directory)
            #expect(output.status == 1, "\(command)")
            #expect(
                output.standardError.contains(
                    "error: the German (de) translation of 'NewTrail.title' has the slot '\\(nmae)', which the source "
                        + "text does not have; did you mean '\\(name)'?"), "\(command): \(output.standardError)")
        }
        let missing = try TipcProcess.run(["check", "Trails.tips", "--strings", "None.xcstrings"], in: directory)
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "tipc: error: cannot read the catalog 'None.xcstrings': no such file; write it with 'tipc strings'\n"
        )
    }
}
