import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// Completion in a scenario: a step's keyword where a step starts, then what the step names.
@Suite struct LanguageServerScenarioTests {
    static let text =
        LanguageServerTests.trails + """
            tip Menu {
                title "Menu"
                action seeMenu "See the menu"
                action order "Order now"
            }

            group Intro ordered {
                Favorite
                Menu
            }

            scenario "Steps" {
                restart
            }

            """

    /// The labels offered at the end of `line`, inserted as line `index`; with a catalog beside when given.
    func complete(_ line: String, at index: Int = 27, catalog: String? = nil) throws -> [String] {
        var lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(line, at: index)
        let text = lines.joined(separator: "\n")
        let session = LanguageServerSession()
        var files = ["App.tips": text]
        if let catalog { files["Tips.xcstrings"] = catalog }
        let (_, uris) = try session.folder(files)
        let uri = try #require(uris["App.tips"])
        session.open(uri, text)
        let response = session.request(
            "textDocument/completion", LanguageServerSession.at(uri, index, line.utf16.count))
        return (response["result"]["items"].arrayValue ?? []).compactMap { $0["label"].stringValue }
    }

    @Test func aStepStartsWithItsKeyword() throws {
        let steps = try complete("    ")
        #expect(steps == Parser.scenarioStepKeywords.map(\.rawValue))
        #expect(steps.first == "set" && steps.contains("language"))
        // Not the declarations of file scope, which a scenario's block is not.
        #expect(!steps.contains("tip"))
        // In a `repeat` block too.
        #expect(try complete("    repeat 2 { ") == steps)
    }

    @Test func eachStepOffersWhatItNames() throws {
        #expect(try complete("    set ") == ["isLoggedIn", "plan"])
        #expect(try complete("    set isLoggedIn = ") == ["true", "false"])
        #expect(try complete("    set plan = .") == ["free", "plus", "pro"])
        #expect(try complete("    donate ") == ["openedTrail", "visitedRegion"])
        #expect(try complete("    show ") == ["Favorite", "Menu"])
        #expect(try complete("    show Menu ") == ["for"])
        #expect(try complete("    invalidate Menu ") == ["actionPerformed", "tipClosed"])
        #expect(try complete("    override ") == ["showAll", "hideAll", "show", "hide", "holdout"])
        #expect(try complete("    override hide Favorite, ") == ["Favorite", "Menu"])
        // The fields of the event donated, then those not yet given.
        #expect(try complete("    donate visitedRegion(") == ["region", "plan"])
        #expect(try complete("    donate visitedRegion(plan: .pro, ") == ["region"])
    }

    @Test func anExpectationOffersTipsGroupsAndWhatMayBeSaidOfThem() throws {
        #expect(try complete("    expect ") == ["Favorite", "Menu", "Intro"])
        #expect(
            try complete("    expect Menu ") == ["available", "pending", "invalidated", "title", "message", "action"])
        #expect(try complete("    expect Intro ") == ["shows"])
        #expect(try complete("    expect Intro shows ") == ["Favorite", "Menu", "nothing"])
        #expect(try complete("    expect Menu action ") == ["seeMenu", "order"])
    }

    @Test func aLanguageStepOffersTheCatalogsLanguages() throws {
        let catalog = LanguageServerCatalogTests.catalog("Menu.title", german: "Speisekarte")
        let offered = try complete("    language ", catalog: catalog)
        #expect(offered == ["\"en\"", "\"de\""], "\(offered)")
        // Without a catalog there is no language to offer.
        #expect(try complete("    language ").isEmpty)
    }
}
