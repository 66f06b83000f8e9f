import TipsSyntax

// Where `renamedFrom OLD` goes in a declaration, for the two tools that add
// one: a lock error's fix-it ("did you rename it? Add `renamedFrom OLD`")
// and the language server's rename of a locked declaration.

extension SymbolTable {
    /// The edit that adds `renamedFrom source` to the declaration of
    /// `symbol` (a tip, parameter, event or enum case), written as that
    /// declaration's kind takes it: for a tip, an item of its own before its
    /// first item (on its own line, indented as that item, or followed by
    /// `;` on a one-line tip); for a parameter or an event, a clause at its
    /// end, or one more name after its clause; for an enum case, a clause
    /// after the case. Nil when the table does not record the declaration
    /// (a compilation that records no symbols).
    public func renamedFromInsertion(of source: String, for symbol: Symbol, in sources: SourceManager) -> FixIt? {
        guard let declaration = declaration(of: symbol) else { return nil }
        let file = declaration.range.file
        let (offset, text): (UInt32, String)
        switch symbol {
        case .tip:
            let items = members(of: symbol).filter { if case .tipItem = $0.symbol { true } else { false } }
            guard let first = items.first?.range else { return nil }
            let written = sources[file]
            let lineStart = written.lineStarts[written.line(of: first.start) - 1]
            let before = written.text(in: SourceRange(file: file, start: lineStart, end: first.start))
            let ownLine = before.allSatisfy { $0 == " " || $0 == "\t" }
            // On a line of its own, ended as the file's lines end.
            let lineBreak = LineBreak(firstIn: written.bytes).rawValue
            let item = "renamedFrom \(source)"
            (offset, text) = (first.start, ownLine ? item + lineBreak + before : item + "; ")
        case .parameter, .event:
            if let clause = declaration.renamedFrom {
                (offset, text) = (clause.end, ", \(source)")
            } else {
                (offset, text) = (declaration.range.end, " renamedFrom \(source)")
            }
        case .enumCase:
            // A case's clauses follow one another (a `,` would start the next case).
            (offset, text) = ((declaration.renamedFrom ?? declaration.range).end, " renamedFrom \(source)")
        default:
            return nil
        }
        return FixIt(range: SourceRange(file: file, start: offset, end: offset), replacement: text)
    }
}
