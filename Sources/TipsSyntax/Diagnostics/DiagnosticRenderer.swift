import TipsRuntime

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

    /// The one-line header of a diagnostic: `path:line:column: severity:
    /// message`, the message's control characters escaped (it may quote the input).
    public func header(_ severity: Severity, _ message: String, at range: SourceRange) -> String {
        let file = sources[range.file]
        return "\(file.path):\(file.lineColumn(of: range.start)): \(severity): \(message.escapingControlCharacters)"
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
        let line = file.lineBytes(start.line)
        let (lineStart, lineEnd) = (line.lowerBound, line.upperBound)
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
        let shown = Self.controlsAsPictures(file.repairedText(shownStart..<shownEnd))
        let shownColumns = shown.unicodeScalars.count
        // The caret's column within the shown text, and its width.
        let caretColumn = file.columns(from: shownStart, to: max(shownStart, offset)) + (range.start > lineEnd ? 1 : 0)
        let endOffset = min(max(Int(range.start), Int(range.end)), shownEnd)
        let rangeColumns = file.columns(from: max(shownStart, offset), to: max(offset, endOffset))
        let scalars = shown.unicodeScalars
        let caretIndex = scalars.index(scalars.startIndex, offsetBy: min(caretColumn, shownColumns))
        let spanEnd = scalars.index(caretIndex, offsetBy: max(0, min(rangeColumns, shownColumns - caretColumn)))
        // Columns count scalars, but a terminal gives CJK and emoji two cells
        // and combining marks none: pad and underline by display width.
        let width = max(1, shown[caretIndex..<spanEnd].reduce(0) { $0 + TerminalColumns.of($1) })
        // Keep tabs so the caret lines up under the text in a terminal.
        var pad = prefix.isEmpty ? "" : " "
        for character in shown[..<caretIndex] {
            if character == "\t" {
                pad.append("\t")
            } else {
                pad += String(repeating: " ", count: TerminalColumns.of(character))
            }
        }
        if shownColumns < caretColumn {
            pad += String(repeating: " ", count: caretColumn - shownColumns)
        }
        let caret = "^" + String(repeating: "~", count: width - 1)
        return prefix + shown + suffix + "\n" + pad + caret + "\n"
    }

    /// The text with each control character but a tab shown as its symbol
    /// (U+241B for ESC), C1 controls as U+FFFD: one scalar for one, so columns
    /// still count the same, and nothing from the file reaches the terminal as a command.
    static func controlsAsPictures(_ text: String) -> String {
        text.escapingScalars { scalar in
            switch scalar.value {
            case 0x09: nil
            case 0x00..<0x20: String(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: "\u{2421}"
            case 0x80...0x9F: "\u{FFFD}"
            default: nil
            }
        }
    }

    /// The first offset at or after `offset` that does not continue a UTF-8
    /// sequence (looking at most 3 bytes ahead), so a window never cuts a character.
    static func boundary(in bytes: [UInt8], atOrAfter offset: Int) -> Int {
        var index = offset
        while index < bytes.count, index < offset + 3, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }
}
