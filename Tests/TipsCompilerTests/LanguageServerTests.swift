import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// `tipc lsp`, driven message by message as an editor drives it.
@Suite struct LanguageServerTests {
    static let trails = """
        /// The plan.
        enum Plan { free, plus, pro }
        /// Whether the person signed in.
        parameter isLoggedIn: Bool = false
        parameter plan: Plan = .free
        /// The person opened a trail.
        event openedTrail
        event visitedRegion(region: String, plan: Plan)

        tip Favorite {
            title "Save as a Favorite"
            rule isLoggedIn
            rule openedTrail.donations.within(5d).count >= 3
        }

        """

    // MARK: - Lifecycle

    @Test func initializeAnnouncesWhatTheServerDoes() {
        let session = LanguageServerSession(initialize: false)
        let early = session.request("textDocument/hover", LanguageServerSession.at("file:///a.tips", 0, 0))
        #expect(early["error"]["code"].intValue == -32002)
        let response = session.request("initialize", ["capabilities": [:]])
        let capabilities = response["result"]["capabilities"]
        #expect(capabilities["textDocumentSync"]["change"].intValue == 2)
        #expect(capabilities["positionEncoding"] == "utf-16")
        for provider in [
            "hoverProvider", "definitionProvider", "referencesProvider", "documentHighlightProvider",
            "documentSymbolProvider", "workspaceSymbolProvider", "documentFormattingProvider",
        ] {
            #expect(capabilities[provider] == true, "\(provider)")
        }
        #expect(!capabilities["completionProvider"].isNull)
        #expect(capabilities["renameProvider"]["prepareProvider"] == true)
        #expect(capabilities["codeActionProvider"]["codeActionKinds"] == ["quickfix"])
    }

    @Test func shutdownThenExitEndsWithStatusZero() {
        let session = LanguageServerSession()
        #expect(session.request("shutdown")["result"] == .null)
        #expect(
            session.request("textDocument/hover", LanguageServerSession.at("file:///a.tips", 0, 0))["error"]["code"]
                .intValue == -32600)
        session.notify("exit")
        #expect(session.server.isFinished)
        #expect(session.server.exitCode == 0)
        let abrupt = LanguageServerSession()
        abrupt.notify("exit")
        #expect(abrupt.server.isFinished && abrupt.server.exitCode == 1)
    }

    @Test func unknownMethodsAndMissingDocumentsAnswerErrors() {
        let session = LanguageServerSession()
        #expect(session.request("textDocument/semanticTokens/full")["error"]["code"].intValue == -32601)
        let missing = "file:///no/such/folder/Missing.tips"
        for method in [
            "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion",
            "textDocument/rename", "textDocument/prepareRename", "textDocument/documentHighlight",
        ] {
            let response = session.request(method, LanguageServerSession.at(missing, 0, 0))
            #expect(response["error"]["code"].intValue == -32602, "\(method)")
            #expect(response["error"]["message"].stringValue?.contains("no such document") == true)
        }
        #expect(
            !session.request("textDocument/formatting", ["textDocument": ["uri": .string(missing)]])["error"].isNull)
        #expect(
            !session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(missing)]])["error"].isNull
        )
        // Notifications about unknown documents are ignored, not answered.
        session.change(missing, version: 2, from: (0, 0), to: (0, 0), text: "x")
        #expect(session.notifications.isEmpty)
    }

    // MARK: - Diagnostics

    @Test func diagnosticsArePublishedOnOpenAndClearedWhenFixed() throws {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["Trails.tips": Self.trails])
        let uri = try #require(uris["Trails.tips"])
        let broken = Self.trails.replacingOccurrences(of: "rule isLoggedIn", with: "rule isLogedIn")
        session.open(uri, broken)
        let diagnostics = try #require(session.diagnostics(uri))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"].intValue == 1)
        #expect(
            diagnostics.first?["range"] == [
                "start": ["line": 11, "character": 9], "end": ["line": 11, "character": 18],
            ])
        #expect(diagnostics.first?["message"].stringValue == "unknown name 'isLogedIn'; did you mean 'isLoggedIn'?")
        // Typing the missing letter (an incremental change) clears it.
        session.change(uri, version: 2, from: (11, 13), to: (11, 13), text: "g")
        #expect(session.text(uri) == Self.trails)
        #expect(session.diagnostics(uri) == [])
    }

    @Test func diagnosticsCoverTheWholeCompilationWithNotesAsRelatedInformation() throws {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder([
            "A.tips": "parameter shared: Int = 0\n",
            "B.tips": "tip UsesShared {\n    title \"B\"\n    rule shared > 1\n}\n",
        ])
        let a = try #require(uris["A.tips"])
        let b = try #require(uris["B.tips"])
        // B alone compiles with A from disk: no error.
        session.open(b, "tip UsesShared {\n    title \"B\"\n    rule shared > 1\n}\n")
        #expect(session.diagnostics(b) == [])
        // Renaming the parameter in A (unsaved) breaks B, and B's error is published.
        session.open(a, "parameter shared: Int = 0\n")
        session.change(a, version: 2, from: (0, 10), to: (0, 16), text: "common")
        let errors = try #require(session.diagnostics(b))
        #expect(errors.count == 1)
        #expect(errors.first?["message"].stringValue?.hasPrefix("unknown name 'shared'") == true)
        // A second declaration of the same name points at the first through related information.
        session.change(a, version: 3, from: (0, 0), to: (0, 0), text: "parameter shared: Int = 1\n")
        session.change(a, version: 4, from: (1, 10), to: (1, 16), text: "shared")
        #expect(session.diagnostics(b) == [])
        let duplicate = try #require(session.diagnostics(a)?.first)
        let related = try #require(duplicate["relatedInformation"].arrayValue?.first)
        #expect(related["location"]["uri"].stringValue == a)
        #expect(related["location"]["range"]["start"]["line"].intValue == 0)
    }

    @Test func closingADocumentClearsItsDiagnostics() throws {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["A.tips": "parameter x: Int = 0\n"])
        let a = try #require(uris["A.tips"])
        session.open(a, "parameter x: Int = true\n")
        #expect(session.diagnostics(a)?.count == 1)
        session.notify("textDocument/didClose", ["textDocument": ["uri": .string(a)]])
        #expect(session.diagnostics(a) == [])
    }

    // MARK: - Positions

    @Test func positionsCountUTF16UnitsAndIncrementalEditsUseThem() throws {
        let uri = "untitled:Birds.tips"
        let session = LanguageServerSession()
        // 🐦 is two UTF-16 units and four UTF-8 bytes; é is one unit and two bytes.
        session.open(uri, "tip Bird { title \"🐦é\"; rule nope }\n")
        let range = try #require(session.diagnostics(uri)?.first?["range"])
        #expect(range == ["start": ["line": 0, "character": 29], "end": ["line": 0, "character": 33]])
        session.change(uri, version: 2, from: (0, 29), to: (0, 33), text: "true")
        #expect(session.text(uri) == "tip Bird { title \"🐦é\"; rule true }\n")
        #expect(session.diagnostics(uri) == [])
    }

    @Test func invalidPositionsAreClampedAndNeverCrashOrDesync() throws {
        let uri = "untitled:Edits.tips"
        let session = LanguageServerSession()
        var reference = "tip A {\n    title \"🐦 bird\"\n}\n"
        session.open(uri, reference)
        // Past the end of a line, past the last line, inside a surrogate pair, negative, reversed.
        session.change(uri, version: 2, from: (0, 500), to: (0, 900), text: " ")
        reference = "tip A { \n    title \"🐦 bird\"\n}\n"
        #expect(session.text(uri) == reference)
        session.change(uri, version: 3, from: (1, 12), to: (1, 12), text: "x")  // Between the halves of 🐦.
        reference = "tip A { \n    title \"x🐦 bird\"\n}\n"
        #expect(session.text(uri) == reference)
        session.change(uri, version: 4, from: (90, 0), to: (99, 5), text: "// end\n")
        reference += "// end\n"
        #expect(session.text(uri) == reference)
        session.change(uri, version: 5, from: (-3, -1), to: (0, 0), text: "")
        session.change(uri, version: 6, from: (0, 5), to: (0, 3), text: "")  // Reversed: the range between.
        reference = "tip { \n    title \"x🐦 bird\"\n}\n// end\n"
        #expect(session.text(uri) == reference)
        #expect(session.diagnostics(uri)?.isEmpty == false)
        // Any sequence of edits, valid or not, keeps the server's text equal to a reference
        // that applies the same edits through String's UTF-16 view.
        var generator = SplitMix64(seed: 15)
        let pieces = ["", "a", "🐦", "\n", "é", "rule ", "{", "}", "\"", "&&"]
        for version in 7..<400 {
            var lines = reference.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = Int.random(in: 0..<lines.count, using: &generator)
            var current = lines[line]
            let units = current.utf16.count
            let start = Int.random(in: 0...units, using: &generator)
            let end = Int.random(in: start...units, using: &generator)
            let text = pieces.randomElement(using: &generator) ?? ""
            let lower = String.Index(utf16Offset: start, in: current)
            let upper = String.Index(utf16Offset: end, in: current)
            // Positions inside a character are clamped, tested above; here the reference needs real ones.
            guard lower.samePosition(in: current.unicodeScalars) != nil,
                upper.samePosition(in: current.unicodeScalars) != nil
            else { continue }
            current.replaceSubrange(lower..<upper, with: text)
            lines[line] = current
            session.change(uri, version: version, from: (line, start), to: (line, end), text: text)
            reference = lines.joined(separator: "\n")
            #expect(session.text(uri) == reference, "after edit \(version)")
            if session.text(uri) != reference { break }
        }
    }

    // MARK: - Framing

    @Test func framesSplitAnywhereComeOutWhole() throws {
        let messages: [JSON] = [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["text": "🐦 \"quoted\" \\ é"]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
        ]
        var stream = Data()
        for message in messages { stream.append(MessageReader.frame(message)) }
        for chunk in [1, 3, 7, 64, stream.count] {
            var reader = MessageReader()
            var received: [JSON] = []
            var offset = 0
            while offset < stream.count {
                reader.append(stream[offset..<min(offset + chunk, stream.count)])
                offset += chunk
                while let next = reader.next() { received.append(try next.get()) }
            }
            #expect(received == messages, "chunks of \(chunk)")
        }
    }

    @Test func aBadFrameIsReportedAndTheNextOneStillRead() {
        var reader = MessageReader()
        reader.append(Data("Content-Type: x\r\n\r\n".utf8))
        reader.append(Data("Content-Length: 3\r\n\r\n{x}".utf8))
        reader.append(MessageReader.frame(["jsonrpc": "2.0", "method": "initialized"]))
        guard case .failure? = reader.next() else {
            Issue.record("a body that is not JSON is a failure")
            return
        }
        guard case .success(let message)? = reader.next() else {
            Issue.record("the next frame is read")
            return
        }
        #expect(message["method"] == "initialized")
        #expect(reader.next() == nil)
        #expect(LanguageServer.parseErrorResponse()["error"]["code"].intValue == -32700)
    }

    @Test func theExecutableServesOverStandardInputAndOutput() throws {
        guard let executable = TipcProcess.executable else { return }
        var stream = Data()
        stream.append(MessageReader.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]]))
        stream.append(
            MessageReader.frame([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": "untitled:x.tips", "version": 1, "text": "tip A { rule 1 }\n"]],
            ]))
        stream.append(MessageReader.frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]))
        stream.append(MessageReader.frame(["jsonrpc": "2.0", "method": "exit"]))
        let run = try ChildProcess.run(executable, ["lsp"], input: stream)
        #expect(run.status == 0)
        var reader = MessageReader()
        reader.append(run.standardOutput)
        var received: [JSON] = []
        while let next = reader.next() { received.append(try next.get()) }
        #expect(received.count == 3)
        #expect(received.first?["result"]["serverInfo"]["name"] == "tipc")
        #expect(received.dropFirst().first?["method"] == "textDocument/publishDiagnostics")
        #expect(received.last?["id"] == 2)
    }
}

extension LanguageServerTests {
    @Test func theFilesThatCompileTogetherAreTheTargetsOrTheFolders() throws {
        let temporary = TemporaryDirectory("tipc-lsp")
        let root = temporary.url
        let manager = FileManager.default
        for folder in ["Sources/App/Nested", "Sources/Other", "Loose/Sub", "Sources/App/.hidden"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in [
            "Package.swift", "Sources/App/A.tips", "Sources/App/Nested/B.tips", "Sources/App/.hidden/H.tips",
            "Sources/Other/C.tips", "Loose/D.tips", "Loose/Sub/E.tips",
        ] {
            try Data().write(to: root.appendingPathComponent(file))
        }
        let workspace = Workspace()
        let names = { (path: String) in
            workspace.compilation(of: Workspace.uri(of: root.appendingPathComponent(path).path)).map {
                String($0.dropFirst(Workspace.uri(of: root.path + "/x").count - 1))
            }
        }
        // A SwiftPM target: every .tips file below Sources/<target>, hidden folders aside.
        #expect(names("Sources/App/Nested/B.tips") == ["Sources/App/A.tips", "Sources/App/Nested/B.tips"])
        #expect(names("Sources/Other/C.tips") == ["Sources/Other/C.tips"])
        // Elsewhere: the file's own folder.
        #expect(names("Loose/D.tips") == ["Loose/D.tips"])
        #expect(names("Loose/Sub/E.tips") == ["Loose/Sub/E.tips"])
    }
}
