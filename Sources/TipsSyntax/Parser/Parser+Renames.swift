// renamed_from: where a declaration's users' state was stored before.

extension SyntaxParser {
    /// renamed_from = "renamedFrom" rename_source { "," rename_source } ;
    /// rename_source = identifier | string ;
    ///
    /// From the `renamedFrom` keyword. Only a tip's old identity may be a
    /// string (its old id); `owner` ("event 'e'") names the declaration in messages.
    mutating func parseRenamedFrom(allowsID: Bool, owner: @autoclosure () -> String) -> RenamedFromSyntax? {
        let keyword = advance()
        guard let sources = parseRenameSources(allowsID: allowsID, owner: owner()) else { return nil }
        return RenamedFromSyntax(keyword: keyword.range, sources: sources, range: range(from: keyword.range))
    }

    /// The old identities after `renamedFrom` (consumed), separated by `,`.
    mutating func parseRenameSources(allowsID: Bool, owner: @autoclosure () -> String) -> [RenameSourceSyntax]? {
        var sources: [RenameSourceSyntax] = []
        repeat {
            guard let source = parseRenameSource(allowsID: allowsID, owner: owner()) else { return nil }
            sources.append(source)
        } while takeComma()
        return sources
    }

    /// The `renamedFrom` clauses after an enum case: enum_case = identifier { "renamedFrom" identifier } ;
    /// (a `,` there separates cases, so each old name has a clause of its own).
    mutating func parseCaseRenamedFrom(_ item: Identifier) -> RenamedFromSyntax? {
        guard at(.renamedFrom) else { return nil }
        let keyword = current.range
        var sources: [RenameSourceSyntax] = []
        while at(.renamedFrom) {
            advance()
            guard let source = parseRenameSource(allowsID: false, owner: "the case '\(item.name)'") else { break }
            sources.append(source)
        }
        return sources.isEmpty
            ? nil : RenamedFromSyntax(keyword: keyword, sources: sources, range: range(from: keyword))
    }

    /// One old identity: a name, or (for a tip) a quoted old id.
    private mutating func parseRenameSource(allowsID: Bool, owner: @autoclosure () -> String) -> RenameSourceSyntax? {
        switch currentKind {
        case .identifier:
            return .name(advanceIdentifier())
        case .string where allowsID:
            let (segments, range) = advanceString()
            return .id(StringLiteral(segments: segments, range: range))
        case .string:
            // `renamedFrom "old"` of an event, a parameter or a case: read as the name, after one error.
            let literal = StringLiteral(segments: currentSegments, range: current.range)
            guard let plain = literal.plainText, !plain.isEmpty else {
                errorExpected("expected the old name of \(owner()) after 'renamedFrom', without quotes")
                return nil
            }
            advance()
            error(
                "\(owner()) was stored under its name: write renamedFrom \(plain) without quotes", at: literal.range,
                fixIts: [FixIt(range: literal.range, replacement: plain)])
            return .name(Identifier(plain, range: literal.range))
        default:
            let example = allowsID ? "an old tip name or \"old-id\"" : "its old name"
            errorExpected("expected \(example) after 'renamedFrom'")
            return nil
        }
    }

    /// Consumes a `,` on the same line, if there is one.
    private mutating func takeComma() -> Bool {
        guard currentKind == .comma else { return false }
        advance()
        return true
    }
}
