// TipKit's Swift pasted where a `.tips` declaration belongs: reported once
// with the `.tips` spelling, and read as the declaration it stands for, so
// that its uses are not then unknown names.

extension SyntaxParser {
    /// `static let openedTrail = Tips.Event(id: "openedTrail")` (with or
    /// without `static`, `Tips.` or a payload type): read as `event
    /// openedTrail`. Nil, with nothing consumed, for any other line.
    mutating func parseTipKitEvent(doc: DocComment?) -> EventDecl? {
        let first = current
        var offset = text(first) == "static" ? 1 : 0
        guard ["let", "var"].contains(text(peek(offset))), peek(offset + 1).kind == .identifier,
            peek(offset + 2).kind == .assign
        else { return nil }
        let nameToken = peek(offset + 1)
        offset += 3
        if text(peek(offset)) == "Tips", peek(offset + 1).kind == .dot { offset += 2 }
        guard text(peek(offset)) == "Event" else { return nil }
        let name = identifier(nameToken)
        error(
            "this is TipKit's Swift; in .tips an event is declared as: event \(name.name)",
            at: first.range)
        while !atItemEnd, !atDeclarationStart { advance() }
        return EventDecl(doc: doc, name: name, fields: [], keep: nil, range: range(from: first.range))
    }
}
