// A declaration whose keyword is missing: `isLoggedIn: Bool = false`, as a
// keyword deleted, or never typed, leaves it.

extension SyntaxParser {
    /// The keyword that the line starting at the current token lacks, when
    /// the line reads as a declaration without it: `name: Type` is a
    /// parameter, `name(field: Type ...)` an event, or a tip when a `{`
    /// follows on the line, and `Name {` before a tip item a tip. Nil for
    /// any other line.
    mutating func missingDeclarationKeyword() -> Keyword? {
        guard currentKind == .identifier, current.keyword == nil, currentStartsLine else { return nil }
        switch peek().kind {
        case .colon:
            return peek(2).kind == .identifier ? .parameter : nil
        case .leftParen:
            guard peek(2).kind == .identifier, peek(3).kind == .colon else { return nil }
            // The line's tokens, up to a bound: a `{` on it opens a tip's body.
            for offset in 4..<64 {
                switch peek(offset).kind {
                case .leftBrace: return .tip
                case .newline, .endOfFile, .rightBrace: return .event
                default: continue
                }
            }
            return nil
        case .leftBrace:
            let first = peek(2).kind == .newline ? peek(3) : peek(2)
            return first.keyword?.startsTipItem == true ? .tip : nil
        default:
            return nil
        }
    }

    /// Reports that the current line lacks `keyword`, with the fix that
    /// adds it, and reads the line as the declaration it starts when that
    /// parses without another error, so that its uses are not unknown names.
    mutating func parseWithoutKeyword(_ keyword: Keyword, doc: DocComment?) -> Declaration? {
        let name = current.range
        let place = SourceRange(file: name.file, start: name.start, end: name.start)
        let written = text(name)
        error(
            "expected a declaration; add '\(keyword.rawValue)' before '\(written)'", at: name,
            fixIts: [FixIt(range: place, replacement: keyword.rawValue + " ")])
        return parseIfClean { parser in
            parser.insertBeforeCurrent(Token(kind: .identifier, range: place, keyword: keyword))
            return parser.parseDeclaration(keyword, doc: doc)
        }
    }
}
