// Panic-mode recovery and the shared shape of `{ ... }` blocks.

extension SyntaxParser {
    /// Skips line breaks and `;`.
    mutating func skipSeparators() {
        while current.kind == .newline || current.kind == .semicolon { advance() }
    }

    /// After an error at file scope: skips to the next line that starts with a
    /// declaration keyword, or to the end of the file. When the skipped text
    /// holds a `{ ... }` block, the line after its `}` ends the skip too, so a
    /// mistake after a broken block still gets its own error.
    mutating func recoverAtFileScope() {
        var depth = 0
        var closedBlock = false
        if !isAtEnd { advance() }
        while !isAtEnd, !atDeclarationStart {
            if closedBlock, depth == 0, startsLine(position) { return }
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth = max(0, depth - 1)
                closedBlock = depth == 0
            default: break
            }
            advance()
        }
    }

    /// After an error inside a block: skips to the `}` that closes it, to the
    /// next item line that starts with a name (even a misspelled one), or to a
    /// line that starts with one of `itemKeywords` or a declaration keyword even
    /// where an open parenthesis made the lexer continue the line.
    mutating func recoverInBlock(itemKeywords: Set<String>) {
        while !isAtEnd, current.kind != .rightBrace {
            if current.kind == .newline, peek().kind == .identifier || peek().kind == .rightBrace {
                advance()
                return
            }
            if current.kind == .identifier, startsLine(position) {
                let word = text(current)
                if itemKeywords.contains(word) || Parser.declarationKeywords.contains(word) { return }
            }
            advance()
        }
    }

    /// Parses the items of a block whose `{` is `opening`, up to and including
    /// its `}`; returns the end of the block. `parseItem` parses one item and
    /// returns false when it reported an error (the block then recovers).
    /// `name` describes the block in "expected '}' to close \(name)";
    /// `itemKeywords` are the words that start its items.
    mutating func parseBlockItems(
        opening: Token, name: String, itemKeywords: Set<String>, parseItem: (inout SyntaxParser) -> Bool
    ) -> SourceRange {
        while true {
            skipSeparators()
            if current.kind == .rightBrace {
                return range(from: opening.range).extended(to: advance().range)
            }
            if isAtEnd || atDeclarationStart {
                errorExpected(
                    "expected '}' to close \(name)", notes: [DiagnosticNote("'{' opened here", at: opening.range)])
                return range(from: opening.range)
            }
            abandonsExpression = false
            nesting = 0
            let start = position
            let succeeded = parseItem(&self)
            if !succeeded || !atItemEnd {
                if succeeded, !current.isMalformed {
                    error("expected a new line or ';' after this item, found \(describe(current))", at: current.range)
                }
                recoverInBlock(itemKeywords: itemKeywords)
            }
            if position == start { advance() }
        }
    }

    /// After a declaration: anything but a separator on the same line is an error.
    mutating func expectDeclarationEnd(_ what: String) {
        if atDeclarationStart { return }
        switch current.kind {
        case .newline, .semicolon, .endOfFile:
            return
        default:
            error("expected a new line after \(what), found \(describe(current))", at: current.range)
            recoverAtFileScope()
        }
    }
}
