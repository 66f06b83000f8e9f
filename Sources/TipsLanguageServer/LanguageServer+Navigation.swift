import Foundation
import TipsCompiler
import TipsSyntax

// Hover, go to definition, references, symbols and rename: each reads what
// the checker resolved (`Analysis.symbols`), and none resolves a name itself.

extension LanguageServer {
    /// The name under the request's position, or nil.
    func symbolAtPosition(_ params: JSON) throws -> (Analysis, Symbol, SourceRange)? {
        let (analysis, file, document) = try target(params)
        let offset = try offset(params, in: document)
        guard let (symbol, range) = analysis.symbols.symbol(at: offset, in: file) else { return nil }
        return (analysis, symbol, range)
    }

    // MARK: - Hover

    func hover(_ params: JSON) throws -> JSON {
        let (analysis, file, document) = try target(params)
        let offset = try offset(params, in: document)
        if let (text, range) = attentionHover(at: offset, in: file, of: analysis) {
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let (symbol, range) = analysis.symbols.symbol(at: offset, in: file),
            let declaration = analysis.symbols.declaration(of: symbol)
        {
            var text = "```tips\n\(analysis.detail(declaration))\n```\n\(symbol.kindDescription)"
            if !declaration.doc.isEmpty { text += "\n\n" + declaration.doc.joined(separator: "\n") }
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let (text, range) = renameHover(at: offset, in: file, of: analysis) {
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let (text, range) = copyHover(at: offset, in: file, of: analysis) {
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        if let (rule, range) = rule(at: offset, in: file, of: analysis) {
            let text = Self.ruleHover(rule)
            return ["contents": ["kind": "markdown", "value": .string(text)], "range": document.range(range).json]
        }
        return .null
    }

    /// A rule as written, in words, then as the compiler reads it
    /// (durations in seconds, `E.count` as a query, nesting explicit).
    static func ruleHover(_ rule: CheckedRule) -> String {
        "```tips\nrule \(rule.source)\n```\nThe tip is eligible only while \(rule.expression.words) "
            + "(every rule of a tip must hold). Read as:\n```tips\n\(rule.expression.tipsText)\n```"
    }

    /// The checked rule whose expression contains `offset`.
    func rule(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (CheckedRule, SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        for checked in program.files where checked.id == file {
            for case .tip(let tip) in checked.declarations {
                for rule in tip.rules where rule.range.start <= offset && offset <= rule.range.end {
                    return (rule, rule.range)
                }
            }
        }
        // The `rule` keyword.
        guard let item = tipItem(at: offset, in: file, of: analysis), item.keyword == .rule,
            item.tip.rules.indices.contains(item.index)
        else { return nil }
        return (item.tip.rules[item.index], item.range)
    }

    // MARK: - Definition and references

    func definition(_ params: JSON) throws -> JSON {
        guard let (analysis, symbol, _) = try symbolAtPosition(params),
            let declaration = analysis.symbols.declaration(of: symbol)
        else {
            let (analysis, file, document) = try target(params)
            return copyDefinition(at: try offset(params, in: document), in: file, of: analysis) ?? .null
        }
        return analysis.location(declaration.nameRange) ?? .null
    }

    func references(_ params: JSON) throws -> JSON {
        guard let (analysis, symbol, _) = try symbolAtPosition(params) else { return [] }
        let includesDeclaration = params["context"]["includeDeclaration"].boolValue ?? true
        var ranges = analysis.symbols.references(to: symbol)
        if !includesDeclaration, let declaration = analysis.symbols.declaration(of: symbol) {
            ranges.removeAll { $0 == declaration.nameRange }
        }
        return .array(analysis.locations(ranges).map(Analysis.json))
    }

    /// The name under the cursor wherever this document writes it, for an
    /// editor to mark: its declaration as written (LSP's `Write`, 3), its
    /// uses as read (`Read`, 2). The same places as ``references(_:)``, this
    /// document's only; nothing where the cursor is on no name.
    func documentHighlights(_ params: JSON) throws -> JSON {
        guard let (analysis, symbol, at) = try symbolAtPosition(params), analysis.document(at.file) != nil else {
            return []
        }
        let declaration = analysis.symbols.declaration(of: symbol)?.nameRange
        let ranges = analysis.symbols.references(to: symbol).filter { $0.file == at.file }
        let highlights: [JSON] = zip(ranges, analysis.locations(ranges)).map { range, location in
            ["range": location.range.json, "kind": .int(range == declaration ? 3 : 2)]
        }
        return .array(highlights)
    }

    // MARK: - Symbols

    func documentSymbols(_ params: JSON) throws -> JSON {
        let (analysis, file, document) = try target(params)
        var symbols: [JSON] = []
        for declaration in analysis.symbols.declarations
        where declaration.nameRange.file == file && declaration.symbol.isReferableDeclaration {
            let children = analysis.symbols.members(of: declaration.symbol).filter(\.symbol.isReferable).map {
                documentSymbol($0, in: document, of: analysis)
            }
            var symbol = documentSymbol(declaration, in: document, of: analysis)
            if case .object(var members) = symbol, !children.isEmpty {
                members["children"] = .array(children)
                symbol = .object(members)
            }
            symbols.append(symbol)
        }
        return .array(symbols)
    }

    func documentSymbol(_ declaration: SymbolDeclaration, in document: TextDocument, of analysis: Analysis) -> JSON {
        [
            "name": .string(declaration.symbol.name), "detail": .string(analysis.detail(declaration)),
            "kind": .int(declaration.symbol.lspKind), "range": document.range(declaration.range).json,
            "selectionRange": document.range(declaration.nameRange).json,
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
            seen.formUnion(analysis.allDocuments.map(\.uri))
            for declaration in analysis.symbols.declarations where declaration.symbol.isReferableDeclaration {
                let name = declaration.symbol.name
                guard query.isEmpty || name.lowercased().contains(query),
                    let location = analysis.location(declaration.nameRange)
                else { continue }
                symbols.append(["name": .string(name), "kind": .int(declaration.symbol.lspKind), "location": location])
            }
        }
        return .array(symbols)
    }

    // MARK: - Rename

    func prepareRename(_ params: JSON) throws -> JSON {
        guard let (analysis, symbol, range) = try symbolAtPosition(params), Self.refusesRename(symbol) == nil,
            let document = analysis.document(range.file)
        else { return .null }
        return ["range": document.range(range).json, "placeholder": .string(symbol.name)]
    }

    func rename(_ params: JSON) throws -> JSON {
        let found = try symbolAtPosition(params)
        guard let newName = params["newName"].stringValue else {
            throw ResponseError(code: ResponseError.invalidParams, message: "the request has no new name")
        }
        guard let (analysis, symbol, _) = found else {
            throw ResponseError(code: ResponseError.requestFailed, message: "there is no name to rename here")
        }
        if let reason = Self.refusesRename(symbol) {
            throw ResponseError(code: ResponseError.requestFailed, message: reason)
        }
        guard Self.isIdentifier(newName) else {
            throw ResponseError(code: ResponseError.requestFailed, message: "'\(newName)' is not a valid name")
        }
        if newName == symbol.name { return ["changes": [:]] }
        if let clash = analysis.clash(renaming: symbol, to: newName) {
            let place = analysis.document(clash.nameRange.file).map {
                " (\(Workspace.path(of: $0.uri).map { ($0 as NSString).lastPathComponent } ?? $0.uri):"
                    + "\($0.position(of: Int(clash.nameRange.start)).line + 1))"
            }
            throw ResponseError(
                code: ResponseError.requestFailed,
                message: "cannot rename to '\(newName)': \(clash.symbol.kindDescription) '\(newName)' already exists"
                    + (place ?? ""))
        }
        var changes = renameChanges(of: symbol, to: newName, in: analysis)
        // A locked identity keeps its users' state: the renamed declaration says where it was.
        if let (uri, edit) = renamedFromEdit(for: symbol, in: analysis), case .object(var byDocument) = changes {
            byDocument[uri] = .array((byDocument[uri]?.arrayValue ?? []) + [edit])
            changes = .object(byDocument)
        }
        return ["changes": changes]
    }

    /// Why `symbol` is not renamed with the others, if it is not: an
    /// action's name (a scenario's `expect T action name` refers to it) is
    /// the id the app's action handlers compare and part of its strings'
    /// keys in a String Catalog, which a rename here would leave behind.
    static func refusesRename(_ symbol: Symbol) -> String? {
        guard case .action(let name, let tip) = symbol else { return nil }
        return "'\(name)' is the id of an action of tip '\(tip)': the app's action handlers compare it and the "
            + "String Catalog's key \(tip).action.\(name) holds its translations; rename it by hand, there too"
    }

    /// Every place `symbol` is written (its declaration too) renamed to `newName`, by document.
    func renameChanges(of symbol: Symbol, to newName: String, in analysis: Analysis) -> JSON {
        var edits: [String: [JSON]] = [:]
        for location in analysis.locations(analysis.symbols.references(to: symbol)) {
            edits[location.uri, default: []].append(["range": location.range.json, "newText": .string(newName)])
        }
        return .object(edits.mapValues { .array($0) })
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
