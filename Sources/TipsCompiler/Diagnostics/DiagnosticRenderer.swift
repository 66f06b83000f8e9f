/// Prints diagnostics as `path:line:column: error: message`, followed by the
/// source line, a caret under the range (`^~~~`), and any notes: the format
/// that Xcode, SwiftPM and editors read.
public struct DiagnosticRenderer: Sendable {
    /// The files the diagnostics point into.
    public let sources: SourceManager
    /// Whether to print the source line and caret under each diagnostic.
    public var showsSourceLines: Bool

    /// Creates a renderer.
    public init(sources: SourceManager, showsSourceLines: Bool = true) {
        self.sources = sources
        self.showsSourceLines = showsSourceLines
    }

    /// The one-line header of a diagnostic: `path:line:column: severity: message`.
    public func header(_ severity: Severity, _ message: String, at range: SourceRange) -> String {
        let file = sources[range.file]
        return "\(file.path):\(file.lineColumn(of: range.start)): \(severity): \(message)"
    }

    /// Renders one diagnostic with its source line, caret and notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = header(diagnostic.severity, diagnostic.message, at: diagnostic.range) + "\n"
        if showsSourceLines { out += snippet(for: diagnostic.range) }
        for note in diagnostic.notes {
            if let range = note.range {
                out += header(.note, note.message, at: range) + "\n"
                if showsSourceLines { out += snippet(for: range) }
            } else {
                out += "note: \(note.message)\n"
            }
        }
        return out
    }

    /// Renders every diagnostic, in order.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined()
    }

    /// The source line holding the start of `range` and a caret line under it.
    func snippet(for range: SourceRange) -> String {
        let file = sources[range.file]
        let start = file.lineColumn(of: range.start)
        let lineText = file.lineText(start.line)
        let endOffset = max(range.start, range.end)
        let end = file.lineColumn(of: endOffset)
        let lineScalars = lineText.unicodeScalars.count
        let width: Int
        if end.line == start.line {
            width = max(1, end.column - start.column)
        } else {
            width = max(1, lineScalars - start.column + 1)
        }
        // Keep tabs so the caret lines up under the text in a terminal.
        var pad = ""
        for (index, scalar) in lineText.unicodeScalars.enumerated() where index < start.column - 1 {
            pad.append(scalar == "\t" ? "\t" : " ")
        }
        if lineText.unicodeScalars.count < start.column - 1 {
            pad += String(repeating: " ", count: start.column - 1 - lineText.unicodeScalars.count)
        }
        let caret = "^" + String(repeating: "~", count: width - 1)
        return lineText + "\n" + pad + caret + "\n"
    }
}
