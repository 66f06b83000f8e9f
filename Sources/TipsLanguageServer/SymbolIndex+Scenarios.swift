import TipsCompiler
import TipsSyntax

// The names a scenario uses, so that go to definition, references and rename
// reach into scenarios like everywhere else.

extension SymbolIndex {
    mutating func use(_ decl: ScenarioDecl) {
        for step in decl.steps { use(step) }
    }

    private mutating func use(_ step: ScenarioStep) {
        switch step.kind {
        case .set(let parameter, let value):
            refer(.global(parameter.name), parameter.range)
            use(value, scope: Scope(), expected: parameterTypes[parameter.name])
        case .donate(let event, let fields):
            refer(.global(event.name), event.range)
            for field in fields ?? [] {
                if let label = field.label { refer(.field(event.name, label.name), label.range) }
                use(field.value, scope: Scope(), expected: field.label.flatMap { fieldTypes[event.name]?[$0.name] })
            }
        case .wait, .restart: break
        case .show(let tip, _), .appear(let tip), .disappear(let tip), .reset(let tip), .invalidate(let tip, _),
            .expectStatus(let tip, _):
            use(tip)
        case .repeat(_, let steps): for inner in steps { use(inner) }
        case .expectShows(let group, let tip):
            use(group)
            if let tip { use(tip) }
        case .override(.show(let tips)), .override(.hide(let tips)): for tip in tips { use(tip) }
        case .override(.showAll), .override(.hideAll): break
        }
    }

    private mutating func use(_ tip: TipReferenceSyntax) {
        refer(.global(tip.name.name), tip.name.range)
        for argument in tip.arguments ?? [] {
            if let label = argument.label { refer(.argument(tip.name.name, label.name), label.range) }
            use(argument.value, scope: Scope(), expected: nil)
        }
    }
}
