/// Parses one `.tips` file into a ``SourceFileSyntax``.
///
/// A recursive-descent parser whose functions are named after the rules of
/// `Grammar/tips.ebnf`. Syntax errors go to the diagnostic engine; after one,
/// the parser skips to the next tip item or declaration, so one run reports
/// every independent mistake.
public enum Parser {
    /// Every contextual keyword the parser recognises; each one appears as a
    /// quoted terminal in `Grammar/tips.ebnf`, and vice versa.
    public static let keywords: Set<String> = Set(Keyword.allCases.map(\.rawValue))

    /// The words that start a scenario step, in the order the language
    /// reference lists them (what a misspelt step is told, and what the
    /// editor offers where a step starts).
    public static let scenarioStepKeywords: [Keyword] = [
        .set, .donate, .wait, .show, .appear, .disappear, .invalidate, .reset, .restart, .newSession, .hold, .release,
        .snooze, .repeat, .expect, .language, .override,
    ]

    /// The words that start a file-scope declaration.
    public static let declarationKeywords: Set<String> = Set(
        Keyword.allCases.filter(\.startsDeclaration).map(\.rawValue))

    /// The words that start a tip body item, in the order the language reference lists them.
    public static let tipItemKeywordList: [String] = Keyword.allCases.filter(\.startsTipItem).map(\.rawValue)

    /// How deeply expressions may nest (parentheses, prefix operators, operator
    /// and member chains) before the parser gives up on the expression.
    public static let maximumExpressionDepth = 200

    /// How deeply `repeat` blocks may nest in a scenario before the parser
    /// skips the deeper block: every later stage walks steps recursively.
    public static let maximumStepDepth = 100

    /// Parses `files` at the same time, on up to `jobs` threads; their
    /// diagnostics are reported in input order, as if parsed one after the other.
    public static func parse(
        _ files: [SourceFile], jobs: Int, diagnostics: inout DiagnosticEngine
    ) -> [SourceFileSyntax] {
        let parsed = Parallel.mapEach(files.count, jobs: jobs) { index in
            var fileDiagnostics = DiagnosticEngine()
            return (parse(files[index], diagnostics: &fileDiagnostics), fileDiagnostics)
        }
        for (_, fileDiagnostics) in parsed { diagnostics.report(contentsOf: fileDiagnostics) }
        return parsed.map(\.0)
    }

    /// Lexes and parses `file`, reporting lexical and syntax errors into `diagnostics`.
    public static func parse(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> SourceFileSyntax {
        var parser = SyntaxParser(file: file, diagnostics: diagnostics.take())
        let syntax = parser.parseSourceFile()
        diagnostics = parser.takeDiagnostics()
        return syntax
    }
}

/// The state of one parse; its rules live in extensions, one file per part of the grammar.
///
/// The parser pulls tokens from the lexer one at a time and keeps only the
/// few it looks at (the current one, the next, the last ones it passed), so
/// a file's tokens never exist all at once.
///
/// The lexer holds the one sink the parse was given, and the parser reports
/// into it too, so lexical and syntax errors are one list in the order they
/// were found. Neither reads it back: what failed is a value, a token's
/// ``Token/lexicalReport`` for the lexer and ``parsing(_:)``'s answer for
/// the parser.
struct SyntaxParser {
    let file: SourceFile
    private(set) var lexer: Lexer
    /// The token being looked at.
    private(set) var current: Token
    /// The decoded pieces of ``current`` when it is a string.
    var currentSegments: StringLiteral.Segments { current.kind == .string ? heldSegments : StringLiteral.Segments() }
    /// The doc comment last taken from the lexer: ``current``'s when it has one.
    private var heldDoc: DocComment?
    /// The pieces of the string last taken from the lexer: ``current``'s when it is a string.
    private var heldSegments = StringLiteral.Segments()
    /// The token after ``current``.
    private var next: Token
    /// The tokens after ``next`` the parser has looked at (rarely any), from
    /// ``furtherStart`` on: taking one moves the start, so that consuming a
    /// whole line looked at ahead costs one step a token, not a shift of the rest.
    private var further: [Token] = []
    private var furtherStart = 0
    /// How many tokens have been consumed.
    private(set) var position = 0
    /// The last token consumed that is not a separator, if any (its kind and range).
    private(set) var previous: (kind: TokenKind, range: SourceRange)?
    /// Whether a line break lies between ``previous`` and the separators after it.
    private var lineBreakAfterPrevious = false
    /// The first token of ``current``'s line, and the token before it (for ``continuationNotes()``).
    private(set) var lineStart:
        (first: (kind: TokenKind, range: SourceRange), before: (kind: TokenKind, range: SourceRange))?
    /// Whether a syntax error was reported since the innermost ``parsing(_:)`` began.
    private var reportedError = false
    /// Where the last syntax error reported starts, if one was.
    private var lastErrorStart: UInt32?
    /// The position of the last token consumed that carries a lexical error, if any.
    private var lastLexicalError: Int?
    /// The names made so far, by their spelling.
    private var names = NameCache()
    /// The suggestions for unknown words where a keyword belongs, found so far.
    var keywordSuggestions = KeywordSuggestions()
    /// The first tokens of the block items that something unexpected followed
    /// on their line (see ``SourceFileSyntax/cutShortItems``).
    var cutShortItems: [SourceRange] = []
    /// How deeply the expression being parsed nests so far.
    var nesting = 0
    /// Set when an expression was too deep: every rule unwinds at once.
    var abandonsExpression = false
    /// The `{` that recovery skipped inside the block being parsed
    /// (`options { maxDisplayCount 3 }`) and whose `}` has not come yet:
    /// each such `}` closes its `{`, not the block.
    var strayOpenBraces = 0
    /// How many `repeat` blocks enclose the step being parsed.
    var stepDepth = 0
    /// TipKit's `@Parameter` lines (already reported by the lexer) and
    /// events read inside a block, each declared after the declaration that holds it.
    var pastedDeclarations: [Declaration] = []
    /// Where the file-scope declaration being parsed starts, its doc
    /// comment included: where a pasted `@Parameter`'s fix moves it.
    var declarationStart: UInt32 = 0

    init(file: SourceFile, diagnostics: consuming DiagnosticEngine) {
        self.file = file
        var lexer = Lexer(file: file, collectsDocs: true, diagnostics: diagnostics)
        current = lexer.next()
        next = lexer.next()
        self.lexer = lexer
        takeValuesOfCurrent()
    }

    // MARK: - Looking at tokens

    var currentKind: TokenKind { current.kind }

    func peek() -> Token { next }

    /// The token `offset` places ahead (the end of file past the end).
    mutating func peek(_ offset: Int) -> Token {
        guard offset > 1 else { return offset == 1 ? next : current }
        while further.count - furtherStart < offset - 1 { further.append(lexer.next()) }
        return further[furtherStart + offset - 2]
    }

    var isAtEnd: Bool { currentKind == .endOfFile }

    /// Consumes the current token (none at the end of the file) and returns it.
    @discardableResult
    mutating func advance() -> Token {
        let token = current
        let (kind, range) = (token.kind, token.range)
        guard kind != .endOfFile else { return token }
        if token.lexicalReport == .error { lastLexicalError = position }
        position += 1
        if kind == .newline || kind == .semicolon {
            lineBreakAfterPrevious = lineBreakAfterPrevious || kind == .newline || token.followsLineBreak
        } else {
            previous = (kind, range)
            lineBreakAfterPrevious = false
        }
        current = next
        if furtherStart < further.count {
            next = takeFurther()
        } else {
            lexer.next(into: &next)
        }
        takeValuesOfCurrent()
        if current.followsLineBreak { lineStart = ((current.kind, current.range), (kind, range)) }
        return token
    }

    /// The first token of ``further``; the array is emptied (keeping its
    /// storage) once every token in it is taken.
    private mutating func takeFurther() -> Token {
        let token = further[furtherStart]
        furtherStart += 1
        if furtherStart == further.count {
            further.removeAll(keepingCapacity: true)
            furtherStart = 0
        }
        return token
    }

    /// Closes, in the lexer too, a `(` the parser gave up on at an error
    /// (`expected ')' ...`). Inside parentheses the lexer drops line breaks,
    /// so that a rule goes on over lines; left open, the `(` would join the
    /// rest of the block into one line, and an item after it would read the
    /// next line as its own (`ignoresDisplayFrequency` "taking" a value).
    /// The tokens already looked at beyond ``current`` were read with the `(`
    /// open: each that starts a line outside parentheses gets back the line
    /// break dropped before it.
    @inline(never) mutating func closeParenthesisAtError() {
        lexer.closeParenthesisAtError()
        var ahead = [next]
        ahead.append(contentsOf: further[furtherStart...])
        var restored: [Token] = []
        restored.reserveCapacity(ahead.count + 1)
        var (last, lastEnd, depth) = (current.kind, current.range.end, 0)
        for token in ahead {
            if depth == 0, token.followsLineBreak, Lexer.lineBreakSeparates(after: last, before: token.kind) {
                restored.append(Token(kind: .newline, range: lineBreak(between: lastEnd, and: token.range)))
            }
            restored.append(token)
            (last, lastEnd) = (token.kind, token.range.end)
            switch token.kind {
            case .leftParen: depth += 1
            case .rightParen: depth = max(0, depth - 1)
            case .leftBrace, .rightBrace: depth = 0
            default: break
            }
        }
        guard restored.count > ahead.count else { return }
        next = restored[0]
        further = Array(restored.dropFirst())
        furtherStart = 0
    }

    /// Makes `token` the current token, the current one the next: a keyword
    /// the source lacks, supplied so that the declaration it starts is read
    /// by its own rule. The current token is a name: it holds no string
    /// pieces, and its doc comment, already taken for the declaration, is
    /// not taken again when it becomes current once more.
    mutating func insertBeforeCurrent(_ token: Token) {
        var moved = current
        moved.hasDocComment = false
        further.insert(next, at: furtherStart)
        next = moved
        current = token
    }

    /// The range of the last line break (`\n`) from `start` up to `range`;
    /// empty at `range`'s start when there is none.
    private func lineBreak(between start: UInt32, and range: SourceRange) -> SourceRange {
        let bytes = file.bytes
        var index = Int(range.start)
        while index > Int(start) {
            index -= 1
            if bytes[index] == 0x0A {
                return SourceRange(file: range.file, start: UInt32(index), end: UInt32(index + 1))
            }
        }
        return SourceRange(file: range.file, start: range.start, end: range.start)
    }

    /// Takes from the lexer the pieces of ``current`` when it is a string,
    /// and its doc comment: the lexer hands them out in the order of the
    /// tokens, and every token becomes current once.
    ///
    /// Inlined, with one test for the common token (no string, no doc
    /// comment): saves 13 M instructions of 541 M in `Parser.parse` for
    /// 10,000 tips (callgrind). What an older token held is let go only when
    /// a newer one replaces it (``currentSegments`` and ``takeCurrentDoc()`` read
    /// it only for a token that holds it), not at the token after it:
    /// saves 6 M instructions of 419 M more.
    @inline(__always)
    private mutating func takeValuesOfCurrent() {
        guard current.kind == .string || current.hasDocComment else { return }
        takeHeldValues()
    }

    /// ``takeValuesOfCurrent()`` when there is something to take.
    @inline(never)
    private mutating func takeHeldValues() {
        if current.kind == .string { heldSegments = lexer.takeStringSegments() }
        if current.hasDocComment { heldDoc = lexer.takeDocComment() }
    }

    /// Consumes the current token, a string; returns its decoded pieces
    /// (``currentSegments``), moved out rather than copied, and its range:
    /// saves 33,000 retains and 27,000 releases on 10,000 tips (callgrind).
    mutating func advanceString() -> (segments: StringLiteral.Segments, range: SourceRange) {
        var segments = StringLiteral.Segments()
        swap(&segments, &heldSegments)
        return (segments, advance().range)
    }

    /// The doc comment directly before ``current``, if any, moved out rather
    /// than copied: the declaration it documents takes it once (saves 39,000
    /// retains on 10,000 tips, callgrind).
    mutating func takeCurrentDoc() -> DocComment? {
        guard current.hasDocComment else { return nil }
        return heldDoc.take()
    }

    /// Whether the current token spells `keyword`.
    func at(_ keyword: Keyword) -> Bool { current.keyword == keyword }

    func text(_ token: Token) -> String { file.text(in: token.range) }

    func text(_ range: SourceRange) -> String { file.text(in: range) }

    /// The name `token` spells, in NFC.
    mutating func identifier(_ token: Token) -> Identifier {
        Identifier(names.name(in: token.range, of: file), range: token.range)
    }

    /// Consumes the current token as an identifier node. (Written as two
    /// statements: `identifier(advance())` would access `self` twice at once.)
    mutating func advanceIdentifier() -> Identifier {
        let token = advance()
        return identifier(token)
    }

    /// Whether the current token is the first on its line (or in the file),
    /// as the reader sees it, even where the lexer continued the line.
    var currentStartsLine: Bool { position == 0 || current.followsLineBreak }

    /// Whether the current token starts a line with a declaration keyword
    /// followed by a name or `{` (so that an enum case or group member that
    /// happens to be called `event` or `tip` is not taken for a declaration).
    var atDeclarationStart: Bool {
        guard let keyword = current.keyword, keyword.startsDeclaration else { return false }
        let next = peek().kind
        // A scenario is named by a string: `scenario "First launch" {`.
        guard next == .identifier || next == .leftBrace || (keyword == .scenario && next == .string) else {
            return false
        }
        return currentStartsLine
    }

    var atItemEnd: Bool { Self.endsItem(currentKind) }

    /// Whether a token of `kind` ends an item: a line break, `;`, `}` or the end of the file.
    static func endsItem(_ kind: TokenKind) -> Bool {
        switch kind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: false
        }
    }

    /// Where to point an "expected ..." error: at the current token, or just
    /// after the previous one when the line or file has ended.
    var expectationRange: SourceRange {
        guard let previous, currentIsOnLaterLine else { return current.range }
        return SourceRange(file: file.id, start: previous.range.end, end: previous.range.end)
    }

    var currentIsOnLaterLine: Bool { isOnLaterLine(current) }

    /// Whether `token` (the current token or the next) ends the line or
    /// file, or starts on a later line than the previous token (other than a
    /// separator) ends.
    func isOnLaterLine(_ token: Token) -> Bool {
        switch token.kind {
        case .newline, .endOfFile: return true
        default:
            let afterCurrent = token.range != current.range && (current.kind == .newline || token.followsLineBreak)
            return previous != nil && (lineBreakAfterPrevious || current.followsLineBreak || afterCurrent)
        }
    }

    /// How a token reads in a message: `'title'`, `a new line`, `the end of the file`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: "a new line"
        case .endOfFile: "the end of the file"
        case .string: "a string"
        default: "'\(text(token))'"
        }
    }

    // MARK: - Reporting

    /// The sink, handed back when the parse is done.
    mutating func takeDiagnostics() -> DiagnosticEngine { lexer.diagnostics.take() }

    /// Runs `parse`, and returns its result and whether it reported a syntax
    /// error. A rule that recovers still returns what it read (a misspelled
    /// word read as meant, `=` read as `==`); this says whether it had to.
    mutating func parsing<T>(_ parse: (inout SyntaxParser) -> T) -> (result: T, failed: Bool) {
        let outer = reportedError
        reportedError = false
        let result = parse(&self)
        let failed = reportedError
        reportedError = outer || failed
        return (result, failed)
    }

    /// Whether a token consumed after the one at `position` carries a lexical
    /// error: the lexer reported one inside what was parsed from there (the
    /// token at `position` itself opens a declaration, whose keyword is never
    /// malformed, and what it carries was reported before it).
    func hasLexicalError(after position: Int) -> Bool {
        guard let lastLexicalError else { return false }
        return lastLexicalError > position
    }

    /// Reports a syntax error. Every syntax error goes through here. A
    /// second error where the last one starts is not reported: what is
    /// missing there was named once, and each rule that unwinds through an
    /// unfinished line would name what it lacks too (`within(` at the end of
    /// a tip lacks an expression, its `)` and the tip's `}`, all at one place).
    ///
    /// Once the file's errors reach ``DiagnosticEngine/errorLimit``, an
    /// error is counted but its message, notes and fix-its are never read
    /// (see ``DiagnosticEngine/dropsErrorMessages``), so they are not built:
    /// 35,000 lines of `tip T {event e`, each an unknown tip item whose
    /// message lists the items, took 90 ms of `tipc check`, a sixth of it
    /// writing messages to drop.
    mutating func error(
        _ message: @autoclosure () -> String, at range: SourceRange,
        notes: @autoclosure () -> [DiagnosticNote] = [], fixIts: @autoclosure () -> [FixIt] = []
    ) {
        reportedError = true
        if lastErrorStart == range.start { return }
        lastErrorStart = range.start
        guard !lexer.diagnostics.dropsErrorMessages else { return lexer.diagnostics.reportDroppedError(at: range) }
        lexer.diagnostics.report(Diagnostic(.error, message(), at: range, notes: notes(), fixIts: fixIts()))
    }

    /// Reports a syntax error whose message ends with `suggestion`, carrying its fix-it.
    mutating func error(_ message: @autoclosure () -> String, at range: SourceRange, suggesting suggestion: Suggestion)
    {
        error(message() + suggestion.phrase, at: range, fixIts: suggestion.fixIts(at: range))
    }

    /// Reports a mistake that the parser reads on as fixed (`a and b` as
    /// `a && b`): what it parsed is what was meant, so the rule being parsed
    /// has not failed and is checked, and one build shows its other mistakes too.
    mutating func errorReadOnAsFixed(_ message: String, at range: SourceRange, fixIts: [FixIt]) {
        lexer.diagnostics.report(Diagnostic(.error, message, at: range, fixIts: fixIts))
    }

    /// Adds `fixIt` to the error reported at `range` (by the lexer, which
    /// reported it before the parser knew the fix).
    mutating func attach(_ fixIt: FixIt, toErrorAt range: SourceRange) {
        lexer.diagnostics.attach(fixIt, toErrorAt: range)
    }

    /// Reports `message` at ``expectationRange`` unless the current token is
    /// malformed (the lexer has already reported it).
    /// Nor at or after a string with a lexical error that runs to the end of
    /// its line: an unterminated string, where what is expected may be
    /// inside it (`expect Welcome(guest: "Ada)`), or was not typed yet.
    @inline(never) mutating func errorExpected(_ message: String, notes: [DiagnosticNote] = []) {
        if current.isMalformed { return }
        let afterUnterminated = previous?.kind == .string && lastLexicalError == position - 1 && currentIsOnLaterLine
        let atUnterminated = currentKind == .string && current.lexicalReport == .error && isOnLaterLine(peek())
        if afterUnterminated || atUnterminated {
            // Said by the lexer; what is being parsed has failed all the same.
            reportedError = true
            return
        }
        error(message, at: expectationRange, notes: notes)
    }

    /// The range from `start` to the end of the previous token.
    func range(from start: SourceRange) -> SourceRange {
        guard let previous, previous.range.end >= start.start else { return start }
        return start.extended(to: previous.range)
    }
}
