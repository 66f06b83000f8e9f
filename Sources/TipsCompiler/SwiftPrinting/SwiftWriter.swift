/// Writes Swift source line by line, handling indentation in one place.
public struct SwiftWriter: Sendable {
    /// The UTF-8 of the text written since the last piece ended: appending
    /// bytes is several times cheaper than appending to a `String`.
    private var buffer = ByteBuffer()
    /// The pieces of the text that ``endPieceIfLong()`` ended, in order, each
    /// about ``pieceBytes`` long.
    private var pieces: [ByteBuffer] = []
    /// The current indentation, in spaces: written as bytes, never built as a string.
    private var indentationWidth = 0
    /// The buffers of the expression being built by ``expression(_:)``, kept from one to the next.
    private var scratch = SwiftExpression()

    /// The text written so far.
    public var text: String {
        var text = ""
        for piece in utf8Pieces { text += piece.string(0..<piece.count) }
        return text
    }

    /// Whether the text continues text written elsewhere that ends with a
    /// line that is neither blank nor `{` (so a first ``blankLine()`` writes).
    private let followsLine: Bool

    /// Creates a writer; one that `followsLine` writes a piece of text that
    /// will follow a line that is neither blank nor `{`, at the top level.
    init(followsLine: Bool = false) {
        self.followsLine = followsLine
    }

    /// The text's UTF-8, in the writer's own buffers (no copy), in order.
    var utf8Pieces: [ByteBuffer] { pieces + [buffer] }

    /// How long a piece of a large text grows before ``endPieceIfLong()``
    /// ends it, and the room a new piece gets: below `malloc`'s 128 KiB
    /// threshold, so that its memory comes from the heap and is reused from
    /// one compile to the next in a long-lived process, rather than mapped
    /// afresh and faulted in page by page. A buffer grown by doubling reaches
    /// the room too, and has a quarter of it left for the declaration that
    /// crosses the length. One buffer a section instead, the benchmark's
    /// 10,000 tips faulted in 4,600 pages at each compile after the first,
    /// 8 ms of system time of 137, of which the pieces give back about half
    /// as misses of memory that has left the cache (`getrusage`, one job;
    /// see `docs/Performance.md`).
    static let pieceBytes = 48 * 1024
    static let pieceCapacity = 64 * 1024

    /// Ends the current piece of the text when it is ``pieceBytes`` long or
    /// longer and ends with a line that is neither blank nor `{`, so that
    /// what is written next starts a piece of its own: called between
    /// declarations and lines of a large text. A text is then pieces of
    /// about the same size, never a buffer grown by doubling and copied.
    @inline(__always)
    mutating func endPieceIfLong() {
        if buffer.count >= Self.pieceBytes { endPiece() }
    }

    @inline(never)
    private mutating func endPiece() {
        guard buffer[buffer.count - 1] == 0x0A, !endsWithBlankLine, !endsWithOpeningBrace else { return }
        pieces.append(buffer)
        buffer = ByteBuffer(capacity: Self.pieceCapacity)
    }

    /// The current indentation width, in columns.
    public var column: Int { indentationWidth }

    /// Writes one line at the current indentation (an empty line has no spaces).
    public mutating func line(_ content: String = "") {
        guard !content.isEmpty else { return buffer.append(0x0A) }
        content.withContiguousUTF8 { text in
            line(length: text.count) { out in
                if let start = text.baseAddress { out.initialize(from: start, count: text.count) }
            }
        }
    }

    /// Writes one non-empty line at the current indentation whose content
    /// `build` appends straight to the text's bytes, without an intermediate string.
    mutating func nonEmptyLine(_ build: (inout ByteBuffer) -> Void) {
        appendIndentation()
        build(&buffer)
        buffer.append(0x0A)
    }

    /// Writes one line at the current indentation whose `length` bytes of
    /// content `write` puts in place, all in one piece of room.
    mutating func line(length: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        let indentation = indentationWidth
        buffer.appendBytes(indentation + length + 1) { start in
            start.initialize(repeating: UInt8(ascii: " "), count: indentation)
            write(start + indentation)
            (start + indentation + length).initialize(to: 0x0A)
        }
    }

    private mutating func appendIndentation() {
        buffer.append(repeating: UInt8(ascii: " "), count: indentationWidth)
    }

    /// Writes one blank line, unless the text is empty or already ends with one.
    public mutating func blankLine() {
        // A piece ends only after such a line: an empty buffer after one follows a line.
        guard !buffer.isEmpty || followsLine || !pieces.isEmpty, !endsWithBlankLine, !endsWithOpeningBrace else {
            return
        }
        buffer.append(0x0A)
    }

    /// `text.hasSuffix("\n\n")`: a line feed is a character of its own unless a carriage return precedes it.
    private var endsWithBlankLine: Bool {
        let count = buffer.count
        guard count >= 3 else { return lastBytes { $1 == 0x0A && $2 == 0x0A && $0 != 0x0D } }
        guard buffer[count - 1] == 0x0A, buffer[count - 2] == 0x0A else { return false }
        return buffer[count - 3] != 0x0D
    }

    /// `text.hasSuffix("{\n")`: after an ASCII byte, `{` is a character of its
    /// own; after anything else, the characters decide, which are all in the
    /// current piece (a piece ends after a line feed).
    private var endsWithOpeningBrace: Bool {
        let count = buffer.count
        guard count >= 3 else { return lastBytes { $1 == UInt8(ascii: "{") && $2 == 0x0A && ($0 ?? 0) < 0x80 } }
        guard buffer[count - 1] == 0x0A, buffer[count - 2] == UInt8(ascii: "{") else { return false }
        return buffer[count - 3] < 0x80 || buffer.string(0..<count).hasSuffix("{\n")
    }

    /// Calls `body` with the text's last three bytes, in order, nil before its
    /// start, for a buffer shorter than that: the piece before it holds the
    /// rest (a piece is ended only when long).
    private func lastBytes(_ body: (UInt8?, UInt8?, UInt8?) -> Bool) -> Bool {
        func byte(back offset: Int) -> UInt8? {
            if offset <= buffer.count { return buffer[buffer.count - offset] }
            guard let last = pieces.last, offset - buffer.count <= last.count else { return nil }
            return last[last.count - (offset - buffer.count)]
        }
        return body(byte(back: 3), byte(back: 2), byte(back: 1))
    }

    /// Writes `///` lines, each made safe for a comment.
    public mutating func docComment(_ lines: [String]) {
        for docLine in lines {
            nonEmptyLine { out in
                out.append(docLine.isEmpty ? "///" : "/// ")
                out.appendCommentText(docLine)
            }
        }
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    public mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        block({ $0.appendUTF8(header) }, body: body)
    }

    /// Builds an expression with `build`, then writes it laid out (see
    /// ``SwiftExpression/write(to:)``).
    mutating func expression(_ build: (inout SwiftExpression) -> Void) {
        var code = scratch
        scratch = SwiftExpression()
        code.removeAll()
        build(&code)
        code.write(to: &self)
        scratch = code
    }

    /// Reserves room for `extra` more bytes of text, up to a piece's room: a
    /// text that grows longer is ended in pieces (``endPieceIfLong()``).
    mutating func reserveCapacity(_ extra: Int) {
        buffer.reserve(min(buffer.count + extra, Self.pieceCapacity) - buffer.count)
    }

    /// Writes `header {` (its text appended by `header`), the body one level deeper, then `}`.
    mutating func block(_ header: (inout ByteBuffer) -> Void, body: (inout SwiftWriter) -> Void) {
        nonEmptyLine { out in
            header(&out)
            out.append(" {")
        }
        indented(body)
        line("}")
    }

    /// Writes the body one level deeper.
    public mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        indentationWidth += 4
        body(&self)
        indentationWidth -= 4
    }
}
