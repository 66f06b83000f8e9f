import TipsCompiler
import TipsSyntax

/// Writes HTML one element per line, indenting and escaping in one place, so
/// the page's builders never concatenate unescaped text into markup.
struct HTMLWriter {
    /// The markup written so far.
    private(set) var text = ""
    /// The elements opened and not yet closed, innermost last.
    private var openElements: [String] = []

    /// Writes `<tag attributes>` on its own line; later lines are indented until ``close()``.
    mutating func open(_ tag: String, _ attributes: [HTMLAttribute] = []) {
        line(Self.startTag(tag, attributes))
        openElements.append(tag)
    }

    /// Closes the innermost open element.
    mutating func close() {
        guard let tag = openElements.popLast() else { return }
        line("</\(tag)>")
    }

    /// Writes `<tag>text</tag>` on one line, the text escaped.
    mutating func element(_ tag: String, _ attributes: [HTMLAttribute] = [], text content: String) {
        line(Self.element(tag, attributes, html: Self.escape(content)))
    }

    /// Writes `<tag>html</tag>` on one line; `html` must already be markup (built with ``escape(_:)``).
    mutating func element(_ tag: String, _ attributes: [HTMLAttribute] = [], html content: String) {
        line(Self.element(tag, attributes, html: content))
    }

    /// Writes one line of markup at the current indentation.
    mutating func line(_ html: String) {
        text += String(repeating: "  ", count: openElements.count)
        text += html
        text += "\n"
    }

    /// Writes a block of raw text (a style sheet, a script) without indenting it.
    mutating func verbatim(_ block: String) {
        text += block
        if !block.hasSuffix("\n") { text += "\n" }
    }

    /// `<tag attributes>html</tag>` as a string, for inline content.
    static func element(_ tag: String, _ attributes: [HTMLAttribute] = [], html content: String) -> String {
        startTag(tag, attributes) + content + "</\(tag)>"
    }

    /// `<tag attributes>`, attributes in the order given.
    static func startTag(_ tag: String, _ attributes: [HTMLAttribute]) -> String {
        var out = "<" + tag
        for attribute in attributes {
            out += " " + attribute.name
            if let value = attribute.value { out += "=\"" + escape(value) + "\"" }
        }
        return out + ">"
    }

    /// Text made safe in element content and in quoted attribute values.
    static func escape(_ text: String) -> String { text.escapingMarkup(.html) }
}

/// One attribute of an element; a nil value writes a boolean attribute (`hidden`).
struct HTMLAttribute: Hashable, Sendable {
    var name: String
    var value: String?

    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute("class", value) }
    static func id(_ value: String) -> HTMLAttribute { HTMLAttribute("id", value) }
    static let ariaHidden = HTMLAttribute("aria-hidden", "true")
}
