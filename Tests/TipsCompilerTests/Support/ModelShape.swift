@testable import TipsCompiler
@testable import TipsSyntax

/// What a compilation means, without where: the checked program and the
/// diagnostics with every source position left out, and each rule's recorded
/// text without its spaces (the formatter may change spacing, never tokens).
enum ModelShape {
    /// The shape of a compilation's result.
    static func of(_ result: CompilationResult) -> String {
        var out = ""
        for diagnostic in result.diagnostics {
            out += "\(diagnostic.severity): \(diagnostic.message)\n"
            for note in diagnostic.notes { out += "  note: \(note.message)\n" }
        }
        if let program = result.program { describe(program, label: "program", depth: 0, into: &out) }
        return out
    }

    /// A field-by-field description of `value` through reflection, skipping positions.
    static func describe(_ value: Any, label: String, depth: Int, into out: inout String) {
        if value is SourceRange || value is [SourceRange] || value is DeclarationOrigin || value is FileID { return }
        let mirror = Mirror(reflecting: value)
        let indent = String(repeating: " ", count: depth)
        if mirror.children.isEmpty || value is String {
            out += "\(indent)\(label) = \(value)\n"
            return
        }
        out += "\(indent)\(label): \(mirror.subjectType)\n"
        for (index, child) in mirror.children.enumerated() {
            let name = child.label ?? "\(index)"
            // A rule's line moves with the layout; its recorded text is compared without spaces.
            if mirror.subjectType == CheckedRule.self {
                if name == "line" { continue }
                if name == "source", let text = child.value as? String {
                    out += "\(indent) source = \(text.filter { !$0.isWhitespace })\n"
                    continue
                }
            }
            describe(child.value, label: name, depth: depth + 1, into: &out)
        }
    }
}
