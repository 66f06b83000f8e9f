import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The server's answers about names come from the checker's symbol table:
/// every name of a sample leads to its declaration and back, and names
/// resolve by type and survive mistakes elsewhere in the file.
@Suite struct LanguageServerNamesTests {
    /// The words of the language that are no name, and the built-in types.
    static let languageWords: Set<String> = SymbolTableTests.languageWords

    /// `text` of a document at an LSP location.
    func written(at location: JSON, in texts: [String: String]) throws -> String {
        let uri = try #require(location["uri"].stringValue)
        let document = TextDocument(uri: uri, version: 0, text: try #require(texts[uri]))
        let range = try #require(LSPRange(location["range"]))
        let bytes = document.bytes[document.offset(of: range.start)..<document.offset(of: range.end)]
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyNameOfTheTrailsSampleLeadsToItsDeclarationAndBack() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/Trails/Tips")
        var files: [String: String] = [:]
        for name in ["Trails.tips", "Compass.tips", "Trails.test.tips"] {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(files)
        var texts: [String: String] = [:]
        for (name, text) in files {
            let uri = try #require(uris[name])
            session.open(uri, text)
            texts[uri] = text
        }
        var resolved = 0
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let uri = try #require(uris[name])
            let document = TextDocument(uri: uri, version: 0, text: text)
            let file = SourceFile(id: FileID(0), path: name, bytes: document.bytes)
            var engine = DiagnosticEngine()
            var previous: Token?
            for token in Lexer.tokenize(file, diagnostics: &engine) where token.kind == .identifier {
                defer { previous = token }
                let word = file.text(in: token.range)
                // An action's name names the action, which nothing refers to.
                if previous?.keyword == .action { continue }
                let position = document.position(of: Int(token.range.start))
                let at = LanguageServerSession.at(uri, position.line, position.character)
                let definition = session.request("textDocument/definition", at)["result"]
                guard definition != .null else {
                    #expect(
                        token.keyword != nil || Self.languageWords.contains(word),
                        "\(name):\(position.line + 1) '\(word)' leads nowhere")
                    continue
                }
                resolved += 1
                #expect(try written(at: definition, in: texts) == word, "\(name):\(position.line + 1) '\(word)'")
                // From the declaration, the references include this name.
                let back = session.request(
                    "textDocument/references",
                    ["textDocument": ["uri": definition["uri"]], "position": definition["range"]["start"]])
                let places = (back["result"].arrayValue ?? []).map { place in
                    [
                        place["uri"].stringValue ?? "", "\(place["range"]["start"]["line"].intValue ?? -1)",
                        "\(place["range"]["start"]["character"].intValue ?? -1)",
                    ]
                }
                #expect(places.contains([uri, "\(position.line)", "\(position.character)"]), "\(name) '\(word)'")
            }
        }
        #expect(resolved > 100)
    }

    @Test func aCaseIsTheCaseOfTheEnumItsComparisonExpects() throws {
        let text = """
            enum Plan { free, pro }
            enum Tier { free, gold }
            parameter plan: Plan = .free
            parameter tier: Tier = .free
            tip A {
                title "A"
                rule plan == .free && tier == .free
            }

            """
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["A.tips": text])
        let uri = try #require(uris["A.tips"])
        session.open(uri, text)
        // `.free` of `tier == .free` (line 6): the case of Tier, declared on line 1.
        let definition = session.request("textDocument/definition", LanguageServerSession.at(uri, 6, 36))
        #expect(definition["result"]["range"]["start"] == ["line": 1, "character": 12])
        let references = session.request("textDocument/references", LanguageServerSession.at(uri, 1, 12))
        let lines = (references["result"].arrayValue ?? []).compactMap { $0["range"]["start"]["line"].intValue }
        #expect(lines == [1, 3, 6])
    }

    @Test func aRenameReachesUsesBesideAMistake() throws {
        let text = """
            parameter isLoggedIn: Bool = false
            parameter plan: Plann = .free
            tip A {
                title "A"
                rule isLoggedIn && missing
                rule plan == .free && isLoggedIn
            }

            """
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["A.tips": text])
        let uri = try #require(uris["A.tips"])
        session.open(uri, text)
        #expect(session.diagnostics(uri)?.isEmpty == false)
        var params = LanguageServerSession.at(uri, 0, 12)
        if case .object(var members) = params {
            members["newName"] = "isSignedIn"
            params = .object(members)
        }
        let edits = session.request("textDocument/rename", params)["result"]["changes"][uri].arrayValue ?? []
        #expect(edits.compactMap { $0["range"]["start"]["line"].intValue } == [0, 4, 5])
        // A parameter whose type does not resolve is still declared: hover shows it.
        let hover = session.request("textDocument/hover", LanguageServerSession.at(uri, 5, 10))
        #expect(hover["result"]["contents"]["value"].stringValue?.contains("parameter plan: Plann = .free") == true)
    }
}
