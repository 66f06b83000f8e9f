/// Writes Swift source line by line, handling indentation in one place.
public struct SwiftWriter: Sendable {
    /// The UTF-8 of the text written so far: appending bytes is several times
    /// cheaper than appending to a `String`.
    private var buffer = ByteBuffer()
    /// The current indentation, in spaces: written as bytes, never built as a string.
    private var indentationWidth = 0
    /// The buffers of the expression being built by ``expression(_:)``, kept from one to the next.
    private var scratch = SwiftExpression()

    /// The text written so far.
    public var text: String { buffer.string(0..<buffer.count) }

    /// Whether the text continues text written elsewhere that ends with a
    /// line that is neither blank nor `{` (so a first ``blankLine()`` writes).
    private let followsLine: Bool

    /// Creates a writer; one that `followsLine` writes a piece of text that
    /// will follow a line that is neither blank nor `{`, at the top level.
    init(followsLine: Bool = false) {
        self.followsLine = followsLine
    }

    /// The text's UTF-8, in the writer's own buffer (no copy).
    var utf8Buffer: ByteBuffer { buffer }

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
        guard !buffer.isEmpty || followsLine, !endsWithBlankLine, !endsWithOpeningBrace else { return }
        buffer.append(0x0A)
    }

    /// `text.hasSuffix("\n\n")`: a line feed is a character of its own unless a carriage return precedes it.
    private var endsWithBlankLine: Bool {
        let count = buffer.count
        guard count >= 2, buffer[count - 1] == 0x0A, buffer[count - 2] == 0x0A else { return false }
        return count == 2 || buffer[count - 3] != 0x0D
    }

    /// `text.hasSuffix("{\n")`: after an ASCII byte, `{` is a character of its
    /// own; after anything else, the characters decide.
    private var endsWithOpeningBrace: Bool {
        let count = buffer.count
        guard count >= 2, buffer[count - 1] == 0x0A, buffer[count - 2] == UInt8(ascii: "{") else { return false }
        return count == 2 || buffer[count - 3] < 0x80 || text.hasSuffix("{\n")
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

    /// Reserves room for `count` bytes of text in all.
    mutating func reserveCapacity(_ count: Int) {
        buffer.reserve(count - buffer.count)
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
