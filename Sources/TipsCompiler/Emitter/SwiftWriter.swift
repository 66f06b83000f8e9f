/// Writes Swift source line by line, handling indentation in one place.
public struct SwiftWriter: Sendable {
    /// The text written so far.
    public private(set) var text = ""
    private var level = 0
    private let unit: String

    /// Creates a writer that indents by `indentWidth` spaces.
    public init(indentWidth: Int = 4) {
        unit = String(repeating: " ", count: indentWidth)
    }

    /// The current indentation, as spaces.
    public var indentation: String { String(repeating: unit, count: level) }

    /// The current indentation width, in columns.
    public var column: Int { level * unit.count }

    /// Writes one line at the current indentation (an empty line has no spaces).
    public mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += indentation + content + "\n"
        }
    }

    /// Writes one blank line, unless the text is empty or already ends with one.
    public mutating func blankLine() {
        guard !text.isEmpty, !text.hasSuffix("\n\n"), !text.hasSuffix("{\n") else { return }
        text += "\n"
    }

    /// Writes `///` lines.
    public mutating func docComment(_ lines: [String]) {
        for docLine in lines {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    public mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Writes the body one level deeper.
    public mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }
}
