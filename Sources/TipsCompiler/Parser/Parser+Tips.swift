// Tips: tip_decl and every tip body item.

extension SyntaxParser {
    static let tipItemKeywords = Set(Keyword.allCases.filter(\.startsTipItem))

    /// tip_decl = "tip" identifier [ "(" [ field_list ] ")" ] "{" { tip_item separator } "}" ;
    mutating func parseTipDecl(doc: DocComment?) -> TipDecl? {
        let errorsBefore = diagnostics.reported.count
        let keyword = advance()
        guard let name = expectIdentifier("expected the tip's name after 'tip'") else {
            recoverAtFileScope()
            return nil
        }
        var arguments: [FieldSyntax]?
        if currentKind == .leftParen {
            let (list, complete) = parseFieldList(of: "tip '\(name.name)'")
            arguments = list
            // After a broken argument list, still read the body when it follows.
            if !complete, currentKind != .leftBrace {
                recoverAtFileScope()
                return nil
            }
        }
        guard let opening = expectLeftBrace("expected '{' to start the body of tip '\(name.name)'") else {
            recoverAtFileScope()
            return nil
        }
        var items: [TipItem] = []
        let end = parseBlockItems(
            opening: opening, name: "tip '\(name.name)'", itemKeywords: SyntaxParser.tipItemKeywords
        ) { parser in
            guard let item = parser.parseTipItem() else { return false }
            items.append(item)
            return true
        }
        let range = keyword.range.extended(to: end)
        let decl = TipDecl(
            doc: doc, name: name, arguments: arguments, items: items, range: range,
            hasSyntaxErrors: hasError(in: range, reportedSince: errorsBefore))
        expectDeclarationEnd("tip '\(name.name)'")
        return decl
    }

    /// tip_item = title_item | message_item | image_item | id_item | action_item | rule_item
    ///          | max_display_count_item | max_display_duration_item
    ///          | ignores_display_frequency_item | invalidated_by_item ;
    mutating func parseTipItem() -> TipItem? {
        let keyword = current
        guard keyword.kind == .identifier else {
            if !keyword.isMalformed {
                error("expected a tip item such as 'title' or 'rule', found \(describe(keyword))", at: keyword.range)
            }
            return nil
        }
        let kind: TipItemKind?
        switch keyword.keyword {
        case .title, .message, .image, .id:
            advance()
            kind = parseStringItem(keyword.keyword ?? .title)
        case .action:
            advance()
            kind = parseActionItem()
        case .rule:
            advance()
            kind = parseExpression(after: "'rule'").map { expression in
                .rule(expression, source: Parser.singleLine(of: expression.range, in: file))
            }
        case .maxDisplayCount:
            advance()
            kind = parseMaxDisplayCountItem()
        case .maxDisplayDuration:
            advance()
            kind = parseDurationLiteral(after: "'maxDisplayDuration'", example: "30s or 5m")
                .map(TipItemKind.maxDisplayDuration)
        case .ignoresDisplayFrequency:
            advance()
            kind = .ignoresDisplayFrequency
        case .invalidatedBy:
            advance()
            kind = expectIdentifier("expected an event name after 'invalidatedBy'").map(TipItemKind.invalidatedBy)
        default:
            let word = text(keyword)
            if let suggestion = SpellingSuggester.closest(to: word, among: Parser.tipItemKeywordList) {
                error("unknown tip item '\(word)'; did you mean '\(suggestion)'?", at: keyword.range)
            } else {
                let list = Parser.tipItemKeywordList.dropLast().joined(separator: ", ")
                error(
                    "unknown tip item '\(SyntaxParser.clipped(word))'; a tip takes \(list) or \(Parser.tipItemKeywordList.last ?? "")",
                    at: keyword.range)
            }
            return nil
        }
        guard let kind else { return nil }
        return TipItem(kind: kind, keyword: keyword.range, range: range(from: keyword.range))
    }

    /// title_item = "title" string ;  message_item = "message" string ;
    /// image_item = "image" string ;  id_item = "id" string ;
    mutating func parseStringItem(_ keyword: Keyword) -> TipItemKind? {
        guard let literal = parseStringLiteral(after: "'\(keyword.rawValue)'") else { return nil }
        switch keyword {
        case .title: return .title(literal)
        case .message: return .message(literal)
        case .image: return .image(literal)
        default: return .id(literal)
        }
    }

    /// Consumes a string literal, or reports "expected a string after \(what)".
    mutating func parseStringLiteral(after what: @autoclosure () -> String) -> StringLiteral? {
        guard currentKind == .string, case .string(let segments) = current.value else {
            errorExpected("expected a string after \(what())")
            return nil
        }
        return StringLiteral(segments: segments, range: advance().range)
    }

    /// action_item = "action" identifier string ;
    mutating func parseActionItem() -> TipItemKind? {
        guard currentKind == .identifier else {
            if currentKind == .string {
                errorExpected("expected the action's name before its title, as in action learnMore \"Learn More\"")
            } else {
                errorExpected("expected the action's name after 'action', as in action learnMore \"Learn More\"")
            }
            return nil
        }
        let name = advanceIdentifier()
        guard let title = parseStringLiteral(after: "the action name '\(name.name)'") else { return nil }
        return .action(name: name, title: title)
    }

    /// max_display_count_item = "maxDisplayCount" integer ;
    mutating func parseMaxDisplayCountItem() -> TipItemKind? {
        guard currentKind == .integer, case .integer(let value) = current.value else {
            errorExpected("expected a whole number after 'maxDisplayCount'")
            return nil
        }
        return .maxDisplayCount(IntegerLiteral(value: value, range: advance().range))
    }
}
