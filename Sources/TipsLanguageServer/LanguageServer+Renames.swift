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
            let insertion = analysis.symbols.renamedFromInsertion(
                of: source, for: symbol, in: analysis.result.sources),
            let document = analysis.document(insertion.range.file)
        else { return nil }
        return (
            document.uri,
            ["range": document.range(insertion.range).json, "newText": .string(insertion.replacement)]
        )
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
