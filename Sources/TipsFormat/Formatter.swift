import TipsCompiler
import TipsSyntax

// `tipc format`: one canonical layout for a `.tips` file.
//
// The layout is printed from the parser's own syntax tree (so the formatter
// cannot read the language differently from the compiler), with the text of
// names and literals taken from the source as written. Comments are not in
// the tree: the lexer records their ranges, and each is put back before the
// line it preceded or after the code it followed (`FormatPrinter+Comments.swift`).
// The checker proves the layout kept the file's meaning: the file and its
// layout must check to the same model, positions aside.

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
        // A safety net: the formatted text must parse, and check to the same
        // model. It always should; if it ever does not, the file is left alone.
        guard sameMeaning(file, as: text) else {
            let message =
                "the formatter could not lay out this file without changing its meaning; it was left as it is"
            return FormatResult(
                text: nil, diagnostics: [Diagnostic(.error, message, at: SourceRange(file: file.id, start: 0, end: 0))]
            )
        }
        // Laid out with `\n` and no byte order mark; written as the file is (its line break, its mark).
        return FormatResult(text: TextForm(of: file.bytes).applied(to: text), diagnostics: [])
    }

    /// Formats text given as a string (for tests and the language server).
    public static func format(text: String, path: String = "input.tips") -> FormatResult {
        format(SourceFile(id: FileID(0), path: path, bytes: Array(text.utf8)))
    }

    /// Whether `text` parses without errors and checks, on its own, to the
    /// model `file` checks to, positions aside (``CheckedProgram/meaning``).
    /// A file that names declarations of other files does not check alone:
    /// what does check (and every name's use) is compared.
    static func sameMeaning(_ file: SourceFile, as text: String) -> Bool {
        guard let formatted = meaning(of: Array(text.utf8), path: file.path),
            let original = meaning(of: file.bytes, path: file.path)
        else { return false }
        return formatted == original
    }

    /// What `bytes` check to on their own, positions aside; nil when they do not parse.
    static func meaning(of bytes: [UInt8], path: String) -> CheckedProgram? {
        var sources = SourceManager()
        let file = sources.add(path: path, bytes: bytes)
        var diagnostics = DiagnosticEngine()
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return nil }
        return Checker.check([syntax], sources: sources, diagnostics: &diagnostics).meaning
    }
}
