// Slips inside a tip item that other languages or documents teach: each is
// reported once, with the item as it should read, and read on as fixed.

import Foundation

extension SyntaxParser {
    /// `message "Tap "here" to save"`: a `"` meant as part of the text ended
    /// the string, and another string follows on the item's line. Reported
    /// once at that quote, with the item written with `\"`, and read as the
    /// whole text; nil (nothing consumed) when no string follows.
    mutating func parseTextAfterInnerQuote(of keyword: Keyword, first: StringLiteral) -> StringLiteral? {
        // Text runs on right after the quote (`"A" "B"` is two strings, not one with quotes in it).
        guard !atItemEnd, !current.isMalformed, currentKind != .string, current.range.start == first.range.end
        else { return nil }
        var count = 0
        var lastString: Int?
        while !Self.endsItem(peek(count).kind) {
            let token = peek(count)
            if token.isMalformed { return nil }
            if token.kind == .string { lastString = count }
            count += 1
        }
        guard let lastString else { return nil }
        let end = peek(lastString).range
        for _ in 0...lastString { advance() }
        let whole = first.range.extended(to: end)
        let inner = SourceRange(file: whole.file, start: whole.start + 1, end: whole.end - 1)
        let text = file.text(in: inner)
        let escaped = "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let quote = SourceRange(file: whole.file, start: first.range.end - 1, end: first.range.end)
        error(
            "this '\"' ends the string, so the text after it is not part of the \(keyword.rawValue); "
                + "write \\\" for a quote inside a string: \(keyword.rawValue) \(escaped)",
            at: quote, fixIts: [FixIt(range: whole, replacement: escaped)])
        return StringLiteral(segments: [.text(text)], range: whole)
    }

    /// `ignoresDisplayFrequency true`: the item is a flag, so whatever
    /// follows it on its line is reported once and skipped.
    mutating func skipFlagValue(of item: Keyword) {
        guard !atItemEnd, !current.isMalformed else { return }
        let value = current.range
        var last = value
        while !atItemEnd { last = advance().range }
        let written = value.extended(to: last)
        error(
            "'\(item.rawValue)' is a flag and takes no value: write '\(item.rawValue)' alone to ignore the display "
                + "frequency, or leave it out", at: written,
            fixIts: [FixIt(range: written, replacement: "")])
    }

    /// `maxDisplayCount(3)`, as TipKit's `Tips.MaxDisplayCount(3)` is
    /// written: reported once, and read as `maxDisplayCount 3`. Nil, with
    /// nothing consumed, unless a whole number in parentheses follows.
    mutating func takeParenthesizedCount(after keyword: Keyword) -> IntegerLiteral? {
        guard currentKind == .leftParen, case .integer(let value) = peek().value, peek(2).kind == .rightParen else {
            return nil
        }
        let opening = advance().range
        let number = advance().range
        let written = opening.extended(to: advance().range)
        error(
            "write '\(keyword.rawValue) \(value)' without parentheses", at: written,
            fixIts: [FixIt(range: written, replacement: " \(value)")])
        return IntegerLiteral(value: value, range: number)
    }

    /// `image systemName: "star"`, as SwiftUI's `Image(systemName:)` is
    /// written: the label is reported once, removed by its fix, and skipped,
    /// so that the image is read as meant.
    mutating func skipSystemNameLabel() {
        guard currentKind == .identifier, text(current) == "systemName",
            peek().kind == .string || (peek().kind == .colon && peek(2).kind == .string)
        else { return }
        let label = advance().range
        var written = label
        if currentKind == .colon { written = label.extended(to: advance().range) }
        let removed = written.extended(
            to: SourceRange(file: written.file, start: current.range.start, end: current.range.start))
        error(
            "write the symbol's name alone: image \(text(current))", at: label,
            fixIts: [FixIt(range: removed, replacement: "")])
    }

    /// `invalidatedBy opened, closed`: an item names one event, so the
    /// others are reported once, with the lines that name them, and skipped.
    mutating func reportMoreInvalidatingEvents(after event: Identifier) {
        guard currentKind == .comma else { return }
        let comma = current.range
        var others: [String] = []
        while !atItemEnd {
            if currentKind == .identifier { others.append(text(current)) }
            advance()
        }
        guard !others.isEmpty else {
            error("remove the ','; 'invalidatedBy' names one event", at: comma)
            return
        }
        let lines = others.map { "invalidatedBy \($0)" }.joined(separator: "; ")
        error(
            "'invalidatedBy' names one event; give each its own line: invalidatedBy \(event.name); \(lines)",
            at: comma)
    }
}
