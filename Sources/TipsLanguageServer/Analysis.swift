import TipsCompiler
import TipsSyntax

// One compilation as the server sees it: the documents and the compiler's
// result: its diagnostics, its checked program, and its symbol table, which
// every request about names reads.

/// A compiled set of documents.
final class Analysis: Sendable {
    /// The documents, in compilation order; file `i` of the result is document `i`.
    let documents: [TextDocument]
    /// The compilation's `tipc.lock`, if it has one: the result's file after the documents.
    let lockDocument: TextDocument?
    /// The compilation's String Catalog (`Tips.xcstrings`), if it has one: the result's file after the lock.
    let catalogDocument: TextDocument?
    /// The lock as read (nil when there is none, or it is damaged).
    let lock: LockFile?
    /// What the compiler reported and built.
    let result: CompilationResult
    /// The result's diagnostics, per document.
    let diagnostics: DocumentDiagnostics

    /// Compiles `documents` with their lock and catalog; the lock's errors
    /// name `lockUpdateCommand` as the way to accept a change.
    init(
        documents: [TextDocument], lock: TextDocument? = nil, catalog: TextDocument? = nil,
        lockUpdateCommand: String = LockFile.updateCommand
    ) {
        self.documents = documents
        self.lockDocument = lock
        self.catalogDocument = catalog
        let input = { (document: TextDocument) in
            CompilationInput(path: Workspace.path(of: document.uri) ?? document.uri, bytes: document.bytes)
        }
        // One job, and the previous analysis freed on this thread too (see
        // `dropAnalyses`): threads working at the same time share the syntax,
        // the tables and the heap, and on two cores an edit of 1,000 tips took
        // 19.7–21.8 ms and 28–31 ms of CPU time, against 17.2–18.9 ms and
        // 17–19 ms so (`tipc-bench --only editor`, load average 0.9).
        // A lock or a catalog with no `.tips` file beside it is not tipc's (an
        // app may have its own `Tips.xcstrings`): it is not checked.
        let checksCompanions = !documents.isEmpty
        var options = CompilationOptions(
            emitsCode: false, jobs: 1, lock: checksCompanions ? lock.map(input) : nil,
            strings: checksCompanions ? catalog.map(input) : nil)
        options.lockUpdateCommand = lockUpdateCommand
        let result = Compilation(inputs: documents.map(input), options: options).run()
        self.result = result
        var ignored = DiagnosticEngine()
        self.lock =
            lock != nil && result.sources.files.count > documents.count
            ? LockFile.read(result.sources[FileID(Int32(documents.count))], diagnostics: &ignored) : nil
        var diagnostics = DocumentDiagnostics()
        result.report(to: &diagnostics)
        self.diagnostics = diagnostics
    }

    /// Every declaration and every use of a name, as the checker resolved them.
    var symbols: SymbolTable { result.symbols }

    /// The file id of a document, if it is in this compilation: a `.tips` document, the lock or the catalog.
    func fileID(of uri: String) -> FileID? {
        allDocuments.firstIndex { $0.uri == uri }.map { FileID(Int32($0)) }
    }

    /// Every document the compilation read: the `.tips` documents, then the lock and the catalog.
    var allDocuments: [TextDocument] { documents + companionDocuments }

    /// The files the compilation reads besides the documents, in the order of their file ids.
    var companionDocuments: [TextDocument] { [lockDocument, catalogDocument].compactMap { $0 } }

    /// The document of a file id: a `.tips` document, the lock or the catalog.
    func document(_ file: FileID) -> TextDocument? {
        let index = Int(file.rawValue)
        if documents.indices.contains(index) { return documents[index] }
        let companions = companionDocuments
        return companions.indices.contains(index - documents.count) ? companions[index - documents.count] : nil
    }

    /// The source file of a file id.
    func source(_ file: FileID) -> SourceFile { result.sources[file] }

    /// The text of a range, as written.
    func text(_ range: SourceRange) -> String { source(range.file).text(in: range) }

    /// An LSP location for a source range.
    func location(_ range: SourceRange) -> JSON? {
        locations([range]).first.map(Self.json)
    }

    /// A location as the protocol writes it.
    static func json(_ location: (uri: String, range: LSPRange)) -> JSON {
        ["uri": .string(location.uri), "range": location.range.json]
    }

    /// The LSP locations of `ranges` (those in a document), in order: each
    /// document's counted by one ``PositionCounter``, so that many ranges
    /// on one line take one scan of it.
    func locations(_ ranges: [SourceRange]) -> [(uri: String, range: LSPRange)] {
        var counters: [FileID: PositionCounter] = [:]
        return ranges.compactMap { range in
            guard let document = document(range.file) else { return nil }
            return (document.uri, counters[range.file, default: PositionCounter()].range(range, in: document))
        }
    }
}

/// The server's diagnostic collector: each document's diagnostics, in order,
/// for `textDocument/publishDiagnostics` and code actions.
struct DocumentDiagnostics: DiagnosticCollector {
    private(set) var byFile: [FileID: [Diagnostic]] = [:]

    mutating func collect(_ diagnostics: [Diagnostic], in sources: SourceManager) {
        for diagnostic in diagnostics { byFile[diagnostic.range.file, default: []].append(diagnostic) }
    }
}
