import TipsRuntime

/// Turns the UTF-8 bytes of a ``SourceFile`` into ``Token``s.
///
/// The lexer scans bytes with an index and never builds a `String` per
/// character; names are read back from the source only by the parser. It
/// decides which line breaks separate items (see `Grammar/README.md`): a line
/// continues inside parentheses, after an infix operator, and when the next
/// line starts with `.` or an infix operator other than `-`. Every lexical
/// error is reported, at its exact position, into the sink the lexer is
/// given, and lexing continues; the token the error concerns carries that it
/// was reported (``Token/lexicalReport``), so that whoever takes the tokens
/// knows without reading the sink.
public struct Lexer {
    let file: SourceFile
    let bytes: [UInt8]
    var index = 0
    /// The token scanned and not yet taken by ``next()``, when ``isReady``.
    ///
    /// A token and a flag rather than an optional token, and a separating
    /// newline kept as its offset: ``next()`` then moves plain fields, where
    /// taking an optional rewrites it and repacks the token, for every token
    /// (saves 20 M instructions of 475 M in `Parser.parse` for 10,000 tips, callgrind).
    var ready: Token
    /// Whether ``ready`` holds a token not yet taken.
    var isReady = false
    /// The offset of a separating newline scanned and not yet taken by
    /// ``next()``, when ``isNewlineReady``: it comes before ``ready``.
    private var readyNewline = 0
    /// Whether ``readyNewline`` holds a newline not yet taken.
    private var isNewlineReady = false
    /// The decoded pieces of the string tokens scanned and not yet taken by
    /// ``takeStringSegments()``, oldest first (rarely more than two).
    private var stringSegments: [StringLiteral.Segments] = []
    /// The doc comments of the tokens scanned with ``Token/hasDocComment``
    /// and not yet taken by ``takeDocComment()``, oldest first.
    private var docComments: [DocComment] = []
    /// The sink the lexer was given: every lexical error and warning goes here.
    var diagnostics: DiagnosticEngine
    /// The most serious report since the last token was emitted, carried by the next one.
    var pendingReport = LexicalReport.none
    /// Open parentheses; line breaks inside them do not separate items.
    var parenDepth = 0
    /// Open braces: whether pasted Swift sits inside a block.
    var braceDepth = 0
    /// The offset of the first line break since the last token, if any.
    var pendingNewline: Int?
    /// The kind of the last token other than a doc comment.
    var lastKind: TokenKind?
    /// The keyword and range of that token.
    var lastToken: (keyword: Keyword?, range: SourceRange)?
    /// When true (for the parser), doc comments are collected into
    /// ``pendingDocs`` instead of being emitted as tokens.
    let collectsDocs: Bool
    /// Doc comment lines not yet attached to a token.
    var pendingDocs: [SourceRange] = []
    /// The decoded text of a string with escapes, kept from one string to
    /// the next so that its storage is allocated once per file, not per string.
    var stringText: [UInt8] = []
    let keywordTable = Keyword.byShape
    /// ``punctuation``, held by the lexer so that reading it does not check,
    /// once a punctuation token, that the static table was made: saves 3 M
    /// instructions of 423 M in `Parser.parse` for 10,000 tips (callgrind).
    let punctuationTable = Lexer.punctuation
    /// Names declared with a leading digit (`parameter 2fa`), reported once
    /// at the declaration; later uses of the same spelling are read silently.
    var digitNames: Set<String> = []
    /// When true (for the formatter and the language server), the range of
    /// every comment, `///` included, is kept in ``comments``, in order.
    var recordsComments = false
    /// The comments seen (when ``recordsComments``).
    var comments: [SourceRange] = []
    /// Where a `"""` was found to have no closing `"""` after it, if one was.
    var unclosedTripleQuoteSearch: Int?
    /// A block comment that the end of the file left open, from its `/*`.
    var unclosedComment: SourceRange?
    /// What the file's pasted Swift names, read once, when a pasted struct
    /// first needs it (see Lexer+PastedDonations.swift).
    var pastedIndex: PastedSwiftIndex?

    /// A lexer at the start of `file` that reports into `diagnostics`.
    init(file: SourceFile, collectsDocs: Bool = false, diagnostics: consuming DiagnosticEngine) {
        self.file = file
        // A merge conflict left in the file: its first side is read (see Lexer+ConflictMarkers.swift).
        let firstSides = Lexer.firstSides(of: file.bytes)
        self.bytes = firstSides?.bytes ?? file.bytes
        self.collectsDocs = collectsDocs
        self.diagnostics = diagnostics
        ready = Token(kind: .endOfFile, range: SourceRange(file: file.id, start: 0, end: 0))
        // A UTF-8 byte order mark, as some editors write, is not content.
        index = SourceFile.byteOrderMarkLength(of: bytes)
        // A file saved as UTF-16 is one error, not one for every other byte: it is not read further.
        if let (encoding, length) = SourceFile.otherEncoding(of: bytes) {
            error(SourceFile.otherEncodingMessage(encoding, what: "a .tips file"), from: 0, to: length)
            index = bytes.count
        }
        for conflict in firstSides?.errors ?? [] {
            error(conflict.message, from: conflict.offset, to: conflict.offset + 7)
        }
    }

    /// Lexes the whole file. The result always ends with one
    /// ``TokenKind/endOfFile`` token; lexical errors go to `diagnostics`.
    public static func tokenize(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> [Token] {
        tokenize(file, diagnostics: &diagnostics, keepingComments: false).tokens
    }

    /// The next token. The parser pulls tokens one at a time, so that only a
    /// few exist at once whatever the size of the file; past the end, every
    /// token is end-of-file.
    @inline(__always)
    mutating func next() -> Token {
        var token = ready
        next(into: &token)
        return token
    }

    /// Stores ``next()`` in `token`. Each way stores its token whole, where
    /// returning either has the two joined field by field: the parser takes
    /// its tokens this way (saves 13 M instructions of 439 M in `Parser.parse`
    /// for 10,000 tips, callgrind).
    @inline(__always)
    mutating func next(into token: inout Token) {
        if !isReady { scanUntilReady() }
        if isNewlineReady {
            isNewlineReady = false
            token = Token(kind: .newline, range: range(readyNewline, readyNewline + 1))
            return
        }
        isReady = false
        token = ready
    }

    /// The decoded pieces of the oldest string token that ``next()`` returned
    /// and whose pieces were not taken yet. Whoever takes tokens takes the
    /// pieces of each string token, in order.
    mutating func takeStringSegments() -> StringLiteral.Segments {
        stringSegments.takeOldest() ?? StringLiteral.Segments()
    }

    /// The doc comment of the oldest token with ``Token/hasDocComment`` that
    /// ``next()`` returned and whose doc comment was not taken yet.
    mutating func takeDocComment() -> DocComment? {
        docComments.takeOldest()
    }

    /// Lexes the whole file as the parser sees it (no doc comment tokens)
    /// and also returns the range of every comment, in order: what the
    /// formatter needs to put the comments back where they were. A block
    /// comment that the end of the file leaves open is not among them, but
    /// returned apart, from its `/*` to the end.
    package static func tokenizeKeepingComments(
        _ file: SourceFile, diagnostics: inout DiagnosticEngine
    ) -> (tokens: [Token], comments: [SourceRange], unclosedComment: SourceRange?) {
        tokenize(file, diagnostics: &diagnostics, keepingComments: true)
    }

    private static func tokenize(
        _ file: SourceFile, diagnostics: inout DiagnosticEngine, keepingComments: Bool
    ) -> (tokens: [Token], comments: [SourceRange], unclosedComment: SourceRange?) {
        var lexer = Lexer(file: file, collectsDocs: keepingComments, diagnostics: diagnostics.take())
        defer { diagnostics = lexer.diagnostics.take() }
        lexer.recordsComments = keepingComments
        var tokens: [Token] = []
        while tokens.last?.kind != .endOfFile {
            let token = lexer.next()
            if token.kind == .string { _ = lexer.takeStringSegments() }
            if token.hasDocComment { _ = lexer.takeDocComment() }
            tokens.append(token)
        }
        return (tokens, lexer.comments, lexer.unclosedComment)
    }

    @inline(__always)
    private mutating func scanUntilReady() {
        let count = bytes.count
        while !isReady {
            guard index < count else {
                emit(.endOfFile, from: count, to: count)
                return
            }
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
                index += 1
                // A run of spaces (indentation) is skipped here rather than
                // byte by byte through the checks above: saves 5 M
                // instructions of 541 M in `Parser.parse` for 10,000 tips (callgrind).
                while index < count, bytes[index] == 0x20 { index += 1 }
            case 0x0A:
                if pendingNewline == nil { pendingNewline = index }
                index += 1
            case UInt8(ascii: "/"):
                scanSlash()
            case UInt8(ascii: "s") where braceDepth == 0 && startsStructKeyword(at: index):
                // `struct FavoriteTip: Tip {` at file scope, TipKit's tip pasted, or a donation
                // type (`struct Visit: Codable {`) of a TipKit event; else a name.
                if !scanTipKitStruct(from: index), !scanDonationStruct(from: index) { scanIdentifier() }
            case UInt8(ascii: "v") where braceDepth > 0 && startsVarKeyword(at: index):
                // `var title: Text { Text("Hi") }` in a tip, a TipKit tip's member pasted; else a name.
                if !scanTipKitMember(from: index) { scanIdentifier() }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                scanIdentifier()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
            case UInt8(ascii: "\""):
                scanString()
            case 0x80...0xFF:
                scanNonASCII()
            default:
                scanPunctuation(byte)
            }
        }
    }

    // MARK: - Emitting

    func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: file.id, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
    }

    mutating func emit(
        _ kind: TokenKind, from start: Int, to end: Int, value: TokenValue = .none, malformed: Bool = false,
        keyword: Keyword? = nil
    ) {
        var token = Token(
            kind: kind, range: range(start, end), value: value, isMalformed: malformed, keyword: keyword,
            followsLineBreak: pendingNewline != nil)
        if kind == .docComment {
            // Doc comments do not take part in line continuation, and collected
            // ones are no tokens: what was reported in them goes to the next token.
            if collectsDocs {
                pendingDocs.append(token.range)
            } else {
                token.lexicalReport = pendingReport.take()
                ready = token
                isReady = true
            }
            return
        }
        token.lexicalReport = pendingReport.take()
        if let newline = pendingNewline {
            pendingNewline = nil
            if separatesItems(before: kind) {
                readyNewline = newline
                isNewlineReady = true
            }
        }
        if let firstLine = pendingDocs.first, let lastLine = pendingDocs.last {
            let lines = pendingDocs.map { Self.docLine($0, in: file) }
            docComments.append(DocComment(lines: lines, range: firstLine.extended(to: lastLine)))
            token.hasDocComment = true
            pendingDocs.removeAll(keepingCapacity: true)
        }
        switch kind {
        case .leftParen: parenDepth += 1
        case .rightParen: parenDepth = max(0, parenDepth - 1)
        // Braces never occur inside parentheses: resynchronise after a missing `)`.
        case .leftBrace:
            parenDepth = 0
            braceDepth += 1
        case .rightBrace:
            parenDepth = 0
            braceDepth = max(0, braceDepth - 1)
        default: break
        }
        lastToken = (token.keyword, token.range)
        ready = token
        isReady = true
        lastKind = kind
    }

    /// Emits a string token whose decoded pieces are `segments`, moved to
    /// the token rather than copied there (``scanString(curly:)`` gives them
    /// up: saves 75,000 retains and 70,000 releases on 10,000 tips, callgrind).
    mutating func emitString(from start: Int, to end: Int, segments: consuming StringLiteral.Segments) {
        stringSegments.append(segments)
        emit(.string, from: start, to: end)
    }

    /// The text of the `///` line at `range` without its slashes and one
    /// leading space, cut from the bytes (a String and its Characters cost
    /// several times more, and a file of tips has many doc lines). Static, so
    /// that mapping the lines does not capture a copy of the lexer.
    static func docLine(_ range: SourceRange, in file: SourceFile) -> String {
        var start = range.start + 3
        if start < range.end, file.bytes[Int(start)] == 0x20 { start += 1 }
        return file.text(in: SourceRange(file: range.file, start: start, end: range.end))
    }

    /// Whether a line break before a token of `kind` ends the current item.
    func separatesItems(before kind: TokenKind) -> Bool {
        guard let last = lastKind, parenDepth == 0 else { return false }
        return Self.lineBreakSeparates(after: last, before: kind)
    }

    /// Whether a line break between a token of kind `last` and one of kind
    /// `kind`, outside parentheses, ends the item: not after an operator
    /// nor before one or a `.`, where a rule goes on over lines.
    static func lineBreakSeparates(after last: TokenKind, before kind: TokenKind) -> Bool {
        guard last != .newline, kind != .endOfFile, !last.isBinaryOperator else { return false }
        switch kind {
        case .dot, .binaryOperator: return false
        default: return true
        }
    }

    /// Counts one `(` fewer open: the parser gave up on one at an error
    /// (`expected ')' ...`), and the line breaks after it separate items again.
    mutating func closeParenthesisAtError() {
        parenDepth = max(0, parenDepth - 1)
    }

    /// Reports an error at `start..<end`; `replacement`, when the message
    /// names one, is its fix-it. Past the error limit the message is never
    /// read (``DiagnosticEngine/dropsErrorMessages``), so it is not built:
    /// a file of NUL bytes is an error a byte, and `tipc check` of 16 MiB of
    /// them took 4.86 s building messages to drop, now 0.40 s.
    mutating func error(
        _ message: @autoclosure () -> String, from start: Int, to end: Int, replacement: String? = nil
    ) {
        let range = range(start, end)
        if diagnostics.dropsErrorMessages {
            diagnostics.reportDroppedError(at: range)
        } else {
            diagnostics.error(message(), at: range, replacing: replacement)
        }
        noteReport(.error)
    }

    /// Records on the token it concerns that the lexer reported something:
    /// the token just emitted (the report came after it, in the same scan),
    /// else the next one.
    mutating func noteReport(_ report: LexicalReport) {
        if isReady {
            ready.lexicalReport.raise(to: report)
        } else {
            pendingReport.raise(to: report)
        }
    }

    // MARK: - Comments and punctuation

    mutating func scanSlash() {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "/") {
            scanLineComment()
        } else if next == UInt8(ascii: "*") {
            scanBlockComment()
        } else {
            emit(.binaryOperator(.divide), from: index, to: index + 1)
            index += 1
        }
    }

    mutating func scanLineComment() {
        let start = index
        var end = index + 2
        while end < bytes.count, bytes[end] != 0x0A {
            if bytes[end] >= 0x80 {
                end = validateScalar(at: end, in: "comment") ?? end + 1
            } else {
                end = plainRunEnd(from: end + 1, stoppingAt: (0x0A, 0x0A, 0x0A, 0x0A))
            }
        }
        index = end
        if recordsComments { comments.append(range(start, end)) }
        let isDoc =
            end - start >= 3 && bytes[start + 2] == UInt8(ascii: "/")
            && (end - start == 3 || bytes[start + 3] != UInt8(ascii: "/"))
        if isDoc {
            var trimmed = end
            while trimmed > start + 3, bytes[trimmed - 1] == 0x0D { trimmed -= 1 }
            emit(.docComment, from: start, to: trimmed)
        }
    }

    mutating func scanBlockComment() {
        let start = index
        var depth = 1
        index += 2
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 {
                    if recordsComments { comments.append(range(start, index)) }
                    return
                }
            } else if byte == 0x0A {
                if pendingNewline == nil { pendingNewline = index }
                index += 1
            } else if byte >= 0x80 {
                index = validateScalar(at: index, in: "comment") ?? index + 1
            } else {
                index += 1
            }
        }
        unclosedComment = range(start, index)
        error("unterminated block comment; add '*/' to close it", from: start, to: start + 2)
    }

    mutating func scanPunctuation(_ byte: UInt8) {
        let start = index
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        let punctuation = punctuationTable[Int(byte)]
        if let pair = punctuation.pair, next == punctuation.pairedWith {
            emit(.binaryOperator(pair), from: start, to: start + 2)
            index += 2
        } else if let alone = punctuation.alone {
            if alone == .leftBrace, lastKind == .identifier, pendingNewline == nil, scanTrailingFilter() { return }
            emit(alone, from: start, to: start + 1)
            index += 1
        } else if byte == UInt8(ascii: "'") {
            scanSingleQuotedString()
        } else if byte == UInt8(ascii: "#"), scanTipKitRule() {
            return
        } else if byte == UInt8(ascii: "@"), scanTipKitParameter() {
            return
        } else {
            scanUnexpected(byte)
        }
    }

    /// What one byte starts: the token it is on its own, and the operator it
    /// spells with the byte `pairedWith` after it (`=` then `=`), which wins.
    struct Punctuation {
        var alone: TokenKind?
        var pairedWith: UInt8 = 0
        var pair: RuleOperator?
    }

    /// What each byte starts, indexed by the byte: punctuation, and the
    /// operators as ``RuleOperator`` spells them (`-` is ``TokenKind/minus``,
    /// as it is also a prefix; `/` reaches the lexer's comment scanning first).
    static let punctuation: [Punctuation] = {
        var table = [Punctuation](repeating: Punctuation(), count: 256)
        let kinds: [TokenKind] = [
            .leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket, .rightBracket, .comma, .colon, .semicolon,
            .dot, .percent, .assign, .bang, .minus,
        ]
        for (byte, kind) in zip("{}()[],:;.%=!-".utf8, kinds) { table[Int(byte)].alone = kind }
        for op in RuleOperator.allCases {
            let spelling = Array(op.rawValue.utf8)
            let first = Int(spelling[0])
            if spelling.count == 2 {
                table[first].pairedWith = spelling[1]
                table[first].pair = op
            } else if table[first].alone == nil {
                table[first].alone = .binaryOperator(op)
            }
        }
        return table
    }()

    /// An ASCII byte that starts no token: reported, and skipped.
    mutating func scanUnexpected(_ byte: UInt8) {
        let start = index
        index += 1
        if byte == UInt8(ascii: "?"), lastKind == .identifier, start > 0,
            Lexer.isASCIIIdentifierByte(bytes[start - 1])
        {
            // `String?`: no value is optional; reported once, then read without the `?`.
            let name = lastToken.map { file.text(in: $0.range) } ?? ""
            // `try? Tips.configure()`: the parser tells the line as the app's Swift.
            if name == "try" { return }
            if reportOptionalDefaultingToNil(type: name, at: start) { return }
            error(
                "nothing is optional in .tips (every parameter has a default value); write '\(name)' without '?'",
                from: start, to: index, replacement: "")
            return
        }
        if byte == UInt8(ascii: "$"), index < bytes.count, Lexer.isASCIIIdentifierByte(bytes[index]),
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        {
            // `$count`, as TipKit's `#Rule(Self.$count)` names a parameter:
            // reported once, then read as the name alone.
            var end = index
            while end < bytes.count, Lexer.isASCIIIdentifierByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            error(
                "write '\(name)' without '$': a rule names a parameter as it is declared", from: start, to: index,
                replacement: "")
            return
        }
        emit(.unknown, from: start, to: index, malformed: true)
        // A scalar, not a `Character`: a string is made only for a message
        // that is built (a file of NUL bytes is an error a byte).
        let character = Unicode.Scalar(byte)
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "|"):
            let doubled = byte == UInt8(ascii: "&") ? "&&" : "||"
            error(
                "unexpected character '\(character)'; did you mean '\(doubled)'?", from: start, to: index,
                replacement: doubled)
        case 0x00..<0x20, 0x7F:
            error("unexpected control character U+\(Lexer.hex(UInt32(byte), digits: 4))", from: start, to: index)
        default:
            error("unexpected character '\(character)'", from: start, to: index)
        }
    }

    /// `value` in upper-case hexadecimal, padded to `digits`.
    package static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension Array {
    /// The first element, removed; nil when there is none. The lexer's queues
    /// nearly always hold one element, which is then taken with
    /// `removeLast()`, which shifts nothing, where `removeFirst()` goes
    /// through `replaceSubrange` (for the string pieces and doc comments of
    /// 10,000 tips, saves 8 M instructions of 490 M in `Parser.parse`, callgrind).
    fileprivate mutating func takeOldest() -> Element? {
        switch count {
        case 0: nil
        case 1: removeLast()
        default: removeFirst()
        }
    }
}
