// A member of a TipKit tip struct pasted alone inside a `.tips` tip, as
// someone moving a tip over member by member writes it: `var title: Text {
// Text("Hi") }` is the item `title "Hi"`.

extension Lexer {
    /// Whether the word `var` and a space or tab start at `position`:
    /// checked where a `v` starts a word inside braces, before the word is
    /// scanned (as ``startsStructKeyword(at:)`` is, for the same reason).
    func startsVarKeyword(at position: Int) -> Bool {
        guard position + 3 < bytes.count, bytes[position + 3] == 0x20 || bytes[position + 3] == 0x09 else {
            return false
        }
        return bytes[position + 1] == UInt8(ascii: "a") && bytes[position + 2] == UInt8(ascii: "r")
    }

    /// `var title: Text { Text("Hi") }` inside braces, a TipKit tip's
    /// member whose braces close within 40 lines: reported once, at `var`
    /// and the member's name, with the items it means, which the fix
    /// writes in its place (a line each, indented as the member). The
    /// member is read as one malformed token. False, with nothing consumed,
    /// for a member that has no `.tips` item (its words are then read as
    /// they come).
    @inline(never)
    mutating func scanTipKitMember(from start: Int) -> Bool {
        guard let name = word(at: blanksEnd(from: start + 3)),
            case let colon = blanksEnd(from: name.end), colon < bytes.count, bytes[colon] == UInt8(ascii: ":"),
            let brace = bytes[name.end..<lineEnd(from: name.end)].firstIndex(of: UInt8(ascii: "{")),
            let close = closingBrace(of: brace, withinLines: 40), isIndentedBody(from: start, to: close)
        else { return false }
        let member = file.text(in: range(start, close + 1))
        guard let (_, items) = TipKitTipTranslation.items(ofVar: member, name: Substring(name.text), interpolating: [])
        else { return false }
        index = close + 1
        emit(.unknown, from: start, to: index, malformed: true)
        let line = file.lineLayout(at: UInt32(start))
        diagnostics.error(
            "'var \(name.text)' is TipKit's Swift; in .tips it is: " + items.joined(separator: "; "),
            at: range(start, name.end),
            fixIts: [
                FixIt(
                    range: range(start, index), replacement: items.joined(separator: line.newline + line.indentation),
                    title: "Write it in .tips")
            ])
        noteReport(.error)
        return true
    }

    /// Whether every line after the one at `start` up to the one holding
    /// `close` is blank or indented further than that line, but the last,
    /// which may be indented as much: a member's `}`. A member still being
    /// typed (`var title: Text { Text("Hi")` with no `}`) would otherwise
    /// be closed by the tip's `}`, and its fix would remove the tip's items
    /// after it and the tip's `}`.
    private func isIndentedBody(from start: Int, to close: Int) -> Bool {
        let base = start - file.lineLayout(at: UInt32(start)).start
        var position = start
        while let lineBreak = bytes[position..<close].firstIndex(of: 0x0A) {
            let lineStart = lineBreak + 1
            let text = blanksEnd(from: lineStart)
            let isBlank = text < bytes.count && (bytes[text] == 0x0A || bytes[text] == 0x0D)
            let isLast = !bytes[lineStart..<close].contains(0x0A)
            if !isBlank, text - lineStart < base + (isLast && text == close ? 0 : 1) { return false }
            position = lineStart
        }
        return true
    }
}
