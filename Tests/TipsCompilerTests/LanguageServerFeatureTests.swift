import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsFormat
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The language server's requests: fixes, formatting, navigation, completion and rename.
@Suite struct LanguageServerFeatureTests {
    static let text = LanguageServerTests.trails

    /// A session with `Trails.tips` open (saved in a fresh folder).
    func session(_ text: String = Self.text, more: [String: String] = [:]) throws -> (
        LanguageServerSession, String, [String: String]
    ) {
        var files = more
        files["Trails.tips"] = text
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(files)
        let uri = try #require(uris["Trails.tips"])
        session.open(uri, text)
        return (session, uri, uris)
    }

    func labels(_ response: JSON) -> [String] {
        (response["result"]["items"].arrayValue ?? []).compactMap { $0["label"].stringValue }
    }

    /// The text with `edits` (LSP TextEdits of one document) applied, last first.
    func applying(_ edits: [JSON], to text: String) -> String {
        var document = TextDocument(uri: "x", version: 0, text: text)
        let ranges = edits.compactMap { edit in LSPRange(edit["range"]).map { ($0, edit["newText"].stringValue ?? "") }
        }
        for (range, newText) in ranges.sorted(by: { document.offset(of: $0.0.start) > document.offset(of: $1.0.start) })
        {
            document.replace(from: range.start, to: range.end, with: newText)
        }
        return document.text
    }

    // MARK: - Fixes

    @Test(arguments: [
        ("rule isLoggedIn", "rule isLogedIn", "isLoggedIn"),
        ("parameter plan: Plan = .free", "parameter plan: Plan = .fre", ".free"),
        ("rule isLoggedIn", "rule isLoggedIn & isLoggedIn", "&&"),
        ("rule isLoggedIn", "rule plan = .pro", "=="),
        ("title \"Save as a Favorite\"", "titel \"Save as a Favorite\"", "title"),
        ("rule openedTrail.donations.within(5d)", "rule openedTrail.donations.withn(5d)", "within"),
        // A string opened with a curly quote is one string: the fix straightens both ends.
        ("title \"Save as a Favorite\"", "title \u{201C}Save as a Favorite\"", "\"Save as a Favorite\""),
        ("title \"Save as a Favorite\"", "title \u{201C}Save as a Favorite\u{201D}", "\"Save as a Favorite\""),
    ])
    func everySuggestedFixIsACodeActionThatClearsTheDiagnostic(_ original: String, _ mistake: String, _ fix: String)
        throws
    {
        let broken = Self.text.replacingOccurrences(of: original, with: mistake)
        #expect(broken != Self.text)
        let (session, uri, _) = try session(broken)
        let diagnostic = try #require(
            session.diagnostics(uri)?.first {
                $0["message"].stringValue.map {
                    $0.contains("did you mean") || $0.contains("use '=='") || $0.contains("straight quotes")
                        || $0.hasPrefix("unexpected character '\u{201C}'")
                } ?? false
            })
        let response = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                "context": ["diagnostics": [diagnostic]],
            ])
        let action = try #require(response["result"].arrayValue?.first)
        #expect(action["kind"] == "quickfix")
        let edits = try #require(action["edit"]["changes"][uri].arrayValue)
        #expect(edits.first?["newText"].stringValue == fix)
        let fixed = applying(edits, to: broken)
        session.replace(uri, version: 2, text: fixed)
        #expect(session.diagnostics(uri)?.contains { $0["message"] == diagnostic["message"] } == false)
    }

    /// The fixes a site attaches beyond "did you mean": each one a code action that clears its diagnostic.
    @Test(arguments: [
        ("rule isLoggedIn", "rule isLoggedIn and isLoggedIn", "&&"),
        ("rule isLoggedIn", "rule not isLoggedIn", "!isLoggedIn"),
        ("rule isLoggedIn", "rule isLoggedIn == True", "true"),
        ("rule isLoggedIn", "rule plan == Plan.pro", ".pro"),
        ("rule isLoggedIn", "rule plan == \"pro\"", ".pro"),
        ("rule isLoggedIn", "rule plan == \"pri\"", ".pro"),
        ("rule isLoggedIn", "rule openedTrail > 2", "openedTrail.count"),
        ("title \"Save as a Favorite\"", "title 'Save as a Favorite'", "\"Save as a Favorite\""),
        ("title \"Save as a Favorite\"", "title Save as a Favorite", "\"Save as a Favorite\""),
        ("title \"Save as a Favorite\"", "title \"Save as a Favorite\u{201D}", "\"Save as a Favorite\""),
        ("parameter plan: Plan = .free", "parameter plan: Plan = Plan.free", ".free"),
        ("parameter isLoggedIn: Bool", "parameter isLoggedIn: Bool?", ""),
        ("within(5d)", "within(5days)", "5d"),
    ])
    func fixesBeyondSpellingAreCodeActionsToo(_ original: String, _ mistake: String, _ fix: String) throws {
        let broken = Self.text.replacingOccurrences(of: original, with: mistake)
        #expect(broken != Self.text)
        let (session, uri, _) = try session(broken)
        let diagnostics = try #require(session.diagnostics(uri))
        let fixed = try diagnostics.lazy.compactMap { diagnostic -> (JSON, [JSON])? in
            let response = session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                    "context": ["diagnostics": [diagnostic]],
                ])
            guard let action = response["result"].arrayValue?.first else { return nil }
            return (diagnostic, try #require(action["edit"]["changes"][uri].arrayValue))
        }.first
        let (diagnostic, edits) = try #require(fixed, "no code action for \(diagnostics.map { $0["message"] })")
        #expect(edits.first?["newText"].stringValue == fix)
        session.replace(uri, version: 2, text: applying(edits, to: broken))
        #expect(session.diagnostics(uri)?.contains { $0["message"] == diagnostic["message"] } == false)
    }

    /// TipKit's `@Parameter` pasted inside a tip's braces: its code action
    /// moves the line, spelled as `.tips` writes it, above the tip (and its
    /// doc comment), and the file then compiles.
    @Test func aParameterPastedInsideATipIsMovedAboveItByItsFix() throws {
        let text = """
            event opened

            /// Shown once the person is at ease.
            tip Settle {
                @Parameter(.transient) static var isTyping: Bool = false // the editor sets it
                title "Settle in"
                rule !isTyping && opened.count > 2
            }

            """
        let (session, uri, _) = try session(text)
        let diagnostic = try #require(session.diagnostics(uri)?.first)
        let response = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                "context": ["diagnostics": [diagnostic]],
            ])
        let action = try #require(response["result"].arrayValue?.first)
        #expect(
            action["title"] == "Move 'transient parameter isTyping: Bool = false // the editor sets it' above the tip")
        let edits = try #require(action["edit"]["changes"][uri].arrayValue)
        let fixed = applying(edits, to: text)
        #expect(
            fixed == """
                event opened

                transient parameter isTyping: Bool = false // the editor sets it

                /// Shown once the person is at ease.
                tip Settle {
                    title "Settle in"
                    rule !isTyping && opened.count > 2
                }

                """)
        session.replace(uri, version: 2, text: fixed)
        #expect(session.diagnostics(uri)?.isEmpty == true)
    }

    /// A tip written before its parameters and events: each name the rules
    /// read and nothing declares has a fix that declares it above the tip,
    /// typed as the rule reads it (after the parameters already there, for
    /// a parameter), and once every fix is applied the file checks with no
    /// error.
    @Test func eachUndeclaredNameIsDeclaredAboveTheTipByItsFix() throws {
        var text = """
            enum Tier { basic, gold }

            /// Teaches checkout.
            tip Checkout {
                title "Pay faster"
                rule cartCount > 0 && isMember
                rule 2.5 <= zoom && nickname != "guest"
                rule addedToCart.count >= 3 && addedToCart.donations.within(7d).count < 10
                rule tier == .gold && speed != .fast
            }

            """
        let (session, uri, _) = try session(text)
        var titles: [String] = []
        for version in 2...9 {
            guard
                let diagnostic = session.diagnostics(uri)?.first(where: {
                    $0["message"].stringValue?.contains("declare it above the tip") == true
                })
            else { break }
            let response = session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                    "context": ["diagnostics": [diagnostic]],
                ])
            let action = try #require(response["result"].arrayValue?.first)
            titles.append(action["title"].stringValue ?? "")
            text = applying(try #require(action["edit"]["changes"][uri].arrayValue), to: text)
            session.replace(uri, version: version, text: text)
        }
        #expect(
            titles == [
                "Declare 'parameter cartCount: Int = 0' above the tip",
                "Declare 'parameter isMember: Bool = false' above the tip",
                "Declare 'parameter zoom: Double = 0.0' above the tip",
                "Declare 'parameter nickname: String = \"\"' above the tip",
                "Declare 'event addedToCart' above the tip",
                "Declare 'parameter tier: Tier = .basic' above the tip",
                "Declare 'enum Speed { fast }; parameter speed: Speed = .fast' above the tip",
            ])
        #expect(session.diagnostics(uri)?.isEmpty == true)
        #expect(
            text.hasPrefix(
                """
                enum Tier { basic, gold }

                parameter cartCount: Int = 0
                parameter isMember: Bool = false
                parameter zoom: Double = 0.0
                parameter nickname: String = ""
                parameter tier: Tier = .basic
                enum Speed { fast }; parameter speed: Speed = .fast

                event addedToCart

                /// Teaches checkout.
                tip Checkout {
                """))
    }

    /// A declaration whose Swift type would hide an app type: the fix the
    /// back end suggests renames the declaration and every use of it.
    @Test func theRenameOfANameThatHidesAnAppTypeReachesItsUses() throws {
        let text = """
            tip Date {
                title "Pick a date"
                maxDisplayCount 1
            }
            tip Later {
                title "Later"
                maxDisplayCount 1
            }
            group Planning ordered { Date Later }

            """
        let (session, uri, _) = try session(text)
        let diagnostic = try #require(
            session.diagnostics(uri)?.first { $0["message"].stringValue?.contains("hides Foundation's") == true })
        let response = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": diagnostic["range"],
                "context": ["diagnostics": [diagnostic]],
            ])
        let action = try #require(response["result"].arrayValue?.first)
        let edits = try #require(action["edit"]["changes"][uri].arrayValue)
        #expect(edits.count == 2)
        let fixed = applying(edits, to: text)
        #expect(fixed.contains("tip DateTip {") && fixed.contains("{ DateTip Later }"))
        session.replace(uri, version: 2, text: fixed)
        #expect(session.diagnostics(uri)?.isEmpty == true)
    }

    // MARK: - Formatting

    @Test func formattingIsTipcFormat() throws {
        let messy = "tip A { title \"A\"; rule  true }\n"
        let (session, uri, _) = try session(messy)
        let response = session.request(
            "textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": [:]])
        let edits = try #require(response["result"].arrayValue)
        #expect(applying(edits, to: messy) == TipsFormatter.format(text: messy).text)
        // Formatted already: no edits. Syntax errors: no edits.
        session.replace(uri, version: 2, text: applying(edits, to: messy))
        #expect(session.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)]])["result"] == [])
        session.replace(uri, version: 3, text: "tip A { rule 1 + }\n")
        #expect(session.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)]])["result"] == [])
        // A document whose lines end in CRLF is laid out with CRLF: formatted already, it gets no edits.
        let formattedCRLF = try #require(TipsFormatter.format(text: messy).text).replacingOccurrences(
            of: "\n", with: "\r\n")
        session.replace(uri, version: 4, text: formattedCRLF)
        #expect(session.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)]])["result"] == [])
    }

    // MARK: - Navigation

    @Test func hoverShowsKindTypeAndDocComment() throws {
        let (session, uri, _) = try session()
        // `isLoggedIn` in `rule isLoggedIn` (line 11).
        let hover = session.request("textDocument/hover", LanguageServerSession.at(uri, 11, 12))
        let value = try #require(hover["result"]["contents"]["value"].stringValue)
        #expect(value.contains("parameter isLoggedIn: Bool = false"))
        #expect(value.contains("Whether the person signed in."))
        // Inside a rule but not on a name: what the rule means.
        let rule = session.request("textDocument/hover", LanguageServerSession.at(uri, 12, 52))
        #expect(
            rule["result"]["contents"]["value"].stringValue?.contains("openedTrail.donations.within(432000s)") == true)
        #expect(session.request("textDocument/hover", LanguageServerSession.at(uri, 8, 0))["result"] == .null)
    }

    @Test func definitionAndReferencesCrossFiles() throws {
        let other = "tip Other {\n    title \"O\"\n    rule isLoggedIn && plan == .pro\n}\n"
        let (session, uri, uris) = try session(more: ["Other.tips": other])
        let otherURI = try #require(uris["Other.tips"])
        let definition = session.request("textDocument/definition", LanguageServerSession.at(otherURI, 2, 10))
        #expect(definition["result"]["uri"].stringValue == uri)
        #expect(definition["result"]["range"]["start"] == ["line": 3, "character": 10])
        let references = session.request("textDocument/references", LanguageServerSession.at(uri, 3, 12))
        let places = (references["result"].arrayValue ?? []).map {
            "\($0["uri"].stringValue == uri ? "Trails" : "Other"):\($0["range"]["start"]["line"].intValue ?? -1)"
        }
        // The declaration, then the uses file by file (in the compilation's order).
        #expect(places == ["Trails:3", "Other:2", "Trails:11"])
        // `.pro` in Other resolves to the case of Plan (from the type of `plan`).
        let caseDefinition = session.request("textDocument/definition", LanguageServerSession.at(otherURI, 2, 34))
        #expect(caseDefinition["result"]["range"]["start"] == ["line": 1, "character": 24])
    }

    /// The places `references` finds, this document's only, the declaration
    /// marked as written (3) and the uses as read (2).
    @Test func documentHighlightsMarkTheNameInThisDocument() throws {
        let other = "tip Other {\n    title \"O\"\n    rule isLoggedIn && plan == .pro\n}\n"
        let (session, uri, uris) = try session(more: ["Other.tips": other])
        let otherURI = try #require(uris["Other.tips"])
        func marks(_ uri: String, _ line: Int, _ character: Int) -> [String] {
            let result = session.request(
                "textDocument/documentHighlight", LanguageServerSession.at(uri, line, character))
            return (result["result"].arrayValue ?? []).map {
                "\($0["range"]["start"]["line"].intValue ?? -1):\($0["range"]["start"]["character"].intValue ?? -1)"
                    + " \($0["kind"].intValue ?? 0)"
            }
        }
        #expect(marks(uri, 3, 12) == ["3:10 3", "11:9 2"])
        #expect(marks(otherURI, 2, 10) == ["2:9 2"])
        #expect(marks(uri, 0, 0) == [])
    }

    @Test func documentAndWorkspaceSymbols() throws {
        let (session, uri, _) = try session()
        let symbols = try #require(
            session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])["result"].arrayValue
        )
        #expect(
            symbols.map { $0["name"].stringValue ?? "" } == [
                "Plan", "isLoggedIn", "plan", "openedTrail", "visitedRegion", "Favorite",
            ])
        #expect(symbols.first?["children"].arrayValue?.map { $0["name"].stringValue ?? "" } == ["free", "plus", "pro"])
        #expect(symbols[4]["children"].arrayValue?.count == 2)
        let found = session.request("workspace/symbol", ["query": "trail"])["result"].arrayValue ?? []
        #expect(found.map { $0["name"].stringValue ?? "" } == ["openedTrail"])
        // Files of the workspace's folder that are not open count too.
        let other = LanguageServerSession(initialize: false)
        let (folder, _) = try other.folder(["Closed.tips": "event trailClosed\n"])
        other.request("initialize", ["rootUri": .string(Workspace.uri(of: folder.path))])
        let closed = other.request("workspace/symbol", ["query": "Trail"])["result"].arrayValue ?? []
        #expect(closed.map { $0["name"].stringValue ?? "" } == ["trailClosed"])
    }

    // MARK: - Completion

    @Test func completionOffersWhatFitsWhereTheCursorIs() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func complete(_ line: String, at index: Int) throws -> [String] {
            var edited = lines
            edited.insert(line, at: index)
            let (session, uri, _) = try session(edited.joined(separator: "\n"))
            return labels(
                session.request("textDocument/completion", LanguageServerSession.at(uri, index, line.utf16.count)))
        }
        // A tip item at the start of a line in a tip.
        #expect(try complete("    ti", at: 13).contains("title"))
        #expect(try complete("    ", at: 13).contains("maxDisplayCount"))
        // Names in scope, events included, after a rule's start.
        let inRule = try complete("    rule ", at: 13)
        #expect(inRule.contains("isLoggedIn") && inRule.contains("openedTrail") && inRule.contains("true"))
        #expect(!inRule.contains("Favorite"))
        // The cases of the enum expected.
        #expect(try complete("    rule plan == .", at: 13) == ["free", "plus", "pro"])
        // The fields of the queried event inside `where`, and in a subset.
        #expect(try complete("    rule visitedRegion.donations.where(.", at: 13).prefix(2) == ["region", "plan"])
        #expect(
            try complete("    rule visitedRegion.donations.where(.plan == .", at: 13) == [
                "free", "plus", "pro", "plan",
            ])
        #expect(try complete("    rule visitedRegion.donations.largestSubset(by: .", at: 13) == ["region", "plan"])
        // Query steps.
        #expect(try complete("    rule openedTrail.", at: 13) == ["donations", "count"])
        #expect(try complete("    rule openedTrail.donations.within(1d).", at: 13).contains("where"))
        // No name inside `within(`, which takes a duration such as 5d.
        #expect(try complete("    rule openedTrail.donations.within(", at: 13).isEmpty)
        // Declarations at file scope, types after a colon, events after invalidatedBy.
        #expect(try complete("", at: 9).contains("parameter"))
        #expect(try complete("parameter size: ", at: 9).contains("Plan"))
        #expect(try complete("    invalidatedBy ", at: 13) == ["openedTrail", "visitedRegion"])
        #expect(try complete("parameter other: Plan = .", at: 9) == ["free", "plus", "pro"])
        // Nothing inside a comment or a string being written.
        #expect(try complete("    // rule ", at: 13).isEmpty)
        #expect(try complete("    /* rule ", at: 13).isEmpty)
        #expect(try complete("    title \"rule ", at: 13).isEmpty)
        #expect(try complete("    /* a */ ", at: 13).contains("title"))
    }

    // MARK: - Rename

    @Test func renameChangesEveryFileAndRefusesClashes() throws {
        let other = "tip Other {\n    title \"O\"\n    rule isLoggedIn\n}\n"
        let (session, uri, uris) = try session(more: ["Other.tips": other])
        let otherURI = try #require(uris["Other.tips"])
        let prepare = session.request("textDocument/prepareRename", LanguageServerSession.at(uri, 11, 12))
        #expect(prepare["result"]["placeholder"] == "isLoggedIn")
        var params = LanguageServerSession.at(uri, 11, 12)
        if case .object(var members) = params {
            members["newName"] = "isSignedIn"
            params = .object(members)
        }
        let rename = session.request("textDocument/rename", params)
        let changes = rename["result"]["changes"]
        let renamed = applying(changes[uri].arrayValue ?? [], to: Self.text)
        #expect(renamed == Self.text.replacingOccurrences(of: "isLoggedIn", with: "isSignedIn"))
        #expect(applying(changes[otherURI].arrayValue ?? [], to: other).contains("rule isSignedIn"))
        // A name already declared, or not a name, is refused.
        for name in ["plan", "openedTrail", "not a name", "true"] {
            if case .object(var members) = params {
                members["newName"] = .string(name)
                params = .object(members)
            }
            let refused = session.request("textDocument/rename", params)
            #expect(refused["error"]["code"].intValue == -32803, "\(name)")
        }
    }
}

extension LanguageServerFeatureTests {
    /// `expect T action name` in a scenario leads to the tip's action; an
    /// action is not renamed from there, since its name is also the app's
    /// handlers' id and part of its strings' catalog keys.
    @Test func anActionAScenarioNamesIsFoundButNotRenamed() throws {
        let text = """
            tip Menu {
                title "Menu"
                action seeMenu "See the menu"
            }
            scenario "Copy" {
                expect Menu action seeMenu "See the menu"
            }

            """
        let (session, uri, _) = try session(text)
        let definition = session.request("textDocument/definition", LanguageServerSession.at(uri, 5, 25))
        #expect(definition["result"]["range"]["start"] == ["line": 2, "character": 11])
        let references = session.request("textDocument/references", LanguageServerSession.at(uri, 5, 25))
        #expect((references["result"].arrayValue ?? []).map { $0["range"]["start"]["line"].intValue ?? -1 } == [2, 5])
        #expect(session.request("textDocument/prepareRename", LanguageServerSession.at(uri, 5, 25))["result"] == .null)
        // From its declaration too; and the tip's outline lists it.
        #expect(session.request("textDocument/prepareRename", LanguageServerSession.at(uri, 2, 13))["result"] == .null)
        let outline = session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        let menu = try #require(outline["result"].arrayValue?.first)
        #expect(menu["children"].arrayValue?.compactMap { $0["name"].stringValue } == ["seeMenu"])
        var params = LanguageServerSession.at(uri, 5, 25)
        if case .object(var members) = params {
            members["newName"] = "openMenu"
            params = .object(members)
        }
        let refused = session.request("textDocument/rename", params)
        #expect(refused["error"]["code"].intValue == -32803)
        #expect(refused["error"]["message"].stringValue?.contains("Menu.action.seeMenu") == true)
    }

    /// Over every fixture with mistakes: each fix offered, applied alone, removes the diagnostic it fixes.
    @Test func everyFixOfferedForTheFixturesRemovesItsDiagnostic() throws {
        var offered = 0
        try forEachFixtureWithMistakes { fixture, bytes, result in
            for diagnostic in result.diagnostics {
                for fix in diagnostic.fixIts {
                    offered += 1
                    let after = Self.check(fix.applied(to: bytes), name: fixture)
                    #expect(
                        !after.diagnostics.contains {
                            $0.message == diagnostic.message && $0.range.start == diagnostic.range.start
                        },
                        "\(fixture): '\(fix.replacement)' does not fix \(diagnostic.message)")
                }
            }
        }
        #expect(offered >= 10)
    }

    /// One source of fixes: a diagnostic whose words suggest a replacement
    /// carries it from the site that reports it (nothing reads the wording).
    @Test func everyDiagnosticThatSuggestsAFixCarriesIt() throws {
        let suggestive = [
            "did you mean", "straight quotes", "use '=='", "instead of", "in lower case", "rename it, for example to",
        ]
        var checked = 0
        try forEachFixtureWithMistakes { fixture, _, result in
            for diagnostic in result.diagnostics where suggestive.contains(where: { diagnostic.message.contains($0) }) {
                checked += 1
                #expect(!diagnostic.fixIts.isEmpty, "\(fixture): no fix-it for \(diagnostic.message)")
            }
        }
        #expect(checked >= 10)
    }

    /// Checks (without emitting) every Semantic and Syntax fixture, and hands
    /// `body` its folder and name, its bytes and the result.
    private func forEachFixtureWithMistakes(
        _ body: (_ fixture: String, _ bytes: [UInt8], _ result: CompilationResult) throws -> Void
    ) throws {
        for folder in ["Semantic", "Syntax"] {
            for name in Fixtures.names(in: folder) {
                let bytes = Array(try Data(contentsOf: Fixtures.url(folder, name)))
                try body("\(folder)/\(name)", bytes, Self.check(bytes, name: name))
            }
        }
    }

    private static func check(_ bytes: [UInt8], name: String) -> CompilationResult {
        Compilation(inputs: [CompilationInput(path: name, bytes: bytes)], options: CompilationOptions(emitsCode: false))
            .run()
    }
}
