import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The language server with a `tipc.lock` beside the files: lock errors as
/// you type, a rename that keeps users' state, and `renamedFrom` known to
/// hover and completion.
@Suite struct LanguageServerLockTests {
    static let app = """
        enum Plan { free, premium }
        parameter isLoggedIn: Bool = false
        parameter plan: Plan = .free
        event opened
        tip Welcome {
            title "Welcome"
            rule isLoggedIn && opened.count > 0 && plan == .free
        }

        """

    /// A folder with `App.tips` and the lock of `locked` (by default the app itself), `App.tips` open.
    func session(_ text: String = Self.app, locked: String = Self.app) throws -> (LanguageServerSession, String) {
        let result = Compilation(
            inputs: [CompilationInput(path: "App.tips", text: locked)], options: CompilationOptions(emitsCode: false)
        ).run()
        let program = try #require(result.program)
        let lock = LockFile.updated(for: program, from: nil).lock
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["App.tips": text, "tipc.lock": lock.text])
        let uri = try #require(uris["App.tips"])
        session.open(uri, text)
        return (session, uri)
    }

    func rename(_ session: LanguageServerSession, _ uri: String, at position: (Int, Int), to name: String) -> JSON {
        var params = LanguageServerSession.at(uri, position.0, position.1)
        if case .object(var members) = params {
            members["newName"] = .string(name)
            params = .object(members)
        }
        return session.request("textDocument/rename", params)["result"]["changes"][uri]
    }

    func applying(_ edits: JSON, to text: String) -> String {
        LanguageServerFeatureTests().applying(edits.arrayValue ?? [], to: text)
    }

    @Test func lockErrorsShowAsYouType() throws {
        let (session, uri) = try session()
        #expect(session.diagnostics(uri)?.isEmpty ?? true)
        session.replace(uri, version: 2, text: Self.app.replacingOccurrences(of: "opened", with: "openedApp"))
        let diagnostics = session.diagnostics(uri) ?? []
        #expect(diagnostics.count >= 1)
        #expect(
            diagnostics.contains {
                $0["message"].stringValue?.hasPrefix("locked event 'opened' is gone") == true
                    && $0["range"]["start"]["line"].intValue == 3
            })
    }

    /// In a package target the lock's errors name the package's `tips-lock`
    /// command, as `swift build` does; beside no package, `tipc lock`.
    @Test func lockErrorsNameTheCommandThatUpdatesThisLock() throws {
        let lock = LockFile.updated(
            for: try #require(
                Compilation(
                    inputs: [CompilationInput(path: "App.tips", text: Self.app)],
                    options: CompilationOptions(emitsCode: false)
                ).run().program), from: nil
        ).lock.text
        let renamed = Self.app.replacingOccurrences(of: "opened", with: "openedApp")
        func message(_ files: [String: String], _ name: String) throws -> String {
            let session = LanguageServerSession()
            let uri = try #require(session.folder(files).1[name])
            session.open(uri, renamed)
            return try #require(session.diagnostics(uri)?.first?["message"].stringValue)
        }
        let package = try message(
            [
                "Package.swift": "// swift-tools-version: 6.0\n", "Sources/My App/App.tips": Self.app,
                "Sources/My App/tipc.lock": lock,
            ], "Sources/My App/App.tips")
        #expect(
            package.hasSuffix(
                "or run `swift package --allow-writing-to-package-directory tips-lock --target 'My App'` to accept the reset"
            ), "\(package)")
        let loose = try message(["App.tips": Self.app, "tipc.lock": lock], "App.tips")
        #expect(loose.hasSuffix("or run `tipc lock` to accept the reset"), "\(loose)")
    }

    @Test func aDamagedLockShowsOnTheLock() throws {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["App.tips": Self.app, "tipc.lock": "format 1\ntip A\n"])
        let uri = try #require(uris["App.tips"])
        session.open(uri, Self.app)
        let lockURI = Workspace.uri(
            of: ((try #require(Workspace.path(of: uri))) as NSString).deletingLastPathComponent + "/tipc.lock")
        let diagnostics = try #require(session.diagnostics(lockURI))
        #expect(diagnostics.first?["message"] == "expected the tip's id in quotes; the line ends")
        #expect(diagnostics.first?["range"]["start"]["line"] == 1)
    }

    /// An editor attached to the lock too: a line damaged as it is typed
    /// shows on the lock before it is saved, and the lock is never read as a
    /// `.tips` file nor formatted as one.
    @Test func aLockDamagedInTheEditorShowsBeforeItIsSaved() throws {
        let (session, uri) = try session()
        let lockURI = Workspace.uri(
            of: ((try #require(Workspace.path(of: uri))) as NSString).deletingLastPathComponent + "/tipc.lock")
        let lock = try #require(session.server.workspace.document(lockURI)).text
        session.open(lockURI, lock)
        #expect(session.diagnostics(lockURI)?.isEmpty ?? true)
        #expect(session.diagnostics(uri)?.isEmpty ?? true)
        session.replace(lockURI, version: 2, text: lock + "tip A\n")
        let diagnostics = try #require(session.diagnostics(lockURI))
        #expect(
            diagnostics.map { $0["message"].stringValue ?? "" } == ["expected the tip's id in quotes; the line ends"])
        // The line typed after the lock's last one.
        #expect(diagnostics.first?["range"]["start"]["line"].intValue == lock.filter { $0 == "\n" }.count)
        let formatting = session.request(
            "textDocument/formatting",
            ["textDocument": ["uri": .string(lockURI)], "options": ["tabSize": 4, "insertSpaces": true]])
        #expect(formatting["result"] == [])
        session.replace(lockURI, version: 3, text: lock)
        #expect(session.diagnostics(lockURI)?.isEmpty ?? true)
    }

    @Test func renamingALockedDeclarationAddsRenamedFrom() throws {
        let (session, uri) = try session()
        // parameter isLoggedIn (line 1), event opened (3), tip Welcome (4), case premium (0).
        #expect(
            applying(rename(session, uri, at: (1, 12), to: "signedIn"), to: Self.app).contains(
                "parameter signedIn: Bool = false renamedFrom isLoggedIn\n"))
        #expect(
            applying(rename(session, uri, at: (3, 7), to: "openedApp"), to: Self.app).contains(
                "event openedApp renamedFrom opened\n"))
        let tip = applying(rename(session, uri, at: (4, 5), to: "Hello"), to: Self.app)
        #expect(tip.contains("tip Hello {\n    renamedFrom Welcome\n    title \"Welcome\""))
        #expect(
            applying(rename(session, uri, at: (0, 20), to: "pro"), to: Self.app).contains(
                "enum Plan { free, pro renamedFrom premium }"))
        // Each renamed file reads without an error against the lock.
        for text in [tip] {
            session.replace(uri, version: 5, text: text)
            #expect(session.diagnostics(uri)?.isEmpty ?? true)
        }
    }

    /// A locked declaration renamed as typed, not through the editor's
    /// rename: the lock error at it offers a code action adding the
    /// `renamedFrom` it suggests, which clears it.
    @Test func aLockErrorAtARenamedDeclarationOffersItsRenamedFrom() throws {
        let typed: [(from: String, to: String, added: String, title: String)] = [
            (
                "tip Welcome {", "tip WelcomeTip {", "tip WelcomeTip {\n    renamedFrom Welcome\n    title \"Welcome\"",
                "Add 'renamedFrom Welcome'"
            ),
            (
                "tip Welcome {\n    title \"Welcome\"\n", "tip WelcomeTip { title \"Welcome\"\n",
                "tip WelcomeTip { renamedFrom Welcome; title", "Add 'renamedFrom Welcome'"
            ),
            ("event opened\n", "event openedApp\n", "event openedApp renamedFrom opened\n", "Add 'renamedFrom opened'"),
            (
                "parameter isLoggedIn: Bool = false", "parameter signedIn: Bool = false",
                "parameter signedIn: Bool = false renamedFrom isLoggedIn\n", "Add 'renamedFrom isLoggedIn'"
            ),
            (
                "enum Plan { free, premium }", "enum Plan { free, premiums }",
                "enum Plan { free, premiums renamedFrom premium }",
                "Add 'renamedFrom premium'"
            ),
        ]
        for (from, to, added, title) in typed {
            let (session, uri) = try session()
            let renamed = Self.app.replacingOccurrences(of: from, with: to)
                .replacingOccurrences(
                    of: "opened.count", with: to.hasPrefix("event") ? "openedApp.count" : "opened.count"
                )
                .replacingOccurrences(
                    of: "rule isLoggedIn", with: to.hasPrefix("parameter") ? "rule signedIn" : "rule isLoggedIn"
                )
            session.replace(uri, version: 2, text: renamed)
            let error = try #require(
                session.diagnostics(uri)?.first { $0["message"].stringValue?.contains("renamedFrom") == true },
                "\(to)")
            let actions = session.request(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(uri)], "range": error["range"], "context": ["diagnostics": []]])
            let action = try #require(actions["result"].arrayValue?.first, "\(to)")
            #expect(action["title"].stringValue == title)
            let fixed = applying(action["edit"]["changes"][uri], to: renamed)
            #expect(fixed.contains(added), "\(fixed)")
            session.replace(uri, version: 3, text: fixed)
            #expect(session.diagnostics(uri)?.isEmpty ?? true, "\(fixed)")
        }
    }

    @Test func renamingWhatTheLockDoesNotHoldChangesOnlyTheName() throws {
        let unlocked = Self.app + "event closed\n"
        let (session, uri) = try session(unlocked)
        let edits = rename(session, uri, at: (8, 7), to: "shut")
        #expect(applying(edits, to: unlocked).hasSuffix("event shut\n"))
        // Without a lock, nothing is added either.
        let plain = LanguageServerSession()
        let (_, uris) = try plain.folder(["App.tips": Self.app])
        let bare = try #require(uris["App.tips"])
        plain.open(bare, Self.app)
        #expect(applying(rename(plain, bare, at: (3, 7), to: "openedApp"), to: Self.app).contains("event openedApp\n"))
    }

    @Test func hoverExplainsAnOldIdentityAndWhatTheLockHolds() throws {
        let renamed = Self.app.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false", with: "parameter signedIn: Bool = false renamedFrom isLoggedIn"
        ).replacingOccurrences(of: "rule isLoggedIn", with: "rule signedIn")
        let (session, uri) = try session(renamed)
        let hover = session.request("textDocument/hover", LanguageServerSession.at(uri, 1, 48))
        let text = try #require(hover["result"]["contents"]["value"].stringValue)
        #expect(text.hasPrefix("```tips\nrenamedFrom isLoggedIn\n```\nWhere the users' state of parameter 'signedIn'"))
        #expect(text.hasSuffix("The lock holds it: people's state is stored under it today."))
    }

    @Test func hoverExplainsTheOldIdentityOfATipAnEventAndAnEnumCase() throws {
        let renamed = Self.app.replacingOccurrences(
            of: "enum Plan { free, premium }", with: "enum Plan { free, premium renamedFrom gold }"
        ).replacingOccurrences(of: "event opened\n", with: "event openedApp renamedFrom opened\n")
            .replacingOccurrences(of: "opened.count", with: "openedApp.count")
            .replacingOccurrences(of: "    title \"Welcome\"\n", with: "    title \"Welcome\"\n    renamedFrom Hello\n")
        let (session, uri) = try session(renamed)
        let hover = { (line: Int, character: Int) in
            let result = session.request("textDocument/hover", LanguageServerSession.at(uri, line, character))
            return result["result"]["contents"]["value"].stringValue ?? ""
        }
        #expect(hover(0, 40).hasPrefix("```tips\nrenamedFrom gold\n```\nWhere the users' state of its case was"))
        #expect(hover(3, 30).hasPrefix("```tips\nrenamedFrom opened\n```\nWhere the users' state of event 'openedApp'"))
        #expect(hover(6, 18).hasPrefix("```tips\nrenamedFrom Hello\n```\nWhere the users' state of tip 'Welcome'"))
        #expect(hover(6, 8) == "" || !hover(6, 8).contains("renamedFrom Hello"))
    }

    @Test func completionAfterRenamedFromOffersWhatTheLockHolds() throws {
        let text = Self.app.replacingOccurrences(of: "event opened\n", with: "event openedApp renamedFrom \n")
            .replacingOccurrences(of: "opened.count", with: "openedApp.count")
        let (session, uri) = try session(text)
        let labels = { (line: Int, character: Int) in
            (session.request("textDocument/completion", LanguageServerSession.at(uri, line, character))["result"][
                "items"
            ].arrayValue ?? []).compactMap { $0["label"].stringValue }
        }
        // The file does not check while the old name is missing: the lock's events are offered all the same.
        #expect(labels(3, 28) == ["opened"])
        let keyword = text.replacingOccurrences(of: "event openedApp renamedFrom \n", with: "event openedApp \n")
        session.replace(uri, version: 2, text: keyword)
        #expect(labels(3, 16) == ["keep", "renamedFrom"])
    }
}
