// Values for a reusable tip's slots, taken from the scenarios of the
// compilation: a reviewer reads "Matterhorn is now open" more easily than
// "\(name) is now open", and the scenarios already say which values matter.

import TipsCompiler
import TipsRuntime
import TipsSyntax

/// One set of argument values a scenario gives a reusable tip.
struct PreviewSample: Hashable, Sendable {
    /// The values by argument name.
    var values: [String: TipValue]
    /// The reference as the scenario writes it: `NewTrail(trailID: "a", ...)`.
    var text: String
    /// Where the values come from, in words: `scenario “Name” (File.tips, line 3)`, the line of the
    /// first step that names the tip with them (of the scenario's name for an `override`, which keeps no place).
    var origin: String
}

/// The values a reusable tip's cards are filled with, and the other values scenarios give it.
struct PreviewSamples: Hashable, Sendable {
    /// The first values in input order (scenarios in order, each one's overrides then its steps):
    /// the cards show these.
    var shown: PreviewSample
    /// Every other distinct set of values, in the order scenarios first name them.
    var others: [PreviewSample]

    /// Each reusable tip's samples by tip name; a tip no scenario names with arguments has none.
    static func collect(from program: CheckedProgram, sources: SourceManager) -> [String: PreviewSamples] {
        var reusable: [String: [CheckedField]] = [:]
        for file in program.files {
            for case .tip(let tip) in file.declarations {
                if let arguments = tip.arguments { reusable[tip.name] = arguments }
            }
        }
        var found: [String: [PreviewSample]] = [:]
        for scenario in program.scenarios {
            let source = sources[scenario.file]
            for (instance, range) in instances(in: scenario) {
                guard let declared = reusable[instance.tip], let values = instance.arguments,
                    values.count == declared.count
                else { continue }
                let byName = Dictionary(zip(declared.map(\.name), values), uniquingKeysWith: { first, _ in first })
                // The same values written again (or spaced differently) are the same instance.
                guard found[instance.tip]?.contains(where: { $0.values == byName }) != true else { continue }
                found[instance.tip, default: []].append(
                    PreviewSample(
                        values: byName, text: instance.text,
                        origin: "scenario “\(scenario.name)” (\(source.fileName), line \(source.line(of: range.start)))"
                    ))
            }
        }
        return found.compactMapValues { samples in
            samples.first.map { PreviewSamples(shown: $0, others: Array(samples.dropFirst())) }
        }
    }

    /// For each tip and group, the scenarios that name it, in input order,
    /// each once: `“Name” (File.tips, line 5)`, the line of the scenario's
    /// name. These are what pin when a tip shows, and what a group shows.
    /// (Tips and groups share one namespace, so one table holds both.)
    static func scenarios(naming program: CheckedProgram, sources: SourceManager) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for scenario in program.scenarios {
            let source = sources[scenario.file]
            let origin = "“\(scenario.name)” (\(source.fileName), line \(source.line(of: scenario.nameRange.start)))"
            let names = instances(in: scenario).map(\.0.tip) + groups(in: scenario.steps)
            for name in names where found[name]?.last != origin { found[name, default: []].append(origin) }
        }
        return found
    }

    /// The groups that `expect G shows …` steps name, in source order.
    private static func groups(in steps: [CheckedStep]) -> [String] {
        steps.flatMap { step -> [String] in
            switch step.kind {
            case .expectShows(let group, _): [group]
            case .repeat(_, let inner): groups(in: inner)
            default: []
            }
        }
    }

    /// Every tip a scenario names, with the range it is reported at, in source order.
    private static func instances(in scenario: CheckedScenario) -> [(CheckedTipInstance, SourceRange)] {
        var out: [(CheckedTipInstance, SourceRange)] = []
        for override in scenario.overrides {
            if case .show(let tips) = override { out += tips.map { ($0, scenario.nameRange) } }
            if case .hide(let tips) = override { out += tips.map { ($0, scenario.nameRange) } }
            if case .holdout(let tips) = override { out += tips.map { ($0, scenario.nameRange) } }
        }
        func walk(_ steps: [CheckedStep]) {
            for step in steps {
                switch step.kind {
                case .show(let tip, _), .appear(let tip), .disappear(let tip), .invalidate(let tip, _),
                    .reset(let tip), .expectStatus(let tip, _), .snooze(let tip), .expectText(let tip, _, _):
                    out.append((tip, step.range))
                case .expectShows(_, let tip?): out.append((tip, step.range))
                case .repeat(_, let inner): walk(inner)
                case .set, .donate, .wait, .restart, .expectShows, .newSession, .hold, .release, .language: break
                }
            }
        }
        walk(scenario.steps)
        return out
    }
}
