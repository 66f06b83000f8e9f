import TipsCompiler
import TipsSyntax

// `renamedFrom` in the editor: a rename of a declaration whose identity the
// lock holds adds it, and hovering an old identity says what the lock has
// under it.

extension LanguageServer {
    /// The edit that adds `renamedFrom OLD` to the declaration of `key`,
    /// when renaming it would move an identity the compilation's lock holds
    /// (a tip without `id`, a persisted parameter, an event, a stored enum case).
    func renamedFromEdit(for key: SymbolKey, in analysis: Analysis) -> (uri: String, edit: JSON)? {
        guard let lock = analysis.lock, let program = analysis.result.program,
            let declaration = Self.renamedDeclaration(key, in: analysis.index),
            let source = lock.renameSource(for: declaration, in: program),
            let (offset, text, file) = Self.insertion(of: source, for: key, in: analysis.index),
            let document = analysis.document(file)
        else { return nil }
        let range = document.range(SourceRange(file: file, start: offset, end: offset))
        return (document.uri, ["range": range.json, "newText": .string(text)])
    }

    /// The declaration `key` names, as the lock sees it.
    static func renamedDeclaration(_ key: SymbolKey, in index: SymbolIndex) -> RenamedDeclaration? {
        switch key {
        case .global(let name):
            switch index.definitions[key]?.kind {
            case .tip?: return .tip(name)
            case .parameter?: return .parameter(name)
            case .event?: return .event(name)
            default: return nil
            }
        case .enumCase(let enumName, let caseName): return .enumCase(enumName: enumName, caseName: caseName)
        case .field, .argument: return nil
        }
    }

    /// Where `renamedFrom SOURCE` goes in `key`'s declaration, and the text to insert there.
    static func insertion(of source: String, for key: SymbolKey, in index: SymbolIndex) -> (UInt32, String, FileID)? {
        for tree in index.trees {
            let file = index.sources[tree.file]
            for declaration in tree.declarations {
                switch (key, declaration) {
                case (.global(let name), .tip(let decl)) where decl.name.name == name:
                    guard let first = decl.items.first else { return nil }
                    // An item of its own before the first: on its own line, or `;`-separated on a one-line tip.
                    let lineStart = file.lineStarts[file.line(of: first.range.start) - 1]
                    let before = file.text(in: SourceRange(file: tree.file, start: lineStart, end: first.range.start))
                    let ownLine = before.allSatisfy { $0 == " " || $0 == "\t" }
                    let text = ownLine ? "renamedFrom \(source)\n\(before)" : "renamedFrom \(source); "
                    return (first.range.start, text, tree.file)
                case (.global(let name), .parameter(let decl)) where decl.name.name == name:
                    return clause(decl.renamedFrom, end: decl.range.end, source: source, file: tree.file)
                case (.global(let name), .event(let decl)) where decl.name.name == name:
                    return clause(decl.renamedFrom, end: decl.range.end, source: source, file: tree.file)
                case (.enumCase(let enumName, let caseName), .enumeration(let decl)) where decl.name.name == enumName:
                    guard let index = decl.cases.firstIndex(where: { $0.name == caseName }) else { return nil }
                    let end = decl.renamedFrom(ofCase: index)?.range.end ?? decl.cases[index].range.end
                    return (end, " renamedFrom \(source)", tree.file)
                default: continue
                }
            }
        }
        return nil
    }

    /// ` renamedFrom SOURCE` at the end of a declaration, or `, SOURCE` after its clause.
    private static func clause(
        _ existing: RenamedFromSyntax?, end: UInt32, source: String, file: FileID
    ) -> (UInt32, String, FileID) {
        if let existing { return (existing.range.end, ", \(source)", file) }
        return (end, " renamedFrom \(source)", file)
    }

    // MARK: - Hover

    /// The hover of an old identity after `renamedFrom` at `offset`: what it
    /// means, and what the lock holds under it.
    func renameHover(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (String, SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        for checked in program.files where checked.id == file {
            for declaration in checked.declarations {
                let (renames, kind, noun): ([CheckedRename], LockKey.Kind, String)
                switch declaration {
                case .tip(let tip): (renames, kind, noun) = (tip.renamedFrom, .tip, "tip '\(tip.name)'")
                case .parameter(let parameter):
                    (renames, kind, noun) = (parameter.renamedFrom, .parameter, "parameter '\(parameter.name)'")
                case .event(let event): (renames, kind, noun) = (event.renamedFrom, .event, "event '\(event.name)'")
                case .enumeration(let checked):
                    (renames, kind, noun) = (Array(checked.caseRenames.joined()), .enumCase, "its case")
                case .group: continue
                }
                guard let rename = renames.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else {
                    continue
                }
                return (Self.renameHoverText(rename, kind: kind, of: noun, lock: analysis.lock), rename.range)
            }
        }
        return nil
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
