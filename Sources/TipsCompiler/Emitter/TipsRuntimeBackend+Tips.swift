// Emitting tips: copy, actions, rules as expression trees, options.

extension FileEmitter {
    func emitTip(_ tip: CheckedTip, into writer: inout SwiftWriter) {
        writer.blankLine()
        doc(tip.doc, into: &writer)
        let arguments = tip.arguments ?? []
        writer.block("\(access) struct \(SwiftNames.tipType(tip.name)): TipsRuntime.Tip") { writer in
            for argument in arguments {
                writer.line("\(access) let \(SwiftNames.tipArgument(argument.name)): \(swiftType(argument.type))")
            }
            if !arguments.isEmpty { writer.line() }
            let parameters = arguments.map {
                SwiftNames.parameter($0.name, swiftName: SwiftNames.tipArgument($0.name), type: swiftType($0.type))
            }
            if arguments.isEmpty {
                writer.line("\(access) init() {}")
            } else {
                writer.line("/// Creates the tip for these argument values; each combination is its own tip.")
                writer.block("\(access) init(\(parameters.joined(separator: ", ")))") { writer in
                    for argument in arguments {
                        let name = SwiftNames.tipArgument(argument.name)
                        writer.line("self.\(name) = \(name)")
                    }
                }
            }
            writer.line()
            textProperty("id: Swift.String", tip.id, arguments, into: &writer)
            textProperty("title: Swift.String", tip.title, arguments, into: &writer)
            if let message = tip.message {
                textProperty("message: Swift.String?", message, arguments, into: &writer)
            }
            if let image = tip.image {
                textProperty("image: Swift.String?", image, arguments, into: &writer)
            }
            if !tip.actions.isEmpty {
                let actions = SwiftCode.array(
                    tip.actions.map { action in
                        .call(
                            "TipsRuntime.Tips.Action",
                            [
                                .labeled("id", .atom(SwiftNames.stringLiteral(action.id))),
                                .labeled("title", .atom(text(action.title, arguments))),
                            ])
                    })
                writer.block("\(access) var actions: [TipsRuntime.Tips.Action]") { writer in
                    actions.write(to: &writer)
                }
            }
            if !tip.rules.isEmpty {
                writer.block("\(access) var rules: [TipsRuntime.TipRule]") { writer in
                    writer.line("[")
                    writer.indented { writer in
                        for rule in tip.rules { ruleCode(rule, arguments).write(to: &writer, suffix: ",") }
                    }
                    writer.line("]")
                }
            }
            if !tip.options.isEmpty {
                writer.block("\(access) var options: TipsRuntime.Tips.Options") { writer in
                    optionsCode(tip.options).write(to: &writer)
                }
            }
        }
    }

    /// Writes `<access> var <declaration> { <literal> }`, the pieces straight into the writer's bytes.
    func textProperty(
        _ declaration: String, _ value: InterpolatedText, _ arguments: [CheckedField], into writer: inout SwiftWriter
    ) {
        writer.nonEmptyLine { out in
            out.appendUTF8(access)
            out.append(contentsOf: " var ".utf8)
            out.appendUTF8(declaration)
            out.append(contentsOf: " { ".utf8)
            appendText(value, arguments, to: &out)
            out.append(contentsOf: " }".utf8)
        }
    }

    /// A Swift string literal for text that may interpolate the tip's arguments.
    func text(_ value: InterpolatedText, _ arguments: [CheckedField]) -> String {
        var out: [UInt8] = []
        appendText(value, arguments, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``text(_:_:)`` to `out`.
    func appendText(_ value: InterpolatedText, _ arguments: [CheckedField], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for segment in value.segments {
            switch segment {
            case .text(let text): out.append(contentsOf: SwiftNames.escaped(text).utf8)
            case .argument(let name):
                let swiftName = SwiftNames.tipArgument(name)
                let isEnum =
                    arguments.first { $0.name == name }.map {
                        if case .enumeration = $0.type { true } else { false }
                    } ?? false
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "("))
                out.appendUTF8(swiftName)
                if isEnum { out.append(contentsOf: ".rawValue".utf8) }
                out.append(UInt8(ascii: ")"))
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    func optionsCode(_ options: CheckedTipOptions) -> SwiftCode {
        var arguments: [SwiftCode] = []
        if let count = options.maxDisplayCount {
            arguments.append(.labeled("maxDisplayCount", .atom(SwiftNames.integer(count))))
        }
        if let duration = options.maxDisplayDuration {
            arguments.append(.labeled("maxDisplayDuration", .atom(SwiftNames.integer(duration))))
        }
        if options.ignoresDisplayFrequency {
            arguments.append(.labeled("ignoresDisplayFrequency", .atom("true")))
        }
        if !options.invalidatedBy.isEmpty {
            arguments.append(.labeled("invalidatedBy", .array(options.invalidatedBy.map { .atom(eventReference($0)) })))
        }
        return .call("TipsRuntime.Tips.Options", arguments)
    }

    func eventReference(_ name: String) -> String {
        "TipsRuntime.TipEvents.\(SwiftNames.identifier(name)).event"
    }

    func ruleCode(_ rule: CheckedRule, _ arguments: [CheckedField]) -> SwiftCode {
        .call(
            "TipsRuntime.TipRule",
            [
                expressionCode(rule.expression),
                .labeled("source", .atom(SwiftNames.stringLiteral(rule.source))),
                .labeled("file", .atom(SwiftNames.stringLiteral(rule.fileName))),
                .labeled("line", .atom(String(rule.line))),
            ])
    }

    /// A `TipsRuntime.RuleExpression` value, as nested enum cases.
    func expressionCode(_ expression: CheckedExpression) -> SwiftCode {
        switch expression {
        case .literal(let value):
            let tipValue: String =
                switch value {
                case .bool(let value): ".bool(\(value))"
                case .int(let value): ".int(\(SwiftNames.integer(value)))"
                case .double(let value): ".double(\(SwiftNames.double(value)))"
                case .string(let value): ".string(\(SwiftNames.stringLiteral(value)))"
                case .duration(let seconds): ".duration(\(SwiftNames.integer(seconds)))"
                case .enumCase(let name): ".enumCase(\(SwiftNames.stringLiteral(name)))"
                }
            return .call(".literal", [.atom(tipValue)])
        case .enumCase(let name, _):
            return .call(".literal", [.atom(".enumCase(\(SwiftNames.stringLiteral(name)))")])
        case .parameter(let name, _):
            return .call(".parameter", [.atom("TipsRuntime.TipParameters.\(SwiftNames.identifier(name)).reference")])
        case .argument(let name, let type):
            return .call(
                ".argument",
                [
                    .labeled("name", .atom(SwiftNames.stringLiteral(name))),
                    .labeled("value", .atom(value(of: SwiftNames.tipArgument(name), type: type))),
                ])
        case .field(let name, _):
            return .call(".field", [.atom(SwiftNames.stringLiteral(name))])
        case .not(let operand):
            return .call(".not", [expressionCode(operand)])
        case .negate(let operand):
            return .call(".negate", [expressionCode(operand)])
        case .binary(let op, let lhs, let rhs, _):
            return .call(".binary", [.atom(".\(Self.runtimeOperator(op))"), expressionCode(lhs), expressionCode(rhs)])
        case .count(let query):
            return .call(".count", [queryCode(query)])
        }
    }

    func queryCode(_ query: CheckedQuery) -> SwiftCode {
        let steps: [SwiftCode] = query.steps.map { step in
            switch step {
            case .within(let seconds): .atom(".within(seconds: \(SwiftNames.integer(seconds)))")
            case .filter(let predicate): .call(".filter", [expressionCode(predicate)])
            case .largestSubset(let field): .atom(".largestSubset(by: \(SwiftNames.stringLiteral(field)))")
            case .smallestSubset(let field): .atom(".smallestSubset(by: \(SwiftNames.stringLiteral(field)))")
            }
        }
        return .call(
            "TipsRuntime.EventQuery",
            [.labeled("event", .atom(eventReference(query.event))), .labeled("steps", .array(steps))])
    }

    static func runtimeOperator(_ op: CheckedOperator) -> String {
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
