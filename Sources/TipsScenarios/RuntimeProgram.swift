import TipsCompiler
import TipsRuntime
import TipsSyntax

// The checked program as the runtime's own values, built exactly as the
// generated Swift builds them (same ids, rules, options and frequency), so
// that `tipc test` runs a scenario on the engine the app links, not on a
// second interpreter of the semantics.

/// A tip of the checked program as a runtime `Tip`.
struct ScenarioTip: Tip {
    let id: String
    let title: String
    let message: String?
    let image: String?
    let actions: [Tips.Action]
    let rules: [TipRule]
    let options: Tips.Options
}

/// The program's parameters, events, tips and groups in the runtime's terms.
struct RuntimeProgram: Sendable {
    let parameters: [String: Tips.ParameterReference]
    let events: [String: Tips.Event]
    let tips: [String: CheckedTip]
    let groups: [String: CheckedGroup]
    let displayFrequency: Tips.DisplayFrequency
    /// Tips without arguments, built once: most steps name one.
    private let plainTips: [String: ScenarioTip]

    init(_ program: CheckedProgram) {
        var parameters: [String: Tips.ParameterReference] = [:]
        var events: [String: Tips.Event] = [:]
        var tips: [String: CheckedTip] = [:]
        var groups: [String: CheckedGroup] = [:]
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .enumeration: break
                case .parameter(let parameter):
                    parameters[parameter.name] = Tips.ParameterReference(
                        id: parameter.name, defaultValue: parameter.defaultValue,
                        isTransient: parameter.isTransient)
                case .event(let event):
                    events[event.name] = Tips.Event(
                        id: event.name, keepCount: event.keepCount, keepDuration: event.keepDuration.map(Double.init))
                case .tip(let tip): tips[tip.name] = tip
                case .group(let group): groups[group.name] = group
                }
            }
        }
        self.parameters = parameters
        self.events = events
        self.tips = tips
        self.groups = groups
        self.displayFrequency =
            switch program.config.displayFrequency {
            case .immediate: .immediate
            case .hourly: .hourly
            case .daily: .daily
            case .weekly: .weekly
            case .monthly: .monthly
            case .every(let seconds): .custom(seconds: Double(seconds))
            }
        var plainTips: [String: ScenarioTip] = [:]
        let partial = RuntimeProgram(
            parameters: parameters, events: events, tips: tips, groups: groups, frequency: displayFrequency)
        for tip in tips.values where !tip.isReusable { plainTips[tip.name] = partial.build(tip, arguments: [:]) }
        self.plainTips = plainTips
    }

    private init(
        parameters: [String: Tips.ParameterReference], events: [String: Tips.Event], tips: [String: CheckedTip],
        groups: [String: CheckedGroup], frequency: Tips.DisplayFrequency
    ) {
        self.parameters = parameters
        self.events = events
        self.tips = tips
        self.groups = groups
        self.displayFrequency = frequency
        self.plainTips = [:]
    }

    /// The runtime tip a step names: a plain tip, or one instance of a reusable tip.
    func tip(_ instance: CheckedTipInstance) -> ScenarioTip? {
        if let plain = plainTips[instance.tip] { return plain }
        guard let tip = tips[instance.tip], let declared = tip.arguments, let values = instance.arguments else {
            return nil
        }
        var arguments: [String: TipValue] = [:]
        for (field, value) in zip(declared, values) { arguments[field.name] = value }
        return build(tip, arguments: arguments)
    }

    /// The runtime tips of a group, in order.
    func members(of group: CheckedGroup) -> [ScenarioTip] {
        group.members.compactMap { plainTips[$0] }
    }

    private func build(_ tip: CheckedTip, arguments: [String: TipValue]) -> ScenarioTip {
        ScenarioTip(
            id: tip.id.filled(with: arguments), title: tip.title.filled(with: arguments),
            message: tip.message?.filled(with: arguments), image: tip.image?.filled(with: arguments),
            actions: tip.actions.map { Tips.Action(id: $0.id, title: $0.title.filled(with: arguments)) },
            rules: tip.rules.map { rule in
                TipRule(
                    expression(rule.expression, arguments), source: rule.source, file: rule.fileName, line: rule.line)
            },
            options: Tips.Options(
                maxDisplayCount: tip.options.maxDisplayCount,
                maxDisplayDuration: tip.options.maxDisplayDuration.map(Double.init),
                ignoresDisplayFrequency: tip.options.ignoresDisplayFrequency,
                invalidatedBy: tip.options.invalidatedBy.compactMap { events[$0] }))
    }

    /// The rule as the runtime's expression tree, with this instance's argument values.
    private func expression(_ expression: CheckedExpression, _ arguments: [String: TipValue]) -> RuleExpression {
        expression.ruleExpression(
            parameter: { name, type in
                parameters[name] ?? Tips.ParameterReference(id: name, defaultValue: type.standInValue)
            },
            argument: { name, type in arguments[name] ?? type.standInValue },
            event: { name in events[name] ?? Tips.Event(id: name) })
    }
}
