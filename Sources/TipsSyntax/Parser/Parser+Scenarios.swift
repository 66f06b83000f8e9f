// Scenarios: scenario_decl and every step. What the names mean is left to the checker.

extension SyntaxParser {
    /// The words that start a step, in the order the language reference lists them.
    static let scenarioStepKeywordList = Parser.scenarioStepKeywords.map(\.rawValue)

    /// scenario_decl = "scenario" string "{" { separator } { scenario_step { separator } } "}" ;
    mutating func parseScenarioDecl() -> ScenarioDecl? {
        let keyword = advance()
        let namePosition = position
        guard
            let name = expectString(
                "expected the scenario's name as a string after 'scenario', as in scenario \"First launch\"")
        else {
            recoverAtFileScope()
            return nil
        }
        let title = "scenario \"\(name.displayText)\""
        let opening: Token
        if hasLexicalError(after: namePosition - 1), currentKind == .newline || isAtEnd {
            // The name runs to the end of its line, unterminated (reported):
            // the '{' it swallowed opens the block, and no '{' is expected
            // after a name still being typed; nor when the next line is a step.
            if text(name.range).trimmingSuffix(" ").hasSuffix("{") {
                opening = Token(kind: .leftBrace, range: name.range)
            } else if blockItemStartsNextLine(\.startsScenarioStep) {
                opening = missingOpeningBrace()
            } else {
                recoverAtFileScope()
                return nil
            }
        } else {
            guard
                let block = expectDeclarationBlock(
                    "expected '{' and the steps of \(title)", startsItem: Self.starting(\.startsScenarioStep))
            else { return nil }
            opening = block
        }
        let (steps, end) = parseScenarioSteps(opening: opening, name: title)
        let decl = ScenarioDecl(
            keyword: keyword.range, name: name, steps: steps, range: keyword.range.extended(to: end))
        expectDeclarationEnd(title)
        return decl
    }

    /// The steps of a block whose `{` is `opening`, up to and including its `}`.
    mutating func parseScenarioSteps(opening: Token, name: String) -> ([ScenarioStep], SourceRange) {
        let block = parseBlockItems(opening: opening, name: name, startsItem: \.startsScenarioStep) {
            $0.parseScenarioStep()
        }
        return (block.items, block.range)
    }

    /// `close T` or `dismiss T`: what a person does to a tip, which a scenario
    /// writes as the invalidation it causes. Reports the step to write and
    /// returns true; false for any other word.
    private mutating func reportClosingWord(_ keyword: Token) -> Bool {
        let word = text(keyword)
        guard ["close", "dismiss"].contains(word) else { return false }
        let tip = peek().kind == .identifier ? text(peek()) : "T"
        error(
            "there is no '\(word)' step: a person who closes a tip invalidates it, "
                + "which a scenario writes 'invalidate \(tip) tipClosed'", at: keyword.range)
        return true
    }

    /// scenario_step = set_step | donate_step | wait_step | show_step | tip_step | invalidate_step
    ///               | "restart" | "newSession" | hold_step | language_step | repeat_step | expect_step
    ///               | override_step ;
    /// Each step's rule below is parsed from after its keyword.
    mutating func parseScenarioStep() -> ScenarioStep? {
        let keyword = current
        guard keyword.kind == .identifier else {
            if !keyword.isMalformed {
                let found = describe(keyword)
                error(
                    "expected a scenario step such as 'donate' or 'expect', found \(found)",
                    at: keyword.range)
            }
            return nil
        }
        guard let step = keyword.keyword, step.startsScenarioStep else {
            if !reportClosingWord(keyword) {
                _ = reportUnknown(
                    "scenario step", keyword, among: SyntaxParser.scenarioStepKeywordList, in: "a scenario")
            }
            return nil
        }
        advance()
        let kind: ScenarioStepKind?
        switch step {
        case .set: kind = parseSetStep()
        case .donate: kind = parseDonateStep()
        case .wait: kind = parseWaitStep()
        case .show: kind = parseShowStep()
        case .appear: kind = parseTipStep(after: step).map(ScenarioStepKind.appear)
        case .disappear: kind = parseTipStep(after: step).map(ScenarioStepKind.disappear)
        case .reset: kind = parseTipStep(after: step).map(ScenarioStepKind.reset)
        case .snooze: kind = parseTipStep(after: step).map(ScenarioStepKind.snooze)
        case .invalidate: kind = parseInvalidateStep()
        case .restart: kind = .restart
        case .newSession: kind = .newSession
        case .hold, .release: kind = parseHoldStep(step)
        case .language: kind = parseLanguageStep()
        case .repeat: kind = parseRepeatStep()
        case .expect: kind = parseExpectStep()
        default: kind = parseOverrideStep()
        }
        guard let kind else { return nil }
        return ScenarioStep(kind: kind, keyword: keyword.range, range: range(from: keyword.range))
    }

    /// set_step = "set" identifier "=" expression ;
    mutating func parseSetStep() -> ScenarioStepKind? {
        guard let name = expectIdentifier("expected a parameter's name after 'set', as in set isLoggedIn = true")
        else { return nil }
        guard currentKind == .assign else {
            errorExpected("expected '=' and a value after 'set \(name.name)'")
            return nil
        }
        advance()
        guard let value = parseExpression(after: "'='") else { return nil }
        return .set(parameter: name, value: value)
    }

    /// donate_step = "donate" identifier [ argument_list ] ;
    mutating func parseDonateStep() -> ScenarioStepKind? {
        guard let event = parseReference("expected an event's name after 'donate'") else { return nil }
        if case .integer(let count) = current.value, !current.followsLineBreak {
            // `donate opened 3 times`: the count goes to a `repeat` around the step.
            let start = current.range
            var end = advance().range
            if currentKind == .identifier, !atItemEnd, ["times", "x"].contains(text(current)) {
                end = advance().range
            }
            error(
                "to donate '\(event.name.name)' \(count) times, write repeat \(count) { donate \(event.name.name) }",
                at: start.extended(to: end))
        }
        return .donate(event: event.name, fields: event.arguments)
    }

    /// wait_step = "wait" duration ;
    mutating func parseWaitStep() -> ScenarioStepKind? {
        return parseDurationLiteral(after: "'wait'", example: "1d or 10s").map(ScenarioStepKind.wait)
    }

    /// show_step = "show" tip_reference [ "for" duration ] ;
    mutating func parseShowStep() -> ScenarioStepKind? {
        guard let tip = parseTipReference(after: "'show'") else { return nil }
        guard at(.for) else { return .show(tip, duration: nil) }
        advance()
        guard let duration = parseDurationLiteral(after: "'for'", example: "10s or 1m") else { return nil }
        return .show(tip, duration: duration)
    }

    /// The tip reference of a tip step, after its `keyword`:
    /// tip_step = ( "appear" | "disappear" | "reset" | "snooze" ) tip_reference ;
    mutating func parseTipStep(after keyword: Keyword) -> TipReferenceSyntax? {
        parseTipReference(after: "'\(keyword.rawValue)'")
    }

    /// hold_step = ( "hold" | "release" ) string ;
    mutating func parseHoldStep(_ keyword: Keyword) -> ScenarioStepKind? {
        guard
            let reason = expectString(
                "expected the hold's reason as a string after '\(keyword.rawValue)', "
                    + "as in \(keyword.rawValue) \"checkout\"")
        else { return nil }
        return keyword == .hold ? .hold(reason) : .release(reason)
    }

    /// language_step = "language" string ;
    mutating func parseLanguageStep() -> ScenarioStepKind? {
        // A code with a lexical error (an unterminated string, reported) is not judged as a code.
        if currentKind == .string, current.lexicalReport == .error {
            _ = advanceString()
            return nil
        }
        return expectString("expected a language as a string after 'language', as in language \"de\"")
            .map(ScenarioStepKind.language)
    }

    /// invalidate_step = "invalidate" tip_reference identifier ;
    mutating func parseInvalidateStep() -> ScenarioStepKind? {
        guard let tip = parseTipReference(after: "'invalidate'") else { return nil }
        if currentKind == .dot, peek().kind == .identifier, peek().range.start == current.range.end {
            // `invalidate T .actionPerformed`, as TipKit's `invalidate(reason: .actionPerformed)`.
            let dot = advance().range
            let reason = text(current)
            error(
                "write the reason without '.': invalidate \(tip.name.name) \(reason)", at: dot,
                fixIts: [FixIt(range: dot, replacement: "")])
        }
        guard
            let reason = expectIdentifier(
                "expected a reason after 'invalidate \(tip.name.name)': "
                    + "actionPerformed or tipClosed")
        else { return nil }
        return .invalidate(tip, reason: reason)
    }

    /// repeat_step = "repeat" integer "{" { separator } { scenario_step { separator } } "}" ;
    mutating func parseRepeatStep() -> ScenarioStepKind? {
        let keyword = previous?.range
        guard let count = takeInteger() else {
            errorExpected("expected a number of times after 'repeat', as in repeat 3 { ... }")
            // Read the block anyway, so that its '}' does not close the scenario.
            if currentKind == .leftBrace {
                _ = parseRepeatBlock(opening: advance(), name: "'repeat'")
            } else if repeatBlockFollows(keyword) {
                _ = parseRepeatBlock(opening: missingOpeningBrace(), name: "'repeat'")
            }
            return nil
        }
        skipWordsBeforeRepeatBlock(count: count.value)
        let message = "expected '{' and the steps to repeat after 'repeat \(count.value)'"
        let opening: Token
        if currentKind != .leftBrace, repeatBlockFollows(keyword) {
            // The '{' is missing, and its block follows: read as if it were there.
            errorExpected(message)
            opening = missingOpeningBrace()
        } else {
            guard let brace = expectLeftBrace(message) else { return nil }
            opening = brace
        }
        guard let steps = parseRepeatBlock(opening: opening, name: "'repeat \(count.value)'") else { return nil }
        return .repeat(count: count, steps: steps)
    }

    /// Whether the block of a `repeat` (at `keyword`) whose `{` is missing
    /// follows: a step, with a `}` ending its line (`repeat 3 donate e }`),
    /// or, after the line's end, steps indented further than the line of
    /// `keyword` (one that is not indented further may be the steps after
    /// the `repeat`, in the scenario).
    mutating func repeatBlockFollows(_ keyword: SourceRange?) -> Bool {
        guard let keyword else { return false }
        if !currentIsOnLaterLine, currentKind != .newline, current.keyword?.startsScenarioStep == true {
            // The line's tokens, up to a bound: the last one closes the block.
            for offset in 1..<64 {
                let kind = peek(offset).kind
                if kind == .newline || kind == .endOfFile { return peek(offset - 1).kind == .rightBrace }
            }
            return false
        }
        guard blockItemStartsNextLine(\.startsScenarioStep) else { return false }
        let first = currentKind == .newline ? peek() : current
        return file.lineColumn(of: first.range.start).column > file.lineColumn(of: keyword.start).column
    }

    /// `repeat 3 times {`: words between the count and a `{` on the same
    /// line are reported once and skipped, so that the block is read as
    /// written and its steps stay in the scenario.
    mutating func skipWordsBeforeRepeatBlock(count: Int) {
        guard currentKind == .identifier, !current.isMalformed else { return }
        var offset = 1
        while peek(offset).kind == .identifier { offset += 1 }
        guard peek(offset).kind == .leftBrace else { return }
        let words = current.range.extended(to: peek(offset - 1).range)
        let written = text(words)
        error(
            "write repeat \(count) { ... } without '\(written)'; the count alone says how many times",
            at: words, fixIts: [FixIt(range: words, replacement: "")])
        for _ in 0..<offset { advance() }
    }

    static let repeatTooDeepMessage =
        "'repeat' is nested too deeply; a scenario may nest at most \(Parser.maximumStepDepth) 'repeat' blocks"

    /// The steps of a `repeat` block whose `{` is `opening`, up to and
    /// including its `}`; nil when the block nests too deeply (reported, and
    /// the block skipped without recursion, however deep it goes) or when
    /// errors left it without a step.
    mutating func parseRepeatBlock(opening: Token, name: String) -> [ScenarioStep]? {
        guard stepDepth < Parser.maximumStepDepth else {
            error(Self.repeatTooDeepMessage, at: opening.range)
            skipBlock()
            return nil
        }
        stepDepth += 1
        defer { stepDepth -= 1 }
        let start = position
        let ((steps, _), failed) = parsing { $0.parseScenarioSteps(opening: opening, name: name) }
        // A block left empty by its steps' errors is not also "a repeat without steps".
        if steps.isEmpty, failed || hasLexicalError(after: start) { return nil }
        return steps
    }

    /// Consumes the rest of a block whose `{` was just consumed, blocks
    /// inside it included, up to and including its `}`; a declaration or the
    /// end of the file ends it too.
    mutating func skipBlock() {
        var depth = 1
        while !isAtEnd, !atDeclarationStart {
            switch advance().kind {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 { return }
            default: break
            }
        }
    }

    /// expect_step = "expect" tip_reference ( tip_status | "shows" ( "nothing" | tip_reference )
    ///               | ( "title" | "message" | "action" identifier ) string ) ;
    mutating func parseExpectStep() -> ScenarioStepKind? {
        if let slip = parseStatusBeforeTip() { return slip }
        guard let subject = parseTipReference(after: "'expect'") else { return nil }
        if at(.title) || at(.message) || at(.action) { return parseExpectText(of: subject) }
        guard at(.shows) else { return parseTipStatus(of: subject).map { .expectStatus(subject, $0) } }
        advance()
        if at(.nothing) {
            advance()
            return .expectShows(group: subject, tip: nil)
        }
        if atItemEnd {
            // `expect Welcome shows`: a group's tip, or a tip's status meant.
            let name = subject.name.name
            errorExpected(
                "expected a tip's name or 'nothing' after 'shows', as in expect \(name) shows FavoriteTrail for a "
                    + "group; a tip's own status is written expect \(name) available")
            return nil
        }
        guard let tip = parseTipReference(after: "'shows'", alternative: " or 'nothing'") else { return nil }
        return .expectShows(group: subject, tip: tip)
    }

    /// The rest of `expect T title "text"`, `expect T message "text"` or `expect T action name "text"`.
    mutating func parseExpectText(of subject: TipReferenceSyntax) -> ScenarioStepKind? {
        let word = advance()
        let item: TipTextItemSyntax
        var written = "expect \(subject.name.name) \(text(word))"
        switch word.keyword {
        case .title: item = .title
        case .message: item = .message
        default:
            guard
                let name = expectIdentifier(
                    "expected the action's name after '\(written)', as in expect \(subject.name.name) action learnMore "
                        + "\"Learn More\"")
            else { return nil }
            item = .action(name)
            written += " \(name.name)"
        }
        let what = word.keyword == .action ? "the action's title" : "the \(text(word))"
        guard let literal = expectString("expected \(what) as a string after '\(written)'") else { return nil }
        return .expectText(subject, item: item, text: literal)
    }

    /// tip_status = "available" | "pending" | "invalidated" [ "(" identifier ")" ] ;
    mutating func parseTipStatus(of subject: TipReferenceSyntax) -> ExpectedStatusSyntax? {
        let words = ["available", "pending", "invalidated", "shows", "title", "message", "action"]
        switch current.keyword {
        case .available:
            advance()
            return .available
        case .pending:
            advance()
            return .pending
        case .invalidated:
            advance()
            guard currentKind == .leftParen else { return .invalidated(reason: nil) }
            let opening = advance()
            guard
                let reason = expectIdentifier(
                    "expected a reason in 'invalidated(...)': actionPerformed, tipClosed, "
                        + "displayCountExceeded or displayDurationExceeded")
            else {
                closeParenthesisAtError()
                return nil
            }
            guard currentKind == .rightParen else {
                errorExpected(
                    "expected ')' after the reason '\(reason.name)'",
                    notes: [DiagnosticNote("'(' opened here", at: opening.range)])
                closeParenthesisAtError()
                return nil
            }
            advance()
            return .invalidated(reason: reason)
        default:
            if let filler = skipWordBeforeStatus(of: subject) {
                return readStatusSynonym(of: subject, after: filler) ?? parseTipStatus(of: subject)
            }
            if let status = readStatusSynonym(of: subject) { return status }
            if currentKind != .identifier
                || reportMisspelling("expectation", text(current), at: current.range, among: words) == nil
            {
                errorExpected(
                    "expected 'available', 'pending', 'invalidated', 'shows', 'title', 'message' or 'action' "
                        + "after 'expect \(subject.name.name)', found \(describe(current))")
            }
            return nil
        }
    }

    /// override_step = "override" ( "showAll" | "hideAll"
    ///                 | ( "show" | "hide" | "holdout" ) tip_reference { "," tip_reference } ) ;
    mutating func parseOverrideStep() -> ScenarioStepKind? {
        switch current.keyword {
        case .showAll:
            advance()
            return .override(.showAll)
        case .hideAll:
            advance()
            return .override(.hideAll)
        case .show, .hide, .holdout:
            let word = advance()
            var tips: [TipReferenceSyntax] = []
            repeat {
                if !tips.isEmpty { advance() }
                guard let tip = parseTipReference(after: tips.isEmpty ? "'override \(text(word))'" : "','") else {
                    return nil
                }
                tips.append(tip)
            } while currentKind == .comma
            switch word.keyword {
            case .show: return .override(.show(tips))
            case .hide: return .override(.hide(tips))
            default: return .override(.holdout(tips))
            }
        default:
            let words = ["showAll", "hideAll", "show", "hide", "holdout"]
            if currentKind != .identifier
                || reportMisspelling("override", text(current), at: current.range, among: words) == nil
            {
                errorExpected(
                    "expected showAll, hideAll, show, hide or holdout after 'override', found \(describe(current))")
            }
            return nil
        }
    }

    /// tip_reference = identifier [ argument_list ] ;
    mutating func parseTipReference(after what: String, alternative: String = "") -> TipReferenceSyntax? {
        parseReference("expected a tip's name\(alternative) after \(what)")
    }

    /// A name and the arguments after it, if any (a tip reference, or the
    /// event a `donate` step names); nil when `message` or another error was reported.
    mutating func parseReference(_ message: @autoclosure () -> String) -> TipReferenceSyntax? {
        guard let name = expectIdentifier(message()) else { return nil }
        guard currentKind == .leftParen else {
            return TipReferenceSyntax(name: name, arguments: nil, range: name.range)
        }
        let ((arguments, _, close), failed) = parsing { $0.parseArgumentList() }
        if abandonsExpression || failed { return nil }
        return TipReferenceSyntax(name: name, arguments: arguments, range: name.range.extended(to: close))
    }
}
