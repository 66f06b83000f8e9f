@testable import TipsCompiler
@testable import TipsSyntax

/// The result of lexing or parsing a snippet in a test.
struct LexedSnippet {
    var file: SourceFile
    var tokens: [Token]
    /// The decoded pieces of each string token, in order.
    var strings: [StringLiteral.Segments] = []
    var diagnostics: [Diagnostic]

    /// The kinds of every token but the final end-of-file.
    var kinds: [TokenKind] { tokens.dropLast().map(\.kind) }

    /// The source text of every token but the final end-of-file.
    var texts: [String] { tokens.dropLast().map { file.text(in: $0.range) } }

    /// `line:column: message` for every diagnostic, in order.
    var messages: [String] {
        diagnostics.map { "\(file.lineColumn(of: $0.range.start)): \($0.message)" }
    }
}

/// Lexes `text` as a file named `test.tips`.
func lexSnippet(_ text: String) -> LexedSnippet {
    lexSnippet(bytes: Array(text.utf8))
}

/// Lexes raw bytes as a file named `test.tips`.
func lexSnippet(bytes: [UInt8]) -> LexedSnippet {
    var sources = SourceManager()
    let file = sources.add(path: "test.tips", bytes: bytes)
    var lexer = Lexer(file: file, diagnostics: DiagnosticEngine())
    var tokens: [Token] = []
    var strings: [StringLiteral.Segments] = []
    while tokens.last?.kind != .endOfFile {
        let token = lexer.next()
        if token.kind == .string { strings.append(lexer.takeStringSegments()) }
        tokens.append(token)
    }
    return LexedSnippet(file: file, tokens: tokens, strings: strings, diagnostics: lexer.diagnostics.reported)
}

/// The result of parsing a snippet in a test.
struct ParsedSnippet {
    var sources: SourceManager
    var file: SourceFile
    var syntax: SourceFileSyntax
    var diagnostics: [Diagnostic]

    /// `line:column: message` for every diagnostic, sorted by position.
    var messages: [String] {
        diagnostics.map { "\(file.lineColumn(of: $0.range.start)): \($0.message)" }
    }

    /// The AST dump of the file.
    var dump: String { dumpAST(syntax, sources: sources) }

    /// The text a range covers.
    func text(_ range: SourceRange) -> String { file.text(in: range) }
}

/// Parses `text` as a file named `test.tips`.
func parseSnippet(_ text: String) -> ParsedSnippet {
    var sources = SourceManager()
    let file = sources.add(path: "test.tips", text: text)
    var engine = DiagnosticEngine()
    let syntax = Parser.parse(file, diagnostics: &engine)
    return ParsedSnippet(sources: sources, file: file, syntax: syntax, diagnostics: engine.sorted)
}

extension FixIt {
    /// `bytes` with this fix applied: its range replaced by its replacement.
    func applied(to bytes: [UInt8]) -> [UInt8] {
        var fixed = bytes
        fixed.replaceSubrange(Int(range.start)..<Int(range.end), with: Array(replacement.utf8))
        return fixed
    }

    /// `text` with this fix applied.
    func applied(to text: String) -> String {
        String(decoding: applied(to: Array(text.utf8)), as: UTF8.self)
    }
}
