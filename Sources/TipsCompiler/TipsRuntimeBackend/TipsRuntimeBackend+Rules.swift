// Printing lowered rules (`TipsRuntime.TipRule` values) as Swift: nested enum cases, laid out by `SwiftExpression`.
// A parameter or an event is printed as the generated declaration of that id; a tip
// argument as the tip's stored property.

import TipsRuntime
import TipsSyntax

extension FileEmitter {
    /// Adds `TipsRuntime.TipRule(<expression>, source: …, file: …, line: …)` to `code`.
    func buildRule(_ rule: TipRule, _ arguments: [CheckedField], into code: inout SwiftExpression) {
        code.beginCall("TipsRuntime.TipRule")
        buildExpression(rule.expression, arguments, into: &code)
        code.labeled("source") { $0.appendStringLiteral(rule.source) }
        code.labeled("file") { $0.appendStringLiteral(rule.file) }
        code.labeled("line") { $0.appendDecimal(rule.line) }
        code.end()
    }

    /// Adds a `TipsRuntime.RuleExpression` value, as nested enum cases;
    /// `arguments` are the tip's, whose stored properties the rule reads.
    func buildExpression(_ expression: RuleExpression, _ arguments: [CheckedField], into code: inout SwiftExpression) {
        switch expression {
        case .literal(let value):
            code.beginCall(".literal")
            code.atom { appendTipValue(value, to: &$0) }
        case .parameter(let reference):
            code.beginCall(".parameter")
            code.atom { out in
                out.append("TipsRuntime.TipParameters.")
                out.appendUTF8(SwiftNames.identifier(reference.id))
                out.append(".reference")
            }
        case .argument(let name, _):
            let type = arguments.first { $0.name == name }?.type ?? .error
            code.beginCall(".argument")
            code.labeled("name") { $0.appendStringLiteral(name) }
            code.labeled("value") { appendValue(of: SwiftNames.tipArgument(name), type: type, to: &$0) }
        case .field(let name):
            code.beginCall(".field")
            code.atom { $0.appendStringLiteral(name) }
        case .not(let operand):
            code.beginCall(".not")
            buildExpression(operand, arguments, into: &code)
        case .negate(let operand):
            code.beginCall(".negate")
            buildExpression(operand, arguments, into: &code)
        case .binary(let op, let lhs, let rhs):
            code.beginCall(".binary")
            code.atom { out in
                out.append(".")
                out.append(Self.runtimeOperator(op))
            }
            buildExpression(lhs, arguments, into: &code)
            buildExpression(rhs, arguments, into: &code)
        case .count(let query):
            code.beginCall(".count")
            buildQuery(query, arguments, into: &code)
        }
        code.end()
    }

    /// Appends a literal `TipsRuntime.TipValue`.
    private func appendTipValue(_ value: TipValue, to out: inout ByteBuffer) {
        switch value {
        case .bool(let value): out.append(value ? ".bool(true)" : ".bool(false)")
        case .int(let value): out.appendCall(".int(") { $0.appendInteger(value) }
        case .double(let value): out.appendCall(".double(") { $0.appendUTF8(SwiftNames.double(value)) }
        case .string(let value): out.appendCall(".string(") { $0.appendStringLiteral(value) }
        case .duration(let seconds): out.appendCall(".duration(") { appendSeconds(seconds, to: &$0) }
        case .enumCase(let name): out.appendCall(".enumCase(") { $0.appendStringLiteral(name) }
        }
    }

    /// Adds a `TipsRuntime.EventQuery(event: …, steps: […])`.
    private func buildQuery(_ query: EventQuery, _ arguments: [CheckedField], into code: inout SwiftExpression) {
        code.beginCall("TipsRuntime.EventQuery")
        code.labeled("event") { appendEventReference(query.event.id, to: &$0) }
        code.beginLabeled("steps")
        code.beginArray()
        for step in query.steps {
            switch step {
            case .within(let seconds):
                code.atom { $0.appendCall(".within(seconds: ") { appendSeconds(seconds, to: &$0) } }
            case .filter(let predicate):
                code.beginCall(".filter")
                buildExpression(predicate, arguments, into: &code)
                code.end()
            case .largestSubset(let field), .smallestSubset(let field):
                let head: StaticString =
                    if case .largestSubset = step { ".largestSubset(by: " } else { ".smallestSubset(by: " }
                code.atom { $0.appendCall(head) { $0.appendStringLiteral(field) } }
            }
        }
        code.end()
        code.end()
        code.end()
    }

    static func runtimeOperator(_ op: RuleOperator) -> StaticString {
        switch op {
        case .and: "and"
        case .or: "or"
        case .equal: "equal"
        case .notEqual: "notEqual"
        case .less: "less"
        case .lessOrEqual: "lessOrEqual"
        case .greater: "greater"
        case .greaterOrEqual: "greaterOrEqual"
        case .add: "add"
        case .subtract: "subtract"
        case .multiply: "multiply"
        case .divide: "divide"
        }
    }
}
