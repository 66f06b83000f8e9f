// TipKit's `#Rule` macro, pasted into a `.tips` file, told as the `.tips`
// rule it means. The lexer reports the macro once (`scanTipKitRule()`); the
// message carries the rule written here, translated from the macro's text.

import Foundation
import TipsRuntime

/// Translates the text of a TipKit `#Rule(Self.name) { ... }` into the
/// `.tips` rule it means, as far as that is certain: the forms TipKit's
/// documentation and talks teach (`$0.donations.count`, `donatedWithin`,
/// a trailing `filter { $0.field == value }`, a filter of `$0.date` against
/// `Date.now.addingTimeInterval(-seconds)`, key paths such as `\.id`).
enum TipKitRuleTranslation {
    /// The `.tips` rule `written` (the macro's whole text) means, or, where
    /// its closure holds Swift that has no `.tips` spelling, nil.
    static func tipsRule(fromTipKit written: String) -> String? {
        guard let open = written.firstIndex(of: "("), let close = written.firstIndex(of: ")"), open < close else {
            return nil
        }
        let name = subjectName(written[written.index(after: open)..<close])
        guard let body = written.firstIndex(of: "{"), let bodyEnd = written.lastIndex(of: "}"), body < bodyEnd else {
            return name
        }
        return condition(String(written[written.index(after: body)..<bodyEnd]), name: name)
    }

    /// The name the macro's argument refers to: `isLoggedIn` for
    /// `Self.$isLoggedIn`, `opened` for `MyTip.opened`.
    static func subjectName(_ argument: Substring) -> String {
        var name = argument.filter { !$0.isWhitespace }
        for prefix in ["Self.", "self.", "$"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if name.hasPrefix("$") { name.removeFirst() }
        if let dot = name.lastIndex(of: "."), name[name.index(after: dot)...].allSatisfy(\.isLetter) {
            name = String(name[name.index(after: dot)...])
        }
        return name
    }

    /// The closure's body `body` as a `.tips` condition on `name`; nil when
    /// some of it has no `.tips` spelling (a closure left over, a `$`).
    static func condition(_ body: String, name: String) -> String? {
        var text = body
        guard replaceSteps(named: ".filter", in: &text, opening: "{", closing: "}", with: filterStep),
            replaceSteps(named: ".donatedWithin", in: &text, opening: "(", closing: ")", with: withinStep)
        else { return nil }
        text = text.replacingOccurrences(of: "\\.", with: ".")
            .replacingOccurrences(of: "$0.donations.count", with: name + ".count")
            .replacingOccurrences(of: "$0.donations", with: name + ".donations")
            .replacingOccurrences(of: "$0", with: name)
        var words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // `} .count` as TipKit's talks break a chain: the `.` joins the step before it.
        words = words.replacingOccurrences(of: ") .", with: ").")
        guard !words.isEmpty, !words.contains(where: { "{}$\\#".contains($0) }) else { return nil }
        return words
    }

    /// Replaces each `step` (such as `.filter`) followed by an argument
    /// between `opening` and `closing` with what `translate` makes of the
    /// argument; false when one does not translate or is not closed.
    private static func replaceSteps(
        named step: String, in text: inout String, opening: Character, closing: Character,
        with translate: (String) -> String?
    ) -> Bool {
        while let stepRange = text.range(of: step) {
            var index = stepRange.upperBound
            while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            guard index < text.endIndex, text[index] == opening,
                let end = matchingEnd(of: index, in: text, opening: opening, closing: closing),
                let replacement = translate(String(text[text.index(after: index)..<end]))
            else { return false }
            text.replaceSubrange(stepRange.lowerBound...end, with: replacement)
        }
        return true
    }

    /// Where the `opening` at `start` in `text` is closed, counting the
    /// pairs opened inside it; nil when it is not.
    static func matchingEnd(
        of start: String.Index, in text: String, opening: Character, closing: Character
    ) -> String.Index? {
        var depth = 0
        var index = start
        while index < text.endIndex {
            if text[index] == opening {
                depth += 1
            } else if text[index] == closing {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `.filter { $0.region == "north" }` as `.where(.region == "north")`,
    /// and a filter on the donation's date, `$0.date > Date.now.addingTimeInterval(-5 * 86400)`,
    /// as `.within(5d)`; nil for anything else on `$0.date`, or `$0` used
    /// whole (`isNear($0)`).
    static func filterStep(_ predicate: String) -> String? {
        let condition = predicate.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if condition.hasPrefix("$0.date") {
            return recentDateWindow(condition).map { ".within(\($0))" }
        }
        let fields = condition.replacingOccurrences(of: "$0.", with: ".")
        // `$0` left whole (`isNear($0)`) is Swift that no `where` spells.
        return fields.contains("$") ? nil : ".where(" + fields + ")"
    }

    /// The window of `$0.date > Date.now.addingTimeInterval(-N)` (or `>=`,
    /// `Date()`), N a product of whole numbers of seconds, as a duration
    /// literal such as `5d`; nil for any other comparison of the date.
    private static func recentDateWindow(_ condition: String) -> String? {
        let forms = ["Date.now.addingTimeInterval(", "Date().addingTimeInterval("]
        var rest = Substring(condition.dropFirst("$0.date".count)).drop { $0 == " " }
        guard rest.hasPrefix(">") else { return nil }
        rest = rest.dropFirst(rest.hasPrefix(">=") ? 2 : 1).drop { $0 == " " }
        guard let form = forms.first(where: { rest.hasPrefix($0) }), rest.hasSuffix(")") else { return nil }
        let interval = rest.dropFirst(form.count).dropLast().filter { $0 != " " }
        guard interval.hasPrefix("-") else { return nil }
        var seconds = 1
        for factor in interval.dropFirst().split(separator: "*") {
            guard let value = Int(factor), value > 0 else { return nil }
            let (product, overflow) = seconds.multipliedReportingOverflow(by: value)
            guard !overflow else { return nil }
            seconds = product
        }
        return duration(seconds: seconds)
    }

    /// `.donatedWithin(.week)` (or `.days(3)`, `.hours(2)`) as `.within(1w)`; nil for another range.
    private static func withinStep(_ range: String) -> String? {
        let argument = range.filter { !$0.isWhitespace }
        guard argument.hasPrefix(".") else { return nil }
        var unitName = argument.dropFirst()
        var count = 1
        if let parenthesis = unitName.firstIndex(of: "("), unitName.hasSuffix(")") {
            guard let value = Int(unitName[unitName.index(after: parenthesis)...].dropLast()), value > 0 else {
                return nil
            }
            count = value
            unitName = unitName[..<parenthesis]
        }
        return DurationUnit(spelledAs: String(unitName)).map { ".within(\(count)\($0.rawValue))" }
    }

    /// `seconds` in the largest unit that holds it whole: `5d` for 432,000.
    static func duration(seconds: Int) -> String {
        let units: [DurationUnit] = [.weeks, .days, .hours, .minutes]
        let unit = units.first { seconds % $0.seconds == 0 } ?? .seconds
        return "\(seconds / unit.seconds)\(unit.rawValue)"
    }
}
