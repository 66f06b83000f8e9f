import Foundation
import TipsCompiler
import TipsSyntax

// Hover, go to definition, references, symbols and rename, over the index of
// names (`SymbolIndex.swift`).

extension LanguageServer {
    /// The name under the request's position, or nil.
    func symbolAtPosition(_ params: JSON) throws -> (Analysis, SymbolKey, SourceRange)? {
        let (analysis, file, document) = try target(params)
        let offset = try offset(params, in: document)
        guard let (key, range) = analysis.index.symbol(at: offset, in: file) else { return nil }
        return (analysis, key, range)
    }

    // MARK: - Hover

    func hover(_ params: JSON) throws -> JSON {
        let (analysis, file, document) = try target(params)
        let offset = try offset(params, in: document)
        if let (key, range) = analysis.index.symbol(at: offset, in: file),
            let definition = analysis.index.definitions[key]
        {
            var text = "```tips\n\(definition.detail)\n```\n\(definition.kind.description)"
            if !definition.doc.isEmpty { text += "\n\n" + definition.doc.joined(separator: "\n") }
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let (text, range) = renameHover(at: offset, in: file, of: analysis) {
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let rule = rule(at: offset, in: file, of: analysis) {
            // As written, then as the compiler reads it (durations in seconds, `E.count` as a query, nesting explicit).
            let text =
                "```tips\nrule \(rule.source)\n```\nThe tip is eligible only while this holds "
                + "(every rule of a tip must hold). Read as:\n```tips\n\(rule.expression.tipsText)\n```"
            return [
                "contents": ["kind": "markdown", "value": .string(text)], "range": document.range(rule.range).json,
            ]
        }
        return .null
    }

    /// The checked rule whose expression contains `offset`.
    func rule(at offset: UInt32, in file: FileID, of analysis: Analysis) -> CheckedRule? {
        guard let program = analysis.result.program else { return nil }
        for checked in program.files where checked.id == file {
            for case .tip(let tip) in checked.declarations {
                for rule in tip.rules where rule.range.start <= offset && offset <= rule.range.end {
                    return rule
                }
            }
        }
        return nil
    }

    // MARK: - Definition and references

    func definition(_ params: JSON) throws -> JSON {
        guard let (analysis, key, _) = try symbolAtPosition(params),
            let definition = analysis.index.definitions[key]
        else { return .null }
        return analysis.location(definition.range) ?? .null
    }

    func references(_ params: JSON) throws -> JSON {
        guard let (analysis, key, _) = try symbolAtPosition(params) else { return [] }
        let includesDeclaration = params["context"]["includeDeclaration"].boolValue ?? true
        var ranges = analysis.index.ranges(of: key)
        if !includesDeclaration, let definition = analysis.index.definitions[key] {
            ranges.removeAll { $0 == definition.range }
        }
        return .array(ranges.compactMap { analysis.location($0) })
    }

    // MARK: - Symbols

    func documentSymbols(_ params: JSON) throws -> JSON {
        let (analysis, file, document) = try target(params)
        let index = analysis.index
        var symbols: [JSON] = []
        for key in index.ordered {
            guard let definition = index.definitions[key], definition.range.file == file else { continue }
            guard case .global(let owner) = key else { continue }
            var children: [JSON] = []
            for childKey in index.ordered {
                switch childKey {
                case .enumCase(owner, _), .field(owner, _), .argument(owner, _):
                    if let child = index.definitions[childKey] {
                        children.append(documentSymbol(child, in: document))
                    }
                default: continue
                }
            }
            var symbol = documentSymbol(definition, in: document)
            if case .object(var members) = symbol, !children.isEmpty {
                members["children"] = .array(children)
                symbol = .object(members)
            }
            symbols.append(symbol)
        }
        return .array(symbols)
    }

    func documentSymbol(_ definition: SymbolDefinition, in document: TextDocument) -> JSON {
        [
            "name": .string(definition.key.name), "detail": .string(definition.detail),
            "kind": .int(definition.kind.lspKind), "range": document.range(definition.fullRange).json,
            "selectionRange": document.range(definition.range).json,
        ]
    }

    func workspaceSymbols(_ params: JSON) -> JSON {
        let query = (params["query"].stringValue ?? "").lowercased()
        var symbols: [JSON] = []
        var seen = Set<String>()
        // The open documents' compilations, then those of the other .tips files of the workspace's folders.
        var uris = workspace.documents.keys.sorted()
        for folder in workspaceFolders {
            uris += Workspace.tipsFiles(in: folder, recursive: true).prefix(5_000).sorted().map(Workspace.uri(of:))
        }
        for uri in uris where !seen.contains(uri) {
            let analysis = analysis(of: uri)
            seen.formUnion(analysis.documents.map(\.uri))
            for key in analysis.index.ordered {
                guard case .global(let name) = key, query.isEmpty || name.lowercased().contains(query),
                    let definition = analysis.index.definitions[key], let location = analysis.location(definition.range)
                else { continue }
                symbols.append([
                    "name": .string(name), "kind": .int(definition.kind.lspKind), "location": location,
                ])
            }
        }
        return .array(symbols)
    }

    // MARK: - Rename

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (analysis, key, range) = try symbolAtPosition(params), let document = analysis.document(range.file)
        else { return .null }
        return ["range": document.range(range).json, "placeholder": .string(key.name)]
    }

    func rename(_ params: JSON) throws -> JSON {
        let symbol = try symbolAtPosition(params)
        guard let newName = params["newName"].stringValue else {
            throw ResponseError(code: ResponseError.invalidParams, message: "the request has no new name")
        }
        guard let (analysis, key, _) = symbol else {
            throw ResponseError(code: ResponseError.requestFailed, message: "there is no name to rename here")
        }
        guard Self.isIdentifier(newName) else {
            throw ResponseError(code: ResponseError.requestFailed, message: "'\(newName)' is not a valid name")
        }
        if newName == key.name { return ["changes": [:]] }
        if let clash = analysis.index.clashes(renaming: key, to: newName) {
            let place = analysis.document(clash.range.file).map {
                " (\(Workspace.path(of: $0.uri).map { ($0 as NSString).lastPathComponent } ?? $0.uri):"
                    + "\($0.position(of: Int(clash.range.start)).line + 1))"
            }
            throw ResponseError(
                code: ResponseError.requestFailed,
                message: "cannot rename to '\(newName)': \(clash.kind.description) '\(newName)' already exists"
                    + (place ?? ""))
        }
        var changes = renameChanges(of: key, to: newName, in: analysis)
        // A locked identity keeps its users' state: the renamed declaration says where it was.
        if let (uri, edit) = renamedFromEdit(for: key, in: analysis), case .object(var byDocument) = changes {
            byDocument[uri] = .array((byDocument[uri]?.arrayValue ?? []) + [edit])
            changes = .object(byDocument)
        }
        return ["changes": changes]
    }

    /// Every use of `key` (its declaration too) renamed to `newName`, by document.
    func renameChanges(of key: SymbolKey, to newName: String, in analysis: Analysis) -> JSON {
        var changes: [String: JSON] = [:]
        for range in analysis.index.ranges(of: key) {
            guard let document = analysis.document(range.file) else { continue }
            var edits = changes[document.uri]?.arrayValue ?? []
            edits.append(["range": document.range(range).json, "newText": .string(newName)])
            changes[document.uri] = .array(edits)
        }
        return .object(changes)
    }

    /// Whether `text` is exactly one name (not `true` or `false`).
    static func isIdentifier(_ text: String) -> Bool {
        var diagnostics = DiagnosticEngine()
        let file = SourceFile(id: FileID(0), path: "name", bytes: Array(text.utf8))
        let tokens = Lexer.tokenize(file, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors, tokens.count == 2, tokens[0].kind == .identifier,
            tokens[0].range.start == 0, Int(tokens[0].range.end) == file.bytes.count
        else { return false }
        return tokens[0].keyword != .true && tokens[0].keyword != .false
    }
}
