// One instance of a lowered tip: its slots and arguments filled with values,
// as the generated tip type's initializer fills them.

import TipsRuntime
import TipsSyntax

/// A lowered tip with its argument values: a runtime `Tip` like the generated type's instances.
public struct LoweredTipInstance: Tip, Hashable {
    public let id: String
    public let title: String
    public let message: String?
    public let image: String?
    public let actions: [Tips.Action]
    public let rules: [TipRule]
    public let options: Tips.Options
    public let declaredConfiguration: Tips.DeclaredConfiguration?
}

extension LoweredTip {
    /// The instance with these argument values (by argument name); a plain tip takes none.
    public func instance(_ arguments: [String: TipValue] = [:]) -> LoweredTipInstance {
        LoweredTipInstance(
            id: declaration.id.filled(with: arguments), title: declaration.title.filled(with: arguments),
            message: declaration.message?.filled(with: arguments), image: declaration.image?.filled(with: arguments),
            actions: declaration.actions.map { Tips.Action(id: $0.id, title: $0.title.filled(with: arguments)) },
            rules: arguments.isEmpty
                ? rules
                : rules.map {
                    TipRule($0.expression.fillingArguments(arguments), source: $0.source, file: $0.file, line: $0.line)
                },
            options: options, declaredConfiguration: declaredConfiguration)
    }
}

extension RuleExpression {
    /// The expression with each `.argument` holding the value `arguments` gives its name.
    func fillingArguments(_ arguments: [String: TipValue]) -> RuleExpression {
        switch self {
        case .literal, .parameter, .field: self
        case .argument(let name, let value): .argument(name: name, value: arguments[name] ?? value)
        case .not(let operand): .not(operand.fillingArguments(arguments))
        case .negate(let operand): .negate(operand.fillingArguments(arguments))
        case .binary(let op, let lhs, let rhs):
            .binary(op, lhs.fillingArguments(arguments), rhs.fillingArguments(arguments))
        case .count(let query):
            .count(
                EventQuery(
                    event: query.event, steps: query.steps.map { $0.mapPredicate { $0.fillingArguments(arguments) } }))
        }
    }
}
