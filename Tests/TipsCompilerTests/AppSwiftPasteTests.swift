import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The app's own Swift pasted at file scope (TipKit's calls, which
/// TipsRuntime has too): one error that says it belongs in the app, at the
/// call, and the declarations after it read as usual.
@Suite struct AppSwiftPasteTests {
    static let after = "\ntip A {\n    title \"A\"\n    rule x\n}\nparameter x: Bool = false\n"

    @Test(arguments: [
        (
            "try? Tips.configure([\n    .displayFrequency(.immediate)\n])", "try? Tips.configure",
            "'Tips.configure' is the app's Swift, called where the app starts (TipsRuntime has it, as TipKit does); "
                + ".tips sets the display frequency in its config block: config { displayFrequency daily }"
        ),
        (
            "Tips.showAllTipsForTesting()", "Tips.showAllTipsForTesting",
            "'Tips.showAllTipsForTesting' is the app's Swift, called where the app starts (TipsRuntime has it, as TipKit "
                + "does); a scenario turns the same switch on with the step 'override showAll'"
        ),
        (
            "TipView(favoriteTip)", "TipView",
            "'TipView' is TipKit's view, in the app's Swift (with TipsRuntime, the app's own view shows a tip "
                + #"through TipPresenter); .tips declares the tip: tip Name { title "..." }"#
        ),
        (
            "let favoriteTip = FavoriteTip()", "let favoriteTip = FavoriteTip(",
            "'let favoriteTip = FavoriteTip()' is the app's Swift, where a view holds the tip; tipc writes the type "
                + #"FavoriteTip from .tips: tip FavoriteTip { title "..." }"#
        ),
        (
            "await FavoriteTip.enteredView.donate()", "await FavoriteTip.enteredView.donate",
            "'FavoriteTip.enteredView.donate' is the app's Swift, called in its code (TipsRuntime has it, as TipKit "
                + "does); a .tips file holds declarations only: config, enum, parameter, event, tip, group and scenario"
        ),
        (
            "tip.invalidate(reason: .actionPerformed)", "tip.invalidate",
            "'tip.invalidate' is the app's Swift, called on a tip or event the app holds (TipsRuntime has it, as "
                + "TipKit does); a .tips file holds declarations only: config, enum, parameter, event, tip, group and "
                + "scenario"
        ),
    ])
    func aCallTheAppMakesIsToldWhereItBelongs(_ pasted: String, _ underlined: String, _ message: String) {
        let text = pasted + "\n" + Self.after
        let result = TipKitRulePasteTests.compile(text)
        #expect(result.diagnostics.map(\.message) == [message])
        let range = result.diagnostics.first?.range
        #expect(range.map { String(text.utf8.dropFirst(Int($0.start)).prefix(Int($0.end - $0.start))) } == underlined)
    }

    @Test func anImportIsRemovedWithItsLine() throws {
        let text = "import TipKit\nimport SwiftUI\n" + Self.after
        let diagnostics = TipKitRulePasteTests.compile(text).diagnostics
        #expect(
            diagnostics.map(\.message) == [
                "a .tips file imports nothing (the Swift tipc writes imports TipsRuntime); remove 'import TipKit'",
                "a .tips file imports nothing (the Swift tipc writes imports TipsRuntime); remove 'import SwiftUI'",
            ])
        // At the file's start, the blank line after the imports goes with them.
        let fixed = TipKitStructPasteTests.applyingEveryFix(to: text)
        #expect(fixed == String(Self.after.dropFirst()))
        #expect(TipKitStructPasteTests.applyingEveryFix(to: "import TipKit\n\n" + Self.after) == Self.after)
        #expect(TipKitStructPasteTests.applyingEveryFix(to: "// Tips.\nimport TipKit\n\n") == "// Tips.\n\n")
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.map(\.message) == [])
    }

    /// Lines of app Swift one after the other, a call over several lines
    /// among them, are each told at their own line.
    @Test func eachStatementIsToldAtItsLine() {
        let text =
            "try? Tips.configure([\n    .displayFrequency(.immediate)\n])\nTips.showAllTipsForTesting()\n"
            + "let favoriteTip = FavoriteTip()\ntip.invalidate(reason: .actionPerformed)\n" + Self.after
        let result = TipKitRulePasteTests.compile(text)
        let lines = result.diagnostics.map { result.sources[$0.range.file].lineColumn(of: $0.range.start).line }
        #expect(lines == [1, 4, 5, 6])
    }

    /// A name with a member but no call is no app call: told as before.
    @Test func aMemberWithoutACallIsNotTakenForOne() {
        let messages = TipKitRulePasteTests.compile("Welcome.title \"x\"\n" + Self.after).diagnostics.map(\.message)
        #expect(messages == ["expected a declaration (config, enum, parameter, event, tip or group), found 'Welcome'"])
    }
}
