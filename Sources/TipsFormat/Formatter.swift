import TipsSyntax

// `tipc format`: one canonical layout for a `.tips` file.
//
// The layout is printed from the parser's own syntax tree (so the formatter
// cannot read the language differently from the compiler), with the text of
// names and literals taken from the source as written. Comments are not in
// the tree: the lexer records their ranges, and each is put back before the
// line it preceded or after the code it followed (`Formatter+Comments.swift`).

/// The result of formatting one file.
public struct FormatResult: Sendable {
    /// The formatted text; nil when the file has syntax errors (it is then left as it is).
    public var text: String?
    /// The syntax errors that kept the file from being formatted.
    public var diagnostics: [Diagnostic]
}

/// Formats `.tips` source text.
public enum TipsFormatter {
    /// Rules longer than this many columns are broken at `&&` and `||`.
    public static let lineWidth = 100
    /// Spaces per indentation level.
    public static let indentWidth = 4

    /// Formats one file. A file the parser reports errors for is not formatted.
    public static func format(_ file: SourceFile) -> FormatResult {
        var diagnostics = DiagnosticEngine()
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        let (tokens, comments, _) = Lexer.tokenizeKeepingComments(file, diagnostics: &diagnostics)
        if diagnostics.hasErrors {
            return FormatResult(text: nil, diagnostics: diagnostics.sorted.filter { $0.severity == .error })
        }
        var printer = FormatPrinter(file: file, tokens: tokens, comments: comments)
        printer.print(syntax)
        let text = printer.output
        // A safety net: the formatted text must parse to the same tree. It
        // always should; if it ever does not, the file is left alone.
        guard sameMeaning(syntax, file: file, as: text) else {
            let message =
                "the formatter could not lay out this file without changing its meaning; it was left as it is"
            return FormatResult(
                text: nil, diagnostics: [Diagnostic(.error, message, at: SourceRange(file: file.id, start: 0, end: 0))]
            )
        }
        return FormatResult(text: text, diagnostics: [])
    }

    /// Formats text given as a string (for tests and the language server).
    public static func format(text: String, path: String = "input.tips") -> FormatResult {
        format(SourceFile(id: FileID(0), path: path, bytes: Array(text.utf8)))
    }

    /// Whether `text` parses without errors to the tree `syntax` (ranges aside).
    static func sameMeaning(_ syntax: SourceFileSyntax, file: SourceFile, as text: String) -> Bool {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let reformatted = sources.add(path: file.path, text: text)
        let tree = Parser.parse(reformatted, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return false }
        var original = SourceManager()
        let copy = original.add(path: file.path, bytes: file.bytes)
        let originalTree = SourceFileSyntax(file: copy.id, declarations: syntax.declarations)
        return treeShape(originalTree, sources: original) == treeShape(tree, sources: sources)
    }

    /// The AST dump without its ranges: what a file means, not where.
    static func treeShape(_ syntax: SourceFileSyntax, sources: SourceManager) -> String {
        var shape = ""
        for line in dumpAST(syntax, sources: sources).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("]"), let open = line.lastIndex(of: "[") {
                shape += line[..<open]
            } else {
                shape += line
            }
            shape += "\n"
        }
        return shape
    }
}
