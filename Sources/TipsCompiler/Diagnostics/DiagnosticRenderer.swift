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

    /// At most this many bytes of a source line are shown; longer lines are
    /// cut around the caret (marked with `…`), so output stays small for megabyte lines.
    static let maximumShownBytes = 200

    /// The source line holding the start of `range` and a caret line under it.
    func snippet(for range: SourceRange) -> String {
        let file = sources[range.file]
        let start = file.lineColumn(of: range.start)
        let lineStart = Int(file.lineStarts[start.line - 1])
        var lineEnd = start.line < file.lineStarts.count ? Int(file.lineStarts[start.line]) - 1 : file.bytes.count
        if lineEnd > lineStart, file.bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let offset = min(Int(range.start), lineEnd)
        // The shown part of the line: all of it, or a window around the caret.
        var shownStart = lineStart
        var shownEnd = lineEnd
        if lineEnd - lineStart > Self.maximumShownBytes {
            shownStart = Self.boundary(in: file.bytes, atOrAfter: max(lineStart, offset - Self.maximumShownBytes / 2))
            shownEnd = Self.boundary(in: file.bytes, atOrAfter: min(lineEnd, shownStart + Self.maximumShownBytes))
        }
        let prefix = shownStart > lineStart ? "…" : ""
        let suffix = shownEnd < lineEnd ? "…" : ""
        let shown = file.repairedText(from: shownStart, to: shownEnd)
        let shownColumns = shown.unicodeScalars.count
        // The caret's column within the shown text, and its width.
        let caretColumn = file.columns(from: shownStart, to: max(shownStart, offset)) + (range.start > lineEnd ? 1 : 0)
        let endOffset = min(max(Int(range.start), Int(range.end)), shownEnd)
        let rangeColumns = file.columns(from: max(shownStart, offset), to: max(offset, endOffset))
        let width = max(1, min(rangeColumns, 1 + shownColumns - caretColumn))
        // Keep tabs so the caret lines up under the text in a terminal.
        var pad = prefix.isEmpty ? "" : " "
        for scalar in shown.unicodeScalars.prefix(caretColumn) {
            pad.append(scalar == "\t" ? "\t" : " ")
        }
        if shownColumns < caretColumn {
            pad += String(repeating: " ", count: caretColumn - shownColumns)
        }
        let caret = "^" + String(repeating: "~", count: width - 1)
        return prefix + shown + suffix + "\n" + pad + caret + "\n"
    }

    /// The first offset at or after `offset` that does not continue a UTF-8
    /// sequence (looking at most 3 bytes ahead), so a window never cuts a character.
    static func boundary(in bytes: [UInt8], atOrAfter offset: Int) -> Int {
        var index = offset
        while index < bytes.count, index < offset + 3, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }
}
