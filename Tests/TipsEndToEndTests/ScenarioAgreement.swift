import Foundation
import TipsCompiler
import TipsRuntime
import TipsScenarios
import TipsSyntax
import TipsTestSupport

/// Random timelines run twice: through a sample's generated Swift (its tip
/// types, parameters and events, on a `TipCenter`), recording every tip's
/// status and every group's current tip after each step; then as a scenario
/// whose `expect` lines say exactly those statuses, through `tipc test`'s
/// runner. The scenario passes only if the two paths agree at every step.
///
/// A sample's side describes its tips and steps with closures over its
/// generated code (see `TrailsScenarioAgreementTests`); this file knows no sample.
struct AgreementModel {
    /// One tip the timeline looks at: its scenario spelling and its generated instance.
    struct Tip {
        var scenarioName: String
        var make: @Sendable () -> any TipsRuntime.Tip
    }

    /// A step of the timeline: its scenario spelling and what it does through the generated code.
    struct Action {
        var scenarioText: String
        var perform: @Sendable (TipCenter) async -> Void
    }

    /// A group: its name, and its generated `makeGroup(in:)`.
    struct Group {
        var name: String
        var make: @Sendable (TipCenter) -> TipGroup
    }

    /// The sample's `.tips` files, relative to the package root.
    var sampleDirectory: String
    var displayFrequency: Tips.DisplayFrequency
    var tips: [Tip]
    var groups: [Group]
    /// Parameter changes and donations, chosen at random.
    var actions: [Action]
}

extension AgreementModel {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let durations: [(text: String, seconds: Double)] = [
        ("1s", 1), ("30s", 30), ("1m", 60), ("2m", 120), ("1h", 3_600), ("12h", 43_200), ("1d", 86_400),
        ("2d", 172_800), ("3d", 259_200), ("6d", 518_400),
    ]

    /// Runs one random timeline of `length` steps through the generated code and returns it as a scenario.
    func timeline(seed: UInt64, length: Int) async throws -> String {
        var random = SplitMix64(seed: seed)
        let clock = ManualClock(ScenarioRunner.startDate)
        let store = TipsMemoryDatastore()
        var center = try await launch(store, clock)
        var onScreen: [Int] = []
        var lines: [String] = []
        for _ in 0..<length {
            let choice = Int.random(in: 0..<100, using: &random)
            let tipIndex = Int.random(in: 0..<tips.count, using: &random)
            let tip = tips[tipIndex]
            let duration = Self.durations.randomElement(using: &random) ?? ("1s", 1)
            switch choice {
            case 0..<40:
                let action = actions.randomElement(using: &random)
                if let action {
                    await action.perform(center)
                    lines.append(action.scenarioText)
                }
            case 40..<55:
                clock.advance(by: duration.seconds)
                lines.append("wait \(duration.text)")
            case 55..<70:
                // A person can only see a tip that is available.
                guard !onScreen.contains(tipIndex), center.status(for: tip.make()) == .available else { continue }
                await center.tipDidAppear(tip.make())
                clock.advance(by: duration.seconds)
                await center.tipDidDisappear(tip.make())
                lines.append("show \(tip.scenarioName) for \(duration.text)")
            case 70..<76:
                guard !onScreen.contains(tipIndex), center.status(for: tip.make()) == .available else { continue }
                await center.tipDidAppear(tip.make())
                onScreen.append(tipIndex)
                lines.append("appear \(tip.scenarioName)")
            case 76..<82:
                guard let index = onScreen.indices.randomElement(using: &random) else { continue }
                let shown = tips[onScreen.remove(at: index)]
                await center.tipDidDisappear(shown.make())
                lines.append("disappear \(shown.scenarioName)")
            case 82..<88:
                let reason: Tips.InvalidationReason = Bool.random(using: &random) ? .actionPerformed : .tipClosed
                await center.invalidateDurably(tip.make(), reason: reason)
                lines.append("invalidate \(tip.scenarioName) \(reason.rawValue)")
            case 88..<93:
                await center.resetEligibility(of: tip.make())
                lines.append("reset \(tip.scenarioName)")
            default:
                for index in onScreen { await center.tipDidDisappear(tips[index].make()) }
                onScreen = []
                center = try await launch(store, clock)
                lines.append("restart")
            }
            lines += expectations(in: center)
        }
        let body = lines.map { "    " + $0 }.joined(separator: "\n")
        return "scenario \"random timeline \(seed)\" {\n\(body)\n}\n"
    }

    /// A center on the store, configured as `tipc test` configures one, with every tip registered.
    private func launch(_ store: TipsMemoryDatastore, _ clock: ManualClock) async throws -> TipCenter {
        let center = TipCenter(datastore: store)
        try await center.configure([
            .clock(clock), .displayFrequency(displayFrequency), .arguments([]), .environment([:]),
            .holdouts(.none),
        ])
        center.register(tips.map { $0.make() })
        return center
    }

    /// `expect` lines for every tip's status and every group's current tip now.
    private func expectations(in center: TipCenter) -> [String] {
        var lines: [String] = []
        for tip in tips {
            let status =
                switch center.status(for: tip.make()) {
                case .available: "available"
                case .pending: "pending"
                case .invalidated(let reason): "invalidated(\(reason.rawValue))"
                }
            lines.append("expect \(tip.scenarioName) \(status)")
        }
        for group in groups {
            let current = group.make(center).currentTip?.id
            let name = current.flatMap { id in tips.first { $0.make().id == id }?.scenarioName }
            lines.append("expect \(group.name) shows \(name ?? "nothing")")
        }
        return lines
    }

    /// Runs `scenarios` with the sample's files through `tipc test`'s runner; the failures, if any, as text.
    func runThroughTipcTest(_ scenarios: [String]) async throws -> (ran: Int, failures: [String]) {
        let folder = Self.packageRoot.appendingPathComponent(sampleDirectory)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".tips") && !$0.hasSuffix(".test.tips") }.sorted()
        var inputs = try names.map {
            CompilationInput(path: $0, bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0))))
        }
        inputs.append(CompilationInput(path: "Random.test.tips", text: scenarios.joined(separator: "\n")))
        let result = Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false)).run()
        guard let program = result.program else { return (0, [result.renderedDiagnostics()]) }
        let outcomes = await ScenarioRunner(program: program).run(program.scenarios)
        let failures = outcomes.filter { !$0.passed }.map { outcome in
            outcome.name + ":\n"
                + outcome.failures.map { failure in
                    let position = result.sources[failure.range.file].lineColumn(of: failure.range.start)
                    return "  \(position) \(failure.message)\n" + failure.explanation.map { "    \($0)\n" }.joined()
                }.joined()
        }
        return (outcomes.count, failures)
    }
}
