import Foundation
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// A client for tests: sends messages to a ``LanguageServer`` in the same
/// process and keeps what it sends back.
final class LanguageServerSession {
    let server = LanguageServer()
    private var nextID = 1
    /// Every notification the server sent, in order.
    private(set) var notifications: [JSON] = []
    /// The folders `folder(_:)` made, removed when the session goes.
    private var folders: [TemporaryDirectory] = []

    init(initialize: Bool = true) {
        if initialize {
            _ = request("initialize", ["capabilities": [:]])
            notify("initialized", [:])
        }
    }

    /// Sends a request; returns its response (the whole message, `result` or `error`).
    @discardableResult
    func request(_ method: String, _ params: JSON = [:]) -> JSON {
        let id = nextID
        nextID += 1
        let replies = server.handle(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        var response: JSON = .null
        for reply in replies {
            if reply["id"].intValue == id { response = reply } else { notifications.append(reply) }
        }
        return response
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSON = [:]) {
        notifications += server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Runs the scenarios of the compilations published so far, as the
    /// connection does once the editor is quiet, and keeps what the server
    /// publishes of them; how many compilations ran scenarios.
    @discardableResult
    func runScenarios() async -> Int {
        let jobs = server.takeScenarioJobs()
        for job in jobs { notifications += server.publish(await job.run(), of: job) }
        return jobs.count
    }

    /// The diagnostics last published for `uri`, or nil if none were.
    func diagnostics(_ uri: String) -> [JSON]? {
        for message in notifications.reversed()
        where message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"].stringValue == uri {
            return message["params"]["diagnostics"].arrayValue
        }
        return nil
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "tips", "version": .int(version), "text": .string(text),
                ]
            ])
    }

    /// An incremental change of one range.
    func change(_ uri: String, version: Int, from start: (Int, Int), to end: (Int, Int), text: String) {
        let range: JSON = [
            "start": ["line": .int(start.0), "character": .int(start.1)],
            "end": ["line": .int(end.0), "character": .int(end.1)],
        ]
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [["range": range, "text": .string(text)]],
            ])
    }

    /// A full change.
    func replace(_ uri: String, version: Int, text: String) {
        notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [["text": .string(text)]],
            ])
    }

    /// The params of a request at a position of a document.
    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]
    }

    /// The server's text of an open document.
    func text(_ uri: String) -> String? { server.workspace.documents[uri]?.text }

    /// A fresh folder holding `files`, and the URI of each. The folder stays
    /// as long as the session, so that the server finds the files on disk.
    func folder(_ files: [String: String]) throws -> (URL, [String: String]) {
        let folder = TemporaryDirectory("tipc-lsp")
        folders.append(folder)
        let directory = folder.url
        var uris: [String: String] = [:]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            uris[name] = Workspace.uri(of: url.path)
        }
        return (directory, uris)
    }
}
