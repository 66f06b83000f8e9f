import Foundation
import TipsCompiler
import TipsFormat
import TipsSyntax

// Diagnostics for every file of a compilation, their fixes as code actions,
// and formatting (the same as `tipc format`).

extension LanguageServer {
    /// `textDocument/publishDiagnostics` for every document of the compilation
    /// that has diagnostics, or had some last time (an empty list clears them):
    /// the compiler's, then its scenarios' failed steps once they ran.
    func publish(_ analysis: Analysis) -> [JSON] {
        var out: [JSON] = []
        let scenarioDiagnostics = scenarioDiagnostics(of: analysis)
        // The lock's own problems (a damaged line) and the catalog's (a translation's slots) show on them.
        for (index, document) in analysis.allDocuments.enumerated() {
            let file = FileID(Int32(index))
            let diagnostics = analysis.diagnostics.byFile[file] ?? []
            let failedSteps = scenarioDiagnostics[document.uri] ?? []
            let count = diagnostics.count + failedSteps.count
            let wasPublished = published.contains(document.uri)
            let isOpen = workspace.documents[document.uri] != nil
            guard count > 0 || wasPublished || isOpen else { continue }
            if count == 0 {
                published.remove(document.uri)
            } else {
                published.insert(document.uri)
            }
            // One counter for the document's diagnostics, which come in the order of their ranges.
            var counter = PositionCounter()
            var shown = diagnostics.prefix(Self.maximumPublishedDiagnostics).map {
                lspDiagnostic($0, in: analysis, counting: &counter)
            }
            shown += failedSteps.prefix(Self.maximumPublishedDiagnostics - shown.count)
            if count > Self.maximumPublishedDiagnostics {
                shown.append(moreDiagnostics(count - shown.count, after: shown.last))
            }
            var params: JSON = ["uri": .string(document.uri), "diagnostics": .array(shown)]
            if isOpen, case .object(var members) = params {
                members["version"] = .int(document.version)
                params = .object(members)
            }
            out.append(Self.notification("textDocument/publishDiagnostics", params))
        }
        return out
    }

    /// A compiler diagnostic as an LSP one: notes with a place become related
    /// information. `counter` counts the positions of its range in its document.
    func lspDiagnostic(_ diagnostic: Diagnostic, in analysis: Analysis, counting counter: inout PositionCounter) -> JSON
    {
        let severity: Int =
            switch diagnostic.severity {
            case .error: 1
            case .warning: 2
            case .note: 3
            }
        var message = diagnostic.message
        var related: [JSON] = []
        for note in diagnostic.notes {
            if let range = note.range, let location = analysis.location(range) {
                related.append(["location": location, "message": .string(note.message)])
            } else {
                message += "\nnote: " + note.message
            }
        }
        let range =
            analysis.document(diagnostic.range.file).map { counter.range(diagnostic.range, in: $0).json } ?? .null
        var members: [String: JSON] = [
            "range": range, "severity": .int(severity), "source": "tipc", "message": .string(message),
        ]
        if !related.isEmpty { members["relatedInformation"] = .array(related) }
        return .object(members)
    }

    // MARK: - Code actions

    func codeActions(_ params: JSON) throws -> JSON {
        let (analysis, file, document) = try target(params)
        guard let range = LSPRange(params["range"]) else {
            throw ResponseError(code: ResponseError.invalidParams, message: "the request has no range")
        }
        let lower = UInt32(document.offset(of: range.start))
        let upper = UInt32(document.offset(of: range.end))
        var actions: [JSON] = []
        for diagnostic in analysis.diagnostics.byFile[file] ?? [] {
            // The diagnostics touching the requested range (a cursor is an empty range).
            guard diagnostic.range.start <= max(lower, upper), diagnostic.range.end >= min(lower, upper) else {
                continue
            }
            // The fixes the site that reported the diagnostic attached: one source, never read from the wording.
            let fixes = diagnostic.fixIts
            var counter = PositionCounter()
            for fix in fixes {
                actions.append([
                    "title": .string(Self.title(of: fix, in: analysis.source(file))),
                    "kind": "quickfix",
                    "isPreferred": .bool(fixes.count == 1),
                    "diagnostics": [lspDiagnostic(diagnostic, in: analysis, counting: &counter)],
                    "edit": ["changes": changes(for: fix, in: analysis, document)],
                ])
            }
        }
        return .array(actions)
    }

    /// What a code action applying `fix` is called: its own title, or what
    /// it removes, replaces, or (at an empty range) adds, without the
    /// spacing around it.
    static func title(of fix: FixIt, in source: SourceFile) -> String {
        if let title = fix.title { return title }
        if fix.range.start == fix.range.end {
            let added = fix.replacement.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n;,"))
            return "Add '\(added)'"
        }
        let replaced = source.text(in: fix.range)
        return fix.replacement.isEmpty ? "Remove '\(replaced)'" : "Replace '\(replaced)' with '\(fix.replacement)'"
    }

    /// The edits that apply `fix`: at a declared name (a rename the compiler
    /// suggests), the same rename wherever the name is used, so that the fix
    /// leaves no reference behind; elsewhere, the one replacement.
    func changes(for fix: FixIt, in analysis: Analysis, _ document: TextDocument) -> JSON {
        let single: JSON = [
            document.uri: [["range": document.range(fix.range).json, "newText": .string(fix.replacement)]]
        ]
        guard let (symbol, range) = analysis.symbols.symbol(at: fix.range.start, in: fix.range.file),
            range == fix.range, analysis.symbols.declaration(of: symbol)?.nameRange == fix.range,
            Self.isIdentifier(fix.replacement), analysis.clash(renaming: symbol, to: fix.replacement) == nil
        else { return single }
        return renameChanges(of: symbol, to: fix.replacement, in: analysis)
    }

    // MARK: - Formatting

    func formatting(_ params: JSON) throws -> JSON {
        let (_, _, document) = try target(params)
        // A lock or a catalog has its own layout, which tipc writes: nothing to format as `.tips`.
        guard !Workspace.isCompanion(document.uri) else { return [] }
        let result = TipsFormatter.format(text: document.text, path: Workspace.path(of: document.uri) ?? "input.tips")
        // A file with syntax errors is not formatted: no edits (its errors are already shown).
        guard let text = result.text, Array(text.utf8) != document.bytes else { return [] }
        let whole = LSPRange(
            start: LSPPosition(line: 0, character: 0), end: document.position(of: document.bytes.count))
        return [["range": whole.json, "newText": .string(text)]]
    }
}
