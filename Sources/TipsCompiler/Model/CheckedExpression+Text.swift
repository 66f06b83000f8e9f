// Checked rules in `.tips` syntax, as the runtime's one renderer writes the
// tree it reads from their text.

@_spi(TipsCompiler) import TipsRuntime
import TipsSyntax

extension CheckedExpression {
    /// The expression in `.tips` syntax, fully parenthesised where operators
    /// nest, durations in seconds (as the compiler reads it): the runtime
    /// renders the tree it reads from the expression's text, each name it
    /// reads standing for a stand-in value.
    public var tipsText: String {
        var text = RuleTextWriter(capacity: 64)
        text.append("0 ")
        writeText(to: &text) { _ in }
        text.append(" ")
        let tables = RuleTextReader.Tables(
            parameter: { Tips.ParameterReference(id: $0, defaultValue: .bool(false)) }, event: { Tips.Event(id: $0) },
            argument: { _ in .bool(false) })
        return TipRule(text: text.text, file: "", tables: tables).expression.tipsText(durations: .seconds)
    }
}

extension TipsType {
    /// A value of this type, standing in where a rule's text or a checked
    /// program without errors never reads it.
    public var standInValue: TipValue {
        switch self {
        case .int: .int(0)
        case .double: .double(0)
        case .string: .string("")
        case .enumeration: .enumCase("")
        case .duration: .duration(0)
        case .bool, .donations, .error: .bool(false)
        }
    }
}
