import TipsCompiler
import TipsSyntax

// `renamedFrom` in the editor: a rename of a declaration whose identity the
// lock holds adds it, and hovering an old identity says what the lock has
// under it.

extension LanguageServer {
    /// The edit that adds `renamedFrom OLD` to the declaration of `symbol`,
    /// when renaming it would move an identity the compilation's lock holds
    /// (a tip without `id`, a persisted parameter, an event, a stored enum case).
    func renamedFromEdit(for symbol: Symbol, in analysis: Analysis) -> (uri: String, edit: JSON)? {
        guard let lock = analysis.lock, let program = analysis.result.program,
            let renamed = Self.renamedDeclaration(symbol),
            let source = lock.renameSource(for: renamed, in: program),
            let (offset, text, file) = Self.insertion(of: source, for: symbol, in: analysis),
            let document = analysis.document(file)
        else { return nil }
        let range = document.range(SourceRange(file: file, start: offset, end: offset))
        return (document.uri, ["range": range.json, "newText": .string(text)])
    }

    /// The declaration `symbol` names, as the lock sees it.
    static func renamedDeclaration(_ symbol: Symbol) -> RenamedDeclaration? {
        switch symbol {
        case .tip(let name): .tip(name)
        case .parameter(let name): .parameter(name)
        case .event(let name): .event(name)
        case .enumCase(let caseName, let enumName): .enumCase(enumName: enumName, caseName: caseName)
        default: nil
        }
    }

    /// Where `renamedFrom SOURCE` goes in `symbol`'s declaration, and the text to insert there.
    static func insertion(of source: String, for symbol: Symbol, in analysis: Analysis) -> (UInt32, String, FileID)? {
        guard let declaration = analysis.symbols.declaration(of: symbol) else { return nil }
        let file = declaration.range.file
        switch symbol {
        case .tip:
            let items = analysis.symbols.members(of: symbol).lazy.filter { !$0.symbol.isReferable }
            guard let first = items.first?.range else { return nil }
            // An item of its own before the first: on its own line, or `;`-separated on a one-line tip.
            let written = analysis.source(file)
            let lineStart = written.lineStarts[written.line(of: first.start) - 1]
            let before = written.text(in: SourceRange(file: file, start: lineStart, end: first.start))
            let ownLine = before.allSatisfy { $0 == " " || $0 == "\t" }
            return (first.start, ownLine ? "renamedFrom \(source)\n\(before)" : "renamedFrom \(source); ", file)
        case .parameter, .event:
            // ` renamedFrom SOURCE` at the end of the declaration, or `, SOURCE` after its clause.
            if let clause = declaration.renamedFrom { return (clause.end, ", \(source)", file) }
            return (declaration.range.end, " renamedFrom \(source)", file)
        case .enumCase:
            // A case's clauses follow one another (a `,` would start the next case).
            return ((declaration.renamedFrom ?? declaration.range).end, " renamedFrom \(source)", file)
        default: return nil
        }
    }

    // MARK: - Hover

    /// The hover of an old identity after `renamedFrom` at `offset`: what it
    /// means, and what the lock holds under it.
    func renameHover(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (String, SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        for checked in program.files where checked.id == file {
            // Only the declaration hovered is named, and no enum's case
            // renames are joined into an array: spelling every declaration's
            // name took a hover of a 1,000-tip file 5.0 M instructions, a
            // thirtieth of its check; 1.8 M without (callgrind, `tipc lsp`).
            let found = checked.declarations.withUnsafeBufferPointer { declarations in
                declarations.indices.lazy.compactMap { Self.rename(in: declarations[$0], at: offset) }.first
            }
            if let (rename, kind, noun) = found {
                return (Self.renameHoverText(rename, kind: kind, of: noun, lock: analysis.lock), rename.range)
            }
        }
        return nil
    }

    /// The old identity of `declaration` written at `offset`, the kind of
    /// key it is, and what to call the declaration in words.
    private static func rename(in declaration: borrowing CheckedDeclaration, at offset: UInt32)
        -> (CheckedRename, LockKey.Kind, String)?
    {
        let holds = { (rename: CheckedRename) in rename.range.start <= offset && offset <= rename.range.end }
        switch declaration {
        case .tip(let tip):
            guard let rename = tip.renamedFrom.first(where: holds) else { return nil }
            return (rename, .tip, "tip '\(tip.name)'")
        case .parameter(let parameter):
            guard let rename = parameter.renamedFrom.first(where: holds) else { return nil }
            return (rename, .parameter, "parameter '\(parameter.name)'")
        case .event(let event):
            guard let rename = event.renamedFrom.first(where: holds) else { return nil }
            return (rename, .event, "event '\(event.name)'")
        case .enumeration(let checked):
            for renames in checked.caseRenames {
                if let rename = renames.first(where: holds) { return (rename, .enumCase, "its case") }
            }
            return nil
        case .group:
            return nil
        }
    }

    static func renameHoverText(_ rename: CheckedRename, kind: LockKey.Kind, of noun: String, lock: LockFile?) -> String
    {
        let written = kind == .tip && !rename.isTipName ? "\"\(rename.text)\"" : rename.text
        var text =
            "```tips\nrenamedFrom \(written)\n```\nWhere the users' state of \(noun) was stored before; "
            + "the app moves it here when it configures, once."
        guard let lock, kind != .enumCase else { return text }
        switch lock.status(ofRename: rename, kind: kind) {
        case "locked"?: text += "\n\nThe lock holds it: people's state is stored under it today."
        case "retired"?: text += "\n\nThe lock retired it: devices not updated yet may still hold state under it."
        default: text += "\n\nThe lock does not have it: nothing is stored under it to move."
        }
        return text
    }
}
