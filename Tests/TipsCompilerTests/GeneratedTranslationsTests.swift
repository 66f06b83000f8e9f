import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// `tipc compile --strings`: the generated code carries the catalog's
/// translations. `Fixtures/Translations/Generated.swift` is the exact output
/// for `Generated.tips` with `Generated.xcstrings` (`TIPC_UPDATE_GOLDENS=1`
/// rewrites it); `LoweringAgreementTests` runs it in every language.
@Suite struct GeneratedTranslationsTests {
    static func compile(accessLevel: AccessLevel = .internal) throws -> CompilationResult {
        let tips = try Data(contentsOf: Fixtures.url("Translations", "Generated.tips"))
        let catalog = try Data(contentsOf: Fixtures.url("Translations", "Generated.xcstrings"))
        let options = CompilationOptions(
            accessLevel: accessLevel,
            strings: CompilationInput(path: "Generated.xcstrings", bytes: Array(catalog)))
        return Compilation(
            inputs: [CompilationInput(path: "Generated.tips", bytes: Array(tips))], options: options
        ).run()
    }

    @Test func theGeneratedSwiftIsExactlyTheGolden() throws {
        let result = try Self.compile()
        let output = try #require(result.outputs.first, "\(result.renderedDiagnostics())")
        let url = Fixtures.url("Translations", "Generated.swift")
        if Fixtures.updatesGoldens {
            try Data(output.text.utf8).write(to: url, options: .atomic)
            return
        }
        #expect(output.text == (try String(contentsOf: url, encoding: .utf8)))
    }

    @Test func eachTipReadsItsCopyAndTheFileHoldsEveryLanguage() throws {
        let text = try #require(try Self.compile().outputs.first?.text)
        #expect(text.contains("fileprivate static let tipcFileCopy = TipsRuntime.Tips.Translations("))
        #expect(text.contains("languages: [\"de\", \"ja\"],"))
        // A tip without arguments: its title, message and two action titles by index in the file's table.
        #expect(text.contains("copy: TipsRuntime.Tips.Translations.tipcFileCopy,"))
        #expect(text.contains("\"FavoriteTrail (title 0) (message 1) (action learnMore 2) (action dismiss 3)\","))
        // An enum slot is filled with its raw value; the id is never translated.
        #expect(text.contains(".text(4, filling: [\"mood\": mood.rawValue])"))
        #expect(text.contains("var id: Swift.String { TipsRuntime.Tips.text(\"weather-\", mood.rawValue) }"))
        #expect(text.contains("\"\\\\(count)本の道が\\\\(mood)です。\","))
    }

    @Test func withoutACatalogTipsKeepTheirSourceText() throws {
        let tips = try Data(contentsOf: Fixtures.url("Translations", "Generated.tips"))
        let result = Compilation(inputs: [CompilationInput(path: "Generated.tips", bytes: Array(tips))]).run()
        let text = try #require(result.outputs.first?.text)
        #expect(!text.contains("Translations"))
        #expect(text.contains("\"FavoriteTrail (title \\\"Save as a Favorite\\\") (message"))
    }

    @Test(arguments: [AccessLevel.internal, .package, .public])
    func theGeneratedSwiftTypechecksWithoutWarnings(_ accessLevel: AccessLevel) throws {
        let output = try #require(try Self.compile(accessLevel: accessLevel).outputs.first)
        let (status, log) = try SwiftCompiler.typecheck(
            source: output.text, fileName: output.fileName,
            extraArguments: ["-warnings-as-errors", "-Xfrontend", "-warn-long-expression-type-checking=100"])
        #expect(status == 0, "\(log.prefix(2000))")
    }
}
