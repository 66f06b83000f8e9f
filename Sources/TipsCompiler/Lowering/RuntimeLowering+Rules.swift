// A rule's one lowering: its checked expression written as the runtime's
// rule text (see the top of `TipsRuntime/Rules/RuleText.swift`). Generated
// code carries the text, and `tipc test`, the preview and explanations read
// it back with the runtime's reader (`TipRule(text:file:tables:)`), as an
// app reads it. The back end never builds the runtime's tree of a rule only
// to print it: the 17,219 rules of the benchmark's 10,000 tips were about
// 48,000 nodes, built and freed, 58 M of the compile's 1,050 M
// instructions (callgrind, `tipc compile`).

@_spi(TipsCompiler) import TipsRuntime

/// A name a rule's text reads: a parameter's id, an event's id or a reusable tip's argument.
enum RuleTextName {
    case parameter(String)
    case event(String)
    case argument(String)
}

extension CheckedRule {
    /// Appends the rule's text, `line expr source`, to `out`, and calls
    /// `name` with each name it reads, in the order the text names them.
    func writeText(to out: inout RuleTextWriter, names name: (RuleTextName) -> Void) {
        out.append(line)
        out.append(" ")
        expression.writeText(to: &out, names: name)
        out.append(" ")
        out += source
    }
}

extension CheckedExpression {
    /// Appends the expression's text to `out`, and calls `name` with each
    /// name it reads, in the order the text names them (a query's event
    /// before its `where` predicate).
    func writeText(to out: inout RuleTextWriter, names name: (RuleTextName) -> Void) {
        switch self {
        case .literal(let value): Self.write(value, to: &out)
        case .enumCase(let caseName, _): Self.write("(case ", caseName, to: &out)
        case .parameter(let id, _):
            name(.parameter(id))
            Self.write("(param ", id, to: &out)
        case .argument(let argument, _):
            name(.argument(argument))
            Self.write("(arg ", argument, to: &out)
        case .field(let field, _): Self.write("(field ", field, to: &out)
        case .not(let operand):
            out.append("(! ")
            operand.writeText(to: &out, names: name)
            out.append(")")
        case .negate(let operand):
            out.append("(neg ")
            operand.writeText(to: &out, names: name)
            out.append(")")
        case .binary(let op, let lhs, let rhs, _):
            out.append("(")
            out += op.rawValue
            out.append(" ")
            lhs.writeText(to: &out, names: name)
            out.append(" ")
            rhs.writeText(to: &out, names: name)
            out.append(")")
        case .count(let query):
            name(.event(query.event))
            out.append("(count ")
            out += query.event
            for step in query.steps {
                switch step {
                case .within(let seconds): Self.write(" (within ", seconds, to: &out)
                case .filter(let predicate):
                    out.append(" (where ")
                    predicate.writeText(to: &out, names: name)
                    out.append(")")
                case .largestSubset(let field): Self.write(" (largest ", field, to: &out)
                case .smallestSubset(let field): Self.write(" (smallest ", field, to: &out)
                }
            }
            out.append(")")
        }
    }

    /// Appends `opening`, `word` and `)`.
    private static func write(_ opening: StaticString, _ word: String, to out: inout RuleTextWriter) {
        out.append(opening)
        out += word
        out.append(")")
    }

    /// Appends `opening`, `number` (as its `description` spells it) and `)`.
    private static func write(_ opening: StaticString, _ number: Double, to out: inout RuleTextWriter) {
        out.append(opening)
        out.append(number)
        out.append(")")
    }

    private static func write(_ value: TipValue, to out: inout RuleTextWriter) {
        switch value {
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.append(value)
        case .double(let value): write("(double ", value, to: &out)
        case .duration(let seconds): write("(seconds ", seconds, to: &out)
        case .enumCase(let caseName): write("(case ", caseName, to: &out)
        case .string(let value): out.appendQuoted(value)
        }
    }
}

extension RuntimeLowering {
    /// The rules of `tip` as the runtime reads them from their text, each
    /// argument of a reusable tip standing for its type's stand-in value
    /// (``LoweredTip/instance(_:)`` fills them).
    func rules(of tip: CheckedTip) -> [TipRule] {
        let rules = tip.rules
        guard !rules.isEmpty else { return [] }
        var standIns: [String: TipValue] = [:]
        for field in tip.arguments ?? [] { standIns[field.name] = field.type.standInValue }
        let tables = readingTables(arguments: standIns)
        var text = RuleTextWriter(capacity: 256)
        return rules.indices.map { index in
            text.removeAll()
            rules[index].writeText(to: &text) { _ in }
            return TipRule(text: text.text, file: rules[index].fileName, tables: tables)
        }
    }

    /// The tables a rule's text is read with: the program's parameters and
    /// events, and `arguments` by name. A checked rule names only what the
    /// program declares; any other name reads as a stand-in rather than
    /// making the text one that cannot be read.
    private func readingTables(arguments: [String: TipValue]) -> RuleTextReader.Tables {
        let parameters = self.parameters
        let events = self.events
        return RuleTextReader.Tables(
            parameter: { parameters[$0] ?? Tips.ParameterReference(id: $0, defaultValue: .bool(false)) },
            event: { Self.event(named: $0, in: events) }, argument: { arguments[$0] ?? .bool(false) })
    }
}
