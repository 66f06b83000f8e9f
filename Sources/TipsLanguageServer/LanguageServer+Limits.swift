import Foundation
import TipsCompiler
import TipsSyntax

// What keeps the server responsive and its memory bounded under any input:
// diagnostics published once for many edits, documents over a size left
// unchecked (and the user told), and malformed requests answered.

extension LanguageServer {
    /// The largest document the server checks (4 MiB). A larger open
    /// document gets one diagnostic and a message saying it is not checked,
    /// and a larger file on disk is left out of its neighbours' compilation.
    public static let maximumDocumentBytes = 4 << 20

    /// The most diagnostics published for one document; the rest are
    /// counted in one more at the place of the last shown. An editor shows no
    /// more usefully, and each costs the server as much memory as a line of text.
    static let maximumPublishedDiagnostics = 1_000

    /// The diagnostic that stands for `count` diagnostics not published, placed where `last` is.
    func moreDiagnostics(_ count: Int, after last: JSON?) -> JSON {
        [
            "range": last?["range"] ?? ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
            "severity": 3, "source": "tipc",
            "message": .string(
                "\(count) more diagnostics in this file are not shown; run 'tipc check' to see them all"),
        ]
    }

    /// Checks the compilations whose diagnostics ``publishPending()`` will
    /// send, keeping the results for it (and for requests) until a document
    /// changes. The connection calls this when no input is waiting, then
    /// publishes only if none arrived meanwhile: edits that arrive while a
    /// check runs are applied together and checked once.
    public func checkPending() {
        for uri in pendingDiagnostics.sorted() {
            guard let document = workspace.documents[uri], Self.tooLargeMessage(document) == nil else { continue }
            _ = analysis(of: uri)
        }
    }

    /// Forgets every analysis (a document changed), with the scenarios it
    /// was to run and the failures they had, freeing them on this thread:
    /// freed on another, they contend with the next check for the heap (see
    /// ``Analysis``'s options for the figures).
    func dropAnalyses() {
        analyses = [:]
        scenarioJobs = []
        scenarioJobsTaken = []
        scenarioResults = [:]
    }

    /// The diagnostics of every compilation an open document changed in
    /// since the last call, each for the documents' latest text.
    public func publishPending() -> [JSON] {
        var out: [JSON] = []
        var done = Set<String>()
        for uri in pendingDiagnostics.sorted() where !done.contains(uri) {
            guard let document = workspace.documents[uri] else { continue }
            if let message = Self.tooLargeMessage(document) {
                out += refuse(document, message)
                continue
            }
            refused.remove(uri)
            let analysis = analysis(of: uri)
            done.formUnion(analysis.allDocuments.map(\.uri))
            out += publish(analysis)
        }
        pendingDiagnostics.removeAll()
        return out
    }

    /// Why `document` is not checked, or nil when it is small enough.
    static func tooLargeMessage(_ document: TextDocument) -> String? {
        guard document.bytes.count > maximumDocumentBytes else { return nil }
        return "tipc lsp does not check this document: it is \(megabytes(document.bytes.count)), more than the "
            + "\(megabytes(maximumDocumentBytes)) it checks; run 'tipc check' on it instead"
    }

    /// A document too large to check: one diagnostic at its start, and the
    /// first time, a message the editor shows.
    private func refuse(_ document: TextDocument, _ message: String) -> [JSON] {
        published.insert(document.uri)
        let start: JSON = ["line": 0, "character": 0]
        let diagnostic: JSON = [
            "range": ["start": start, "end": start], "severity": 2, "source": "tipc", "message": .string(message),
        ]
        var out = [
            Self.notification(
                "textDocument/publishDiagnostics",
                ["uri": .string(document.uri), "version": .int(document.version), "diagnostics": [diagnostic]])
        ]
        if refused.insert(document.uri).inserted {
            out.append(Self.notification("window/showMessage", ["type": 2, "message": .string(message)]))
        }
        return out
    }

    /// What the server answers a frame the reader refused: a parse error
    /// for a body that is not JSON; for one over the size limit, an invalid
    /// request and a message the editor shows (its id is unknown, so no
    /// request can be answered by it).
    public static func response(to error: MessageFramingError) -> [JSON] {
        switch error.reason {
        case .notJSON:
            return [parseErrorResponse()]
        case .tooLarge(let length):
            let message =
                "tipc lsp skipped a message of \(megabytes(length)), more than the "
                + "\(megabytes(MessageReader.maximumMessageBytes)) it reads"
            return [
                errorResponse(id: .null, ResponseError(code: ResponseError.invalidRequest, message: message)),
                notification("window/showMessage", ["type": 1, "message": .string(message)]),
            ]
        }
    }

    /// The answer to a message that is not a request, a notification or a
    /// response (JSON-RPC's Invalid Request, with the message's id when it
    /// has a usable one); nil for any of those three.
    static func invalidRequestResponse(_ message: JSON) -> [JSON]? {
        guard case .object(let members) = message else {
            return [
                errorResponse(id: .null, ResponseError(code: ResponseError.invalidRequest, message: "not a request"))
            ]
        }
        let id = members["id"] ?? .null
        let usableID: Bool
        switch id {
        case .null, .number, .string: usableID = true
        default: usableID = false
        }
        // A response to a request of the server's (it sends none): nothing to answer.
        if members["method"] == nil, members["result"] != nil || members["error"] != nil { return nil }
        if usableID, message["method"].stringValue != nil { return nil }
        let reason = usableID ? "a request needs a string 'method'" : "a request's 'id' is a number or a string"
        return [
            errorResponse(
                id: usableID ? id : .null, ResponseError(code: ResponseError.invalidRequest, message: reason))
        ]
    }

    /// A size in bytes as people read it: `8 MiB`, `20.5 MiB`, `512 bytes`.
    static func megabytes(_ bytes: Int) -> String {
        guard bytes >= 1 << 20 else { return "\(bytes) bytes" }
        let value = Double(bytes) / Double(1 << 20)
        return value.rounded() == value ? "\(Int(value)) MiB" : String(format: "%.1f MiB", value)
    }
}
