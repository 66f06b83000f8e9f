// The syntax tree dump of scenarios and their steps.

extension ASTDumper {
    mutating func dump(_ decl: ScenarioDecl, depth: Int) {
        line("Scenario \(ASTDumper.quoted(decl.name))", decl.range, depth: depth)
        for step in decl.steps { dump(step, depth: depth + 1) }
    }

    mutating func dump(_ step: ScenarioStep, depth: Int) {
        switch step.kind {
        case .set(let parameter, let value):
            line("Set \(parameter.name)", step.range, depth: depth)
            dump(value, depth: depth + 1)
        case .donate(let event, let fields):
            line("Donate \(event.name)", step.range, depth: depth)
            dumpArguments(fields, depth: depth + 1)
        case .repeat(let count, let steps):
            line("Repeat \(count.value)", step.range, depth: depth)
            for inner in steps { dump(inner, depth: depth + 1) }
        default:
            let (label, tips) = ASTDumper.summary(of: step.kind)
            line(label, step.range, depth: depth)
            for tip in tips { dump(tip, depth: depth + 1) }
        }
    }

    /// The line of a step that holds only tip references, and those references.
    static func summary(of kind: ScenarioStepKind) -> (String, [TipReferenceSyntax]) {
        switch kind {
        case .wait(let duration): ("Wait \(spelling(duration))", [])
        case .show(let tip, let duration): ("Show" + (duration.map { " for \(spelling($0))" } ?? ""), [tip])
        case .appear(let tip): ("Appear", [tip])
        case .disappear(let tip): ("Disappear", [tip])
        case .invalidate(let tip, let reason): ("Invalidate \(reason.name)", [tip])
        case .reset(let tip): ("Reset", [tip])
        case .restart: ("Restart", [])
        case .newSession: ("NewSession", [])
        case .hold(let reason): ("Hold \(quoted(reason))", [])
        case .release(let reason): ("Release \(quoted(reason))", [])
        case .snooze(let tip): ("Snooze", [tip])
        case .expectStatus(let tip, .available): ("Expect available", [tip])
        case .expectStatus(let tip, .pending): ("Expect pending", [tip])
        case .expectStatus(let tip, .invalidated(let reason)):
            ("Expect invalidated" + (reason.map { "(\($0.name))" } ?? ""), [tip])
        case .expectShows(let group, nil): ("ExpectShows nothing", [group])
        case .expectShows(let group, let tip?): ("ExpectShows", [group, tip])
        case .expectText(let tip, .title, let text): ("ExpectText title \(quoted(text))", [tip])
        case .expectText(let tip, .message, let text): ("ExpectText message \(quoted(text))", [tip])
        case .expectText(let tip, .action(let name), let text):
            ("ExpectText action \(name.name) \(quoted(text))", [tip])
        case .language(let language): ("Language \(quoted(language))", [])
        case .override(.showAll): ("Override showAll", [])
        case .override(.hideAll): ("Override hideAll", [])
        case .override(.show(let tips)): ("Override show", tips)
        case .override(.hide(let tips)): ("Override hide", tips)
        case .override(.holdout(let tips)): ("Override holdout", tips)
        case .set, .donate, .repeat: ("", [])
        }
    }

    mutating func dump(_ tip: TipReferenceSyntax, depth: Int) {
        line("TipReference \(tip.name.name)", tip.range, depth: depth)
        dumpArguments(tip.arguments, depth: depth + 1)
    }

    mutating func dumpArguments(_ arguments: [ArgumentSyntax]?, depth: Int) {
        for argument in arguments ?? [] {
            line("Argument\(argument.label.map { " \($0.name):" } ?? "")", depth: depth)
            dump(argument.value, depth: depth + 1)
        }
    }
}
