// Slips inside a tip item that other languages or documents teach: each is
// reported once, with the item as it should read, and read on as fixed.

import Foundation
import TipsRuntime

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
        let name = text(current)
        error(
            "write the symbol's name alone: image \(name)", at: label,
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

    /// `rule opened.count >= 1 within 7d`: a time window written after the
    /// rule, as in prose, where it is a step of the query. Reported once
    /// at the window, with the rule written with the step (and a fix that
    /// writes it) when the rule counts one query; the window is skipped and
    /// true returned, the rule then read as unfinished. False, with nothing
    /// consumed, unless `within`, `in`, `over` or `during` (then `the`,
    /// `last` or `past`, as in `in the last 7 days`) and a duration (`7d`,
    /// `(7d)`, `7 days`) follow.
    mutating func skipTrailingWindow(after rule: Expr) -> Bool {
        guard currentKind == .identifier, Self.windowWords.contains(text(current)) else { return false }
        var offset = 1
        while peek(offset).kind == .identifier, Self.windowFillers.contains(text(peek(offset))) { offset += 1 }
        let window: String
        switch (peek(offset).kind, peek(offset + 1).kind) {
        case (.duration, _):
            window = text(peek(offset))
            offset += 1
        case (.leftParen, .duration) where peek(offset + 2).kind == .rightParen:
            window = text(peek(offset + 1))
            offset += 3
        case (.integer, .identifier):
            guard let unit = DurationUnit(spelledAs: text(peek(offset + 1))) else { return false }
            window = text(peek(offset)) + unit.rawValue
            offset += 2
        default:
            return false
        }
        var phrase = current.range
        for _ in 0..<offset { phrase = phrase.extended(to: advance().range) }
        let step = "within(\(window))"
        guard let (at, insertion) = rule.windowInsertion(step) else {
            error(
                "a time window is a step of the query the rule counts, as in "
                    + "opened.donations.\(step).count >= 1", at: phrase)
            return true
        }
        let before = SourceRange(file: rule.range.file, start: rule.range.start, end: at)
        let after = SourceRange(file: rule.range.file, start: at, end: rule.range.end)
        let fixed = text(before) + insertion + text(after)
        let shown = file.singleLineText(in: before) + insertion + file.singleLineText(in: after)
        error(
            "a time window is a step of the query: write rule \(shown)", at: phrase,
            fixIts: [FixIt(range: rule.range.extended(to: phrase), replacement: fixed)])
        return true
    }

    /// The words that start a window written after a rule, and those that may follow them.
    private static let windowWords: Set<String> = ["within", "in", "over", "during"]
    private static let windowFillers: Set<String> = ["the", "last", "past"]

    /// `rule plan in [.pro, .plus]`: membership as Python or SQL write it.
    /// Reported once at `in`, with the comparisons it means (`plan == .pro
    /// || plan == .plus`) and a fix that writes them; the list is skipped
    /// and true returned, the rule then read as unfinished. False, with
    /// nothing consumed, unless `in` and a bracketed list follow on the line.
    mutating func skipMembershipTest(after rule: Expr) -> Bool {
        guard currentKind == .identifier, text(current) == "in", peek().kind == .leftBracket,
            let (items, close) = bracketedItems(from: 1)
        else { return false }
        let keyword = current.range
        var written = keyword
        for _ in 0...close { written = keyword.extended(to: advance().range) }
        // The value tested is the last operand of `&&` and `||` (`a && plan in [...]`).
        var subject = rule
        while case .binary(let op, _, let rhs, _, _) = subject, op == .and || op == .or { subject = rhs }
        var comparisons = comparisons(of: file.singleLineText(in: subject.range), with: items)
        if items.count > 1, subject.range != rule.range { comparisons = "(\(comparisons))" }
        error(
            "there is no 'in' here; compare with each value: \(comparisons)", at: keyword,
            fixIts: [FixIt(range: subject.range.extended(to: written), replacement: comparisons)])
        return true
    }

    /// `rule [.pro, .plus].contains(plan)`: membership as Swift writes it.
    /// Reported once, with the comparisons it means and a fix that writes
    /// them, and skipped; returns what it skipped. Nil, with nothing
    /// consumed, unless a bracketed list, `.contains(` and `)` follow on the line.
    mutating func skipListContains() -> SourceRange? {
        guard currentKind == .leftBracket, let (items, close) = bracketedItems(from: 0),
            peek(close + 1).kind == .dot, peek(close + 2).kind == .identifier,
            text(peek(close + 2)) == "contains", peek(close + 3).kind == .leftParen
        else { return nil }
        var end = close + 4
        while peek(end).kind != .rightParen {
            if Self.endsItem(peek(end).kind) || peek(end).isMalformed || peek(end).kind == .leftParen { return nil }
            end += 1
        }
        guard end > close + 4 else { return nil }
        let subject = peek(close + 4).range.extended(to: peek(end - 1).range)
        let written = current.range.extended(to: peek(end).range)
        for _ in 0...end { advance() }
        let comparisons = comparisons(of: file.singleLineText(in: subject), with: items)
        error(
            "there is no list here; compare with each value: \(comparisons)", at: written,
            fixIts: [FixIt(range: written, replacement: comparisons)])
        return written
    }

    /// The items of the `[...]` that starts `offset` tokens ahead, apart by
    /// commas, and the offset of its `]`; nil when it does not close on its
    /// line, or holds nothing.
    private mutating func bracketedItems(from offset: Int) -> (items: [SourceRange], close: Int)? {
        var offset = offset + 1
        var items: [SourceRange] = []
        var item: SourceRange?
        while peek(offset).kind != .rightBracket {
            let token = peek(offset)
            if Self.endsItem(token.kind) || token.isMalformed { return nil }
            if token.kind == .comma {
                if let item { items.append(item) }
                item = nil
            } else {
                item = item?.extended(to: token.range) ?? token.range
            }
            offset += 1
        }
        if let item { items.append(item) }
        return items.isEmpty ? nil : (items, offset)
    }

    /// `left == a || left == b` for the `items` a, b.
    private func comparisons(of left: String, with items: [SourceRange]) -> String {
        items.map { "\(left) == \(file.singleLineText(in: $0))" }.joined(separator: " || ")
    }
}

extension Expr {
    /// Where `step` goes in the one event query this rule counts, and the
    /// text to insert there: after `.donations` (`opened.donations.count`),
    /// or `.donations` and the step after the event's name (`opened.count`).
    /// Nil when the rule counts no query or more than one, or its query has
    /// a window already.
    fileprivate func windowInsertion(_ step: String) -> (offset: UInt32, text: String)? {
        var found: [(offset: UInt32, text: String)?] = []
        collectWindowInsertions(step, into: &found)
        guard found.count == 1, let only = found[0] else { return nil }
        return only
    }

    /// Appends, for each `.count` in the expression, where its query takes
    /// `step` (nil for a query that cannot: it has a window, or no event).
    private func collectWindowInsertions(_ step: String, into found: inout [(offset: UInt32, text: String)?]) {
        switch self {
        case .member(let base, let name, _) where name.name == "count":
            found.append(base.queryWindowInsertion(step))
        case .member(let base, _, _): base.collectWindowInsertions(step, into: &found)
        case .call(let callee, _, _): callee.collectWindowInsertions(step, into: &found)
        case .unary(_, let operand, _, _), .parenthesized(let operand, _):
            operand.collectWindowInsertions(step, into: &found)
        case .binary(_, let lhs, let rhs, _, _):
            lhs.collectWindowInsertions(step, into: &found)
            rhs.collectWindowInsertions(step, into: &found)
        default: break
        }
    }

    /// For the query before a `.count`: see ``collectWindowInsertions(_:into:)``.
    private func queryWindowInsertion(_ step: String) -> (offset: UInt32, text: String)? {
        if case .name(let event) = self { return (event.range.end, ".donations." + step) }
        var link = self
        var donationsEnd: UInt32?
        while true {
            switch link {
            case .member(let base, let name, _):
                if name.name == "within" { return nil }
                if name.name == "donations" { donationsEnd = name.range.end }
                link = base
            case .call(let callee, _, _):
                link = callee
            case .name:
                return donationsEnd.map { ($0, "." + step) }
            default:
                return nil
            }
        }
    }
}
