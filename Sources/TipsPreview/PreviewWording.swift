import TipsCompiler
import TipsSyntax

// The preview's plain words for the model's values: the page is read by
// people who own the copy, not by people who read `.tips`.

enum PreviewWording {
    /// `2 minutes`, `1 day 12 hours`: the largest units first, none left out.
    static func duration(seconds: Int) -> String { RuleWords.duration(seconds: seconds) }

    /// `1 tip`, `3 tips`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// How often tips may show, as a sentence fragment: `at most one tip a day`.
    static func frequency(_ frequency: DisplayFrequency) -> String {
        switch frequency {
        case .immediate: "no wait between tips"
        case .hourly: "at most one tip an hour"
        case .daily: "at most one tip a day"
        case .weekly: "at most one tip a week"
        case .monthly: "at most one tip a month"
        case .every(let seconds): "at most one tip every \(duration(seconds: seconds))"
        }
    }

    /// `Snoozes for 1 day, up to 3 times`; `Snoozes for 2 hours, as often as asked` without a count.
    static func snooze(_ snooze: CheckedSnooze) -> String {
        "Snoozes for \(duration(seconds: snooze.seconds)), "
            + (snooze.maxCount.map { $0 == 1 ? "once at most" : "up to \($0) times" } ?? "as often as asked")
    }

    /// `Held out for 10 % of installs`: they never see the tip.
    static func holdout(_ percent: Int) -> String {
        "Held out for \(percent) % of installs, who never see it"
    }

    /// The config's limits across tips: `At most 3 different tips a session; one tip on screen at a time`; nil without any.
    static func limitsAcrossTips(sessionLimit: Int?, oneAtATime: Bool) -> String? {
        var parts: [String] = []
        if let limit = sessionLimit { parts.append("at most \(counted(limit, "different tip")) a session") }
        if oneAtATime { parts.append("one tip on screen at a time") }
        guard let first = parts.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + parts.dropFirst()).joined(separator: "; ")
    }

    /// `shown at most 5 times`, `shown once`.
    static func displayCount(_ count: Int) -> String {
        count == 1 ? "Shown once at most" : "Shown at most \(count) times"
    }

    /// A group's way of choosing, in words.
    static func priority(_ priority: GroupPriority) -> String {
        switch priority {
        case .ordered: "Ordered: one at a time, in this order; each waits until the one before it is invalidated"
        case .firstAvailable: "First available: whichever of these is eligible first is shown"
        }
    }

    /// A group's kind in one word, as a sentence of its own.
    static func priorityTitle(_ priority: GroupPriority) -> String {
        let name = priorityName(priority)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// A group's kind in one word, beside a membership.
    static func priorityName(_ priority: GroupPriority) -> String {
        switch priority {
        case .ordered: "ordered"
        case .firstAvailable: "first available"
        }
    }

    /// The names of the input files, for the title: all of a few, or a count.
    static func fileList(_ names: [String]) -> String {
        switch names.count {
        case 0: "no files"
        case 1: names[0]
        case 2...3: names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        default: "\(names.count) files"
        }
    }
}
