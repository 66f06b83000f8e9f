import Foundation
import Testing
import TipsScenarios

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The language server runs a compilation's scenarios once its diagnostics
/// are out, as `tipc test` runs them: a failed step is an error at the step,
/// with the runtime's explanation, until the text changes.
@Suite struct LanguageServerScenarioRunTests {
    static let tips = """
        parameter isSignedIn: Bool = false
        event opened

        tip Welcome {
            title "Welcome"
            rule isSignedIn
            rule opened.count >= 2
        }

        scenario "Two openings teach" {
            set isSignedIn = true
            donate opened
            expect Welcome available
        }

        """

    /// `App.tips` with `text`, open in a folder of its own.
    func session(_ text: String = Self.tips) throws -> (LanguageServerSession, String) {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["App.tips": text])
        let uri = try #require(uris["App.tips"])
        session.open(uri, text)
        return (session, uri)
    }

    @Test func aFailedStepIsAnErrorAtTheStepWithTheRuntimesExplanation() async throws {
        let (session, uri) = try session()
        #expect(session.diagnostics(uri) == [], "the compiler's diagnostics come first, and there are none")
        #expect(await session.runScenarios() == 1)
        let diagnostics = try #require(session.diagnostics(uri))
        try #require(diagnostics.count == 1)
        let failure = diagnostics[0]
        #expect(failure["range"]["start"]["line"] == 12)
        #expect(failure["range"]["start"]["character"] == 4)
        #expect(failure["severity"] == 1)
        #expect(failure["source"] == "tipc test")
        let lines = failure["message"].stringValue?.components(separatedBy: "\n") ?? []
        #expect(lines.first == "expected Welcome to be available, but it is pending (scenario 'Two openings teach')")
        #expect(
            lines.contains { $0.contains("`opened.count >= 2`") && $0.contains("does not hold") },
            "the rule that held it back: \(lines)")
        #expect(await session.runScenarios() == 0, "each compilation's scenarios run once")
    }

    @Test func theFailureGoesWhenTheTextIsFixed() async throws {
        let (session, uri) = try session()
        await session.runScenarios()
        #expect(session.diagnostics(uri)?.count == 1)
        session.replace(
            uri, version: 2,
            text: Self.tips.replacingOccurrences(of: "donate opened", with: "donate opened; donate opened"))
        #expect(session.diagnostics(uri) == [], "a changed text's old failures are not shown against it")
        #expect(await session.runScenarios() == 1)
        #expect(session.diagnostics(uri) == [])
    }

    @Test func scenariosThatRanForAnOlderTextPublishNothing() async throws {
        let (session, uri) = try session()
        let jobs = session.server.takeScenarioJobs()
        try #require(jobs.count == 1)
        session.replace(uri, version: 2, text: Self.tips + "// edited\n")
        #expect(session.server.publish(await jobs[0].run(), of: jobs[0]) == [])
    }

    /// Scenarios that would keep the editor waiting are left to `tipc test`, and a note says so.
    @Test func scenariosOfMoreThanTheServersStepsAreLeftToTheCommandLine() async throws {
        let long = "scenario \"Long\" {\n    repeat 1000 { repeat 100 { wait 1s } }\n}\n"
        let (session, uri) = try self.session(Self.tips + long)
        #expect(await session.runScenarios() == 0)
        let notes = try #require(session.diagnostics(uri))
        try #require(notes.count == 1)
        #expect(notes[0]["range"]["start"]["line"] == 9, "at the first scenario's name")
        #expect(notes[0]["severity"] == 3)
        #expect(
            notes[0]["message"]
                == "these scenarios run more than 100000 steps, more than tipc lsp runs as you type; run 'tipc test' to run them"
        )
        // Up to the limit, they run.
        let (within, withinURI) = try self.session(
            Self.tips.replacingOccurrences(
                of: "donate opened\n", with: "donate opened\n    repeat 999 { repeat 100 { wait 1s } }\n"))
        #expect(await within.runScenarios() == 1)
        #expect(within.diagnostics(withinURI)?.count == 1, "the failed expect")
    }

    @Test func aCompilationWithErrorsRunsNoScenario() async throws {
        let (session, uri) = try session(Self.tips.replacingOccurrences(of: "expect Welcome", with: "expect Welcom"))
        #expect(session.diagnostics(uri)?.isEmpty == false)
        #expect(await session.runScenarios() == 0)
    }

    /// Errors in the catalog's translations alone leave a checked program
    /// (for hover and the preview), but no scenario runs, as `tipc test` runs none.
    @Test func errorsInTheCatalogAloneRunNoScenario() async throws {
        let text = Self.tips.replacingOccurrences(of: "title \"Welcome\"", with: "title \"Welcome, \\(name)\"")
            .replacingOccurrences(of: "tip Welcome {", with: "tip Welcome(name: String) {\n    id \"welcome-\\(name)\"")
            .replacingOccurrences(of: "expect Welcome available", with: "expect Welcome(name: \"Ada\") available")
        let catalog = LanguageServerCatalogTests.catalog("Welcome.title", german: "Willkommen, \\\\(nmae)")
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["App.tips": text, "Tips.xcstrings": catalog])
        let uri = try #require(uris["App.tips"])
        session.open(uri, text)
        #expect(session.diagnostics(uri)?.isEmpty == true, "the .tips file has no error of its own")
        #expect(await session.runScenarios() == 0)
        let clean = LanguageServerSession()
        let (_, cleanURIs) = try clean.folder([
            "App.tips": text,
            "Tips.xcstrings": LanguageServerCatalogTests.catalog("Welcome.title", german: "Willkommen, \\\\(name)"),
        ])
        let cleanURI = try #require(cleanURIs["App.tips"])
        clean.open(cleanURI, text)
        #expect(await clean.runScenarios() == 1, "with a clean catalog, the scenario runs")
    }
}

/// Over a connection, as `tipc lsp` runs: scenarios run while the editor's
/// requests go on being answered.
@Suite struct LanguageServerConnectionScenarioTests {
    /// About a third of a second of steps in a debug build, and a failed expect after them (line 13).
    static let text = LanguageServerScenarioRunTests.tips.replacingOccurrences(
        of: "donate opened\n", with: "donate opened\n    repeat 500 { repeat 100 { wait 1s } }\n")

    /// A connection over pipes that opens ``text`` at `uri`, sends `later`
    /// 20 ms after the compiler's diagnostics (the server starts the
    /// scenarios' run once those are out, and it takes about a third of a
    /// second), and what it sent up to the first failed step's diagnostics.
    static func run(_ uri: String, sending later: [JSON]) async throws -> [JSON] {
        let server = LanguageServerEditStormTests.PipeServer()
        defer { server.stop() }
        server.send([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)]
                ],
            ],
        ])
        return try await server.read(
            sending: later, after: { $0["method"] == "textDocument/publishDiagnostics" },
            until: { $0["params"]["diagnostics"].arrayValue?.isEmpty == false })
    }

    @Test func aRequestIsAnsweredWhileScenariosRun() async throws {
        let uri = "file:///tmp/tipc-connection-scenarios/App.tips"
        let messages = try await Self.run(
            uri,
            sending: [
                [
                    "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                    "params": LanguageServerSession.at(uri, 5, 6),
                ]
            ])
        let checked = messages.first { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(checked?["params"]["diagnostics"] == [], "the compiler's diagnostics, before any scenario ran")
        // A connection that waited for the scenarios would answer after them.
        let answer = try #require(messages.firstIndex { $0["id"] == 2 }, "the hover is answered")
        #expect(answer < messages.count - 1, "before the scenarios' failure is published")
        let failure = messages.last?["params"]["diagnostics"].arrayValue?.first
        #expect(failure?["source"] == "tipc test")
        #expect(failure?["range"]["start"]["line"] == 13)
    }

    @Test func anEditDuringARunStopsItAndOnlyTheNewTextsFailuresGoOut() async throws {
        let uri = "file:///tmp/tipc-connection-scenarios/Edited.tips"
        // A line above everything: the failed step moves to line 14.
        let messages = try await Self.run(
            uri,
            sending: [
                [
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": .string(uri), "version": 2],
                        "contentChanges": [["text": .string("// edited\n" + Self.text)]],
                    ],
                ]
            ])
        let failures = messages.filter { $0["params"]["diagnostics"].arrayValue?.isEmpty == false }
        #expect(failures.count == 1)
        #expect(failures.first?["params"]["version"] == 2, "nothing of the run for version 1")
        #expect(failures.first?["params"]["diagnostics"].arrayValue?.first?["range"]["start"]["line"] == 14)
    }
}

extension LanguageServerScenarioRunTests {
    /// A run the connection cancels (its text changed) stops at the step it
    /// is at, and its job hands back nothing to publish.
    @Test func aCancelledRunStopsAndPublishesNothing() async throws {
        let tips = Self.tips.replacingOccurrences(
            of: "donate opened\n", with: "donate opened\n    repeat 900 { repeat 100 { wait 1s } }\n")
        let (session, _) = try session(tips)
        let job = try #require(session.server.takeScenarioJobs().first)
        let runner = Task { await ScenarioRunner(program: job.program).run(job.program.scenarios) }
        runner.cancel()
        let outcomes = await runner.value
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.failures.isEmpty == true, "the failed expect after the repeat was never reached")
        let run = Task { await job.run() }
        run.cancel()
        #expect(await run.value == nil)
        #expect(session.server.publish(nil, of: job) == [])
        #expect(session.server.publish(await job.run(), of: job).isEmpty == false, "run to its end, it fails")
    }
}
