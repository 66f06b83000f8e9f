import Foundation
import Testing

@testable import TipsLanguageServer

/// Diagnostics under a storm of edits, and documents too large to check:
/// the server checks once for many edits, publishes for the latest text
/// only, and tells the editor what it will not check.
@Suite struct LanguageServerEditStormTests {
    static let uri = "file:///tmp/tipc-storm/Storm.tips"

    /// `count` tips, each with a rule on one parameter.
    static func tips(_ count: Int) -> String {
        var text = "parameter on: Bool = false\n"
        for index in 0..<count { text += "tip T\(index) {\n    title \"Tip \(index)\"\n    rule on\n}\n" }
        return text
    }

    static func didChange(_ version: Int, line: Int, _ text: String) -> JSON {
        let position: JSON = ["line": .int(line), "character": 0]
        return [
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [["range": ["start": position, "end": position], "text": .string(text)]],
            ],
        ]
    }

    static func didOpen(_ text: String) -> JSON {
        [
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)]
            ],
        ]
    }

    static func publications(_ messages: [JSON]) -> [JSON] {
        messages.filter { $0["method"] == "textDocument/publishDiagnostics" }
    }

    @Test func editsReceivedTogetherArePublishedOnceForTheLatestVersion() {
        let server = LanguageServerSession().server
        #expect(server.receive(Self.didOpen(Self.tips(3))).isEmpty)
        for version in 2...51 {
            #expect(server.receive(Self.didChange(version, line: 0, "// \(version)\n")).isEmpty)
        }
        #expect(server.receive(Self.didChange(52, line: 0, "@\n")).isEmpty)
        let published = Self.publications(server.publishPending())
        #expect(published.count == 1)
        #expect(published.first?["params"]["version"] == 52)
        #expect(published.first?["params"]["diagnostics"].arrayValue?.first?["range"]["start"]["line"] == 0)
        #expect(server.publishPending().isEmpty)
    }

    @Test func aRequestPublishesWhatIsPendingBeforeItsAnswer() {
        let session = LanguageServerSession()
        _ = session.server.receive(Self.didOpen("tip A {\n    title \"A\"\n    rule missing\n}\n"))
        let replies = session.server.receive(
            [
                "jsonrpc": "2.0", "id": 40, "method": "textDocument/hover",
                "params": LanguageServerSession.at(Self.uri, 0, 5),
            ])
        #expect(replies.first?["method"] == "textDocument/publishDiagnostics")
        #expect(replies.last?["id"] == 40)
    }

    /// A connection on a thread of its own, over two pipes, as `tipc lsp` runs.
    final class PipeServer: @unchecked Sendable {
        let input = Pipe()
        let output = Pipe()
        let done = DispatchSemaphore(value: 0)

        init() {
            let (reading, writing) = (
                input.fileHandleForReading.fileDescriptor, output.fileHandleForWriting.fileDescriptor
            )
            Thread.detachNewThread { [done] in
                _ = LanguageServerConnection(input: reading, output: writing).run()
                done.signal()
            }
        }

        func send(_ messages: [JSON]) {
            var data = Data()
            for message in messages { data.append(MessageReader.frame(message)) }
            input.fileHandleForWriting.write(data)
        }

        /// Reads messages until one satisfies `last`; every message read, in
        /// order. It waits on a thread of its own, not on one of the Swift
        /// runtime's pool, which the tests and the connection's scenario
        /// runs share: on two cores, two tests blocked reading would leave
        /// no thread to run the scenarios they wait for.
        func read(until last: @escaping @Sendable (JSON) -> Bool) async throws -> [JSON] {
            try await read(sending: [], after: { _ in false }, until: last)
        }

        /// ``read(until:)``, and 20 ms after the first message that satisfies
        /// `trigger`, sends `later`: from the reading thread, so that the
        /// moment is not left to a task of the Swift runtime's pool, which
        /// the scenario runs of tests running at once can keep busy for as
        /// long as a run takes (once, a request meant for the middle of a
        /// run was sent after it).
        func read(
            sending later: [JSON], after trigger: @escaping @Sendable (JSON) -> Bool,
            until last: @escaping @Sendable (JSON) -> Bool
        ) async throws -> [JSON] {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        with: Result { try self.readOnThisThread(sending: later, after: trigger, until: last) })
                }
            }
        }

        private func readOnThisThread(
            sending later: [JSON], after trigger: (JSON) -> Bool, until last: (JSON) -> Bool
        ) throws -> [JSON] {
            var reader = MessageReader()
            var messages: [JSON] = []
            var sent = false
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return messages }
                reader.append(chunk)
                while let next = reader.next() {
                    messages.append(try next.get())
                    if !sent, trigger(messages[messages.count - 1]) {
                        sent = true
                        Thread.sleep(forTimeInterval: 0.02)
                        send(later)
                    }
                    if last(messages[messages.count - 1]) { return messages }
                }
            }
        }

        func stop() {
            send([["jsonrpc": "2.0", "id": 999, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]])
            done.wait()
        }
    }

    @Test func theConnectionChecksAStormOfEditsOnlyWhenItCatchesUp() async throws {
        let server = PipeServer()
        defer { server.stop() }
        server.send([["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]], Self.didOpen(Self.tips(300))])
        _ = try await server.read { $0["method"] == "textDocument/publishDiagnostics" }
        let edits = 2_000
        server.send(
            (2...edits).map { Self.didChange($0, line: 0, "// \($0)\n") } + [Self.didChange(edits + 1, line: 0, "@\n")])
        let messages = try await server.read { $0["params"]["version"].intValue == edits + 1 }
        let published = Self.publications(messages)
        #expect(published.count <= edits / 20, "\(published.count) publications for \(edits) edits")
        #expect(published.last?["params"]["version"] == .int(edits + 1))
        #expect(published.last?["params"]["diagnostics"].arrayValue?.count == 1)
    }

    @Test func aDocumentOverTheLimitIsNotCheckedAndTheEditorIsToldOnce() {
        let session = LanguageServerSession()
        let huge = "// " + String(repeating: "x", count: LanguageServer.maximumDocumentBytes) + "\n"
        let opened = session.server.handle(Self.didOpen(huge))
        #expect(Self.publications(opened).count == 1)
        let message =
            Self.publications(opened).first?["params"]["diagnostics"].arrayValue?.first?["message"].stringValue ?? ""
        #expect(message.hasPrefix("tipc lsp does not check this document: it is 4.0 MiB, more than the 4 MiB"))
        #expect(opened.filter { $0["method"] == "window/showMessage" }.count == 1)
        let edited = session.server.handle(Self.didChange(2, line: 0, "x"))
        #expect(Self.publications(edited).count == 1)
        #expect(edited.filter { $0["method"] == "window/showMessage" }.isEmpty)
        let hover = session.request("textDocument/hover", LanguageServerSession.at(Self.uri, 0, 1))
        #expect(hover["error"]["message"].stringValue?.hasPrefix("tipc lsp does not check this document") == true)
        let small = session.server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": ["textDocument": ["uri": .string(Self.uri), "version": 3], "contentChanges": [["text": "@\n"]]],
        ])
        let diagnostics = Self.publications(small).first?["params"]["diagnostics"].arrayValue ?? []
        #expect(diagnostics.map { $0["message"] } == ["unexpected character '@'"])
    }

    @Test func aFileOnDiskOverTheLimitIsLeftOutOfItsNeighboursCompilation() throws {
        let big = "// " + String(repeating: "x", count: LanguageServer.maximumDocumentBytes) + "\n"
        let session = LanguageServerSession()
        let (_, uris) = try session.folder([
            "Big.tips": big, "Small.tips": "tip A { title \"A\" }\n",
        ])
        let small = try #require(uris["Small.tips"])
        session.open(small, "tip A { title \"A\" }\n")
        #expect(session.server.analysis(of: small).documents.map(\.uri) == [small])
    }

    @Test func diagnosticsPastTheLimitAreCountedInOne() {
        let session = LanguageServerSession()
        let count = LanguageServer.maximumPublishedDiagnostics + 500
        let text = (0..<count).map { "tip T\($0) { title \"T\" }\n" }.joined()
        session.open(Self.uri, text)
        let diagnostics = session.diagnostics(Self.uri) ?? []
        #expect(diagnostics.count == LanguageServer.maximumPublishedDiagnostics + 1)
        #expect(
            diagnostics.last?["message"]
                == "500 more diagnostics in this file are not shown; run 'tipc check' to see them all")
    }
}
