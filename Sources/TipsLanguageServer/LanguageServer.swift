import TipsCompiler
import TipsSyntax

// The language server: takes one JSON-RPC message at a time and returns the
// messages to send back (the response, and any notifications such as
// diagnostics). It never reads or writes a stream itself, so tests drive it
// message by message; `LanguageServerCommand` connects it to stdin/stdout.

/// An error answer to a request.
struct ResponseError: Error {
    var code: Int
    var message: String

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803

    static func noDocument(_ uri: String) -> ResponseError {
        ResponseError(code: invalidParams, message: "no such document: \(uri)")
    }
}

/// A Language Server Protocol 3.17 server for `.tips` files.
public final class LanguageServer {
    /// Whether the client sent `exit`.
    public private(set) var isFinished = false
    /// The process's exit status after `exit`: 0 when `shutdown` came first, 1 otherwise.
    public private(set) var exitCode: Int32 = 1

    var workspace = Workspace()
    var initialized = false
    var shutdownRequested = false
    /// The documents whose last published diagnostics were not empty.
    var published: Set<String> = []
    /// The latest analysis of each document, dropped when any document changes.
    var analyses: [String: Analysis] = [:]
    /// The folders the client opened (for workspace symbols beyond the open documents).
    var workspaceFolders: [String] = []
    /// The open documents changed since their diagnostics were last published.
    var pendingDiagnostics: Set<String> = []
    /// The open documents too large to check, whose user was told so.
    var refused: Set<String> = []
    /// The compilations published whose scenarios have not run yet.
    var scenarioJobs: [ScenarioJob] = []
    /// The compilations whose scenarios were handed out to run and have not
    /// been published: a publication meanwhile must not queue them again.
    var scenarioJobsTaken: Set<ObjectIdentifier> = []
    /// The failed scenario steps of each compilation whose scenarios ran, by
    /// its analysis; dropped with the analyses when a document changes.
    var scenarioResults: [ObjectIdentifier: ScenarioResults] = [:]

    /// Creates a server waiting for `initialize`.
    public init() {}

    /// Handles one message and publishes the diagnostics it calls for;
    /// returns what to send back, in order.
    public func handle(_ message: JSON) -> [JSON] {
        receive(message) + publishPending()
    }

    /// Handles one message; returns what to send back, in order. The
    /// diagnostics of a changed document wait for ``publishPending()``,
    /// except that a request first publishes them, so that the client never
    /// sees an answer newer than the diagnostics it shows.
    public func receive(_ message: JSON) -> [JSON] {
        if let invalid = Self.invalidRequestResponse(message) { return invalid }
        guard let method = message["method"].stringValue else { return [] }
        let id = message["id"]
        let params = message["params"]
        let isRequest = !id.isNull
        if method == "exit" {
            isFinished = true
            exitCode = shutdownRequested ? 0 : 1
            return []
        }
        do {
            if !initialized && method != "initialize" {
                guard isRequest else { return [] }
                throw ResponseError(code: ResponseError.serverNotInitialized, message: "the server is not initialized")
            }
            if shutdownRequested && isRequest {
                throw ResponseError(code: ResponseError.invalidRequest, message: "the server is shutting down")
            }
            if isRequest {
                let diagnostics = publishPending()
                var out: [JSON] = []
                let result = try request(method, params, notifications: &out)
                return diagnostics + [["jsonrpc": "2.0", "id": id, "result": result]] + out
            }
            return notification(method, params)
        } catch let error as ResponseError {
            return isRequest ? [Self.errorResponse(id: id, error)] : []
        } catch {
            return isRequest
                ? [Self.errorResponse(id: id, ResponseError(code: ResponseError.requestFailed, message: "\(error)"))]
                : []
        }
    }

    /// The answer to a frame that is not JSON.
    public static func parseErrorResponse() -> JSON {
        errorResponse(id: .null, ResponseError(code: ResponseError.parseError, message: "the message is not JSON"))
    }

    static func errorResponse(id: JSON, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(error.code), "message": .string(error.message)]]
    }

    static func notification(_ method: String, _ params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    // MARK: - Dispatch

    func request(_ method: String, _ params: JSON, notifications: inout [JSON]) throws -> JSON {
        switch method {
        case "initialize":
            initialized = true
            var folders = (params["workspaceFolders"].arrayValue ?? []).compactMap { $0["uri"].stringValue }
            if folders.isEmpty, let root = params["rootUri"].stringValue { folders = [root] }
            workspaceFolders = folders.compactMap(Workspace.path(of:))
            return initializeResult
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/documentHighlight": return try documentHighlights(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return workspaceSymbols(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        default:
            throw ResponseError(code: ResponseError.methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    func notification(_ method: String, _ params: JSON) -> [JSON] {
        switch method {
        case "textDocument/didOpen":
            let item = params["textDocument"]
            guard let uri = item["uri"].stringValue, let text = item["text"].stringValue else { return [] }
            workspace.documents[uri] = TextDocument(uri: uri, version: item["version"].intValue ?? 0, text: text)
            return changed(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]["uri"].stringValue, workspace.documents[uri] != nil else {
                return []
            }
            // Edited in place: no other copy may share the text's storage (an
            // analysis still being released shares it once, and the edit copies it).
            dropAnalyses()
            guard var document = workspace.documents.removeValue(forKey: uri) else { return [] }
            for change in params["contentChanges"].arrayValue ?? [] {
                guard let text = change["text"].stringValue else { continue }
                if let range = LSPRange(change["range"]) {
                    document.replace(from: range.start, to: range.end, with: text)
                } else {
                    document.replaceAll(with: text)
                }
            }
            document.version = params["textDocument"]["version"].intValue ?? document.version + 1
            workspace.documents[uri] = document
            return changed(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]["uri"].stringValue,
                workspace.documents.removeValue(forKey: uri) != nil
            else { return [] }
            return changed(uri, closing: true)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            // Files on disk may have changed: check every open document again.
            dropAnalyses()
            var out: [JSON] = []
            var done = Set<String>()
            for uri in workspace.documents.keys.sorted() where !done.contains(uri) {
                let analysis = analysis(of: uri)
                done.formUnion(analysis.allDocuments.map(\.uri))
                out += publish(analysis)
            }
            return out
        default:
            return []
        }
    }

    var initializeResult: JSON {
        [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "documentHighlightProvider": true,
                "documentSymbolProvider": true,
                "workspaceSymbolProvider": true,
                "documentFormattingProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "completionProvider": ["triggerCharacters": ["."]],
                "renameProvider": ["prepareProvider": true],
            ],
            "serverInfo": ["name": "tipc", "version": .string(TipcVersion.current)],
        ]
    }

    // MARK: - Documents and analyses

    /// After a document changed: its compilation's diagnostics are due
    /// (published by ``publishPending()``), or, when it was closed, sent now.
    func changed(_ uri: String, closing: Bool = false) -> [JSON] {
        dropAnalyses()
        guard !closing else {
            pendingDiagnostics.remove(uri)
            refused.remove(uri)
            // Closed: what is on disk counts again; nothing open left in it, nothing shown.
            let analysis = analysis(of: uri)
            if analysis.allDocuments.contains(where: { workspace.documents[$0.uri] != nil }) {
                return publish(analysis)
            }
            return analysis.allDocuments.compactMap { document in
                guard published.remove(document.uri) != nil || document.uri == uri else { return nil }
                return Self.notification(
                    "textDocument/publishDiagnostics", ["uri": .string(document.uri), "diagnostics": []])
            }
        }
        pendingDiagnostics.insert(uri)
        return []
    }

    /// The current analysis of a document's compilation.
    func analysis(of uri: String) -> Analysis {
        if let cached = analyses[uri] { return cached }
        let analysis = workspace.analyze(uri)
        for document in analysis.allDocuments { analyses[document.uri] = analysis }
        return analysis
    }

    /// The analysis and file of a document a request names; an error when it does not exist.
    func target(_ params: JSON) throws -> (Analysis, FileID, TextDocument) {
        guard let uri = params["textDocument"]["uri"].stringValue else {
            throw ResponseError(code: ResponseError.invalidParams, message: "the request names no document")
        }
        guard let document = workspace.document(uri) else { throw ResponseError.noDocument(uri) }
        if let tooLarge = Self.tooLargeMessage(document) {
            throw ResponseError(code: ResponseError.requestFailed, message: tooLarge)
        }
        let analysis = analysis(of: uri)
        guard let file = analysis.fileID(of: uri), let document = analysis.document(file) else {
            throw ResponseError.noDocument(uri)
        }
        return (analysis, file, document)
    }

    /// The byte offset of a request's `position`.
    func offset(_ params: JSON, in document: TextDocument) throws -> UInt32 {
        guard let position = LSPPosition(params["position"]) else {
            throw ResponseError(code: ResponseError.invalidParams, message: "the request has no position")
        }
        return UInt32(document.offset(of: position))
    }
}
