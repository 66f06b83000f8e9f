import TipsCompiler
import TipsSyntax

// Hover on the items that share tips' attention: a tip's `snooze` and
// `holdout`, the config's `sessionLimit` and `oneAtATime`. What each says is
// read from the checked model (the values the checker accepted), never from
// the text again.

extension LanguageServer {
    /// The hover text of the attention item whose keyword holds `offset`, and the keyword's range.
    func attentionHover(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (String, SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        let holds = { (range: SourceRange) in range.file == file && range.start <= offset && offset <= range.end }
        let config = program.config
        if let range = config.sessionLimitRange, holds(range), let limit = config.sessionLimit {
            return (Self.sessionLimitHover(limit), range)
        }
        if let range = config.oneAtATimeRange, holds(range), config.oneAtATime {
            return (Self.oneAtATimeHover, range)
        }
        guard let item = tipItem(at: offset, in: file, of: analysis) else { return nil }
        switch item.keyword {
        case .snooze:
            guard let snooze = item.tip.options.snooze else { return nil }
            return (Self.snoozeHover(snooze, tip: item.tip.name), item.range)
        case .holdout:
            guard let percent = item.tip.options.holdoutPercent else { return nil }
            return (Self.holdoutHover(percent, tip: item.tip.name), item.range)
        default: return nil
        }
    }

    /// The tip item whose keyword holds `offset` (the checker records each
    /// item's keyword as its name): the keyword, its place among the tip's
    /// items with that keyword, the checked tip, and the keyword's range.
    func tipItem(
        at offset: UInt32, in file: FileID, of analysis: Analysis
    ) -> (keyword: Keyword, index: Int, tip: CheckedTip, range: SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        for declaration in analysis.symbols.declarations
        where declaration.nameRange.file == file && declaration.nameRange.start <= offset
            && offset <= declaration.nameRange.end
        {
            guard case .tipItem(let keyword, let index, let name) = declaration.symbol,
                let tip = Self.tip(named: name, in: program)
            else { continue }
            return (keyword, index, tip, declaration.nameRange)
        }
        return nil
    }

    static func sessionLimitHover(_ limit: Int) -> String {
        "```tips\nsessionLimit \(limit)\n```\nAt most \(limit) different tip\(limit == 1 ? "" : "s") appear in one "
            + "session (a launch, or `Tips.beginSession()`); a tip that appeared may appear again. "
            + "A tip with `ignoresDisplayFrequency` is exempt."
    }

    static let oneAtATimeHover =
        "```tips\noneAtATime\n```\nWhile one tip is on screen, every other tip is pending. "
        + "A tip with `ignoresDisplayFrequency` is exempt."

    static func snoozeHover(_ snooze: CheckedSnooze, tip: String) -> String {
        let written = "snooze \(durationText(snooze.seconds))" + (snooze.maxCount.map { ", \($0)" } ?? "")
        let count =
            snooze.maxCount.map { "; the snooze after the \(ordinal($0)) closes it (`tipClosed`)" }
            ?? ", as often as asked"
        return "```tips\n\(written)\n```\n`snooze()` hides tip \(tip) for \(durationText(snooze.seconds))\(count). "
            + "A snooze is not a display."
    }

    static func holdoutHover(_ percent: Int, tip: String) -> String {
        "```tips\nholdout \(percent)%\n```\n\(percent) % of installs never see tip \(tip): "
            + "at each moment it would become available, the activity stream reports `heldOut` instead."
    }

    /// A duration in its largest whole unit, as the language writes it: `1d`, `90m`.
    static func durationText(_ seconds: Int) -> String {
        let units = [(604_800, "w"), (86_400, "d"), (3_600, "h"), (60, "m")]
        for (size, unit) in units where seconds % size == 0 { return "\(seconds / size)\(unit)" }
        return "\(seconds)s"
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            (11...13).contains(number % 100)
            ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10, default: "th"]
        return "\(number)\(suffix)"
    }

    /// The checked tip declared as `name`.
    static func tip(named name: String, in program: CheckedProgram) -> CheckedTip? {
        for file in program.files {
            for case .tip(let tip) in file.declarations where tip.name == name { return tip }
        }
        return nil
    }
}
