import TipsRuntime

// Compiled twice: into these tests, and into a program beside a golden's
// generated Swift (`LoweringAgreementTests`), so that the lowering's values
// and the values the generated code makes at run time are written by the
// same code. It names only the runtime, every name fully qualified, since it
// shares a module with generated declarations (`Swift_`, `Type_`, ...).

/// Runtime values as text that names every field, one line per declaration.
enum TipcRuntimeValueDump {
    static func tip(_ tip: any TipsRuntime.Tip) -> Swift.String {
        var fields: [Swift.String] = [
            "id " + quoted(tip.id), "title " + quoted(tip.title),
            "message " + (tip.message.map(quoted) ?? "nil"), "image " + (tip.image.map(quoted) ?? "nil"),
        ]
        fields += tip.actions.map { "action " + quoted($0.id) + " " + quoted($0.title) }
        fields += tip.rules.map { rule in
            "rule " + expression(rule.expression) + " source " + quoted(rule.source) + " at " + quoted(rule.file)
                + ":" + Swift.String(rule.line)
        }
        fields.append("options " + options(tip.options))
        fields.append("declared " + (tip.declaredConfiguration.map(configuration) ?? "nil"))
        return "tip " + fields.joined(separator: "; ")
    }

    static func parameter(_ reference: TipsRuntime.Tips.ParameterReference) -> Swift.String {
        "parameter " + quoted(reference.id) + " default " + value(reference.defaultValue) + " transient "
            + Swift.String(reference.isTransient) + " carrying " + (reference.renames.map(renames) ?? "nil")
    }

    static func event(_ event: TipsRuntime.Tips.Event) -> Swift.String {
        "event " + quoted(event.id) + " keepCount " + Swift.String(event.keepCount) + " keepDuration "
            + (event.keepDuration.map { Swift.String($0) } ?? "nil") + " carrying "
            + (event.renames.map(renames) ?? "nil")
    }

    static func group(name: Swift.String, priority: TipsRuntime.TipGroup.Priority, tips: [any TipsRuntime.Tip])
        -> Swift.String
    {
        let order =
            switch priority {
            case .ordered: "ordered"
            case .firstAvailable: "firstAvailable"
            }
        return "group " + quoted(name) + " " + order + " " + tips.map { quoted($0.id) }.joined(separator: ", ")
    }

    static func enumeration(_ name: Swift.String, rawValues: [Swift.String]) -> Swift.String {
        "enum " + name + " " + rawValues.map(quoted).joined(separator: ", ")
    }

    static func configuration(_ declared: TipsRuntime.Tips.DeclaredConfiguration) -> Swift.String {
        "config " + quoted(declared.file) + " " + frequency(declared.displayFrequency) + " sessionLimit "
            + (declared.sessionLimit.map { Swift.String($0) } ?? "nil") + " oneAtATime "
            + Swift.String(declared.oneAtATime)
    }

    static func frequency(_ frequency: TipsRuntime.Tips.DisplayFrequency) -> Swift.String {
        switch frequency {
        case .immediate: "immediate"
        case .hourly: "hourly"
        case .daily: "daily"
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .custom(let seconds): "custom(" + Swift.String(seconds) + ")"
        }
    }

    static func options(_ options: TipsRuntime.Tips.Options) -> Swift.String {
        "maxDisplayCount " + (options.maxDisplayCount.map { Swift.String($0) } ?? "nil") + " maxDisplayDuration "
            + (options.maxDisplayDuration.map { Swift.String($0) } ?? "nil") + " ignoresDisplayFrequency "
            + Swift.String(options.ignoresDisplayFrequency) + " invalidatedBy ["
            + options.invalidatedBy.map(event).joined(separator: ", ") + "] snooze "
            + (options.snooze.map {
                "(" + Swift.String($0.duration) + ", " + ($0.maxCount.map { Swift.String($0) } ?? "nil") + ")"
            } ?? "nil")
            + " holdoutPercent " + (options.holdoutPercent.map { Swift.String($0) } ?? "nil")
    }

    static func expression(_ expression: TipsRuntime.RuleExpression) -> Swift.String {
        switch expression {
        case .literal(let literal): "literal(" + value(literal) + ")"
        case .parameter(let reference): "(" + parameter(reference) + ")"
        case .argument(let name, let argument): "argument(" + quoted(name) + ", " + value(argument) + ")"
        case .field(let name): "field(" + quoted(name) + ")"
        case .not(let operand): "not(" + self.expression(operand) + ")"
        case .negate(let operand): "negate(" + self.expression(operand) + ")"
        case .binary(let op, let lhs, let rhs):
            "binary(" + op.rawValue + ", " + self.expression(lhs) + ", " + self.expression(rhs) + ")"
        case .count(let query):
            "count(" + event(query.event) + ", [" + query.steps.map(step).joined(separator: ", ") + "])"
        }
    }

    static func step(_ step: TipsRuntime.EventQuery.Step) -> Swift.String {
        switch step {
        case .within(let seconds): "within(" + Swift.String(seconds) + ")"
        case .filter(let predicate): "filter(" + expression(predicate) + ")"
        case .largestSubset(let field): "largestSubset(" + quoted(field) + ")"
        case .smallestSubset(let field): "smallestSubset(" + quoted(field) + ")"
        }
    }

    static func value(_ value: TipsRuntime.TipValue) -> Swift.String {
        switch value {
        case .bool(let bool): "bool(" + Swift.String(bool) + ")"
        case .int(let int): "int(" + Swift.String(int) + ")"
        case .double(let double): "double(" + Swift.String(double) + ")"
        case .string(let string): "string(" + quoted(string) + ")"
        case .duration(let seconds): "duration(" + Swift.String(seconds) + ")"
        case .enumCase(let name): "enumCase(" + quoted(name) + ")"
        }
    }

    static func renames(_ renames: TipsRuntime.Tips.Renames) -> Swift.String {
        var fields = renames.tips.map { "tip " + pattern($0.from) + " -> " + pattern($0.to) }
        fields += renames.parameters.map { "parameter " + quoted($0.from) + " -> " + quoted($0.to) }
        fields += renames.events.map { rename in
            "event " + quoted(rename.from) + " -> " + quoted(rename.to) + " keepCount "
                + Swift.String(rename.keepCount)
        }
        fields += renames.enumCases.map { rename in
            "case " + quoted(rename.from) + " -> " + quoted(rename.to) + " parameters "
                + rename.parameters.map(quoted).joined(separator: ", ") + " fields "
                + rename.fields.map { quoted($0.event) + "." + quoted($0.field) }.joined(separator: ", ")
        }
        return "renames " + fields.joined(separator: "; ")
    }

    static func pattern(_ pattern: TipsRuntime.Tips.TipIDPattern) -> Swift.String {
        pattern.pieces.map { piece in
            switch piece {
            case .text(let text): "text(" + quoted(text) + ")"
            case .argument(let name): "argument(" + quoted(name) + ")"
            }
        }.joined(separator: " ")
    }

    static func quoted(_ text: Swift.String) -> Swift.String { Swift.String(reflecting: text) }
}
