// Tips: tip_decl and every tip body item.

extension SyntaxParser {
    /// tip_decl = "tip" identifier [ "(" [ field_list ] ")" ] "{" { tip_item separator } "}" ;
    mutating func parseTipDecl(doc: consuming DocComment?) -> TipDecl? {
        let start = position
        guard let (keyword, name) = parseDeclarationName(.tip) else { return nil }
        var arguments: [FieldSyntax]?
        var argumentsFailed = false
        var argumentsCutShort = false
        if currentKind == .leftParen {
            let ((list, complete), failed) = parsing { $0.parseFieldList(of: "tip '\(name.name)'") }
            arguments = list
            argumentsFailed = failed
            argumentsCutShort = !complete
            // After a broken argument list, still read the body when it
            // follows, on its line or, where the list stopped at the line's
            // end, below it: the tip is kept, so that what names it elsewhere
            // does not cascade into "unknown tip". Below it, the missing `{`
            // is where the list's error is, and is not reported again.
            if !complete, currentKind != .leftBrace, !blockItemStartsNextLine(\.startsTipItem) {
                recoverAtFileScope()
                return nil
            }
        }
        skipTipConformance(of: name)
        guard
            let opening = expectDeclarationBlock(
                "expected '{' to start the body of tip '\(name.name)'", startsItem: Self.starting(\.startsTipItem))
        else { return nil }
        // A line that ends where its `{` belongs may have lost the arguments before it too.
        if opening.range.start == opening.range.end { argumentsCutShort = true }
        let block = parseBlockItems(opening: opening, name: "tip '\(name.name)'", startsItem: \.startsTipItem) {
            $0.parseTipItem()
        }
        var decl = TipDecl(
            doc: doc, name: name, arguments: arguments, items: block.items,
            range: keyword.range.extended(to: block.range),
            hasSyntaxErrors: argumentsFailed || block.itemsFailed || hasLexicalError(after: start))
        decl.argumentsCutShort = argumentsCutShort
        expectDeclarationEnd("tip '\(name.name)'")
        return decl
    }

    /// tip_item = title_item | message_item | image_item | id_item | action_item | rule_item
    ///          | max_display_count_item | max_display_duration_item
    ///          | ignores_display_frequency_item | invalidated_by_item ;
    mutating func parseTipItem() -> TipItem? {
        let keyword = current
        guard keyword.kind == .identifier else {
            if keyword.kind == .minus, currentStartsLine {
                error(SyntaxParser.lineStartingWithMinusMessage, at: keyword.range)
            } else if !keyword.isMalformed {
                let found = describe(keyword)
                error("expected a tip item such as 'title' or 'rule', found \(found)", at: keyword.range)
            }
            return nil
        }
        let kind: TipItemKind?
        if let item = keyword.keyword, item.startsTipItem {
            advance()
            kind = parseTipItemBody(item)
        } else {
            kind = parseMisspelledTipItem()
        }
        guard let kind else { return nil }
        return TipItem(kind: kind, keyword: keyword.range, range: range(from: keyword.range))
    }

    /// An unknown word where a tip item starts: reported, and read as the
    /// suggested item when it parses as one without another error, so that
    /// the tip is not then missing its title.
    mutating func parseMisspelledTipItem() -> TipItemKind? {
        if text(current) == "options" {
            // `options [.maxDisplayCount(3)]`, TipKit's `var options`: not a misspelt `action`.
            error(
                "a tip's options are items of their own here, one a line, such as maxDisplayCount 3 or "
                    + "ignoresDisplayFrequency", at: current.range)
            return nil
        }
        if let item = current.keyword, item.startsConfigItem {
            // `displayFrequency weekly` in a tip: TipKit sets it for every tip, and so does .tips.
            let flag =
                item == .displayFrequency
                ? "; a tip that may show whatever it says has 'ignoresDisplayFrequency'" : ""
            error("'\(item.rawValue)' is an item of the config block, for every tip\(flag)", at: current.range)
            return nil
        }
        guard let suggestion = reportUnknown("tip item", current, among: Parser.tipItemKeywordList, in: "a tip"),
            let item = Keyword(rawValue: suggestion)
        else { return nil }
        return parseIfClean { trial in
            trial.advance()
            let kind = trial.parseTipItemBody(item)
            return trial.atItemEnd ? kind : nil
        }
    }

    /// Reports the unknown `what` (such as "tip item") that `token` spells:
    /// "did you mean" the closest of `words`, or else the list of them that
    /// `owner` takes. Returns the suggestion.
    mutating func reportUnknown(_ what: String, _ token: Token, among words: [String], in owner: String) -> String? {
        let word = text(token)
        if let suggestion = keywordSuggestions.suggestion(for: word, among: words) {
            reportMisspelling(what, word, at: token.range, as: suggestion)
            return suggestion
        }
        let list = keywordSuggestions.text(of: words)
        error("unknown \(what) '\(word)'; \(owner) takes \(list)", at: token.range)
        return nil
    }

    /// When `word` is close to one of `words`, reports "unknown \(what)
    /// 'word'; did you mean ...?" at `range` and returns the suggestion
    /// (``SpellingSuggester/suggestion(for:among:)``: a keyword half typed,
    /// `maxDisplayC`, is told the one it begins).
    mutating func reportMisspelling(
        _ what: String, _ word: String, at range: SourceRange, among words: some Sequence<String>
    ) -> String? {
        guard let suggestion = SpellingSuggester.suggestion(for: word, among: words) else { return nil }
        reportMisspelling(what, word, at: range, as: suggestion)
        return suggestion
    }

    /// Reports "unknown \(what) 'word'; did you mean 'suggestion'?" at `range`.
    private mutating func reportMisspelling(
        _ what: String, _ word: String, at range: SourceRange, as suggestion: String
    ) {
        error("unknown \(what) '\(word)'", at: range, suggesting: .didYouMean(suggestion))
    }

    /// The rest of a tip item after its keyword `item` (already consumed).
    mutating func parseTipItemBody(_ item: Keyword) -> TipItemKind? {
        skipMistakenColon(after: item)
        switch item {
        case .title, .message, .image, .id:
            if item == .image { skipSystemNameLabel() }
            // Bound by `guard let` and moved into the item: `map` lends its
            // closure the literal, which the item then holds a copy of.
            guard let literal = parseStringItem(item) else { return nil }
            switch item {
            case .title: return .title(literal)
            case .message: return .message(literal)
            case .image: return .image(literal)
            default: return .id(literal)
            }
        case .action:
            return parseActionItem()
        case .rule:
            // The slips' first tests are made here: a call for each rule
            // cost 0.9 M instructions for 10,000 tips (callgrind).
            if currentKind == .leftBracket, let written = skipListContains() {
                return .rule(.error(written), source: text(written))
            }
            // Bound by `guard let`, not in a closure of `map`, so that the
            // expression is moved into the item rather than copied there.
            guard let expression = parseExpression(after: "'rule'") else { return nil }
            let source = file.singleLineText(in: expression.range)
            if currentKind == .identifier,
                skipTrailingWindow(after: expression) || skipMembershipTest(after: expression)
            {
                return .rule(.error(expression.range), source: source)
            }
            // `rule a⏎ - 1`: the next line was meant to continue the rule. Its line
            // break is the one mistake (reported at the '-'), so the rule is not judged as written.
            if currentKind == .newline && peek().kind == .minus {
                return .rule(.error(expression.range), source: source)
            }
            return .rule(expression, source: source)
        case .maxDisplayCount:
            return parseMaxDisplayCountItem()
        case .maxDisplayDuration:
            return parseDurationLiteral(after: "'maxDisplayDuration'", example: "30s or 5m")
                .map(TipItemKind.maxDisplayDuration)
        case .ignoresDisplayFrequency:
            skipFlagValue(of: item)
            return .ignoresDisplayFrequency
        case .invalidatedBy:
            guard let event = expectIdentifier("expected an event name after 'invalidatedBy'") else { return nil }
            reportMoreInvalidatingEvents(after: event)
            return .invalidatedBy(event)
        case .renamedFrom:
            return parseRenameSources(allowsID: true, owner: "a tip").map(TipItemKind.renamedFrom)
        case .snooze:
            return parseSnoozeItem()
        case .holdout:
            return parseHoldoutItem()
        default:
            return nil
        }
    }

    /// `title: "Hi"` or `title = "Hi"`: reported once, then read without the
    /// `:` so that the tip keeps its title.
    mutating func skipMistakenColon(after item: Keyword) {
        guard currentKind == .colon || currentKind == .assign, !isOnLaterLine(peek()) else { return }
        let mark = advance()
        let value: String
        switch currentKind {
        case .string, .integer, .duration, .identifier: value = " " + text(current)
        default: value = ""
        }
        let example = value.isEmpty ? "" : "; write \(item.rawValue)\(value)"
        let written = text(mark)
        error("remove the '\(written)' after '\(item.rawValue)'\(example)", at: mark.range)
    }

    /// The string of a string item, after its `keyword`:
    /// title_item = "title" string ;  message_item = "message" string ;
    /// image_item = "image" string ;  id_item = "id" string ;
    mutating func parseStringItem(_ keyword: Keyword) -> StringLiteral? {
        guard
            let literal = parseUnquotedText(of: keyword)
                ?? expectString("expected a string after '\(keyword.rawValue)'")
        else { return nil }
        // Not `?? literal`, whose closure would copy the literal to return it.
        if let joined = parseTextAfterInnerQuote(of: keyword, first: literal) { return joined }
        return literal
    }

    /// `title Hello there`: the words up to the end of the item, reported
    /// once and read as the string they were meant to be. Nil (and nothing
    /// consumed) when a string, or nothing, follows. `itemStart` is what the
    /// item writes before its text: `action learnMore` for an action's title.
    mutating func parseUnquotedText(of keyword: Keyword, itemStart: String? = nil) -> StringLiteral? {
        guard currentKind != .string, !atItemEnd, !current.isMalformed else { return nil }
        // The words are looked at ahead and consumed only once they are known to be words.
        var count = 0
        // `title Save as a Favorite"`: the lexer reported the quote whose opening one is missing.
        var endsInStrayQuote = false
        // The words end with their line, even one the lexer joined to the
        // next after an operator (`title Save as >`): looked at ahead to the
        // end of the file instead, each misspelt item tried as `title` on
        // such lines read the rest of the file again (a fuzzer's 262 KB of
        // `tip T {tip T { >` lines took 58 s to check).
        while !Self.endsItem(peek(count).kind), count == 0 || !peek(count).followsLineBreak {
            let token = peek(count)
            if token.isMalformed, token.kind == .unknown, text(token) == "\"", Self.endsItem(peek(count + 1).kind) {
                endsInStrayQuote = true
                break
            }
            if token.isMalformed || token.kind == .string { return nil }
            count += 1
        }
        guard count > 0 else { return nil }
        let whole = current.range.extended(to: peek(count - 1).range)
        let words = file.text(in: whole)
        guard !words.contains("\"") else { return nil }
        for _ in 0..<count { advance() }
        if endsInStrayQuote {
            advance()
        } else {
            let what = keyword == .action ? "action's title" : keyword.rawValue
            error(
                "put the \(what) in straight quotes: \(itemStart ?? keyword.rawValue) \"\(words)\"", at: whole,
                fixIts: [FixIt(range: whole, replacement: "\"\(words)\"")])
        }
        return StringLiteral(segments: [.text(words)], range: whole)
    }

    /// Consumes a string literal, or reports `message` and returns nil.
    mutating func expectString(_ message: @autoclosure () -> String) -> StringLiteral? {
        guard currentKind == .string else {
            errorExpected(message())
            return nil
        }
        let (segments, range) = advanceString()
        return StringLiteral(segments: segments, range: range)
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
        guard
            let title = parseUnquotedText(of: .action, itemStart: "action \(name.name)")
                ?? expectString("expected a string after the action name '\(name.name)'")
        else { return nil }
        return .action(name: name, title: title)
    }

    /// snooze_item = "snooze" duration [ "," integer ] ;
    mutating func parseSnoozeItem() -> TipItemKind? {
        guard let duration = parseDurationLiteral(after: "'snooze'", example: "1d") else { return nil }
        guard currentKind == .comma else { return .snooze(duration, count: nil) }
        advance()
        guard let count = takeInteger() else {
            errorExpected("expected how many snoozes are allowed after ',', as in snooze 1d, 3")
            return nil
        }
        return .snooze(duration, count: count)
    }

    /// holdout_item = "holdout" integer "%" ;
    mutating func parseHoldoutItem() -> TipItemKind? {
        guard let percent = takeInteger() else {
            errorExpected("expected a share of installs after 'holdout', as in holdout 10%")
            return nil
        }
        guard currentKind == .percent else {
            errorExpected("expected '%' after the share, as in holdout \(percent.value)%")
            return nil
        }
        advance()
        return .holdout(percent)
    }

    /// max_display_count_item = "maxDisplayCount" integer ;
    mutating func parseMaxDisplayCountItem() -> TipItemKind? {
        guard let count = takeInteger() ?? takeParenthesizedCount(after: .maxDisplayCount) else {
            errorExpected("expected a whole number after 'maxDisplayCount'")
            return nil
        }
        return .maxDisplayCount(count)
    }
}
