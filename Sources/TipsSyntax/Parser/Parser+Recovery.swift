// Panic-mode recovery and the shared shape of `{ ... }` blocks.

import TipsRuntime

extension SyntaxParser {
    /// Skips line breaks and `;`.
    mutating func skipSeparators() {
        while currentKind == .newline || currentKind == .semicolon { advance() }
    }

    /// After an error at file scope: skips to the next line that starts with a
    /// declaration keyword, or to the end of the file. When the skipped text
    /// holds a `{ ... }` block, the line after its `}` ends the skip too, so a
    /// mistake after a broken block still gets its own error, unless that
    /// line starts with a word only a block holds (a step, a tip or config
    /// item) or with a `}`: the body of a declaration whose head failed,
    /// read on to its end.
    mutating func recoverAtFileScope() {
        var depth = 0
        var closedBlock = false
        if !isAtEnd { advance() }
        while !isAtEnd, !atDeclarationStart {
            if closedBlock, depth == 0, currentStartsLine, currentKind != .rightBrace,
                !Self.onlyInBlocks(current.keyword)
            {
                return
            }
            switch currentKind {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth = max(0, depth - 1)
                closedBlock = depth == 0
            default: break
            }
            advance()
        }
    }

    /// Whether `keyword` starts a line only inside a block: a scenario step, a
    /// tip item or a config item, which no declaration starts.
    static func onlyInBlocks(_ keyword: Keyword?) -> Bool {
        guard let keyword, !keyword.startsDeclaration else { return false }
        return keyword.startsScenarioStep || keyword.startsTipItem || keyword.startsConfigItem
    }

    /// After an error inside a block: skips to the `}` that closes it, to the
    /// next item line that starts with a name (even a misspelled one), or to a
    /// line that starts with a keyword that `startsItem` or a declaration keyword
    /// even where an open parenthesis made the lexer continue the line.
    /// After a line that is no item (`options {`, `var rules: ... {`), a
    /// `{` it skips is noted in ``strayOpenBraces``, so that its `}` (on
    /// that line or after the items it holds) does not close the block; a
    /// `{` after an item that parsed (`rule a > 1 {`) is a slip, not noted.
    mutating func recoverInBlock(startsItem: (Keyword) -> Bool, afterNoItem: Bool) {
        while !isAtEnd, currentKind != .rightBrace || strayOpenBraces > 0 {
            if afterNoItem, currentKind == .leftBrace { strayOpenBraces += 1 }
            if currentKind == .rightBrace { strayOpenBraces -= 1 }
            if currentKind == .newline, peek().kind == .identifier || peek().kind == .rightBrace {
                advance()
                return
            }
            if let keyword = current.keyword, startsItem(keyword) || keyword.startsDeclaration,
                currentStartsLine
            {
                return
            }
            advance()
        }
    }

    /// Parses a block whose `{` is `opening`, up to and including its `}`,
    /// and returns the block's range: `element` parses from each token that
    /// is not a separator. The end of the file, or a declaration when
    /// `closesAtDeclaration`, ends the block with "expected '}' to close \(name())".
    mutating func parseBraced(
        opening: Token, name: @autoclosure () -> String, closesAtDeclaration: @autoclosure () -> Bool = true,
        element: (inout SyntaxParser) -> Void
    ) -> SourceRange {
        let enclosingStrayBraces = strayOpenBraces
        strayOpenBraces = 0
        defer { strayOpenBraces = enclosingStrayBraces }
        while true {
            skipSeparators()
            if currentKind == .rightBrace, strayOpenBraces > 0 {
                // The `}` of a `{` that recovery skipped, as in `options {` over several lines.
                strayOpenBraces -= 1
                advance()
                continue
            }
            if currentKind == .rightBrace {
                return range(from: opening.range).extended(to: advance().range)
            }
            // Only a word that is no keyword, or `parameter` (TipKit's `@Parameter`), may be one.
            if current.keyword == nil || current.keyword == .parameter || current.keyword == .transient,
                takePastedDeclaration()
            {
                continue
            }
            if isAtEnd || (atDeclarationStart && closesAtDeclaration()) {
                errorExpected(
                    "expected '}' to close \(name())", notes: [DiagnosticNote("'{' opened here", at: opening.range)])
                return range(from: opening.range)
            }
            element(&self)
        }
    }

    /// `@Parameter static var isLoggedIn: Bool = false` inside a block,
    /// where TipKit declares a tip's parameters: the lexer has reported it
    /// and reads `@Parameter static var` as `parameter` (with
    /// `(.transient)`, as `transient`). Its declaration is
    /// kept for file scope (``pastedDeclarations``), so that the block goes on
    /// and the rules that use it find it; when it does not parse without
    /// another error, its line is skipped. False for any other token. One
    /// that parses is given the fix that moves its line above the
    /// declaration (``movingOutOfBlock(_:pasted:)``).
    mutating func takePastedParameter() -> Bool {
        guard current.keyword == .parameter || current.keyword == .transient, isPastedTipKit(current) else {
            return false
        }
        let pasted = current
        if let parameter = parseIfClean({ $0.parseParameterDecl(doc: nil) }) {
            pastedDeclarations.append(.parameter(parameter))
            if let fix = movingOutOfBlock(parameter, pasted: pasted) {
                attach(fix, toErrorAt: pasted.range)
            }
        } else {
            while !atItemEnd { advance() }
        }
        return true
    }

    /// TipKit's parameter or event pasted inside a block (``takePastedParameter()``,
    /// ``takePastedEvent()``); false, with nothing consumed, for anything else.
    @inline(never)
    mutating func takePastedDeclaration() -> Bool { takePastedParameter() || takePastedEvent() }

    /// `static let opened = Tips.Event(id: "opened")` inside a block, where
    /// TipKit declares a tip's events: reported, and its declaration kept
    /// for file scope as a pasted parameter's is, with the fix that moves
    /// its line above the declaration. False, with nothing consumed, for
    /// any other item (a first byte other than that of `static`, `let` or
    /// `var`, which ``parseTipKitEvent(doc:inBlock:)`` reads, is not looked at further).
    mutating func takePastedEvent() -> Bool {
        let start = Int(current.range.start)
        guard currentKind == .identifier, current.keyword == nil, start < file.bytes.count else { return false }
        switch file.bytes[start] {
        case UInt8(ascii: "s"), UInt8(ascii: "l"), UInt8(ascii: "v"): break
        default: return false
        }
        let pasted = current
        guard let event = parseTipKitEvent(doc: nil, inBlock: true) else { return false }
        pastedDeclarations.append(.event(event))
        // Moved only once written out, its `(` closed: a line being typed keeps its place.
        let written = file.text(in: event.range)
        guard written.hasSuffix(")"), written.count(where: { $0 == "(" }) == written.count(where: { $0 == ")" })
        else { return true }
        if let fix = movingOutOfBlock(pasted: pasted, end: event.range.end, as: "event \(event.name.name)") {
            attach(fix, toErrorAt: pasted.range)
        }
        return true
    }

    /// Whether `token` is TipKit's `@Parameter ... var`, which the lexer
    /// reported and reads as a keyword.
    func isPastedTipKit(_ token: Token) -> Bool {
        let start = Int(token.range.start)
        return token.lexicalReport == .error && start < file.bytes.count && file.bytes[start] == UInt8(ascii: "@")
    }

    /// Parses the items of a block whose `{` is `opening`, up to and including
    /// its `}`; returns them, the block's range, and whether a syntax error
    /// was reported in an item (a `}` that is missing is not one: the items
    /// are whole). `parseItem` parses one item, or reports an error and
    /// returns nil (the block then recovers). `name` describes the block in
    /// "expected '}' to close \(name())"; `startsItem` tells the words that start its items.
    mutating func parseBlockItems<Item>(
        opening: Token, name: @autoclosure () -> String, startsItem: (Keyword) -> Bool,
        parseItem: (inout SyntaxParser) -> Item?
    ) -> (items: [Item], range: SourceRange, itemsFailed: Bool) {
        // A block holds a handful of items: room for eight from the start,
        // instead of four allocations as the array grows through 1, 2, 4 and 8.
        var items: [Item] = []
        items.reserveCapacity(8)
        var itemsFailed = false
        let range = parseBraced(opening: opening, name: name()) { parser in
            let (item, failed) = parser.parsing { $0.parseBlockItem(startsItem: startsItem, parseItem) }
            if let item = consume item { items.append(item) }
            itemsFailed = itemsFailed || failed
        }
        return (items, range, itemsFailed)
    }

    /// One item of ``parseBlockItems(opening:name:startsItem:parseItem:)``,
    /// and recovery after it. An item that something unexpected follows on
    /// its line is noted in ``cutShortItems`` by its first token, beside the
    /// tree: marking the item itself made parsing and checking 10,000 tips
    /// cost 3 % more instructions (callgrind), copying items to mark them.
    private mutating func parseBlockItem<Item>(
        startsItem: (Keyword) -> Bool, _ parseItem: (inout SyntaxParser) -> Item?
    ) -> Item? {
        abandonsExpression = false
        nesting = 0
        let start = position
        let firstToken = current.range
        let item = parseItem(&self)
        // A line the lexer joined to an item whose `(` was left open (already
        // reported) still starts an item of its own when it starts with one's keyword.
        let startsNextItem = current.keyword.map(startsItem) == true && currentStartsLine
        // A declaration that starts a line ends the item too: a block in the
        // item (`repeat 2 {`) left open up to it has said so already.
        if item == nil || !(atItemEnd || startsNextItem || atDeclarationStart) {
            if item != nil {
                cutShortItems.append(firstToken)
                if !current.isMalformed {
                    let (message, fixIts) = unexpectedAfterItem()
                    let notes = continuationNotes()
                    error(message, at: current.range, notes: notes, fixIts: fixIts)
                }
            }
            recoverInBlock(startsItem: startsItem, afterNoItem: item == nil)
        }
        if position == start { advance() }
        return item
    }

    /// After a declaration: anything but a separator on the same line is an error.
    mutating func expectDeclarationEnd(_ what: @autoclosure () -> String) {
        if atDeclarationStart { return }
        switch currentKind {
        case .newline, .semicolon, .endOfFile:
            return
        default:
            let (found, notes) = (describe(current), continuationNotes())
            error("expected a new line after \(what()), found \(found)", at: current.range, notes: notes)
            recoverAtFileScope()
        }
    }

    /// The message for a token left over after an item, with a hint (and its
    /// fix-it) for the mistakes people make most: `=` for `==`, `and`/`or`, `3 days`.
    func unexpectedAfterItem() -> (message: String, fixIts: [FixIt]) {
        let replace = { (replacement: String) in [FixIt(range: current.range, replacement: replacement)] }
        if currentKind == .assign {
            return ("use '==' to compare; '=' only gives a parameter its default value", replace("=="))
        }
        if currentKind == .bang, peek().kind == .assign {
            return (
                "'!' and '=' are apart; write '!=' to compare",
                [FixIt(range: current.range.extended(to: peek().range), replacement: "!=")]
            )
        }
        if currentKind == .identifier {
            let word = text(current)
            switch word {
            case "and": return ("use '&&' instead of 'and'", replace("&&"))
            case "or": return ("use '||' instead of 'or'", replace("||"))
            default: break
            }
            if let previous, previous.kind == .integer, let unit = DurationUnit(spelledAs: word) {
                let duration = text(previous.range) + unit.rawValue
                return (
                    "write a duration with its unit attached, as in \(duration)",
                    [FixIt(range: previous.range.extended(to: current.range), replacement: duration)]
                )
            }
        }
        return ("expected a new line or ';' after this item, found \(describe(current))", [])
    }

    /// A line that starts with `-` does not continue the line before (`-` is
    /// also a prefix operator); the message says how to continue instead.
    static let lineStartingWithMinusMessage =
        "a line starting with '-' begins a new item; to continue the line before, "
        + "end that line with '-' or put the expression in parentheses"

    /// `5 days`: a whole number, then a unit word on the same line. Reported
    /// once ("write 5d") and read as the duration; nil (nothing consumed) otherwise.
    mutating func parseSpacedDuration() -> DurationLiteral? {
        guard currentKind == .integer, case .integer(let amount) = current.value, peek().kind == .identifier,
            !file.containsLineBreak(from: current.range.end, to: peek().range.start),
            let unit = DurationUnit(spelledAs: text(peek()))
        else { return nil }
        let number = advance()
        let word = advance()
        let amountText = text(number)
        error("write a duration with its unit attached, as in \(amountText)\(unit.rawValue)", at: word.range)
        return DurationLiteral(amount: amount, unit: unit, range: number.range.extended(to: word.range))
    }

    /// When the current token's line was joined to the line before it (an
    /// operator at the end of one line, or at the start of the next), a note
    /// that says so: the usual cause of a surprising "expected a new line".
    func continuationNotes() -> [DiagnosticNote] {
        let line = file.line(of: current.range.start)
        guard let (first, before) = lineStart, before.kind != .newline else { return [] }
        if before.kind.isBinaryOperator {
            return [
                DiagnosticNote(
                    "line \(line - 1) ends with '\(text(before.range))', so line \(line) continues it", at: before.range
                )
            ]
        }
        switch first.kind {
        case .dot, .binaryOperator:
            return [
                DiagnosticNote(
                    "line \(line) starts with '\(text(first.range))', so it continues the line before", at: first.range)
            ]
        default:
            return []
        }
    }
}

extension DurationUnit {
    /// The unit a word means (`days` → `d`, `min` → `m`), or nil: after a
    /// number (`5 days`, `3days`), and in TipKit's `.days(7)`.
    package init?(spelledAs word: String) {
        switch word.lowercased() {
        case "s", "sec", "secs", "second", "seconds": self = .seconds
        case "m", "min", "mins", "minute", "minutes": self = .minutes
        case "h", "hr", "hrs", "hour", "hours": self = .hours
        case "d", "day", "days": self = .days
        case "w", "wk", "wks", "week", "weeks": self = .weeks
        default: return nil
        }
    }
}
