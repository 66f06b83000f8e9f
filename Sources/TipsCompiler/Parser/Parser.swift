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

    /// The words that start a file-scope declaration.
    public static let declarationKeywords: Set<String> = Set(
        Keyword.allCases.filter(\.startsDeclaration).map(\.rawValue))

    /// The words that start a tip body item, in the order the language reference lists them.
    public static let tipItemKeywordList: [String] = Keyword.allCases.filter(\.startsTipItem).map(\.rawValue)

    /// The words that start a tip body item.
    public static let tipItemKeywords = Set(tipItemKeywordList)

    /// How deeply expressions may nest (parentheses, prefix operators, operator
    /// and member chains) before the parser gives up on the expression.
    public static let maximumExpressionDepth = 200

    /// Lexes and parses `file`, reporting lexical and syntax errors into `diagnostics`.
    public static func parse(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> SourceFileSyntax {
        var lexerDiagnostics = DiagnosticEngine()
        let (tokens, docs) = Lexer.tokenizeForParsing(file, diagnostics: &lexerDiagnostics)
        var parser = SyntaxParser(file: file, tokens: tokens, docs: docs, lexerDiagnostics: lexerDiagnostics)
        let syntax = parser.parseSourceFile()
        diagnostics.report(contentsOf: lexerDiagnostics)
        diagnostics.report(contentsOf: parser.diagnostics)
        return syntax
    }
}

/// The state of one parse; its rules live in extensions, one file per part of the grammar.
struct SyntaxParser {
    let file: SourceFile
    /// The tokens without doc comments; always ends with end-of-file.
    let tokens: [Token]
    /// The doc comments, each with the index of the token directly after it, in order.
    let docs: [(tokenIndex: Int, doc: DocComment)]
    /// The first entry of ``docs`` not yet passed by ``position``.
    var nextDoc = 0
    var position = 0
    var diagnostics = DiagnosticEngine()
    /// How deeply the expression being parsed nests so far.
    var nesting = 0
    /// Set when an expression was too deep: every rule unwinds at once.
    var abandonsExpression = false
    /// Where the lexer's errors start, in order.
    let lexerErrors: [UInt32]
    /// Whether the lexer reported more errors than it kept.
    let lexerErrorsDropped: Bool

    init(
        file: SourceFile, tokens: [Token], docs: [(tokenIndex: Int, doc: DocComment)],
        lexerDiagnostics: DiagnosticEngine = DiagnosticEngine()
    ) {
        self.file = file
        let kept = lexerDiagnostics.reported.filter { $0.severity == .error }
        lexerErrors = kept.map(\.range.start).sorted()
        lexerErrorsDropped = lexerDiagnostics.errorCount > kept.count
        var tokens = tokens
        if tokens.last?.kind != .endOfFile {
            let end = UInt32(truncatingIfNeeded: file.bytes.count)
            tokens.append(Token(kind: .endOfFile, range: SourceRange(file: file.id, start: end, end: end)))
        }
        self.tokens = tokens
        self.docs = docs
    }

    // MARK: - Looking at tokens

    var current: Token { tokens[position] }

    /// The kind of the current token (without copying the token).
    var currentKind: TokenKind { tokens[position].kind }

    /// The token `offset` places ahead (clamped to end of file).
    func peek(_ offset: Int = 1) -> Token { tokens[min(position + offset, tokens.count - 1)] }

    var isAtEnd: Bool { currentKind == .endOfFile }

    /// The last token before the current one that is not a separator, if any.
    var previous: Token? {
        var index = position - 1
        while index >= 0, tokens[index].kind == .newline || tokens[index].kind == .semicolon { index -= 1 }
        return index >= 0 ? tokens[index] : nil
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    /// Whether the current token spells `keyword`.
    func at(_ keyword: Keyword) -> Bool { tokens[position].keyword == keyword }

    /// The text of a token as written.
    func text(_ token: Token) -> String { file.text(in: token.range) }

    /// An identifier node for an identifier token.
    func identifier(_ token: Token) -> Identifier { Identifier(normalizing: text(token), range: token.range) }

    /// Consumes the current token as an identifier node. (Written as two
    /// statements: `identifier(advance())` would copy the whole parser to
    /// read `self` before the argument mutates it.)
    mutating func advanceIdentifier() -> Identifier {
        let token = advance()
        return identifier(token)
    }

    /// The doc comment directly before the current token, if any. The parser
    /// only moves forward, so the docs are walked once with a cursor.
    mutating func docBeforeCurrent() -> DocComment? {
        while nextDoc < docs.count, docs[nextDoc].tokenIndex < position { nextDoc += 1 }
        guard nextDoc < docs.count, docs[nextDoc].tokenIndex == position else { return nil }
        return docs[nextDoc].doc
    }

    /// Whether the token at `index` is the first on its line (or in the file),
    /// as the reader sees it, even where the lexer continued the line.
    func startsLine(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = tokens[index - 1]
        if before.kind == .newline { return true }
        return file.containsLineBreak(from: before.range.end, to: tokens[index].range.start)
    }

    /// Whether the current token starts a line with a declaration keyword
    /// followed by a name or `{` (so that an enum case or group member that
    /// happens to be called `event` or `tip` is not taken for a declaration).
    var atDeclarationStart: Bool {
        guard let keyword = tokens[position].keyword, keyword.startsDeclaration else { return false }
        let next = peek().kind
        // A scenario is named by a string: `scenario "First launch" {`.
        guard next == .identifier || next == .leftBrace || (keyword == .scenario && next == .string) else {
            return false
        }
        return startsLine(position)
    }

    /// Whether the current token ends an item: a line break, `;`, `}` or the end of the file.
    var atItemEnd: Bool {
        switch currentKind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: false
        }
    }

    /// Where to point an "expected ..." error: at the current token, or just
    /// after the previous one when the line or file has ended.
    var expectationRange: SourceRange {
        guard let previous, isOnLaterLine(current) else { return current.range }
        return SourceRange(file: file.id, start: previous.range.end, end: previous.range.end)
    }

    /// Whether `token` ends the line or file, or starts on a later line than the previous token ends.
    func isOnLaterLine(_ token: Token) -> Bool {
        switch token.kind {
        case .newline, .endOfFile: return true
        default:
            guard let previous else { return false }
            return file.containsLineBreak(from: previous.range.end, to: token.range.start)
        }
    }

    /// How a token reads in a message: `'title'`, `a new line`, `the end of the file`.
    func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: "a new line"
        case .endOfFile: "the end of the file"
        case .string: "a string"
        default: "'\(SyntaxParser.clipped(text(token)))'"
        }
    }

    /// `text` as quoted in a message: at most 40 characters, then `…`, so a
    /// megabyte-long name does not make a megabyte-long message.
    static func clipped(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }

    // MARK: - Reporting

    /// Whether the lexer, or this parser since its `first` report, reported
    /// an error that starts inside `range`; true when either dropped errors
    /// past the limit, as one of them may have.
    func hasError(in range: SourceRange, reportedSince first: Int) -> Bool {
        if lexerErrorsDropped || diagnostics.errorCount > diagnostics.reported.count { return true }
        let parsed = diagnostics.reported[first...].contains { diagnostic in
            diagnostic.severity == .error && diagnostic.range.start >= range.start && diagnostic.range.start < range.end
        }
        // A binary search, so that a file of many broken tips stays linear.
        var low = 0
        var high = lexerErrors.count
        while low < high {
            let mid = (low + high) / 2
            if lexerErrors[mid] < range.start { low = mid + 1 } else { high = mid }
        }
        return parsed || (low < lexerErrors.count && lexerErrors[low] < range.end)
    }

    mutating func error(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        diagnostics.error(message, at: range, notes: notes)
    }

    /// Reports `message` at ``expectationRange`` unless the current token is
    /// malformed (the lexer has already reported it).
    mutating func errorExpected(_ message: String, notes: [DiagnosticNote] = []) {
        if current.isMalformed { return }
        error(message, at: expectationRange, notes: notes)
    }

    /// The range from `start` to the end of the previous token.
    func range(from start: SourceRange) -> SourceRange {
        guard let previous, previous.range.end >= start.start else { return start }
        return start.extended(to: previous.range)
    }
}
