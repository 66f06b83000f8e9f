// Printing a tip's lowered rules (`TipsRuntime.TipRule` values) as Swift: one
// `TipRule.decoding` call whose rules are text, one string literal a rule
// (see `TipsRuntime/Rules/RuleText.swift`), beside the tables of what they
// name: each parameter and event as its generated declaration, each argument
// of a reusable tip as the tip's stored property.

import TipsRuntime
import TipsSyntax

extension FileEmitter {
    /// Adds `TipsRuntime.TipRule.decoding([...], file: …, parameters: […], events: […], arguments: […])`
    /// to `code`, the empty tables left out; `arguments` are the tip's, whose stored properties the rules read.
    func buildRules(_ rules: [TipRule], _ arguments: [CheckedField], into code: inout SwiftExpression) {
        let names = TipRule.namedValues(rules)
        code.beginCall("TipsRuntime.TipRule.decoding")
        code.beginArray()
        for rule in rules { code.atom { $0.appendStringLiteral(rule.text) } }
        code.end()
        code.labeled("file") { $0.appendStringLiteral(rules.first?.file ?? "") }
        // Empty tables are left out: `decoding` defaults them.
        if !names.parameters.isEmpty {
            code.beginLabeled("parameters")
            code.beginArray()
            for id in names.parameters {
                code.atom { out in
                    out.append("TipsRuntime.TipParameters.")
                    out.appendUTF8(SwiftNames.identifier(id))
                    out.append(".reference")
                }
            }
            code.end()
            code.end()
        }
        if !names.events.isEmpty {
            code.beginLabeled("events")
            code.beginArray()
            for id in names.events { code.atom { appendEventReference(id, to: &$0) } }
            code.end()
            code.end()
        }
        if !names.arguments.isEmpty {
            code.beginLabeled("arguments")
            code.beginArray()
            for name in names.arguments {
                let type = arguments.first { $0.name == name }?.type ?? .error
                code.atom { out in
                    out.appendStringLiteral(name)
                    out.append(": ")
                    appendValue(of: SwiftNames.tipArgument(name), type: type, to: &out)
                }
            }
            code.end()
            code.end()
        }
        code.end()
    }
}
