import Foundation
import TipsCompiler
import TipsRuntime
import TipsSyntax

/// A step that did not go as the scenario says: where, what, and the
/// runtime's explanation at that moment.
public struct ScenarioFailure: Hashable, Sendable {
    /// The step's keyword.
    public var range: SourceRange
    /// What was expected and what happened.
    public var message: String
    /// The runtime's explanation of the tip or group, one line each, unindented.
    public var explanation: [String]
    /// How many times in a row the step failed just so, explanation and
    /// all (a step a `repeat` runs again): reported once, with the count.
    public var times = 1

    /// What is said under the step of ``times``, before the explanation; nil for a step that failed once.
    public var repeatNote: String? {
        times > 1 ? "the same \(times) times in a row, as its repeat ran it" : nil
    }
}

/// How one scenario ran.
public struct ScenarioOutcome: Hashable, Sendable {
    /// The scenario's name.
    public var name: String
    /// The file that declares it.
    public var file: FileID
    /// Every failed step, in the order they ran.
    public var failures: [ScenarioFailure]
    /// Each tip's status after each step, when asked for (see ``ScenarioRunner/recordsStatuses``).
    public var statuses: [[String: String]] = []
    /// What the runtime warned about while the scenario ran (`.onWarning`), in order.
    public var warnings: [String] = []

    /// Whether every step went as the scenario says.
    public var passed: Bool { failures.isEmpty }
}

/// Runs scenarios on the runtime's engine: each one on a fresh in-memory
/// store with a manual clock at a fixed instant; `restart` configures a new
/// `TipCenter` on the same store, as a relaunched app would.
public struct ScenarioRunner: Sendable {
    /// Where every scenario's clock starts: 2024-01-01 00:00:00 UTC.
    public static let startDate = Date(timeIntervalSince1970: 1_704_067_200)

    let runtime: LoweredProgram
    /// When set, records the status (`available`, `pending`, `invalidated(reason)`)
    /// of every tip the scenario names after every step, for tests.
    public var recordsStatuses = false

    /// Prepares to run the scenarios of `program`.
    public init(program: CheckedProgram) {
        self.runtime = LoweredProgram(program)
    }

    /// Runs one scenario.
    public func run(_ scenario: CheckedScenario) async -> ScenarioOutcome {
        var run = ScenarioRun(runtime: runtime, scenario: scenario, recordsStatuses: recordsStatuses)
        await run.launch()
        await run.perform(scenario.steps)
        run.end()
        return ScenarioOutcome(
            name: scenario.name, file: scenario.file, failures: run.failures, statuses: run.statuses,
            warnings: run.warnings.withLock { $0 })
    }

    /// Runs every scenario, several at a time, and returns their outcomes in order.
    public func run(_ scenarios: [CheckedScenario]) async -> [ScenarioOutcome] {
        await withTaskGroup(of: (Int, ScenarioOutcome).self) { group in
            for (index, scenario) in scenarios.enumerated() {
                group.addTask { (index, await run(scenario)) }
            }
            var outcomes = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.compactMap { $0 }
        }
    }
}

/// One scenario's run: its store, clock, current center and tips on screen.
private struct ScenarioRun {
    let runtime: LoweredProgram
    let scenario: CheckedScenario
    let recordsStatuses: Bool
    let clock = ManualClock(ScenarioRunner.startDate)
    let store = TipsMemoryDatastore()
    var center = TipCenter()
    /// Every tip instance the scenario names, by instance, built once.
    var tips: [CheckedTipInstance: LoweredTipInstance] = [:]
    /// The groups the scenario asks about, for the current center.
    var groups: [String: TipGroup] = [:]
    /// The tips on screen, in the order they appeared.
    var onScreen: [CheckedTipInstance] = []
    /// The holds in force, in the order they were made (`hold "x"`); a restart drops them.
    var holds: [(reason: String, hold: TipDisplayHold)] = []
    /// The language of the copy that `expect T title` reads (`language "de"`);
    /// nil until a step names one: the source language. A restart keeps it, as a device keeps its language.
    var language: String?
    var failures: [ScenarioFailure] = []
    var statuses: [[String: String]] = []
    /// What every center of the run warned about, for the scenario's report
    /// rather than the process's standard error.
    let warnings = Locked<[String]>([])

    init(runtime: LoweredProgram, scenario: CheckedScenario, recordsStatuses: Bool) {
        self.runtime = runtime
        self.scenario = scenario
        self.recordsStatuses = recordsStatuses
        for step in scenario.steps { collectTips(step) }
        for case .show(let instances) in scenario.overrides { for instance in instances { remember(instance) } }
        for case .hide(let instances) in scenario.overrides { for instance in instances { remember(instance) } }
        for case .holdout(let instances) in scenario.overrides { for instance in instances { remember(instance) } }
    }

    private mutating func collectTips(_ step: CheckedStep) {
        switch step.kind {
        case .show(let tip, _), .appear(let tip), .disappear(let tip), .invalidate(let tip, _), .reset(let tip),
            .expectStatus(let tip, _), .snooze(let tip), .expectText(let tip, _, _):
            remember(tip)
        case .expectShows(let group, let tip):
            if let tip { remember(tip) }
            if let members = runtime.groups[group]?.declaration.members {
                for member in members { remember(CheckedTipInstance(tip: member, arguments: nil, text: member)) }
            }
        case .repeat(_, let steps): for inner in steps { collectTips(inner) }
        case .set, .donate, .wait, .restart, .newSession, .hold, .release, .language: break
        }
    }

    private mutating func remember(_ instance: CheckedTipInstance) {
        guard instance.arguments != nil || runtime.tips[instance.tip]?.declaration.isReusable == false,
            tips[instance] == nil,
            let tip = runtime.instance(of: instance.tip, arguments: instance.arguments)
        else { return }
        tips[instance] = tip
    }

    /// The ids of the tips an override names: a reusable tip's bare name is every instance the scenario uses.
    private func ids(_ instances: [CheckedTipInstance]) -> [String] {
        instances.flatMap { instance -> [String] in
            if let tip = tips[instance] { return [tip.id] }
            return tips.filter { $0.key.tip == instance.tip }.map(\.value.id).sorted()
        }
    }

    /// Configures a new center on the scenario's store: the first launch, or a relaunch.
    mutating func launch() async {
        center = TipCenter(datastore: store)
        groups = [:]
        for override in scenario.overrides {
            switch override {
            case .showAll: center.showAllTipsForTesting()
            case .hideAll: center.hideAllTipsForTesting()
            case .show(let instances): center.showTipsForTesting(ids(instances))
            case .hide(let instances): center.hideTipsForTesting(ids(instances))
            case .holdout: break
            }
        }
        let heldOut = scenario.overrides.flatMap { override -> [CheckedTipInstance] in
            if case .holdout(let instances) = override { return instances }
            return []
        }
        // Neither this process's launch arguments nor its environment may switch anything on, and
        // only `override holdout` holds a tip out (a scenario's result never depends on chance).
        let warnings = warnings
        try? await center.configure([
            .clock(clock), .displayFrequency(runtime.lowering.displayFrequency), .arguments([]), .environment([:]),
            .holdouts(heldOut.isEmpty ? .none : .only(Set(ids(heldOut)))),
            .onWarning { warning in warnings.withLock { $0.append(warning) } },
        ])
        // Registered in a fixed order, so that tips sharing an id resolve the same way every run.
        center.register(tips.sorted { $0.key.text < $1.key.text }.map(\.value))
    }

    /// The scenario is over: the holds still in force end with it, as the
    /// scenario's own (a hold let go without `release()` is what an app is warned about).
    mutating func end() {
        for (_, hold) in holds { hold.release() }
        holds = []
    }

    /// Performs `steps` in order; stops once the task is cancelled (the
    /// language server's run for a text that changed), its outcome then
    /// not to be read.
    mutating func perform(_ steps: [CheckedStep]) async {
        for step in steps {
            if Task.isCancelled { return }
            await perform(step)
            if recordsStatuses, case .repeat = step.kind {} else if recordsStatuses { recordStatuses() }
        }
    }

    private mutating func recordStatuses() {
        var now: [String: String] = [:]
        for (instance, tip) in tips { now[instance.text] = Self.text(center.status(for: tip)) }
        statuses.append(now)
    }

    private mutating func perform(_ step: CheckedStep) async {
        switch step.kind {
        case .set(let name, let value):
            guard let parameter = runtime.parameters[name] else { return }
            await center.setValue(value, of: parameter.reference)
        case .donate(let name, let fields):
            guard let event = runtime.events[name] else { return }
            await center.donate(event.event, fields: fields)
        case .wait(let seconds): clock.advance(by: Double(seconds))
        case .show(let instance, let seconds):
            let appeared = await appear(instance, at: step.range)
            clock.advance(by: Double(seconds))
            if appeared { await disappear(instance, at: step.range) }
        case .appear(let instance): await appear(instance, at: step.range)
        case .disappear(let instance): await disappear(instance, at: step.range)
        case .invalidate(let instance, let reason):
            guard let tip = tips[instance], let reason = Tips.InvalidationReason(rawValue: reason) else { return }
            await center.invalidateDurably(tip, reason: reason)
        case .reset(let instance):
            guard let tip = tips[instance] else { return }
            await center.resetEligibility(of: tip)
        case .restart:
            // The app was quit: what was on screen disappears then.
            for instance in onScreen {
                if let tip = tips[instance] { await center.tipDidDisappear(tip) }
            }
            onScreen = []
            // Holds belong to the process: the relaunched app has none.
            for (_, hold) in holds { hold.release() }
            holds = []
            await launch()
        case .newSession: center.beginSession()
        case .hold(let reason): holds.append((reason, center.holdDisplays(reason: reason)))
        case .release(let reason): release(reason, at: step.range)
        case .snooze(let instance):
            guard let tip = tips[instance] else { return }
            // A snooze ends the display in progress.
            onScreen.removeAll { $0 == instance }
            await center.snooze(tip)
        case .repeat(let count, let steps):
            for _ in 0..<count { await perform(steps) }
        case .expectStatus(let instance, let expected):
            guard let tip = tips[instance] else { return }
            let status = center.status(for: tip)
            guard !Self.matches(status, expected) else { return }
            fail(
                "expected \(instance.text) to be \(expected.text), but it is \(Self.text(status))", at: step.range,
                explanation: sharedIDNote(instance, tip) + Self.lines(center.explanation(for: tip).description))
        case .expectText(let instance, let item, let text): expectText(instance, item, text, at: step.range)
        case .language(let language): self.language = language
        case .expectShows(let name, let instance): expectShows(name, instance, at: step.range)
        }
    }

    /// `expect G shows T` (`instance` nil: `shows nothing`).
    private mutating func expectShows(_ name: String, _ instance: CheckedTipInstance?, at range: SourceRange) {
        guard let group = group(named: name) else { return }
        let current = group.currentTip?.id
        let expected = instance.flatMap { tips[$0]?.id }
        guard current != expected else { return }
        let members = runtime.groups[name]?.declaration.members ?? []
        let shown = current.flatMap { id in zip(members, group.tips).first { $0.1.id == id }?.0 }
        fail(
            "expected \(name) to show \(instance?.text ?? "nothing"), but it shows \(shown ?? "nothing")",
            at: range, explanation: Self.lines(group.explanation.description))
    }

    /// `expect T title|message|action name "text"`: the tip's copy in the
    /// scenario's language, as the app would show it (its slots filled).
    private mutating func expectText(
        _ instance: CheckedTipInstance, _ item: CheckedTextItem, _ text: String, at range: SourceRange
    ) {
        let asked = language ?? runtime.sourceLanguage
        guard let (tip, served) = runtime.instance(of: instance.tip, arguments: instance.arguments, language: asked)
        else { return }
        let actual =
            switch item {
            case .title: tip.title
            case .message: tip.message ?? ""
            case .action(let id): tip.actions.first { $0.id == id }?.title ?? ""
            }
        guard actual != text else { return }
        var place = ""
        if let language {
            place = " in \(language)" + (served == language ? "" : " (shown in \(served))")
        }
        fail(
            "expected the \(item.text) of \(instance.text)\(place) to be \(ASTDumper.quoted(text)), "
                + "but it is \(ASTDumper.quoted(actual))", at: range, explanation: [])
    }

    @discardableResult
    private mutating func appear(_ instance: CheckedTipInstance, at range: SourceRange) async -> Bool {
        guard let tip = tips[instance] else { return false }
        if onScreen.contains(instance) {
            fail("\(instance.text) is already on screen", at: range, explanation: [])
            return false
        }
        let status = center.status(for: tip)
        guard status == .available else {
            fail(
                "\(instance.text) cannot appear: it is \(Self.text(status)), not available", at: range,
                explanation: sharedIDNote(instance, tip) + Self.lines(center.explanation(for: tip).description))
            return false
        }
        await center.tipDidAppear(tip)
        onScreen.append(instance)
        return true
    }

    private mutating func disappear(_ instance: CheckedTipInstance, at range: SourceRange) async {
        guard let tip = tips[instance] else { return }
        guard let index = onScreen.firstIndex(of: instance) else {
            fail("\(instance.text) cannot disappear: it is not on screen", at: range, explanation: [])
            return
        }
        onScreen.remove(at: index)
        await center.tipDidDisappear(tip)
    }

    /// `release "x"`: the latest hold of that reason in force; a failure when there is none.
    private mutating func release(_ reason: String, at range: SourceRange) {
        guard let index = holds.lastIndex(where: { $0.reason == reason }) else {
            fail("no hold \"\(reason)\" is in force to release", at: range, explanation: [])
            return
        }
        holds.remove(at: index).hold.release()
    }

    private mutating func group(named name: String) -> TipGroup? {
        if let group = groups[name] { return group }
        guard let declared = runtime.groups[name] else { return nil }
        let group = TipGroup(
            declared.priority, runtime.members(of: declared), name: declared.declaration.name, center: center)
        groups[name] = group
        return group
    }

    /// When `instance` shares its id with another instance the scenario
    /// uses, and that one registered first: a line saying that the two are
    /// one tip with one record, whose rules read the other's arguments (the
    /// explanation after it describes that one). Empty otherwise.
    private func sharedIDNote(_ instance: CheckedTipInstance, _ tip: any Tip) -> [String] {
        let sharing = tips.filter { $0.value.id == tip.id }.map(\.key.text).sorted()
        guard let first = sharing.first, first != instance.text else { return [] }
        return [
            "\(instance.text) has the id \"\(tip.id)\" of \(first), registered first: the two are one tip with "
                + "one record, and its rules read the arguments of \(first)"
        ]
    }

    private mutating func fail(_ message: String, at range: SourceRange, explanation: [String]) {
        if let last = failures.last, last.range == range, last.message == message, last.explanation == explanation {
            failures[failures.count - 1].times += 1
            return
        }
        failures.append(ScenarioFailure(range: range, message: message, explanation: explanation))
    }

    static func matches(_ status: Tips.Status, _ expected: CheckedExpectedStatus) -> Bool {
        switch (status, expected) {
        case (.available, .available), (.pending, .pending): true
        case (.invalidated(let reason), .invalidated(let wanted)): wanted == nil || wanted == reason.rawValue
        default: false
        }
    }

    /// A status as the scenario language spells it.
    static func text(_ status: Tips.Status) -> String {
        switch status {
        case .available: "available"
        case .pending: "pending"
        case .invalidated(let reason): "invalidated(\(reason.rawValue))"
        }
    }

    /// An explanation's lines after its first (which repeats the status), one indentation level less.
    static func lines(_ description: String) -> [String] {
        description.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { line in
            line.hasPrefix("  ") ? String(line.dropFirst(2)) : String(line)
        }
    }
}
