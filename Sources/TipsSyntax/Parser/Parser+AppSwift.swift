// The app's own Swift pasted where a `.tips` declaration belongs: the calls
// an app makes to TipKit (and to TipsRuntime, which has the same ones) at
// launch and in its views. Each is one error that says where the line
// belongs, and is skipped to the end of its statement.

extension SyntaxParser {
    /// What a call with no `.tips` counterpart is told.
    private static let declarationsOnly =
        "a .tips file holds declarations only: config, enum, parameter, event, tip, group and scenario"

    /// What TipKit's `Tips` does that an app calls, by member name: the
    /// sentence that says what `.tips` has for it, if anything.
    private static let appCalls: [String: String] = [
        "configure": "; .tips sets the display frequency in its config block: config { displayFrequency daily }",
        "showAllTipsForTesting": "; a scenario turns the same switch on with the step 'override showAll'",
        "hideAllTipsForTesting": "; a scenario turns the same switch on with the step 'override hideAll'",
        "showTipsForTesting": "; a scenario turns the same switch on with the step 'override show T'",
        "hideTipsForTesting": "; a scenario turns the same switch on with the step 'override hide T'",
        "resetDatastore": "; a scenario starts from an empty store, and its step 'reset T' resets one tip",
    ]

    /// `import TipKit`, `try? Tips.configure(...)`, `Tips.showAllTipsForTesting()`,
    /// `TipView(favoriteTip)`, `let favoriteTip = FavoriteTip()` at the
    /// start of a line at file scope: reported as the app's Swift (an
    /// `import` with the fix that removes its line), and skipped. False,
    /// with nothing reported, for any other line.
    mutating func reportAppSwift() -> Bool {
        guard currentStartsLine else { return false }
        var offset = 0
        while ["try", "await"].contains(text(peek(offset))), peek(offset + 1).kind == .identifier { offset += 1 }
        let word = text(peek(offset))
        let first = current.range
        if offset == 0, word == "import", peek(1).kind == .identifier, !peek(1).followsLineBreak {
            reportImport()
            return true
        }
        guard let (last, message) = appCall(at: offset, word: word) else { return false }
        error(message, at: first.extended(to: peek(last).range))
        skipStatement()
        return true
    }

    /// Skips a line of Swift, and the lines its open parentheses, brackets
    /// and braces carry it over: the next statement is told on its own.
    mutating func skipStatement() {
        var depth = 0
        advance()
        while !isAtEnd {
            switch currentKind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
            case .newline,
                .semicolon where depth == 0:
                return
            default: if depth == 0, currentStartsLine { return }
            }
            advance()
        }
    }

    /// When the tokens from `offset` (whose first spells `word`) are the
    /// app's Swift: the offset of the last token to underline, and what to
    /// say of them.
    private mutating func appCall(at offset: Int, word: String) -> (last: Int, message: String)? {
        if word == "Tips", peek(offset + 1).kind == .dot, peek(offset + 2).kind == .identifier {
            let member = text(peek(offset + 2))
            guard let advice = Self.appCalls[member] else { return nil }
            return (
                offset + 2,
                "'Tips.\(member)' is the app's Swift, called where the app starts (TipsRuntime has it, as TipKit does)"
                    + advice
            )
        }
        if word == "TipView" && peek(offset + 1).kind == .leftParen {
            return (
                offset,
                "'TipView' is TipKit's view, in the app's Swift (with TipsRuntime, the app's own view shows a tip "
                    + "through TipPresenter); .tips declares the tip: tip Name { title \"...\" }"
            )
        }
        // `let favoriteTip = FavoriteTip()`: an instance the app makes of a tip.
        if ["let", "var"].contains(word), peek(offset + 1).kind == .identifier, peek(offset + 2).kind == .assign,
            peek(offset + 3).kind == .identifier, text(peek(offset + 3)).hasSuffix("Tip"),
            peek(offset + 4).kind == .leftParen
        {
            let type = text(peek(offset + 3))
            return (
                offset + 4,
                "'\(word) \(text(peek(offset + 1))) = \(type)()' is the app's Swift, where a view holds the tip; tipc "
                    + "writes the type \(type) from .tips: tip \(type) { title \"...\" }"
            )
        }
        // `FavoriteTip.enteredView.donate()`: a call on what the app holds.
        var last = offset
        while peek(last + 1).kind == .dot, peek(last + 2).kind == .identifier, !peek(last + 1).followsLineBreak {
            last += 2
        }
        guard last > offset, peek(last + 1).kind == .leftParen else { return nil }
        let call = (offset...last).map { text(peek($0)) }.joined()
        return (
            last,
            "'\(call)' is the app's Swift, called in its code (TipsRuntime has it, as TipKit does); "
                + Self.declarationsOnly
        )
    }

    /// `tip.invalidate(reason: .actionPerformed)`, where `keyword` (a
    /// declaration's keyword, here a name the app gave a tip or event) is
    /// followed by `.` and a member: reported as the app's Swift, and skipped.
    mutating func reportAppCall(on keyword: Token) {
        let member = peek()
        let call = "\(text(keyword)).\(text(member))"
        error(
            "'\(call)' is the app's Swift, called on a tip or event the app holds "
                + "(TipsRuntime has it, as TipKit does); " + Self.declarationsOnly,
            at: keyword.range.extended(to: member.range))
        skipStatement()
    }

    /// `import TipKit`: reported with the fix that removes its line, whose
    /// words are skipped (the next line may be another import).
    private mutating func reportImport() {
        let written = current.range.extended(to: peek().range)
        var end = min(file.lineLayout(at: written.start).end + 1, file.bytes.count)
        // At the file's start or after a blank line, the blank line after it goes too:
        // `import TipKit` and the blank line Swift puts after it leave no gap.
        let bytes = file.bytes
        let atParagraphStart = written.start == 0 || (written.start >= 2 && bytes[Int(written.start) - 2] == 0x0A)
        if atParagraphStart, end < bytes.count, bytes[end] == 0x0A { end += 1 }
        let removed = SourceRange(file: written.file, start: written.start, end: UInt32(end))
        let line = text(written)
        error(
            "a .tips file imports nothing (the Swift tipc writes imports TipsRuntime); remove '\(line)'",
            at: written, fixIts: [FixIt(range: removed, replacement: "", title: "Remove the line")])
        advance()
        while !isAtEnd, !current.followsLineBreak { advance() }
    }
}
