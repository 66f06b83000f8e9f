// The checked model of scenarios: names resolved, values typed, durations in
// seconds. `tipc test` runs these; no back end emits anything for them.

import TipsRuntime
import TipsSyntax

/// One tip a step names: a plain tip, or one instance of a reusable tip.
public struct CheckedTipInstance: Hashable, Sendable {
    /// The tip's declared name.
    public var tip: String
    /// The argument values, in the tip's declaration order; nil for a plain
    /// tip or for a reusable tip named without arguments (every instance,
    /// only in `override show`/`hide`).
    public var arguments: [TipValue]?
    /// The reference as written, for messages: `NewTrail(trailID: "a", ...)`.
    public var text: String

    /// Creates a tip instance.
    public init(tip: String, arguments: [TipValue]?, text: String) {
        self.tip = tip
        self.arguments = arguments
        self.text = text
    }
}

/// The status an `expect` step wants.
public enum CheckedExpectedStatus: Hashable, Sendable {
    case available
    case pending
    /// Invalidated for `reason` (a runtime reason's name), or for any reason when nil.
    case invalidated(reason: String?)

    /// How the status reads in `.tips` and in messages.
    public var text: String {
        switch self {
        case .available: "available"
        case .pending: "pending"
        case .invalidated(let reason): "invalidated" + (reason.map { "(\($0))" } ?? "")
        }
    }
}

/// The copy an `expect T title|message|action name` step reads.
public enum CheckedTextItem: Hashable, Sendable {
    case title
    case message
    /// The title of the tip's action of this name.
    case action(String)

    /// What the item is, in messages: `title`, `message`, `title of action learnMore`.
    public var text: String {
        switch self {
        case .title: "title"
        case .message: "message"
        case .action(let name): "title of action \(name)"
        }
    }
}

/// A testing switch, set before the scenario's first step.
public enum CheckedOverride: Hashable, Sendable {
    case showAll
    case hideAll
    case show([CheckedTipInstance])
    case hide([CheckedTipInstance])
    /// Exactly these tips are held out, whatever their `holdout`.
    case holdout([CheckedTipInstance])
}

/// One step, with where it was written.
public struct CheckedStep: Hashable, Sendable {
    /// What the step does.
    public enum Kind: Hashable, Sendable {
        /// Sets a parameter to a value of its type.
        case set(parameter: String, value: TipValue)
        /// Donates an event now with every field given.
        case donate(event: String, fields: [String: TipValue])
        /// Moves the clock forward.
        case wait(seconds: Int)
        /// `appear`, `wait`, `disappear`.
        case show(CheckedTipInstance, seconds: Int)
        case appear(CheckedTipInstance)
        case disappear(CheckedTipInstance)
        /// `actionPerformed` or `tipClosed`.
        case invalidate(CheckedTipInstance, reason: String)
        case reset(CheckedTipInstance)
        case restart
        /// `Tips.beginSession()`.
        case newSession
        /// `Tips.holdDisplays(reason:)`, kept until the `release` of the same reason.
        case hold(reason: String)
        /// Releases the latest hold of this reason that is in force.
        case release(reason: String)
        /// `tip.snooze()`.
        case snooze(CheckedTipInstance)
        case `repeat`(count: Int, steps: [CheckedStep])
        case expectStatus(CheckedTipInstance, CheckedExpectedStatus)
        /// The group's current tip should be `tip` (nil: none).
        case expectShows(group: String, tip: CheckedTipInstance?)
        /// The tip's title, message or action title, in the scenario's language with its slots filled, should be `text`.
        case expectText(CheckedTipInstance, item: CheckedTextItem, text: String)
        /// The steps after it read copy in this language (a language code).
        case language(String)
    }

    /// What the step does.
    public var kind: Kind
    /// The step's keyword: a failed step is reported here.
    public var range: SourceRange
}

/// `scenario "name" { ... }`
public struct CheckedScenario: Hashable, Sendable {
    /// The most steps one scenario may run, each pass of a `repeat` block
    /// counted out (`repeat` itself is not a step): the checker rejects a
    /// scenario that would run more, so `tipc test` always ends.
    public static let maximumStepsRun = 100_000

    /// How many steps `steps` run, each pass of a `repeat` counted out;
    /// `Int.max` when the count does not fit.
    public static func stepsRun(_ steps: [CheckedStep]) -> Int {
        var total = 0
        for step in steps {
            var run = 1
            if case .repeat(let count, let inner) = step.kind {
                let (product, overflow) = count.multipliedReportingOverflow(by: stepsRun(inner))
                run = overflow ? .max : product
            }
            let (sum, overflow) = total.addingReportingOverflow(run)
            total = overflow ? .max : sum
        }
        return total
    }

    public var name: String
    /// The file that declares it.
    public var file: FileID
    /// The name's range.
    public var nameRange: SourceRange
    /// The testing switches, in order.
    public var overrides: [CheckedOverride]
    /// The steps after the overrides, in order.
    public var steps: [CheckedStep]
}
