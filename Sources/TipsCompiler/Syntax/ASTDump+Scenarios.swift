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
        case .wait(let duration): line("Wait \(duration.amount)\(duration.unit.rawValue)", step.range, depth: depth)
        case .show(let tip, let duration):
            let time = duration.map { " for \($0.amount)\($0.unit.rawValue)" } ?? ""
            line("Show\(time)", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .appear(let tip):
            line("Appear", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .disappear(let tip):
            line("Disappear", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .invalidate(let tip, let reason):
            line("Invalidate \(reason.name)", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .reset(let tip):
            line("Reset", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .restart: line("Restart", step.range, depth: depth)
        case .repeat(let count, let steps):
            line("Repeat \(count.value)", step.range, depth: depth)
            for inner in steps { dump(inner, depth: depth + 1) }
        case .expectStatus(let tip, let status):
            let text =
                switch status {
                case .available: "available"
                case .pending: "pending"
                case .invalidated(let reason): "invalidated" + (reason.map { "(\($0.name))" } ?? "")
                }
            line("Expect \(text)", step.range, depth: depth)
            dump(tip, depth: depth + 1)
        case .expectShows(let group, let tip):
            line("ExpectShows\(tip == nil ? " nothing" : "")", step.range, depth: depth)
            dump(group, depth: depth + 1)
            if let tip { dump(tip, depth: depth + 1) }
        case .override(let override):
            switch override {
            case .showAll: line("Override showAll", step.range, depth: depth)
            case .hideAll: line("Override hideAll", step.range, depth: depth)
            case .show(let tips), .hide(let tips):
                if case .show = override {
                    line("Override show", step.range, depth: depth)
                } else {
                    line("Override hide", step.range, depth: depth)
                }
                for tip in tips { dump(tip, depth: depth + 1) }
            }
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
