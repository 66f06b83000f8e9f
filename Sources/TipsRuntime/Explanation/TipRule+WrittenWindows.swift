// An explanation quotes a rule's query windows as its source writes them
// (`within(7d)`), not as the runtime would spell the same length
// (`within(1w)`): the person reading it searches their file for what they wrote.

import Foundation

extension TipRule {
    /// `observation` (a line of this rule's explanation) with each
    /// `within(...)` window spelled as the rule's source spells a window of
    /// that length.
    func quotingWrittenWindows(_ observation: String) -> String {
        var text = observation
        for (shown, written) in writtenWindows where shown != written {
            text = text.replacingOccurrences(of: "within(\(shown))", with: "within(\(written))")
        }
        return text
    }

    /// Each `within(...)` window of the source that is a duration literal,
    /// as the runtime spells its length and as the source writes it.
    var writtenWindows: [(shown: String, written: String)] {
        var windows: [(shown: String, written: String)] = []
        var rest = source[...]
        while let open = rest.range(of: "within(") {
            let argument = rest[open.upperBound...]
            guard let close = argument.firstIndex(of: ")") else { break }
            let literal = String(argument[..<close].filter { !$0.isWhitespace })
            if let seconds = Self.seconds(ofDuration: literal) {
                windows.append((TipValue.durationLiteral(seconds), literal))
            }
            rest = argument[close...]
        }
        return windows
    }

    /// The length of a `.tips` duration literal (`7d`, `1_000s`), or nil for anything else.
    static func seconds(ofDuration literal: String) -> Double? {
        guard let last = literal.last, let unit = DurationUnit(rawValue: String(last)),
            let amount = Int(literal.dropLast().filter { $0 != "_" })
        else { return nil }
        let (seconds, overflow) = amount.multipliedReportingOverflow(by: unit.seconds)
        return overflow ? nil : Double(seconds)
    }
}
