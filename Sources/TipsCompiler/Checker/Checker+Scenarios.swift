// Checking scenarios: every name, value, argument and duration of a step is
// checked as it would be anywhere else, so a renamed tip fails the build.

import TipsRuntime
import TipsSyntax

extension Checker {
    /// What checking scenarios needs from the rest of the compilation.
    struct ScenarioScope {
        /// The tips that checked, by name.
        var tips: [String: CheckedTip] = [:]
        /// The groups that checked, by name.
        var groups: [String: CheckedGroup] = [:]
        /// Where the scenario being checked starts: a parameter or event
        /// its steps name and nothing declares is to be declared above it.
        var scenarioStart: UInt32?

        init(_ tips: [CheckedTip?], _ groups: [CheckedGroup]) {
            for case let tip? in tips { self.tips[tip.name] = tip }
            for group in groups { self.groups[group.name] = group }
        }

        /// The tip whose `renamedFrom` names `oldName` as an old tip name, if any (the first by name).
        func tipRenamed(from oldName: String) -> String? {
            Checker.tipRenamed(from: oldName, among: tips.values)
        }
    }

    /// The tip of `tips` whose `renamedFrom` names `oldName` as an old tip
    /// name, if any (the first by name): what a scenario or a group that
    /// names a tip by its former name is told.
    static func tipRenamed(from oldName: String, among tips: some Sequence<CheckedTip>) -> String? {
        tips.filter { tip in tip.renamedFrom.contains { $0.isTipName && $0.text == oldName } }.map(\.name).min()
    }

    /// The reasons a step may invalidate a tip with; the others come from display limits.
    package static let stepInvalidationReasons = ["actionPerformed", "tipClosed"]
    /// Every invalidation reason an `expect` may name.
    static let invalidationReasons = [
        "actionPerformed", "tipClosed", "displayCountExceeded", "displayDurationExceeded",
    ]

    /// Checks the scenarios of every file, in input order; reports duplicate
    /// names. When no input declares a tip, a parameter or an event (a
    /// `.test.tips` given alone), that is the one error, at the first
    /// scenario, rather than one for every name its steps use.
    mutating func checkScenarios(
        _ files: [SourceFileSyntax], at positions: [DeclarationPositions.Position], scope: ScenarioScope,
        declaresNames: Bool
    ) -> [CheckedScenario] {
        if !declaresNames, let first = positions.first,
            case .scenario(let decl) = files[first.file].declarations[first.index]
        {
            diagnostics.error(
                "no input declares a tip, parameter or event for this scenario to use: give tipc the .tips "
                    + "files that declare them together with this one",
                at: decl.name.range)
            return []
        }
        var checked: [CheckedScenario] = []
        var seen = FirstRanges(capacity: positions.count)
        for position in positions {
            guard case .scenario(let decl) = files[position.file].declarations[position.index] else { continue }
            // `--filter` and test reports tell scenarios apart by name.
            if let name = decl.name.plainText,
                !reporting(
                    as: .scenario(name),
                    {
                        $0.recordFirst(
                            name, at: decl.name.range, in: &seen, "a scenario named \"\(name)\" is already declared",
                            note: "the first is here")
                    })
            {
                continue
            }
            declare(decl)
            if let scenario = checkScenario(decl, scope: scope) { checked.append(scenario) }
        }
        return checked
    }

    /// One scenario, or nil when it has errors.
    mutating func checkScenario(_ decl: ScenarioDecl, scope: ScenarioScope) -> CheckedScenario? {
        let owner = Self.symbol(of: decl)
        let (scenario, failed) = checking(as: owner) { $0.checkScenarioSteps(decl, scope: scope) }
        guard !failed, let scenario else { return nil }
        let (_, tooLong) = checking(as: owner) {
            $0.reportStepsPastLimit(scenario.steps, budget: CheckedScenario.maximumStepsRun)
        }
        return tooLong ? nil : scenario
    }

    /// A scenario's name and steps, the overrides set apart; nil when its name does not check.
    private mutating func checkScenarioSteps(_ decl: ScenarioDecl, scope: ScenarioScope) -> CheckedScenario? {
        var scope = scope
        scope.scenarioStart = decl.keyword.start
        guard let name = decl.name.plainText else {
            diagnostics.error("a scenario's name cannot interpolate; write plain text", at: decl.name.range)
            return nil
        }
        if name.allSatisfy(\.isWhitespace) {
            diagnostics.error("a scenario needs a name", at: decl.name.range)
        }
        var overrides: [CheckedOverride] = []
        var steps: [CheckedStep] = []
        var pastOverrides = false
        for step in decl.steps {
            if case .override(let syntax) = step.kind {
                if !pastOverrides {
                    if let override = checkOverride(syntax, scope: scope) { overrides.append(override) }
                } else {
                    diagnostics.error("'override' must come before every other step of the scenario", at: step.keyword)
                }
                continue
            }
            pastOverrides = true
            if let checked = checkStep(step, scope: scope) { steps.append(checked) }
        }
        return CheckedScenario(
            name: name, file: decl.name.range.file, nameRange: decl.name.range, overrides: overrides, steps: steps)
    }

    /// One step other than `override`, or nil when it has errors.
    mutating func checkStep(_ step: ScenarioStep, scope: ScenarioScope) -> CheckedStep? {
        let kind: CheckedStep.Kind?
        switch step.kind {
        case .set(let parameter, let value): kind = checkSetStep(parameter, value, scope: scope)
        case .donate(let event, let fields): kind = checkDonation(event, fields, scope: scope)
        case .wait(let duration): kind = checkStepDuration(duration, after: "wait").map { .wait(seconds: $0) }
        case .show(let tip, let duration):
            let instance = checkTipInstance(tip, scope: scope)
            let seconds = duration.map { checkStepDuration($0, after: "show ... for") } ?? 1
            guard let instance, let seconds else { return nil }
            kind = .show(instance, seconds: seconds)
        case .appear(let tip): kind = checkTipInstance(tip, scope: scope).map { .appear($0) }
        case .disappear(let tip): kind = checkTipInstance(tip, scope: scope).map { .disappear($0) }
        case .reset(let tip): kind = checkTipInstance(tip, scope: scope).map { .reset($0) }
        case .invalidate(let tip, let reason): kind = checkInvalidateStep(tip, reason, scope: scope)
        case .restart: kind = .restart
        case .newSession: kind = .newSession
        case .hold(let reason): kind = checkHoldReason(reason, of: "hold").map { .hold(reason: $0) }
        case .release(let reason): kind = checkHoldReason(reason, of: "release").map { .release(reason: $0) }
        case .snooze(let tip): kind = checkTipInstance(tip, scope: scope).map { .snooze($0) }
        case .repeat(let count, let body): kind = checkRepeatStep(count, body, scope: scope)
        case .expectStatus(let tip, let status):
            let instance = checkTipInstance(tip, scope: scope)
            guard let expected = checkExpectedStatus(status), let instance else { return nil }
            kind = .expectStatus(instance, expected)
        case .expectShows(let group, let tip): kind = checkExpectShows(group, tip, scope: scope)
        case .expectText(let tip, let item, let text): kind = checkExpectText(tip, item, text, scope: scope)
        case .language(let language):
            kind = checkLanguageCode(language, of: "a scenario's language").map { .language($0) }
        case .override: kind = nil
        }
        return kind.map { CheckedStep(kind: $0, range: step.keyword) }
    }

    /// The reason of a `hold` or `release` step: plain text (nil when it interpolates, reported).
    private mutating func checkHoldReason(_ reason: StringLiteral, of step: String) -> String? {
        guard let text = reason.plainText else {
            diagnostics.error("the reason of '\(step)' cannot interpolate; write plain text", at: reason.range)
            return nil
        }
        return text
    }

    /// `expect T title|message|action name "text"`: the text is what the
    /// person reads, so it is plain text; a tip without a message has none
    /// to expect, and the action must be one of the tip's.
    private mutating func checkExpectText(
        _ reference: TipReferenceSyntax, _ syntax: TipTextItemSyntax, _ literal: StringLiteral, scope: ScenarioScope
    ) -> CheckedStep.Kind? {
        let instance = checkTipInstance(reference, scope: scope)
        let item: CheckedTextItem
        switch syntax {
        case .title: item = .title
        case .message: item = .message
        case .action(let name): item = .action(name.name)
        }
        guard let text = literal.plainText else {
            diagnostics.error(
                "the expected \(item.text) cannot interpolate; write the text the person reads, with each slot filled",
                at: literal.range)
            return nil
        }
        guard let instance, let tip = scope.tips[instance.tip] else { return nil }
        switch syntax {
        case .title: break
        case .message:
            guard tip.message == nil else { break }
            diagnostics.error("tip '\(tip.name)' has no message to expect", at: literal.range)
            return nil
        case .action(let name):
            let actions = tip.actions.map(\.id)
            guard !actions.contains(name.name) else {
                recordUse(.action(name.name, tip: tip.name), at: name.range)
                break
            }
            reportNoAction(name, of: tip.name, among: actions)
            return nil
        }
        return .expectText(instance, item: item, text: text)
    }

    /// `expect T action name`: the tip has no action of that name.
    private mutating func reportNoAction(_ name: Identifier, of tip: String, among actions: [String]) {
        guard !actions.isEmpty else {
            diagnostics.error("tip '\(tip)' has no actions", at: name.range)
            return
        }
        let list = actions.joined(separator: ", ")
        diagnostics.error(
            "tip '\(tip)' has no action '\(name.name)'", at: name.range,
            suggesting: .closest(to: name.name, in: actions, otherwise: "its actions are \(list)"))
    }

    /// `invalidate tip reason`: only the reasons an app gives; nil when the step has errors.
    private mutating func checkInvalidateStep(
        _ tip: TipReferenceSyntax, _ reason: Identifier, scope: ScenarioScope
    ) -> CheckedStep.Kind? {
        let instance = checkTipInstance(tip, scope: scope)
        guard Self.stepInvalidationReasons.contains(reason.name) else {
            let rest =
                Self.invalidationReasons.contains(reason.name)
                ? Suggestion(
                    phrase:
                        "; it comes from the tip's display limits, so show the tip; use actionPerformed or tipClosed",
                    replacement: nil)
                : .closest(
                    to: reason.name, in: Self.stepInvalidationReasons,
                    otherwise: "use actionPerformed or tipClosed")
            diagnostics.error(
                "a scenario cannot invalidate a tip with '\(reason.name)'", at: reason.range, suggesting: rest)
            return nil
        }
        return instance.map { .invalidate($0, reason: reason.name) }
    }

    /// Reports the step at which `steps` would run more than `budget` steps:
    /// a `repeat` whose one pass stays within what is left is the one to
    /// blame (its count), else the search goes on inside its block.
    private mutating func reportStepsPastLimit(_ steps: [CheckedStep], budget: Int) {
        var used = 0
        for step in steps {
            let run = CheckedScenario.stepsRun([step])
            guard run > budget - used else {
                used += run
                continue
            }
            let limit = "the scenario run more than \(CheckedScenario.maximumStepsRun) steps, the most it may run"
            guard case .repeat(_, let inner) = step.kind else {
                diagnostics.error("this step makes \(limit); split the scenario", at: step.range)
                return
            }
            if CheckedScenario.stepsRun(inner) > budget - used {
                return reportStepsPastLimit(inner, budget: budget - used)
            }
            diagnostics.error("this 'repeat' makes \(limit); lower its count", at: step.range)
            return
        }
    }

    /// `repeat N { steps }`: every inner step is checked, so that all their errors are reported.
    private mutating func checkRepeatStep(
        _ count: IntegerLiteral, _ body: [ScenarioStep], scope: ScenarioScope
    ) -> CheckedStep.Kind? {
        var inner: [CheckedStep] = []
        var failed = false
        if count.value < 1 {
            diagnostics.error("'repeat' needs a count of at least 1, but this is \(count.value)", at: count.range)
            failed = true
        }
        for step in body {
            if case .override = step.kind {
                diagnostics.error(
                    "'override' must come before every other step of the scenario, not inside 'repeat'",
                    at: step.keyword)
                failed = true
                continue
            }
            if let checked = checkStep(step, scope: scope) { inner.append(checked) } else { failed = true }
        }
        if body.isEmpty {
            diagnostics.error("'repeat \(count.value)' needs at least one step in its braces", at: count.range)
            failed = true
        }
        return failed ? nil : .repeat(count: count.value, steps: inner)
    }

    // MARK: - Parameters and events

    private mutating func checkSetStep(_ name: Identifier, _ value: Expr, scope: ScenarioScope) -> CheckedStep.Kind? {
        let declared = resolveDeclared(name)
        guard let parameter = parameter(declared: declared) else {
            // `set cartCount = 3`, nothing declared: the value gives the parameter its type.
            let declaration = literalType(of: value).flatMap { parameterDeclaration(of: name.name, as: $0) }
            reportNotFound(name, .parameter, context: Self.stepContext(scope), declaring: declaration)
            return nil
        }
        guard let constant = checkConstant(value, of: parameter.type, subject: "the value of parameter '\(name.name)'")
        else { return nil }
        return .set(parameter: parameter.name, value: constant)
    }

    private mutating func checkDonation(
        _ name: Identifier, _ fields: [ArgumentSyntax]?, scope: ScenarioScope
    ) -> CheckedStep.Kind? {
        let declared = resolveDeclared(name)
        guard let event = event(declared: declared) else {
            // `donate visited(region: "Alps")`, nothing declared: the values give the fields their types.
            let declaration = eventDeclaration(of: name.name, fields: fields ?? [])
            reportNotFound(name, .event, context: Self.stepContext(scope), declaring: declaration)
            return nil
        }
        guard
            let values = checkArguments(
                fields ?? [], against: event.fields, owner: "event '\(event.name)'", kind: "field",
                missingAt: name.range, member: { .field($0, event: event.name) },
                failedInDeclaration: event.mayHaveFailedField(named:))
        else { return nil }
        var byName: [String: TipValue] = [:]
        for (field, value) in zip(event.fields, values) { byName[field.name] = value }
        return .donate(event: event.name, fields: byName)
    }

    /// The context of a name in a step of the scenario `scope` is checking:
    /// a declaration it lacks goes above the scenario.
    private static func stepContext(_ scope: ScenarioScope) -> ExpressionContext {
        ExpressionContext(tip: "", arguments: TipArguments(), declarationStart: scope.scenarioStart, isScenario: true)
    }

    /// `event visited(region: String)` for a donation of `name` with
    /// `fields` (`region: "Alps"`), each labeled and a literal; nil otherwise.
    private func eventDeclaration(of name: String, fields: [ArgumentSyntax]) -> String? {
        var declared: [String] = []
        for field in fields {
            guard let label = field.label, let type = literalType(of: field.value) else { return nil }
            declared.append("\(label.name): \(type)")
        }
        return "event " + name + (declared.isEmpty ? "" : "(" + declared.joined(separator: ", ") + ")")
    }

    /// The type of a literal written in a step (`3`, `-1.5`, `"Alps"`,
    /// `true`, a `.case` that one enum has); nil for anything else, a
    /// duration too (no parameter or field is one).
    private func literalType(of value: Expr) -> TipsType? {
        switch literalValue(value) {
        case .enumCase(let caseName): enumeration(withCase: caseName, expected: nil).map(TipsType.enumeration)
        case .duration, nil: nil
        case let literal?: CheckedExpression.literal(literal).type
        }
    }

    /// Labeled values for `declared` (a donation's fields or a tip's
    /// arguments, each label a use of `member` of its name), in declaration
    /// order: each given once, none unknown, each of its type. A label
    /// `failedInDeclaration` names was written where its declaration failed
    /// (reported there): the values are nil, and nothing more is said.
    private mutating func checkArguments(
        _ arguments: [ArgumentSyntax], against declared: [CheckedField], owner: String, kind: String,
        missingAt range: SourceRange, member: (String) -> Symbol,
        failedInDeclaration: (String) -> Bool = { _ in false }
    ) -> [TipValue]? {
        var values = [TipValue?](repeating: nil, count: declared.count)
        var failed = false
        for argument in arguments {
            guard let label = argument.label else {
                let example = declared.first.map { " as in \($0.name): ..." } ?? ""
                diagnostics.error("label each \(kind) of \(owner) with its name,\(example)", at: argument.value.range)
                failed = true
                continue
            }
            guard let index = declared.firstIndex(where: { $0.name == label.name }) else {
                failed = true
                if failedInDeclaration(label.name) { continue }
                let names = declared.map(\.name)
                let rest =
                    names.isEmpty
                    ? Suggestion(phrase: "; it has none", replacement: nil)
                    : .closest(
                        to: label.name, in: names, otherwise: "its \(kind)s are \(names.joined(separator: ", "))")
                diagnostics.error("\(owner) has no \(kind) '\(label.name)'", at: label.range, suggesting: rest)
                continue
            }
            recordUse(member(label.name), at: label.range)
            guard values[index] == nil else {
                diagnostics.error("\(kind) '\(label.name)' is given twice", at: label.range)
                failed = true
                continue
            }
            guard
                let value = checkConstant(
                    argument.value, of: declared[index].type, subject: "\(kind) '\(label.name)' of \(owner)")
            else {
                failed = true
                continue
            }
            values[index] = value
        }
        let missing = zip(declared, values).filter { $0.1 == nil }.map { "\($0.0.name): \($0.0.type)" }
        if !failed, !missing.isEmpty {
            diagnostics.error(
                "\(owner) needs every \(kind) given; missing \(missing.joined(separator: ", "))", at: range)
            return nil
        }
        return failed ? nil : values.compactMap { $0 }
    }

    /// A step's duration in seconds: at least one second.
    private mutating func checkStepDuration(_ duration: DurationLiteral, after step: String) -> Int? {
        guard duration.totalSeconds >= 1 else {
            diagnostics.error("the duration of '\(step)' must be at least 1s", at: duration.range)
            return nil
        }
        return duration.totalSeconds
    }

    // MARK: - Tips and groups

    /// The tip a step names; a reusable tip needs every argument unless
    /// `allowsEveryInstance` (in `override show`/`hide`, the bare name means every instance).
    private mutating func checkTipInstance(
        _ reference: TipReferenceSyntax, scope: ScenarioScope, allowsEveryInstance: Bool = false
    ) -> CheckedTipInstance? {
        let name = reference.name
        resolveDeclared(name)
        guard let tip = scope.tips[name.name] else {
            if symbols[name.name] == nil, let renamed = scope.tipRenamed(from: name.name) {
                diagnostics.error(
                    "unknown tip '\(name.name)'; it was renamed to '\(renamed)' (renamedFrom \(name.name)), "
                        + "so a scenario names it '\(renamed)'", at: name.range, replacing: renamed)
                return nil
            }
            reportNotFound(name, .tip)
            return nil
        }
        guard let declared = tip.arguments else {
            if reference.arguments != nil {
                diagnostics.error(
                    "tip '\(name.name)' takes no arguments; remove the parentheses", at: reference.range)
                return nil
            }
            return CheckedTipInstance(tip: tip.name, arguments: nil, text: tip.name)
        }
        guard let arguments = reference.arguments else {
            if allowsEveryInstance { return CheckedTipInstance(tip: tip.name, arguments: nil, text: tip.name) }
            let list = declared.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            diagnostics.error(
                "tip '\(name.name)' takes arguments; name one instance, as in \(name.name)(\(list))",
                at: reference.range)
            return nil
        }
        guard
            let values = checkArguments(
                arguments, against: declared, owner: "tip '\(name.name)'", kind: "argument",
                missingAt: reference.range, member: { .argument($0, tip: tip.name) })
        else { return nil }
        let text = zip(declared, values).map { "\($0.name): \(Self.sourceText($1))" }.joined(separator: ", ")
        return CheckedTipInstance(tip: tip.name, arguments: values, text: "\(tip.name)(\(text))")
    }

    private mutating func checkOverride(_ syntax: OverrideSyntax, scope: ScenarioScope) -> CheckedOverride? {
        switch syntax {
        case .showAll: return .showAll
        case .hideAll: return .hideAll
        case .show(let references), .hide(let references), .holdout(let references):
            var tips: [CheckedTipInstance] = []
            var failed = false
            for reference in references {
                if let tip = checkTipInstance(reference, scope: scope, allowsEveryInstance: true) {
                    tips.append(tip)
                } else {
                    failed = true
                }
            }
            guard !failed else { return nil }
            switch syntax {
            case .show: return .show(tips)
            case .hide: return .hide(tips)
            default: return .holdout(tips)
            }
        }
    }

    private mutating func checkExpectedStatus(_ syntax: ExpectedStatusSyntax) -> CheckedExpectedStatus? {
        switch syntax {
        case .available: return .available
        case .pending: return .pending
        case .invalidated(nil): return .invalidated(reason: nil)
        case .invalidated(let reason?):
            guard Self.invalidationReasons.contains(reason.name) else {
                diagnostics.error(
                    "unknown invalidation reason '\(reason.name)'", at: reason.range,
                    suggesting: .closest(
                        to: reason.name, in: Self.invalidationReasons,
                        otherwise: "use " + Self.invalidationReasons.joined(separator: ", ")))
                return nil
            }
            return .invalidated(reason: reason.name)
        }
    }

    private mutating func checkExpectShows(
        _ groupReference: TipReferenceSyntax, _ tipReference: TipReferenceSyntax?, scope: ScenarioScope
    ) -> CheckedStep.Kind? {
        let name = groupReference.name
        let declared = resolveDeclared(name)?.kind
        guard let group = scope.groups[name.name] else {
            if declared == .tip {
                diagnostics.error(
                    "'\(name.name)' is a tip, not a group; 'shows' asks a group for its current tip, "
                        + "as in expect \(name.name) available",
                    at: name.range)
                return nil
            }
            reportNotFound(name, .group)
            return nil
        }
        if groupReference.arguments != nil {
            diagnostics.error(
                "group '\(name.name)' takes no arguments; remove the parentheses", at: groupReference.range)
            return nil
        }
        guard let tipReference else { return .expectShows(group: group.name, tip: nil) }
        if tipReference.arguments == nil, symbols[tipReference.name.name] == nil,
            Self.noTipWords.contains(tipReference.name.name)
        {
            // `shows none`: the word for "no tip" is `nothing`; read as written with it.
            diagnostics.error(
                "unknown tip '\(tipReference.name.name)'; to expect that group '\(group.name)' shows no tip, "
                    + "write 'nothing'", at: tipReference.name.range, replacing: "nothing")
            return .expectShows(group: group.name, tip: nil)
        }
        guard let tip = checkTipInstance(tipReference, scope: scope) else { return nil }
        // A group with a misnamed member has its own error: the tip may be the one it meant.
        guard group.members.contains(tip.tip) || unknownGroupMembers.contains(where: { $0.group == group.name })
        else {
            diagnostics.error(
                "tip '\(tip.tip)' is not in group '\(group.name)', so the group never shows it; "
                    + "its tips are \(group.members.joined(separator: ", "))",
                at: tipReference.range,
                notes: [DiagnosticNote("group '\(group.name)' is declared here", at: group.origin.nameRange)])
            return nil
        }
        return .expectShows(group: group.name, tip: tip)
    }

    // MARK: - Messages

    /// Words other languages use for "no tip" after `shows`, where `.tips` writes `nothing`.
    static let noTipWords: Set<String> = ["none", "None", "nil", "null", "nobody", "empty", "noTip"]

    /// A constant as it is written in `.tips`.
    static func sourceText(_ value: TipValue) -> String {
        if case .string(let text) = value { return ASTDumper.quoted(text) }
        return value.tipsLiteral(.seconds)
    }
}
