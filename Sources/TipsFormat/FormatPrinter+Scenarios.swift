import TipsRuntime
import TipsSyntax

// Scenarios in the canonical layout: one step a line, `repeat` blocks indented.

extension FormatPrinter {
    mutating func printScenario(_ decl: ScenarioDecl, forcesBlank: Bool) {
        let open = brace(after: decl.name.range.end)
        emit(
            "scenario " + source(decl.name.range) + " {", span: decl.range.start, open, indent: 0,
            forcesBlank: forcesBlank)
        for step in decl.steps { print(step, indent: 1) }
        close(decl.range, indent: 0)
    }

    mutating func print(_ step: ScenarioStep, indent: Int) {
        if case .repeat(let count, let steps) = step.kind {
            // `repeat 3 { donate opened }` stays on one line when it holds one plain step and fits.
            if steps.count == 1, !hasComment(inside: step.range) {
                if case .repeat = steps[0].kind {
                } else {
                    let line = "repeat \(source(count.range)) { \(stepText(steps[0].kind)) }"
                    if FormatPrinter.indentation(indent).count + TerminalColumns.of(line) <= TipsFormatter.lineWidth {
                        emit(line, span: step.range.start, step.range.end, indent: indent)
                        return
                    }
                }
            }
            let open = brace(after: count.range.end)
            emit("repeat " + source(count.range) + " {", span: step.range.start, open, indent: indent)
            for inner in steps { print(inner, indent: indent + 1) }
            close(step.range, indent: indent)
            return
        }
        emit(stepText(step.kind), span: step.range.start, step.range.end, indent: indent)
    }

    func stepText(_ kind: ScenarioStepKind) -> String {
        switch kind {
        case .set(let parameter, let value): "set \(source(parameter)) = \(expressionText(value))"
        case .donate(let event, let fields):
            "donate " + source(event) + (fields.map { "(" + $0.map(argumentText).joined(separator: ", ") + ")" } ?? "")
        case .wait(let duration): "wait " + source(duration.range)
        case .show(let tip, let duration):
            "show " + referenceText(tip) + (duration.map { " for " + source($0.range) } ?? "")
        case .appear(let tip): "appear " + referenceText(tip)
        case .disappear(let tip): "disappear " + referenceText(tip)
        case .invalidate(let tip, let reason): "invalidate \(referenceText(tip)) \(source(reason))"
        case .reset(let tip): "reset " + referenceText(tip)
        case .restart: "restart"
        case .newSession: "newSession"
        case .hold(let reason): "hold " + source(reason.range)
        case .release(let reason): "release " + source(reason.range)
        case .snooze(let tip): "snooze " + referenceText(tip)
        case .repeat(let count, _): "repeat " + source(count.range)
        case .expectStatus(let tip, let status):
            switch status {
            case .available: "expect \(referenceText(tip)) available"
            case .pending: "expect \(referenceText(tip)) pending"
            case .invalidated(let reason):
                "expect \(referenceText(tip)) invalidated" + (reason.map { "(\(source($0)))" } ?? "")
            }
        case .expectShows(let group, let tip):
            "expect \(referenceText(group)) shows \(tip.map(referenceText) ?? "nothing")"
        case .expectText(let tip, let item, let text):
            "expect \(referenceText(tip)) \(itemText(item)) \(source(text.range))"
        case .language(let language): "language " + source(language.range)
        case .override(let override):
            switch override {
            case .showAll: "override showAll"
            case .hideAll: "override hideAll"
            case .show(let tips): "override show " + tips.map(referenceText).joined(separator: ", ")
            case .hide(let tips): "override hide " + tips.map(referenceText).joined(separator: ", ")
            case .holdout(let tips): "override holdout " + tips.map(referenceText).joined(separator: ", ")
            }
        }
    }

    func itemText(_ item: TipTextItemSyntax) -> String {
        switch item {
        case .title: "title"
        case .message: "message"
        case .action(let name): "action " + source(name)
        }
    }

    func referenceText(_ tip: TipReferenceSyntax) -> String {
        source(tip.name) + (tip.arguments.map { "(" + $0.map(argumentText).joined(separator: ", ") + ")" } ?? "")
    }
}
