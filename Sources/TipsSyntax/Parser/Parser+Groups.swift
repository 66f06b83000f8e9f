// Groups: group_decl.

extension SyntaxParser {
    /// group_decl = "group" identifier [ "ordered" | "firstAvailable" ] "{" { identifier | separator } "}" ;
    mutating func parseGroupDecl(doc: consuming DocComment?) -> GroupDecl? {
        guard let (keyword, name) = parseDeclarationName(.group) else { return nil }
        var priority: Identifier?
        if currentKind == .identifier {
            let word = advanceIdentifier()
            if word.name != "ordered", word.name != "firstAvailable",
                reportMisspelling("group order", word.name, at: word.range, among: ["ordered", "firstAvailable"]) == nil
            {
                error("unknown group order '\(word.name)'; use 'ordered' or 'firstAvailable'", at: word.range)
            }
            priority = word
        }
        if currentKind == .leftBracket {
            return parseBracketedGroup(doc: doc, keyword: keyword, name: name, priority: priority)
        }
        // A name first on the next line is a member: no declaration starts with one.
        guard
            let opening = expectDeclarationBlock(
                "expected '{' and the member tips after group '\(name.name)'",
                startsItem: { $0.kind == .identifier && $0.keyword?.startsDeclaration != true })
        else { return nil }
        var members: [Identifier] = []
        let end = parseBraced(opening: opening, name: "group '\(name.name)'") {
            $0.parseGroupMember(into: &members, of: name)
        }
        let decl = GroupDecl(
            doc: doc, name: name, priority: priority, members: members, range: keyword.range.extended(to: end))
        expectDeclarationEnd("group '\(name.name)'")
        return decl
    }

    /// One member of group `name`, or an error about what stands there instead.
    private mutating func parseGroupMember(into members: inout [Identifier], of name: Identifier) {
        switch currentKind {
        case .identifier:
            members.append(advanceIdentifier())
        case .comma:
            error("group members are separated by spaces or new lines, not ','", at: advance().range)
        case .leftBracket, .rightBracket:
            error("a group lists its tips without '[' or ']', as in { A B }", at: advance().range)
        default:
            errorExpected("expected a tip name in group '\(name.name)', found \(describe(current))")
            // One error per run of stray tokens.
            advance()
            while !isAtEnd, currentKind != .identifier, currentKind != .rightBrace, currentKind != .newline {
                advance()
            }
        }
    }

    /// `group G ordered [A, B]`, as a list is written elsewhere: reported
    /// once, and read as `group G ordered { A B }`.
    private mutating func parseBracketedGroup(
        doc: DocComment?, keyword: Token, name: Identifier, priority: Identifier?
    ) -> GroupDecl? {
        let opening = advance()
        var members: [Identifier] = []
        while currentKind == .identifier || currentKind == .comma || currentKind == .newline, !atDeclarationStart {
            if currentKind == .identifier { members.append(advanceIdentifier()) } else { advance() }
        }
        guard currentKind == .rightBracket else {
            error(
                "write the tips of group '\(name.name)' in braces, separated by spaces, as in { A B }",
                at: opening.range)
            recoverAtFileScope()
            return nil
        }
        let closing = advance()
        let example = members.isEmpty ? "A B" : members.map(\.name).joined(separator: " ")
        error(
            "write the tips of group '\(name.name)' in braces, separated by spaces: { \(example) }",
            at: opening.range.extended(to: closing.range))
        let decl = GroupDecl(
            doc: doc, name: name, priority: priority, members: members, range: keyword.range.extended(to: closing.range)
        )
        expectDeclarationEnd("group '\(name.name)'")
        return decl
    }
}
