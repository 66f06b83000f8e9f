import TipsRuntime

/// The kinds of token the lexer produces.
///
/// Keywords are contextual, so they are lexed as ``identifier`` and
/// recognised by the parser by their text.
public enum TokenKind: Hashable, Sendable {
    /// A name or a contextual keyword.
    case identifier
    /// An integer literal such as `42` or `1_000`.
    case integer
    /// A decimal literal such as `2.5`.
    case decimal
    /// A string literal, quotes included.
    case string
    /// An integer with a unit, such as `30s` or `2w`.
    case duration
    /// A `///` doc comment line, from the slashes to the end of the line.
    case docComment
    /// An item separator: a line break that does not continue the line.
    case newline
    /// Punctuation: `{ } ( ) , : ; . = ! %`
    case leftBrace, rightBrace, leftParen, rightParen, comma, colon, semicolon, dot, assign, bang, percent
    /// `[` and `]`, which the language does not use; the parser reports them
    /// where they are found, so the message can say what to write there
    /// (`{ A B }` in a group).
    case leftBracket, rightBracket
    /// An infix operator other than `-`: `* / + == != < <= > >= && ||`.
    /// `-` is lexed as ``minus`` because it is also a prefix operator.
    case binaryOperator(RuleOperator)
    /// `-`
    case minus
    /// A character that cannot start any token; always malformed (already reported).
    case unknown
    /// The end of the file.
    case endOfFile
}

extension TokenKind {
    /// Whether this is an infix operator (including `-`).
    public var isBinaryOperator: Bool {
        switch self {
        case .binaryOperator, .minus: true
        default: false
        }
    }
}

/// The decoded value of a literal token other than a string.
///
/// A string's decoded pieces are not part of its token: the lexer hands them
/// out separately (``Lexer/takeStringSegments()``), so that a token holds no
/// reference and moving one from the lexer to the parser is a plain copy.
package enum TokenValue: Hashable, Sendable {
    /// No value: punctuation, names, strings, or a malformed literal.
    case none
    /// The value of an ``TokenKind/integer`` token.
    case integer(Int)
    /// The value of a ``TokenKind/decimal`` token.
    case decimal(Double)
    /// The amount and unit of a ``TokenKind/duration`` token.
    case duration(Int, DurationUnit)
}

/// One token: its kind, where it is, and the value of a literal.
///
/// Plain data (no references), like its value; see ``TokenValue``. Its
/// flags share one byte, so that a token is 26 bytes rather than 31 (a byte
/// a flag), which the lexer and the parser copy at every step: saves 10 M
/// instructions of 519 M in `Parser.parse` for 10,000 tips (callgrind).
/// What the lexer reported takes the byte before the range, which is
/// otherwise padding (``lexicalReport``).
public struct Token: Hashable, Sendable {
    /// What the token is.
    public var kind: TokenKind
    /// ``isMalformed``, ``followsLineBreak`` and ``hasDocComment``.
    private var flags: UInt8 = 0
    /// For an identifier that spells a contextual keyword, that keyword.
    public var keyword: Keyword?
    /// ``lexicalReport``, in the byte before ``range`` that would otherwise
    /// be padding: the four bytes before the range then copy as plain data,
    /// where a padding byte among them has the token repacked field by field
    /// at every step (saves 5 M instructions of 444 M in `Parser.parse` for
    /// 10,000 tips, callgrind).
    private var report = LexicalReport.none
    /// Where it is; names are read back from the source through this range.
    public var range: SourceRange
    /// The decoded value of a literal; ``TokenValue/none`` otherwise.
    package var value: TokenValue

    init(
        kind: TokenKind, range: SourceRange, value: TokenValue = .none, isMalformed: Bool = false,
        keyword: Keyword? = nil, followsLineBreak: Bool = false
    ) {
        self.kind = kind
        self.keyword = keyword
        self.range = range
        self.value = value
        flags = (isMalformed ? Self.malformedBit : 0) | (followsLineBreak ? Self.lineBreakBit : 0)
    }

    private static let malformedBit: UInt8 = 1
    private static let lineBreakBit: UInt8 = 2
    private static let docCommentBit: UInt8 = 4

    private func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }

    private mutating func setFlag(_ bit: UInt8, _ value: Bool) { flags = value ? flags | bit : flags & ~bit }

    /// True when the lexer already reported an error about this token (an
    /// integer that overflows, an unknown duration unit); the parser then
    /// stays silent about it.
    public var isMalformed: Bool {
        get { flag(Self.malformedBit) }
        set { setFlag(Self.malformedBit, newValue) }
    }
    /// Whether a line feed lies between the token before (other than a doc
    /// comment or a separating ``TokenKind/newline``) and this one.
    public var followsLineBreak: Bool {
        get { flag(Self.lineBreakBit) }
        set { setFlag(Self.lineBreakBit, newValue) }
    }
    /// Whether a doc comment directly precedes the token (when the lexer
    /// collects doc comments, it hands it out with ``Lexer/takeDocComment()``).
    package var hasDocComment: Bool {
        get { flag(Self.docCommentBit) }
        set { setFlag(Self.docCommentBit, newValue) }
    }
    /// The most serious thing the lexer reported about this token or the
    /// text between it and the token before (a comment, a `?` it skipped).
    package var lexicalReport: LexicalReport {
        get { report }
        set { report = newValue }
    }
}

/// What the lexer reported about a token: nothing, a warning, or an error.
package enum LexicalReport: UInt8, Comparable, Hashable, Sendable {
    case none
    case warning
    case error

    package static func < (lhs: LexicalReport, rhs: LexicalReport) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Becomes `report` when that is more serious.
    mutating func raise(to report: LexicalReport) { self = max(self, report) }

    /// The report, leaving ``none`` behind.
    mutating func take() -> LexicalReport {
        defer { self = .none }
        return self
    }
}
