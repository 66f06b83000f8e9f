import Testing

@testable import TipsCompiler
@testable import TipsSyntax

@Suite struct SourceFileTests {
    /// The line of every offset, in files of 0 to 40 lines of varied
    /// lengths (empty lines among them), is one more than the line breaks
    /// before it, so that the search's window holds the line at any size.
    @Test func theLineOfEveryOffsetCountsTheLineBreaksBeforeIt() {
        for lines in 0...40 {
            let text = (0..<lines).map { String(repeating: "x", count: ($0 * 7) % 5) + "\n" }.joined() + "end"
            var sources = SourceManager()
            let file = sources.add(path: "a.tips", text: text)
            var breaks = 0
            for (offset, byte) in file.bytes.enumerated() {
                #expect(file.line(of: UInt32(offset)) == breaks + 1, "offset \(offset) of \(lines) lines")
                if byte == 0x0A { breaks += 1 }
            }
            #expect(file.line(of: UInt32(file.bytes.count)) == breaks + 1)
        }
    }

    /// Read on from any line, before or after the offset's, near it or more
    /// than 32 lines away (and from hints that are no line), the line of an
    /// offset is the one the search finds.
    @Test func theLineFromAHintIsTheLineOfTheOffset() {
        let text = (0..<80).map { String(repeating: "x", count: ($0 * 7) % 5) + "\n" }.joined() + "end"
        var sources = SourceManager()
        let file = sources.add(path: "a.tips", text: text)
        for offset in 0...UInt32(file.bytes.count) {
            for hint in -1...83 {
                #expect(file.line(of: offset, from: hint) == file.line(of: offset), "offset \(offset) from \(hint)")
            }
        }
    }

    @Test func columnsCountUnicodeScalars() {
        var sources = SourceManager()
        let file = sources.add(path: "a.tips", text: "tip 🐦 {\n  é x\n")
        #expect(file.lineColumn(of: 0) == LineColumn(line: 1, column: 1))
        // "🐦" is four bytes but one scalar: the space after it is column 6.
        #expect(file.lineColumn(of: 8) == LineColumn(line: 1, column: 6))
        // Line 2: two spaces, "é" (two bytes), space, "x" at byte 16.
        #expect(file.lineColumn(of: 16) == LineColumn(line: 2, column: 5))
        #expect(file.lineText(2) == "  é x")
    }

    @Test func rendersHeaderSourceLineAndCaret() {
        var sources = SourceManager()
        let file = sources.add(path: "dir/a.tips", text: "tip A {\n    title 42\n}\n")
        let range = SourceRange(file: file.id, start: 18, end: 20)
        let diagnostic = Diagnostic(.error, "expected a string after 'title'", at: range)
        let text = DiagnosticRenderer(sources: sources).render(diagnostic)
        #expect(text == "dir/a.tips:2:11: error: expected a string after 'title'\n    title 42\n          ^~\n")
    }

    /// The column stays a count of scalars; the caret line pads by the cells
    /// a terminal gives each character (two for CJK and emoji, none for a combining mark).
    @Test func theCaretPadsByDisplayWidthWhileTheColumnCountsScalars() {
        var sources = SourceManager()
        let text = "tip A { title \"日本 🐦 e\u{301}\"; rule x }\n"
        let file = sources.add(path: "a.tips", text: text)
        let start = UInt32(Array(text.utf8).firstIndex(of: UInt8(ascii: "x")) ?? 0)
        let rendered = DiagnosticRenderer(sources: sources).render(
            Diagnostic(.error, "unknown name 'x'", at: SourceRange(file: file.id, start: start, end: start + 1)))
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        // Scalars before x: `tip A { title "` (15), 日本 (2), space, 🐦, space, e, U+0301, `"; rule ` (8).
        #expect(lines[0] == "a.tips:1:31: error: unknown name 'x'")
        // Cells before x: 15 + 4 + 1 + 2 + 1 + 1 + 0 + 8.
        #expect(lines[2] == String(repeating: " ", count: 32) + "^")
        let wide = DiagnosticRenderer(sources: sources).render(
            Diagnostic(.error, "w", at: SourceRange(file: file.id, start: 15, end: 21)))
        #expect(wide.split(separator: "\n")[2] == String(repeating: " ", count: 15) + "^~~~")
    }

    @Test func sortsByPositionAndDropsDuplicates() {
        var engine = DiagnosticEngine()
        let late = SourceRange(file: FileID(0), start: 10, end: 11)
        let early = SourceRange(file: FileID(0), start: 2, end: 3)
        engine.error("b", at: late)
        engine.error("a", at: early)
        engine.error("b", at: late)
        #expect(engine.sorted.map(\.message) == ["a", "b"])
    }

    /// A UTF-8 byte order mark, which an editor does not show, is no column
    /// of the first line: a mistake at its first character is at 1:1.
    @Test func aByteOrderMarkIsNoColumn() {
        var sources = SourceManager()
        let file = sources.add(path: "a.tips", bytes: [0xEF, 0xBB, 0xBF] + Array("tipp A {\n}\n".utf8))
        #expect(file.lineColumn(of: 3) == LineColumn(line: 1, column: 1))
        #expect(file.lineColumn(of: 8) == LineColumn(line: 1, column: 6))
        #expect(file.lineColumn(of: 12) == LineColumn(line: 2, column: 1))
    }

    /// A rewritten file's line break is the one its first line ends with;
    /// writing it turns each `\n` into that line break and no `\r\n` into `\r\r\n`.
    @Test func aFileKeepsTheLineBreakItsFirstLineEndsWith() {
        #expect(LineBreak(firstIn: Array("a\r\nb\nc\n".utf8)) == .carriageReturnLineFeed)
        #expect(LineBreak(firstIn: Array("a\nb\r\nc".utf8)) == .lineFeed)
        #expect(LineBreak(firstIn: Array("one line\r".utf8)) == .lineFeed, "a lone CR is no line break")
        #expect(LineBreak(firstIn: [UInt8]()) == .lineFeed)
        #expect(LineBreak.carriageReturnLineFeed.applied(to: "a\nb\r\n\nc") == "a\r\nb\r\n\r\nc")
        #expect(LineBreak.lineFeed.applied(to: "a\nb\r\n") == "a\nb\r\n")
        #expect(LineBreak.carriageReturnLineFeed.applied(to: Array("\n".utf8)) == [0x0D, 0x0A])
        let marked = TextForm(of: [0xEF, 0xBB, 0xBF] + Array("a\r\n".utf8))
        #expect(marked.hasByteOrderMark && marked.lineBreak == .carriageReturnLineFeed)
        #expect(marked.applied(to: "b\n") == "\u{FEFF}b\r\n")
        #expect(marked.applied(to: "\u{FEFF}b\n") == "\u{FEFF}b\r\n", "one mark, not two")
        #expect(TextForm(of: []).applied(to: "b\n") == "b\n")
    }
}
