// Event query chains: `E.donations.within(D).where(p).largestSubset(by: .f)`.

import TipsRuntime
import TipsSyntax

extension Checker {
    /// Checks an expression that must denote donations of an event.
    mutating func checkQuery(_ expression: Expr, context: ExpressionContext) -> CheckedQuery? {
        checkQueryChain(expression, context: context, stepsAfter: 0)?.query
    }

    /// ``checkQuery(_:context:)``, also giving the queried event, so that no
    /// step of a chain looks it up again. `stepsAfter` steps follow
    /// `expression` in the chain: the query makes room for them at once.
    private mutating func checkQueryChain(
        _ expression: Expr, context: ExpressionContext, stepsAfter: Int
    ) -> (query: CheckedQuery, event: CheckedEvent)? {
        switch expression {
        case .member(let base, let name, _) where name.name == "donations":
            guard case .name(let eventName) = base else {
                if checkQuery(base, context: context) != nil {
                    diagnostics.error("'.donations' follows an event's name, not a query", at: name.range)
                }
                return nil
            }
            guard let event = resolveEvent(eventName, context: context) else { return nil }
            var steps: [CheckedQuery.Step] = []
            steps.reserveCapacity(stepsAfter)
            return (CheckedQuery(event: event.name, steps: steps), event)
        case .call(.member(let base, let method, _), let arguments, let range):
            return checkChainStep(
                base, method: method, arguments: arguments, range: range, context: context, stepsAfter: stepsAfter)
        case .name(let name):
            if event(named: name.name) != nil {
                recordUse(.event(name.name), at: name.range)
                diagnostics.error(
                    "add '.donations' to query the donations of '\(name.name)'", at: name.range)
                return nil
            }
            if symbols[name.name] == nil && parameter(named: name.name) == nil && context.arguments[name.name] == nil {
                reportUnknownEvent(name, context: context)
                return nil
            }
        case .member(let base, let name, _) where name.name != "count":
            reportMemberInChain(base: base, name: name, context: context)
            return nil
        case .parenthesized(let inner, _):
            return checkQueryChain(inner, context: context, stepsAfter: stepsAfter)
        case .call(let callee, _, _):
            // Only `query.step(...)` calls exist; anything else (`f(1)`, `(a.b)(1)`) is not callable.
            diagnostics.error(
                "only query steps can be called, such as 'opened.donations.within(5d)'", at: callee.range)
            return nil
        case .error:
            return nil
        default:
            break
        }
        guard let checked = checkExpression(expression, expected: nil, context: context) else { return nil }
        if checked.type != .error {
            diagnostics.error(
                "expected the donations of an event, such as 'opened.donations', but this is "
                    + Self.article(checked.type),
                at: expression.range)
        }
        return nil
    }

    /// `base.method(arguments)` in a chain: the chain up to `base`, then the step.
    private mutating func checkChainStep(
        _ base: Expr, method: Identifier, arguments: [ArgumentSyntax], range: SourceRange,
        context: ExpressionContext, stepsAfter: Int
    ) -> (query: CheckedQuery, event: CheckedEvent)? {
        if case .name(let eventName) = base, event(named: eventName.name) != nil {
            recordUse(.event(eventName.name), at: eventName.range)
            reportStepOnEvent(eventName, method: method)
            return nil
        }
        guard Self.queryMethods.contains(method.name) else {
            if checkQuery(base, context: context) != nil {
                var hint =
                    Self.foreignQuerySteps[method.name]
                    ?? Suggestion.closest(
                        to: method.name, in: Self.queryMethods,
                        otherwise: "use within, where, largestSubset or smallestSubset")
                // `.count.within(...)` is reported at the whole call, which a step name would not fix.
                if method.name == "count" { hint.replacement = nil }
                diagnostics.error(
                    "'\(method.name)' is not a query step", at: method.name == "count" ? range : method.range,
                    suggesting: hint)
            }
            return nil
        }
        guard let (chain, event) = checkQueryChain(base, context: context, stepsAfter: stepsAfter + 1) else {
            return nil
        }
        guard let step = checkStep(method, arguments: arguments, range: range, event: event, context: context)
        else { return nil }
        var query = chain
        query.steps.append(step)
        return (query, event)
    }

    /// A step called on an event's name (`opened.within(7d)`, TipKit's
    /// `opened.donatedWithin(7d)`): one error that writes the whole query,
    /// the step's name as this language spells it included, with the fix
    /// that puts it in place, so that fixing `.donations` does not uncover a
    /// second error at the step.
    private mutating func reportStepOnEvent(_ eventName: Identifier, method: Identifier) {
        let written = eventName.range.extended(to: method.range)
        let foreign = Self.foreignQuerySteps[method.name]
        let step =
            Self.queryMethods.contains(method.name)
            ? method.name : foreign?.replacement ?? SpellingSuggester.closest(to: method.name, among: Self.queryMethods)
        guard let step else {
            diagnostics.error(
                "'\(method.name)' is not a query step; query the donations with within, where, largestSubset "
                    + "or smallestSubset, as in '\(eventName.name).donations.within(7d)'",
                at: method.range)
            return
        }
        let query = "\(eventName.name).donations.\(step)"
        diagnostics.error(
            "query the donations: write '\(query)(...)'", at: written,
            suggesting: Suggestion(phrase: foreign?.phrase ?? "", replacement: query))
    }

    private mutating func checkStep(
        _ method: Identifier, arguments: [ArgumentSyntax], range: SourceRange, event: CheckedEvent,
        context: ExpressionContext
    ) -> CheckedQuery.Step? {
        switch method.name {
        case "within":
            return checkWithin(arguments, range: range, event: event, context: context)
        case "where":
            guard
                let argument = singleArgument(
                    arguments, label: nil, method: "where", example: Self.stepExample("where"), range: range)
            else { return nil }
            var inner = context
            inner.fieldsOf = event
            guard let checked = checkExpression(argument.value, expected: .bool, context: inner) else { return nil }
            guard expect(checked, .bool, at: argument.value.range, "'where' needs a Bool predicate") else {
                return nil
            }
            return .filter(checked)
        default:
            let isLargest = method.name == "largestSubset"
            guard
                let argument = singleArgument(
                    arguments, label: "by", method: method.name, example: Self.stepExample(method.name), range: range)
            else { return nil }
            guard case .implicitMember(let field, let fieldRange) = argument.value else {
                diagnostics.error(
                    "'\(method.name)' groups by a field of event '\(event.name)', written '.field'",
                    at: argument.value.range)
                return nil
            }
            guard event.fieldType(named: field.name) != nil else {
                if event.mayHaveFailedField(named: field.name) { return nil }
                let hint =
                    event.fields.isEmpty
                    ? Suggestion(phrase: "; it is declared without fields", replacement: nil)
                    : .closest(to: field.name, in: event.fields.map(\.name)).replacing(after: ".")
                diagnostics.error(
                    "event '\(event.name)' has no field '\(field.name)'", at: fieldRange, suggesting: hint)
                return nil
            }
            recordUse(.field(field.name, event: event.name), at: field.range)
            return isLargest ? .largestSubset(by: field.name) : .smallestSubset(by: field.name)
        }
    }

    /// `within(D)`: a duration literal longer than zero; a warning when the event keeps donations for less.
    private mutating func checkWithin(
        _ arguments: [ArgumentSyntax], range: SourceRange, event: CheckedEvent, context: ExpressionContext
    ) -> CheckedQuery.Step? {
        guard
            let argument = singleArgument(
                arguments, label: nil, method: "within", example: Self.stepExample("within"), range: range)
        else { return nil }
        if case .integer(let number) = argument.value {
            // `within(7)`: the number is right, the unit is missing (as `keep 30` is told).
            diagnostics.error(
                "'within' needs a Duration; add a unit to '\(number.value)': s, m, h, d or w", at: number.range)
            return nil
        }
        if let duration = Self.tipKitDuration(argument.value) {
            // `within(.days(7))`, TipKit's `donatedWithin(.days(7))`: told as `3days` is.
            diagnostics.error(
                "write the duration as \(duration)", at: argument.value.range, replacing: duration)
            return nil
        }
        guard let checked = checkExpression(argument.value, expected: .duration, context: context) else {
            return nil
        }
        guard expect(checked, .duration, at: argument.value.range, "'within' needs a Duration such as 5d") else {
            return nil
        }
        guard case .literal(.duration(let seconds)) = checked else {
            diagnostics.error("'within' needs a duration literal such as 5d", at: argument.value.range)
            return nil
        }
        guard seconds > 0 else {
            diagnostics.error("'within' needs a duration longer than zero", at: argument.value.range)
            return nil
        }
        if let keep = event.keepDuration, seconds > Double(keep) {
            let window = sources[argument.value.range.file].singleLineText(in: argument.value.range)
            let clause = keepClauses[event.name].map(quote) ?? "keep \(Self.describeDuration(keep))"
            diagnostics.warning(
                "'within(\(window))' looks back further than event '\(event.name)' keeps its donations "
                    + "(\(clause)); older donations are already gone",
                at: argument.value.range)
        }
        return .within(seconds: seconds)
    }

    /// The duration literal that TipKit's `.days(7)` (or `.day`, `.hours(2)`,
    /// `.minutes`, `.weeks`, `.seconds`) spells: `7d`; nil for anything else.
    static func tipKitDuration(_ expression: Expr) -> String? {
        let unit: Identifier
        var count = 1
        switch expression {
        case .implicitMember(let name, _):
            unit = name
        case .call(.implicitMember(let name, _), let arguments, _):
            guard arguments.count == 1, arguments[0].label == nil, case .integer(let number) = arguments[0].value
            else { return nil }
            unit = name
            count = number.value
        default:
            return nil
        }
        return DurationUnit(spelledAs: unit.name).map { "\(count)\($0.rawValue)" }
    }

    /// `base.name` where a query is expected, `name` being neither
    /// `donations` nor `count`: a step without its parentheses, or no step.
    private mutating func reportMemberInChain(base: Expr, name: Identifier, context: ExpressionContext) {
        guard Self.queryMethods.contains(name.name) else {
            // After the event's name comes `.donations`; after a query, a step.
            let isEvent = if case .name = base { true } else { false }
            diagnostics.error(
                "'\(name.name)' is not a query step", at: name.range,
                suggesting: .closest(
                    to: name.name, in: ["donations"] + Self.queryMethods,
                    otherwise: isEvent ? "use '.donations' or '.count'" : Self.queryStepAdvice))
            return
        }
        // `.within` as it is typed, or with its parentheses forgotten.
        guard checkQuery(base, context: context) != nil else { return }
        diagnostics.error(
            "query step '\(name.name)' takes its argument in parentheses, as in '\(Self.stepExample(name.name))'",
            at: name.range)
    }

    /// How the query step `method` is written, for messages: `within(5d)`.
    static func stepExample(_ method: String) -> String {
        switch method {
        case "within": "within(5d)"
        case "where": "where(.field == value)"
        default: "\(method)(by: .field)"
        }
    }

    /// The one argument of a query step, with the required label.
    private mutating func singleArgument(
        _ arguments: [ArgumentSyntax], label: String?, method: String, example: @autoclosure () -> String,
        range: SourceRange
    ) -> ArgumentSyntax? {
        guard arguments.count == 1, let argument = arguments.first else {
            diagnostics.error(
                "'\(method)' takes one argument, as in '\(example())', but this has \(arguments.count)", at: range)
            return nil
        }
        if argument.label?.name != label {
            let found = argument.label.map { "'\($0.name):'" } ?? "no label"
            let wanted = label.map { "the label '\($0):'" } ?? "no label"
            diagnostics.error(
                "the argument of '\(method)' takes \(wanted), but this has \(found); write '\(example())'",
                at: argument.label?.range ?? argument.value.range)
            return nil
        }
        return argument
    }

    /// `30d`, `2h`, `90s`: the largest unit that divides evenly (the runtime's renderer).
    static func describeDuration(_ seconds: Int) -> String { TipValue.durationLiteral(Double(seconds)) }
}
