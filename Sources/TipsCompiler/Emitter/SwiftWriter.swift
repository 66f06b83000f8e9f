/// Writes Swift source line by line, handling indentation in one place.
public struct SwiftWriter: Sendable {
    /// The text written so far.
    public private(set) var text = ""
    private var level = 0 {
        didSet { indentation = String(repeating: unit, count: level) }
    }
    private let unit: String

    /// Creates a writer that indents by `indentWidth` spaces.
    public init(indentWidth: Int = 4) {
        unit = String(repeating: " ", count: indentWidth)
    }

    /// The current indentation, as spaces (kept up to date as the level changes).
    public private(set) var indentation = ""

    /// The current indentation width, in columns.
    public var column: Int { level * unit.count }

    /// Writes one line at the current indentation (an empty line has no spaces).
    public mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += indentation
            text += content
            text += "\n"
        }
    }

    /// Writes one non-empty line at the current indentation whose content
    /// `build` appends straight to the text, without an intermediate string.
    mutating func nonEmptyLine(_ build: (inout String) -> Void) {
        text += indentation
        build(&text)
        text += "\n"
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
