import TipsSyntax

// A rule that reads a name nothing declares, and that no declared name is
// spelled like: most often the tip was written first and its parameter or
// event not yet. The error then spells the declaration to add, with the type
// the rule gives the name, and its fix-it inserts it above the tip.

extension Checker {
    /// The declaration that would give `name` the type `type` in a rule, as
    /// written in `.tips` (`parameter cartCount: Int = 0`); nil for a type no
    /// parameter can have, or an enum not declared or without cases.
    func parameterDeclaration(of name: String, as type: TipsType) -> String? {
        plainestValue(of: type).map { "parameter \(name): \(type) = \($0)" }
    }

    /// Reports that `name`, where an event goes, names nothing: "did you
    /// mean" the event spelled like it, else, in a tip, the declaration to add.
    mutating func reportUnknownEvent(_ name: Identifier, context: ExpressionContext?) {
        let message = "unknown event '\(name.name)'"
        let suggestion = nameSuggestion(for: name, among: names(of: .event))
        if suggestion.replacement == nil, let context,
            reportUndeclared(message, name, declaring: "event " + name.name, context: context)
        {
            return
        }
        diagnostics.error(message, at: name.range, suggesting: suggestion)
    }

    /// Reports `message` for the undeclared `name`, ending with the
    /// declaration to add above the tip, whose fix-it inserts it there.
    /// False (nothing reported) outside a tip's rules.
    mutating func reportUndeclared(
        _ message: String, _ name: Identifier, declaring declaration: String, context: ExpressionContext
    ) -> Bool {
        // A name too long to quote whole is not one to declare.
        guard let start = context.declarationStart, name.name.utf8.count <= Diagnostic.longestQuote else {
            return false
        }
        let at = SourceRange(file: name.range.file, start: start, end: start)
        let fix = FixIt(
            range: at, replacement: Self.declarationText(declaration, before: at, in: sources[at.file]),
            title: "Declare '\(declaration)' above the tip")
        diagnostics.error(message + "; declare it above the tip: " + declaration, at: name.range, fixIts: [fix])
        return true
    }

    /// `declaration` as inserted at `at`, where a declaration starts: on a
    /// line of its own with a blank line after it, indented as the
    /// declaration it goes before, with the line breaks the file uses.
    static func declarationText(_ declaration: String, before at: SourceRange, in file: SourceFile) -> String {
        let bytes = file.bytes
        let start = Int(at.start)
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indentation = bytes[lineStart..<start]
        var lineEnd = start
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let newline = lineEnd > start && bytes[lineEnd - 1] == 0x0D ? "\r\n" : "\n"
        // After other text on its line (`event a; tip T {`), the declaration ends that line instead.
        guard indentation.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return declaration + newline }
        return declaration + newline + newline + String(decoding: indentation, as: UTF8.self)
    }
}
