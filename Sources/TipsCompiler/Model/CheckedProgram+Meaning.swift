// What a checked program means, apart from where it is written: two layouts
// of one file have equal meanings (`tipc format` proves it kept a file's
// meaning by comparing them). Every position is the same empty range, every
// line 0, and a rule's text is left out: its meaning is its expression.
// A field of the model that holds a position is erased here too, or the
// formatter would refuse every file that sets it (its tests say which).

import TipsSyntax

extension CheckedProgram {
    /// The program with every position erased and each rule's written text left out.
    public var meaning: CheckedProgram {
        var meaning = self
        meaning.files = files.map { file in
            var erased = file
            erased.declarations = file.declarations.map(\.meaning)
            return erased
        }
        meaning.config.sourceLanguageRange = config.sourceLanguageRange.map { _ in nowhere }
        meaning.config.sessionLimitRange = config.sessionLimitRange.map { _ in nowhere }
        meaning.config.oneAtATimeRange = config.oneAtATimeRange.map { _ in nowhere }
        meaning.scenarios = scenarios.map(\.meaning)
        meaning.symbols = symbols.meaning
        return meaning
    }
}

/// Where an erased position points: nowhere.
private let nowhere = SourceRange(file: FileID(0), start: 0, end: 0)

extension DeclarationOrigin {
    fileprivate static let nowhere = DeclarationOrigin(file: FileID(0), nameRange: TipsCompiler.nowhere)
}

extension CheckedDeclaration {
    fileprivate var meaning: CheckedDeclaration {
        switch self {
        case .enumeration(var declaration):
            declaration.origin = .nowhere
            declaration.caseRanges = declaration.caseRanges.map { _ in nowhere }
            declaration.caseRenames = declaration.caseRenames.map { $0.map(\.meaning) }
            return .enumeration(declaration)
        case .parameter(var declaration):
            declaration.origin = .nowhere
            declaration.renamedFrom = declaration.renamedFrom.map(\.meaning)
            return .parameter(declaration)
        case .event(var declaration):
            declaration.origin = .nowhere
            declaration.fields = declaration.fields.map(\.meaning)
            declaration.renamedFrom = declaration.renamedFrom.map(\.meaning)
            return .event(declaration)
        case .tip(var declaration):
            declaration.origin = .nowhere
            declaration.idRange = declaration.idRange.map { _ in nowhere }
            declaration.titleRange = declaration.titleRange.map { _ in nowhere }
            declaration.messageRange = declaration.messageRange.map { _ in nowhere }
            declaration.actions = declaration.actions.map {
                erasing($0) { $0.titleRange = $0.titleRange.map { _ in nowhere } }
            }
            declaration.arguments = declaration.arguments?.map(\.meaning)
            declaration.rules = declaration.rules.map(\.meaning)
            declaration.renamedFrom = declaration.renamedFrom.map(\.meaning)
            return .tip(declaration)
        case .group(var declaration):
            declaration.origin = .nowhere
            return .group(declaration)
        }
    }
}

/// `value`, with `erase` applied to a copy.
private func erasing<Value>(_ value: Value, _ erase: (inout Value) -> Void) -> Value {
    var erased = value
    erase(&erased)
    return erased
}

extension CheckedField {
    fileprivate var meaning: CheckedField { erasing(self) { $0.nameRange = nowhere } }
}

extension CheckedRule {
    fileprivate var meaning: CheckedRule { erasing(self) { ($0.range, $0.line, $0.source) = (nowhere, 0, "") } }
}

extension CheckedRename {
    fileprivate var meaning: CheckedRename { erasing(self) { $0.range = nowhere } }
}

extension CheckedScenario {
    fileprivate var meaning: CheckedScenario {
        var scenario = self
        (scenario.file, scenario.nameRange) = (FileID(0), nowhere)
        scenario.steps = steps.map(\.meaning)
        return scenario
    }
}

extension CheckedStep {
    fileprivate var meaning: CheckedStep {
        var step = self
        step.range = nowhere
        if case .repeat(let count, let steps) = kind { step.kind = .repeat(count: count, steps: steps.map(\.meaning)) }
        return step
    }
}

extension SymbolTable {
    /// The declarations and uses in order, each without where it is written.
    fileprivate var meaning: SymbolTable {
        SymbolTable(
            ordered: declarations.map { declaration in
                var erased = declaration
                (erased.nameRange, erased.range) = (nowhere, nowhere)
                erased.renamedFrom = declaration.renamedFrom.map { _ in nowhere }
                erased.signature = declaration.signature.meaning
                if case .id = declaration.storedIdentity { erased.storedIdentity = .id(nowhere) }
                return erased
            },
            uses: uses.map { SymbolUse(range: nowhere, symbol: $0.symbol) })
    }
}

extension SymbolSignature {
    fileprivate var meaning: SymbolSignature {
        let nameless = { (name: Identifier) in Identifier(name.name, range: nowhere) }
        switch self {
        case .plain: return .plain
        case .typed(let type): return .typed(nameless(type))
        case .parameter(let type, let value, let transient):
            return .parameter(
                type: nameless(type), defaultValue: value.map { _ in nowhere },
                transient: transient.map { _ in nowhere })
        case .event(let keep): return .event(keep: keep.map { _ in nowhere })
        case .group(let order): return .group(order: order.map(nameless))
        }
    }
}
