// TipKit's and Swift's spellings where a `.tips` declaration, its header or
// a config item belongs: reported once with the `.tips` spelling, and read
// as what it stands for, so that its uses are not then unknown names.

import Foundation

extension SyntaxParser {
    /// `static let openedTrail = Tips.Event(id: "openedTrail")` (with or
    /// without `static`, `Tips.`, a payload type or the type written
    /// before `=`): read as `event openedTrail`; `inBlock`, inside a tip,
    /// where the message says it goes at file scope. Nil, with nothing
    /// consumed, for any other line.
    mutating func parseTipKitEvent(doc: DocComment?, inBlock: Bool = false) -> EventDecl? {
        let first = current
        var offset = text(first) == "static" ? 1 : 0
        guard ["let", "var"].contains(text(peek(offset))), peek(offset + 1).kind == .identifier,
            let assign = eventAssignment(after: offset + 1)
        else { return nil }
        let nameToken = peek(offset + 1)
        offset = assign + 1
        if text(peek(offset)) == "Tips", peek(offset + 1).kind == .dot { offset += 2 }
        guard text(peek(offset)) == "Event" else { return nil }
        let name = identifier(nameToken)
        let place = inBlock ? " at file scope, outside the tip's braces," : ""
        error("this is TipKit's Swift; in .tips an event is declared\(place) as: event \(name.name)", at: first.range)
        // An open `(` carries the line on: a line that starts with an item's keyword (not a
        // label, as `id:` is in `Event(\n    id: "x"\n)`) ends it all the same.
        while !atItemEnd, !atDeclarationStart, !startsItemLine() { advance() }
        return EventDecl(doc: doc, name: name, fields: [], keep: nil, range: range(from: first.range))
    }

    /// Whether the current token starts a line with an item's keyword not
    /// followed by `:`, as a `.tips` item line starts.
    private mutating func startsItemLine() -> Bool {
        currentStartsLine && current.keyword?.startsTipItem == true && peek().kind != .colon
    }

    /// Where the `=` is after the name at `offset` of a TipKit event: right
    /// after it, or after its type (`: Event`, `: Tips.Event<Visit>`) on
    /// the same line; nil when neither is there.
    private mutating func eventAssignment(after offset: Int) -> Int? {
        guard peek(offset + 1).kind == .colon else { return peek(offset + 1).kind == .assign ? offset + 1 : nil }
        var probe = offset + 2
        var namesEvent = false
        while probe < offset + 10, peek(probe).kind != .assign, !peek(probe).followsLineBreak {
            if text(peek(probe)) == "Event" { namesEvent = true }
            probe += 1
        }
        return namesEvent && peek(probe).kind == .assign ? probe : nil
    }

    /// `tip Welcome: Tip {`, as TipKit declares a tip's type: every tip is
    /// one, so `: Tip` is reported once, removed by its fix, and skipped.
    mutating func skipTipConformance(of name: Identifier) {
        guard currentKind == .colon, peek().kind == .identifier, text(peek()) == "Tip" else { return }
        let colon = advance().range
        let written = colon.extended(to: advance().range)
        error(
            "remove ': Tip': every tip is one; write 'tip \(name.name) {'", at: written,
            fixIts: [FixIt(range: written, replacement: "")])
    }

    /// `enum Tier: String {` and `enum Tier: String, Codable {`, as Swift
    /// gives an enum raw values and conformances: a case is its own value,
    /// and tipc writes the Swift enum's raw type and conformances, so the
    /// list is reported once, removed by its fix, and skipped.
    mutating func skipEnumRawType(of name: Identifier) {
        guard currentKind == .colon, peek().kind == .identifier else { return }
        var length = 1
        while peek(length + 1).kind == .comma, peek(length + 2).kind == .identifier { length += 2 }
        guard peek(length + 1).kind == .leftBrace else { return }
        let colon = advance().range
        var written = colon
        for _ in 0..<length { written = written.extended(to: advance().range) }
        let types = text(SourceRange(file: colon.file, start: colon.end, end: written.end))
            .trimmingCharacters(in: .whitespaces)
        let reason =
            length == 1
            ? "a case of enum '\(name.name)' is its own value"
            : "a case of enum '\(name.name)' is its own value, and tipc writes the Swift enum's conformances"
        error("remove ': \(types)': " + reason, at: written, fixIts: [FixIt(range: written, replacement: "")])
    }

    /// `enum Plan { case free, pro }`, as Swift writes cases: each `case`
    /// is skipped as it is met (``SwiftCaseKeywords/skip(in:)``), and the
    /// first is reported once the enum's cases are read, with one fix that
    /// removes them all.
    struct SwiftCaseKeywords {
        /// Each `case` met, and where the case name after it starts.
        var written: [(keyword: SourceRange, nameStart: UInt32)] = []

        /// Skips `case` before a case name on its line, and remembers it.
        mutating func skip(in parser: inout SyntaxParser) {
            guard parser.text(parser.current) == "case", parser.peek().kind == .identifier,
                !parser.peek().followsLineBreak
            else { return }
            let keyword = parser.advance().range
            written.append((keyword, parser.current.range.start))
        }

        /// The one error for every `case` of enum `name`, whose fix rewrites
        /// the text from the first to the last without them.
        func report(in name: Identifier, to parser: inout SyntaxParser) {
            guard let first = written.first, let last = written.last else { return }
            var replacement = ""
            let file = first.keyword.file
            var offset = first.keyword.start
            for (keyword, nameStart) in written {
                replacement += parser.text(SourceRange(file: file, start: offset, end: keyword.start))
                offset = nameStart
            }
            let rewritten = SourceRange(file: file, start: first.keyword.start, end: last.nameStart)
            parser.error(
                "write the cases without 'case', as in enum \(name.name) { first, second }", at: first.keyword,
                fixIts: [FixIt(range: rewritten, replacement: replacement)])
        }
    }

    /// `event opened: String`, as TipKit's `Tips.Event<Info>` carries one
    /// value: an event carries named fields, so the `:` and the type are
    /// reported once and skipped, and the event is read without fields.
    mutating func skipEventPayloadType(of name: Identifier) {
        let colon = advance().range
        let type = currentKind == .identifier ? text(current) : "String"
        if currentKind == .identifier { advance() }
        error(
            "an event carries named fields, in parentheses: event \(name.name)(value: \(type))", at: colon)
    }

    /// A field written as its type alone (`event saved(String)`), or a name
    /// without its type (`event saved(region)`): the message says which is missing.
    mutating func reportFieldWithoutName(_ name: Identifier) {
        guard name.name.first?.isUppercase == true, currentKind == .comma || currentKind == .rightParen else {
            errorExpected("expected ':' and a type after '\(name.name)', as in \(name.name): String")
            return
        }
        error("a field has a name and a type; give this one a name, as in value: \(name.name)", at: name.range)
    }

    /// `displayFrequency .daily` and `displayFrequency(.daily)`, as TipKit's
    /// `.displayFrequency(.daily)` is written: reported once, with the fix
    /// that writes `displayFrequency daily`, and read as that. Nil, with
    /// nothing consumed, for anything else.
    mutating func takeTipKitFrequency() -> DisplayFrequencySyntax? {
        let parenthesized = currentKind == .leftParen
        let dot = parenthesized ? 1 : 0
        guard peek(dot).kind == .dot, peek(dot + 1).kind == .identifier,
            !parenthesized || peek(dot + 2).kind == .rightParen
        else { return nil }
        let first = current.range
        let name = text(peek(dot + 1))
        for _ in 0..<(dot + 1) { advance() }
        let identifier = advanceIdentifier()
        let last = parenthesized ? advance().range : identifier.range
        let written = first.extended(to: last)
        error(
            "write the frequency as a word: displayFrequency \(name)", at: written,
            fixIts: [FixIt(range: written, replacement: parenthesized ? " \(name)" : name)])
        return .named(identifier)
    }

    /// The fix for TipKit's `@Parameter` line `pasted` inside a block, read
    /// as `parameter`: one edit from the line where the declaration holding
    /// it starts (``declarationStart``) to the end of the pasted line, which
    /// puts the parameter, spelled as `.tips` writes it, above the
    /// declaration and leaves the lines between as they were. Nil when the
    /// line holds more than the parameter (and a comment after it).
    func movingOutOfBlock(_ parameter: ParameterDecl, pasted: Token) -> FixIt? {
        let keyword = parameter.transient == nil ? "parameter" : "transient parameter"
        let declared = file.text(
            in: SourceRange(file: file.id, start: parameter.name.range.start, end: parameter.range.end))
        return movingOutOfBlock(pasted: pasted, end: parameter.range.end, as: "\(keyword) \(declared)")
    }

    /// The fix that moves a declaration pasted inside a block, from its
    /// first token `pasted` to `end`, above the block's declaration,
    /// written as `declaration` (with the comment after it on its last
    /// line, if any). Nil when its first line holds something before it,
    /// or its last line something but a comment after it.
    func movingOutOfBlock(pasted: Token, end: UInt32, as declaration: String) -> FixIt? {
        func text(_ start: Int, _ end: Int) -> String {
            file.text(in: SourceRange(file: file.id, start: UInt32(start), end: UInt32(end)))
        }
        let pastedLine = file.lineLayout(at: pasted.range.start)
        let lineStart = pastedLine.start
        let (_, lineEnd, _, newline) = file.lineLayout(at: end)
        let rest = text(Int(end), lineEnd).trimmingCharacters(in: .whitespacesAndNewlines)
        guard lineStart + pastedLine.indentation.utf8.count == Int(pasted.range.start),
            rest.isEmpty || rest.hasPrefix("//"), lineEnd < file.bytes.count
        else { return nil }
        let start = file.lineLayout(at: min(declarationStart, UInt32(lineStart))).start
        let written = rest.isEmpty ? declaration : declaration + " " + rest
        return FixIt(
            range: SourceRange(file: file.id, start: UInt32(start), end: UInt32(lineEnd + 1)),
            replacement: written + newline + newline + text(start, lineStart), title: "Move '\(written)' above the tip")
    }
}
