import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The language server with a `Tips.xcstrings` beside the files: the
/// catalog's diagnostics are published on the catalog, at the positions
/// `tipc check --strings` prints, and follow the `.tips` files as they are typed.
@Suite struct LanguageServerCatalogTests {
    /// A folder with the Mistakes fixture as `App.tips` and `Tips.xcstrings`, `App.tips` open.
    func session() throws -> (LanguageServerSession, tips: String, catalog: String, text: String) {
        let text = String(decoding: try Data(contentsOf: Fixtures.url("Translations", "Mistakes.tips")), as: UTF8.self)
        let catalog = String(
            decoding: try Data(contentsOf: Fixtures.url("Translations", "Mistakes.xcstrings")), as: UTF8.self)
        let (session, tips, catalogURI) = try session(text, catalog: catalog)
        return (session, tips, catalogURI, text)
    }

    /// A folder with `text` as `App.tips` and `catalog` as `Tips.xcstrings`, `App.tips` open; their URIs.
    func session(_ text: String, catalog: String) throws -> (LanguageServerSession, tips: String, catalog: String) {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["App.tips": text, "Tips.xcstrings": catalog])
        let tips = try #require(uris["App.tips"])
        session.open(tips, text)
        return (session, tips, try #require(uris["Tips.xcstrings"]))
    }

    /// A catalog of one key with a German translation (`german` as the
    /// catalog's JSON holds it), in Xcode's layout: the key's `de` value on line 6.
    static func catalog(_ key: String, german: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "\(key)" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "\(german)" } }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    /// `FILE:LINE:COL: severity: message`, as the fixture's expectation writes each.
    func described(_ diagnostic: JSON) -> String {
        let severity = ["error", "warning", "note"][(diagnostic["severity"].intValue ?? 3) - 1]
        let line = (diagnostic["range"]["start"]["line"].intValue ?? -1) + 1
        let column = (diagnostic["range"]["start"]["character"].intValue ?? -1) + 1
        return "\(line):\(column): \(severity): \(diagnostic["message"].stringValue ?? "")"
    }

    @Test func theCatalogsDiagnosticsShowOnTheCatalog() throws {
        let (session, tips, catalog, _) = try session()
        let expected = String(
            decoding: try Data(contentsOf: Fixtures.url("Translations", "Mistakes.expected")), as: UTF8.self)
        // The expectation counts columns in characters, the editor in UTF-16 code units: the same for
        // this fixture, whose Japanese characters are each one code unit.
        let lines = expected.split(separator: "\n").map { $0.replacingOccurrences(of: "Mistakes.xcstrings:", with: "") }
        let published = try #require(session.diagnostics(catalog))
        #expect(published.map(described) == lines)
        #expect(session.diagnostics(tips)?.isEmpty ?? true, "the .tips file itself has nothing wrong")
        // A "did you mean" slot: its fix is offered where the catalog is open.
        let slot = try #require(published.first { $0["message"].stringValue?.contains("'\\(regoin)'") == true })
        #expect(slot["severity"] == 1)
        #expect(slot["source"] == "tipc")
    }

    @Test func theCatalogsDiagnosticsFollowTheTipsAsTheyAreTyped() throws {
        let (session, tips, catalog, text) = try session()
        #expect(
            !(session.diagnostics(catalog) ?? []).contains {
                $0["message"].stringValue?.hasPrefix("'Compass.title' is not a string") == true
            })
        // The Compass tip renamed in the editor: its keys in the catalog are no longer the program's.
        session.replace(tips, version: 2, text: text.replacingOccurrences(of: "tip Compass", with: "tip Compas"))
        let diagnostics = session.diagnostics(catalog) ?? []
        #expect(
            diagnostics.contains {
                $0["message"] == "'Compass.title' is not a string of the .tips files; did you mean 'Compas.title'?"
                    && $0["severity"] == 2
            })
    }

    /// A tip renamed in the editor without `renamedFrom`, when no other tip
    /// has its items: the catalog's former keys say to add it, which keeps
    /// the users' state as well as the translations; added, the hint turns
    /// into the former keys' own warning, which says the build uses their
    /// translations until `tipc strings` moves them.
    @Test func aTipRenamedInTheEditorIsToldToKeepItsStateAndTranslations() throws {
        let text = "event opened\ntip Welcome {\n    title \"Hi\"\n    rule opened.count > 0\n}\n"
        let (session, tips, catalogURI) = try session(text, catalog: Self.catalog("Welcome.title", german: "Hallo"))
        #expect(session.diagnostics(catalogURI)?.isEmpty ?? true)
        let renamed = text.replacingOccurrences(of: "tip Welcome {", with: "tip Greeting {")
        session.replace(tips, version: 2, text: renamed)
        let hint = try #require(session.diagnostics(catalogURI)?.first { $0["range"]["start"]["line"] == 3 })
        #expect(
            hint["message"].stringValue
                == "'Welcome.title' is not a string of the .tips files; if tip 'Greeting' was renamed from 'Welcome', "
                + "add 'renamedFrom Welcome' to it: that keeps its users' state and these translations")
        #expect(hint["severity"] == 2)
        session.replace(
            tips, version: 3, text: renamed.replacingOccurrences(of: "{\n", with: "{\n    renamedFrom Welcome\n"))
        let former = try #require(session.diagnostics(catalogURI)?.first { $0["range"]["start"]["line"] == 3 })
        #expect(
            former["message"].stringValue
                == "'Welcome.title' is the key of the title of 'Greeting' under a former name of the tip; the build "
                + "gives its translations to 'Greeting.title', and 'tipc strings' moves them there")
    }

    /// Hover on a tip's copy: its length against the copy guidance, its key,
    /// and its text in each language of the catalog beside the file, with a
    /// translation to review or missing said so.
    @Test func hoverOnCopyShowsItInEachLanguage() throws {
        let (session, tips) = try session(fixture: "ToReview")
        func hover(_ session: LanguageServerSession, _ uri: String, _ line: Int) -> String? {
            let reply = session.request("textDocument/hover", LanguageServerSession.at(uri, line, 14))
            return reply["result"]["contents"]["value"].stringValue
        }
        #expect(
            hover(session, tips, 7)
                == "The title of tip Welcome: 12 characters (keep titles to 50). Its key in a String Catalog is "
                + "`Welcome.title`.\n\n| language | text |\n|---|---|\n"
                + "| German (de) | Willkommen *(to review: made for an earlier source text)* |\n"
                + "| Japanese (ja) | おかえりなさい |")
        #expect(
            hover(session, tips, 8)?.hasSuffix(
                "| German (de) | Deine gespeicherten Wege warten. |\n"
                    + "| Japanese (ja) | 保存したルートがあります。 *(to review: made for an earlier source text)* |") == true)
        let bare =
            "event opened\ntip Welcome {\n    title \"Hi\"\n    message \"Yo, | you\"\n    rule opened.count > 0\n}\n"
        let (other, uri, _) = try self.session(bare, catalog: Self.catalog("Welcome.title", german: "Hallo"))
        #expect(
            hover(other, uri, 3)
                == "The message of tip Welcome: 9 characters (keep messages to 300, in one or two sentences). Its key "
                + "in a String Catalog is `Welcome.message`.\n\n| language | text |\n|---|---|\n"
                + "| German (de) | *not translated: shows as written* |")
        let alone = LanguageServerSession()
        let (_, uris) = try alone.folder(["App.tips": bare])
        let app = try #require(uris["App.tips"])
        alone.open(app, bare)
        #expect(
            hover(alone, app, 2)
                == "The title of tip Welcome: 2 characters (keep titles to 50). Its key in a String Catalog is "
                + "`Welcome.title`.\n\nNo String Catalog (`Tips.xcstrings`) is beside the file: `tipc strings` writes one."
        )
        #expect(LanguageServer.tableCell("a | b\n*c*") == "a \\| b \\*c\\*")
        // A slot is code, which every renderer shows as written (Neovim 0.7
        // drew the escaped `\\(name)` as `(name)`); the text around it is escaped.
        let reusable =
            "event opened\ntip Welcome(name: String) {\n    id \"welcome-\\(name)\"\n    title \"Hi \\(name)\"\n"
            + "    rule opened.count > 0\n}\n"
        let (slots, slotsURI, _) = try self.session(
            reusable, catalog: Self.catalog("Welcome.title", german: "Hallo \\\\(name) | *du*"))
        #expect(
            hover(slots, slotsURI, 3)?.hasSuffix("| German (de) | Hallo `\\(name)` \\| \\*du\\* |") == true)
        // A translation in error shows as written, and the hover says why (the catalog's error is on the catalog).
        let (misspelt, misspeltURI, _) = try self.session(
            reusable, catalog: Self.catalog("Welcome.title", german: "Hallo \\\\(nmae)"))
        #expect(
            hover(misspelt, misspeltURI, 3)?.hasSuffix(
                "| German (de) | *in error, shows as written until fixed:* the German (de) translation of "
                    + "'Welcome.title' has the slot '`\\(nmae)`', which the source text does not have; did you mean "
                    + "'`\\(name)`'? |") == true)
        let (brandSession, brandTips) = try self.session(fixture: "DoNotTranslate")
        #expect(
            hover(brandSession, brandTips, 7)?.hasSuffix(
                "| German (de) | *shows as written: the catalog says not to translate it* |") == true)
        // A language of variations only, which tips do not use, shows as written; the catalog's warning says why.
        let (variationsSession, variationsTips) = try self.session(fixture: "VariationsOnly")
        #expect(
            hover(variationsSession, variationsTips, 3)?.hasSuffix(
                "| French (fr) | *not translated: shows as written* |") == true)
    }

    /// Definition goes from a tip's string to the catalog key that holds its
    /// translations (a renamed tip's former key included) and back; hover
    /// on the key shows the string, its translations and where it is written.
    @Test func definitionGoesBetweenAStringAndItsCatalogKey() throws {
        let text = String(decoding: try Data(contentsOf: Fixtures.url("Translations", "Renamed.tips")), as: UTF8.self)
        let catalog = String(
            decoding: try Data(contentsOf: Fixtures.url("Translations", "Renamed.xcstrings")), as: UTF8.self)
        let (session, tips, catalogURI) = try session(text, catalog: catalog)
        // `title "Save as a Favorite"` of SaveTrail (line 16), kept under FavoriteTrail.title (line 21).
        let toKey = session.request("textDocument/definition", LanguageServerSession.at(tips, 15, 14))["result"]
        let key = try #require(toKey.arrayValue?.first)
        #expect(toKey.arrayValue?.count == 1)
        #expect(key["uri"].stringValue == catalogURI)
        #expect(key["range"]["start"] == ["line": 20, "character": 4])
        let toString = session.request("textDocument/definition", LanguageServerSession.at(catalogURI, 20, 8))["result"]
        #expect(toString["uri"].stringValue == tips)
        #expect(toString["range"]["start"] == ["line": 15, "character": 10])
        let hover = session.request("textDocument/hover", LanguageServerSession.at(catalogURI, 20, 8))["result"]
        #expect(
            hover["contents"]["value"].stringValue
                == "The title of tip SaveTrail: 18 characters (keep titles to 50). Its key in a String Catalog is "
                + "`SaveTrail.title`.\n\n| language | text |\n|---|---|\n| German (de) | Als Favorit sichern |\n\n"
                + "Written in App.tips, line 16.")
        // A key no string has leads nowhere.
        #expect(
            session.request("textDocument/definition", LanguageServerSession.at(catalogURI, 37, 8))["result"] == .null)
    }

    /// A session with the `Translations` fixture `name` open beside its catalog; the `.tips` URI.
    func session(fixture name: String) throws -> (LanguageServerSession, tips: String) {
        let text = String(decoding: try Data(contentsOf: Fixtures.url("Translations", name + ".tips")), as: UTF8.self)
        let catalog = String(
            decoding: try Data(contentsOf: Fixtures.url("Translations", name + ".xcstrings")), as: UTF8.self)
        let (session, tips, _) = try session(text, catalog: catalog)
        return (session, tips)
    }

    /// An editor that attaches the server to the catalog too: what is typed in
    /// it is checked before it is saved, against the `.tips` files beside it,
    /// and the catalog is never read as a `.tips` file nor formatted as one.
    @Test func whatIsTypedInTheCatalogIsCheckedBeforeItIsSaved() throws {
        let text =
            "event opened\ntip Welcome(name: String) {\n    id \"welcome-\\(name)\"\n    title \"Hi \\(name)\"\n    rule opened.count > 0\n}\n"
        let catalog = Self.catalog("Welcome.title", german: "Hallo \\\\(name)")
        let (session, tips, catalogURI) = try session(text, catalog: catalog)
        session.open(catalogURI, catalog)
        #expect(session.diagnostics(catalogURI)?.isEmpty ?? true)
        #expect(session.diagnostics(tips)?.isEmpty ?? true)
        session.replace(catalogURI, version: 2, text: catalog.replacingOccurrences(of: "(name)", with: "(nmae)"))
        let diagnostics = try #require(session.diagnostics(catalogURI))
        #expect(
            diagnostics.map { $0["message"].stringValue ?? "" } == [
                "the German (de) translation of 'Welcome.title' has the slot '\\(nmae)', which the source text does not have; did you mean '\\(name)'?"
            ])
        #expect(diagnostics.first?["range"]["start"]["line"] == 5)
        #expect(session.diagnostics(tips)?.isEmpty ?? true, "the .tips file is checked with the catalog, not as it")
        let formatting = session.request(
            "textDocument/formatting",
            ["textDocument": ["uri": .string(catalogURI)], "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(formatting["result"] == [], "the catalog is JSON: the .tips formatter leaves it alone")
        #expect(session.request("textDocument/hover", LanguageServerSession.at(catalogURI, 5, 70))["result"] == .null)
        // The slot's fix, offered where the catalog is open.
        let actions = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(catalogURI)], "range": diagnostics[0]["range"],
                "context": ["diagnostics": []],
            ])
        let edits = try #require(actions["result"].arrayValue?.first?["edit"]["changes"][catalogURI].arrayValue)
        #expect(
            edits.map { $0["newText"].stringValue ?? "" } == ["\\\\(name)"], "the slot as the JSON string writes it")
        // Fixed as typed: the error goes before the catalog is saved.
        session.replace(catalogURI, version: 3, text: catalog)
        #expect(session.diagnostics(catalogURI)?.isEmpty ?? true)
    }

    /// A button renamed as typed: the catalog's key under its old id is
    /// offered, as a code action, the key of its new id, which keeps its translations.
    @Test func aButtonRenamedInTheEditorIsOfferedItsKeyInTheCatalog() throws {
        let text =
            "event opened\ntip Welcome {\n    title \"Hi\"\n    action learnMore \"Learn More\"\n    rule opened.count > 0\n}\n"
        let (session, tips, catalogURI) = try session(
            text, catalog: Self.catalog("Welcome.action.learnMore", german: "Mehr erfahren"))
        #expect(
            !(session.diagnostics(catalogURI) ?? []).contains {
                $0["message"].stringValue?.contains("did you mean") == true
            })
        session.replace(tips, version: 2, text: text.replacingOccurrences(of: "learnMore", with: "readMore"))
        let diagnostics = try #require(session.diagnostics(catalogURI))
        let former = try #require(
            diagnostics.first { $0["message"].stringValue?.hasPrefix("'Welcome.action.learnMore'") == true })
        #expect(former["range"]["start"]["line"] == 3)
        let actions = session.request(
            "textDocument/codeAction",
            ["textDocument": ["uri": .string(catalogURI)], "range": former["range"], "context": ["diagnostics": []]])
        let edits = try #require(actions["result"].arrayValue?.first?["edit"]["changes"][catalogURI].arrayValue)
        #expect(edits.map { $0["newText"].stringValue ?? "" } == ["\"Welcome.action.readMore\""])
    }

    /// A `Tips.xcstrings` with no `.tips` file beside it is an app's own
    /// catalog, not tipc's: open in the editor, it gets no diagnostic and no
    /// request about it fails.
    @Test func aCatalogWithoutTipsBesideItIsLeftAlone() throws {
        let catalog = Self.catalog("Checkout.title", german: "Kasse")
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["Tips.xcstrings": catalog])
        let uri = try #require(uris["Tips.xcstrings"])
        session.open(uri, catalog)
        #expect(session.diagnostics(uri)?.isEmpty ?? true)
        for (method, extra) in [
            ("textDocument/formatting", ["options": ["tabSize": 4, "insertSpaces": true]] as JSON),
            (
                "textDocument/codeAction",
                [
                    "range": LSPRange(start: .init(line: 4, character: 0), end: .init(line: 4, character: 9)).json,
                    "context": ["diagnostics": []],
                ]
            ),
            ("textDocument/hover", ["position": ["line": 4, "character": 8]]),
            ("textDocument/completion", ["position": ["line": 4, "character": 8]]),
        ] {
            var params: JSON = ["textDocument": ["uri": .string(uri)]]
            if case .object(var members) = params, case .object(let more) = extra {
                members.merge(more) { _, new in new }
                params = .object(members)
            }
            let response = session.request(method, params)
            #expect(response["error"] == .null, "\(method): \(response)")
        }
    }

    @Test func withoutErrorsInTheCatalogNothingIsPublishedOnIt() throws {
        let text = "event opened\ntip Welcome {\n    title \"Welcome\"\n    rule opened.count > 0\n}\n"
        let (session, tips, catalog) = try session(text, catalog: Self.catalog("Welcome.title", german: "Willkommen"))
        #expect(session.diagnostics(catalog) == nil)
        #expect(session.diagnostics(tips)?.isEmpty ?? true)
    }
}
