// Checking the items that share tips' attention: a tip's `snooze` and
// `holdout` (the config's `sessionLimit` and `oneAtATime` are checked with the
// other config items).

import TipsSyntax

extension Checker {
    /// `snooze D[, N]`, or nil when the duration or the count is zero (reported).
    mutating func checkSnooze(_ duration: DurationLiteral, count: IntegerLiteral?) -> CheckedSnooze? {
        var valid = true
        if duration.totalSeconds < 1 {
            diagnostics.error("'snooze' must hide the tip at least 1s", at: duration.range)
            valid = false
        }
        if let count, count.value < 1 {
            diagnostics.error(
                "'snooze' must allow at least 1 snooze, but this is \(count.value)", at: count.range)
            valid = false
        }
        return valid ? CheckedSnooze(seconds: duration.totalSeconds, maxCount: count?.value) : nil
    }

    /// The share of `holdout P%`, or nil when it is not 1 to 99 (reported):
    /// 0% holds out no one and 100% everyone, so neither measures anything.
    mutating func checkHoldout(_ percent: IntegerLiteral) -> Int? {
        guard (1...99).contains(percent.value) else {
            diagnostics.error(
                "'holdout' must be between 1% and 99%, but this is \(percent.value)%", at: percent.range)
            return nil
        }
        return percent.value
    }

    /// Warns that a tip with no rules, no options and no group shows to
    /// everyone at once; with a holdout (at `holdout`), that the holdout has
    /// nothing to compare against.
    mutating func warnShowsToEveryone(_ tipName: String, at name: SourceRange, holdout: SourceRange?) {
        if let holdout {
            reporting(as: .tipItem(.holdout, index: 0, tip: tipName)) {
                $0.diagnostics.warning(
                    "tip '\(tipName)' has a holdout but no rules, no options and is in no group; "
                        + "it would show to everyone at once, so the holdout has nothing to compare against",
                    at: holdout)
            }
            return
        }
        reporting(as: .tip(tipName)) {
            $0.diagnostics.warning(
                "tip '\(tipName)' has no rules, no options and is in no group; it shows to everyone at once",
                at: name)
        }
    }
}
