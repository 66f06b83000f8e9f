// Typing rule expressions, including event query chains.

import TipsSyntax

/// What names mean where an expression is checked.
struct ExpressionContext {
    /// The tip whose rule this is.
    var tip: String
    /// The tip's arguments and their types.
    var arguments: TipArguments
    /// The event whose donation fields `.field` names, inside a query step.
    var fieldsOf: CheckedEvent?
    /// Where a declaration that the tip's rules lack would go: the first
    /// byte of the tip's doc comment, else of `tip`. Nil outside a tip.
    var declarationStart: UInt32?
    /// Whether the names are a scenario's steps', whose declarations would
    /// go above the scenario (at ``declarationStart``) rather than a tip.
    var isScenario = false

    /// What a missing declaration goes above, for messages.
    var declarationPlace: String { isScenario ? "the scenario" : "the tip" }
}

/// A tip's arguments: the checked fields of its `(arguments)`, each name
/// once. A tip has a few, so a name is found by comparing it with each,
/// which costs less than hashing it and building a dictionary per tip
/// (−9 M instructions of 10,000 tips, callgrind).
struct TipArguments {
    let fields: [CheckedField]

    init(_ fields: [CheckedField] = []) { self.fields = fields }

    var isEmpty: Bool { fields.isEmpty }

    /// The arguments' names, in the order declared.
    var names: [String] { fields.map(\.name) }

    /// The type of the argument named `name`, or nil when there is none.
    subscript(name: String) -> TipsType? {
        for index in fields.indices where fields[index].name == name { return fields[index].type }
        return nil
    }
}

extension Checker {
    /// Checks one `rule`: its expression must be a Bool.
    mutating func checkRule(_ expression: Expr, source: String, context: inout ExpressionContext) -> CheckedRule? {
        let checked = checkExpression(expression, expected: .bool, context: context)
        guard let checked else { return nil }
        guard expect(checked, .bool, at: expression.range, "a rule must be a Bool") else { return nil }
        checkNeverHolds(checked, at: expression.range)
        let fileID = expression.range.file
        var hint = 1
        if let last = lastRuleLine, last.file == fileID { hint = last.line }
        let line = sources[fileID].line(of: expression.range.start, from: hint)
        lastRuleLine = (fileID, line)
        return CheckedRule(
            expression: checked, source: source, fileName: fileNames[Int(fileID.rawValue)], line: line,
            range: expression.range)
    }

    /// Reports "<what>, but this is a <found>" when `checked` does not have `type`.
    /// `range` and `what` are worked out only when reported.
    mutating func expect(
        _ checked: CheckedExpression, _ type: TipsType, at range: @autoclosure () -> SourceRange,
        _ what: @autoclosure () -> String
    ) -> Bool {
        let found = checked.type
        if found == type || found == .error { return found == type }
        var message = "\(what()), but this is \(Self.article(found))"
        if case .donations = found, type == .int || type == .bool {
            message += "; count them with '.count'"
        }
        diagnostics.error(message, at: range())
        return false
    }

    /// "a Bool", "an Int", "a value of enum 'Plan'".
    static func article(_ type: TipsType) -> String {
        switch type {
        case .int: "an Int"
        case .enumeration(let name): "a '\(name)'"
        case .donations(let event): "the donations of '\(event)'"
        default: "a \(type)"
        }
    }

    /// Types an expression. `expected` only guides `.case` resolution; callers check the result type.
    mutating func checkExpression(
        _ expression: Expr, expected: TipsType?, context: ExpressionContext
    ) -> CheckedExpression? {
        switch expression {
        case .error: return nil
        case .boolean(let value, _): return .literal(.bool(value))
        case .integer(let literal): return .literal(.int(literal.value))
        case .decimal(let value, _): return .literal(.double(value))
        case .duration(let literal): return .literal(.duration(Double(literal.totalSeconds)))
        case .string(let literal):
            guard let text = literal.plainText else {
                diagnostics.error(
                    "a string in a rule cannot interpolate; compare with the argument itself", at: literal.range)
                return nil
            }
            return .literal(.string(text))
        case .parenthesized(let inner, _):
            return checkExpression(inner, expected: expected, context: context)
        case .name(let name):
            return checkName(name, expected: expected, context: context)
        case .implicitMember(let name, let range):
            return checkImplicitMember(name, range: range, expected: expected, context: context)
        case .member(let base, let name, let range):
            return checkMember(base: base, name: name, range: range, context: context)
        case .call(.member(let base, let name, _), let arguments, let range)
        where name.name == "count"
            && arguments.isEmpty:
            // `opened.count()`: reported once, then read as `opened.count`.
            let written = sources[base.range.file].singleLineText(in: base.range)
            let counted = checkMember(
                base: base, name: name, range: base.range.extended(to: name.range), context: context)
            if counted != nil {
                diagnostics.error("'count' is not called; write '\(written).count' without '()'", at: range)
            }
            return counted
        case .call(_, _, let range):
            if checkQuery(expression, context: context) != nil {
                diagnostics.error("a query of donations must end with '.count' to be used in a rule", at: range)
            }
            return nil
        case .unary(let op, let operand, _, let range):
            return checkUnary(op, operand: operand, range: range, expected: expected, context: context)
        case .binary(let op, let lhs, let rhs, let operatorRange, _):
            return checkBinary(
                op, lhs: lhs, rhs: rhs, operatorRange: operatorRange, expected: expected, context: context)
        }
    }

    private mutating func checkName(
        _ name: Identifier, expected: TipsType?, context: ExpressionContext
    ) -> CheckedExpression? {
        if let type = context.arguments[name.name] {
            recordUse(.argument(name.name, tip: context.tip), at: name.range)
            return .argument(name.name, type)
        }
        let declared = resolveDeclared(name)
        if let parameter = parameter(declared: declared) { return .parameter(name.name, parameter.type) }
        switch declared?.kind {
        case .parameter: return nil  // Declared, but its declaration already failed.
        case .event:
            diagnostics.error(
                "event '\(name.name)' is not a value; count its donations with '\(name.name).count'", at: name.range,
                replacing: name.name + ".count")
            return nil
        case let kind?:
            diagnostics.error("'\(name.name)' is \(kind), not a value", at: name.range)
            return nil
        case nil:
            if argumentMayHaveFailed(name.name) { return nil }
            if let (message, replacement) = Self.otherLanguageWord(name.name) {
                diagnostics.error(message, at: name.range, suggesting: Suggestion(phrase: "", replacement: replacement))
                return nil
            }
            if let event = context.fieldsOf, event.fieldType(named: name.name) != nil {
                diagnostics.error(
                    "unknown name '\(name.name)'; did you mean the field '.\(name.name)' of event '\(event.name)'?",
                    at: name.range, replacing: "." + name.name)
                return nil
            }
            if let enumName = enumeration(withCase: name.name, expected: expected) {
                diagnostics.error(
                    "unknown name '\(name.name)'; did you mean the case '.\(name.name)' of enum '\(enumName)'?",
                    at: name.range, replacing: "." + name.name)
                return nil
            }
            // One error either way: past the limit, not worth the search for a suggestion.
            guard !diagnostics.dropsErrorMessages else {
                diagnostics.reportDroppedError(at: name.range)
                return nil
            }
            let suggestion = nameSuggestion(for: name, match: closestValueName(to: name.name, context: context))
            if suggestion.replacement == nil, let expected,
                let declaration = parameterDeclaration(of: name.name, as: expected),
                reportUndeclared(
                    "unknown name '\(name.name)'", name, declaring: declaration, kind: .parameter, context: context)
            {
                return nil
            }
            diagnostics.error("unknown name '\(name.name)'", at: name.range, suggesting: suggestion)
            return nil
        }
    }

    /// The enum that has a case spelled `name` (`tier == basic` for
    /// `.basic`): the expected one, else the only one that has it; nil when
    /// none does or several do.
    /// The names a misspelled value may have meant: every declared
    /// parameter, even one whose declaration failed, event and argument.
    func valueNameCandidates(_ context: ExpressionContext) -> [String] {
        context.arguments.names + names(of: .parameter) + names(of: .event)
    }

    func enumeration(withCase name: String, expected: TipsType?) -> String? {
        if case .enumeration(let enumName) = expected, enumeration(named: enumName)?.cases.contains(name) == true {
            return enumName
        }
        let owners = names(of: .enumeration).filter { enumeration(named: $0)?.cases.contains(name) == true }
        return owners.count == 1 ? owners[0] : nil
    }

    /// The message for a word other languages use where `.tips` has another
    /// (`True`, `nil`), and the word to write instead when there is one; or
    /// nil. Only for a name that is not declared.
    static func otherLanguageWord(_ word: String) -> (message: String, replacement: String?)? {
        switch word {
        case "True", "TRUE", "YES", "yes": ("write 'true' in lower case", "true")
        case "False", "FALSE", "NO", "no": ("write 'false' in lower case", "false")
        case _ where Lexer.absentValueWords.contains(word):
            (
                "there is no '\(word)' in .tips: every parameter always has a value, its default until the app "
                    + "sets it; compare with a value such as false, 0 or \"\"", nil
            )
        default: nil
        }
    }

    private mutating func checkImplicitMember(
        _ name: Identifier, range: SourceRange, expected: TipsType?, context: ExpressionContext
    ) -> CheckedExpression? {
        if let event = context.fieldsOf, let type = event.fieldType(named: name.name) {
            recordUse(.field(name.name, event: event.name), at: name.range)
            return .field(name.name, type)
        }
        if case .enumeration(let enumName) = expected, let checked = enumeration(named: enumName) {
            if checked.cases.contains(name.name) {
                recordUse(.enumCase(name.name, enumeration: enumName), at: name.range)
                return .enumCase(name.name, enumName: enumName)
            }
            if checked.casesCutShort { return nil }
            if let event = context.fieldsOf,
                let match = SpellingSuggester.closest(to: name.name, among: event.fields.map(\.name))
            {
                let hint = Suggestion(
                    phrase: "; did you mean the field '.\(match)' of event '\(event.name)'?", replacement: "." + match)
                diagnostics.error("enum '\(enumName)' has no case '\(name.name)'", at: range, suggesting: hint)
                return nil
            }
            reportMissingCase(
                name.name, of: checked, at: range, hint: .closest(to: name.name, in: checked.cases, prefix: "."))
            return nil
        }
        if let event = context.fieldsOf {
            if event.mayHaveFailedField(named: name.name) { return nil }
            diagnostics.error(
                "event '\(event.name)' has no field '\(name.name)'", at: range,
                suggesting: .closest(to: name.name, in: event.fields.map(\.name)).replacing(after: "."))
            return nil
        }
        if events.contains(where: { $0.fieldType(named: name.name) != nil }) {
            diagnostics.error(
                "'.\(name.name)' names a donation field, which is only available inside "
                    + "'where', 'largestSubset' or 'smallestSubset'",
                at: range)
            return nil
        }
        diagnostics.error(
            "cannot tell which enum '.\(name.name)' belongs to; compare it with a value of that enum", at: range)
        return nil
    }

    private mutating func checkMember(
        base: Expr, name: Identifier, range: SourceRange, context: ExpressionContext
    ) -> CheckedExpression? {
        if name.name == "count" {
            if case .name(let eventName) = base, event(named: eventName.name) != nil {
                recordUse(.event(eventName.name), at: eventName.range)
                return .count(CheckedQuery(event: eventName.name, steps: []))
            }
            guard let query = checkQuery(base, context: context) else { return nil }
            return .count(query)
        }
        if name.name == "donations" || Self.queryMethods.contains(name.name) {
            if checkQuery(.member(base: base, name: name, range: range), context: context) != nil {
                diagnostics.error(
                    "donations are not a value; add '.count' to count them", at: range)
            }
            return nil
        }
        // A member of something that is not a query.
        if case .name(let baseName) = base, event(named: baseName.name) != nil {
            recordUse(.event(baseName.name), at: baseName.range)
            diagnostics.error(
                "event '\(baseName.name)' has no member '\(name.name)'", at: name.range,
                suggesting: .closest(
                    to: name.name, in: ["donations", "count"], otherwise: "use '.donations' or '.count'"))
            return nil
        }
        if case .name(let baseName) = base, symbols[baseName.name]?.kind == .enumeration {
            recordUse(.enumeration(baseName.name), at: baseName.range)
            diagnostics.error(
                "write the case as '.\(name.name)' instead of '\(baseName.name).\(name.name)'", at: range,
                replacing: "." + name.name)
            // Read on as `.case`, so that the rest of the rule is checked as meant.
            guard enumeration(named: baseName.name)?.cases.contains(name.name) == true else { return nil }
            return .enumCase(name.name, enumName: baseName.name)
        }
        // A query chain (`opened.donations.last`): what is wrong in it is told
        // once, by the query's check, where checking it again as a value would
        // tell it twice.
        if isQueryChain(base) {
            if checkQuery(base, context: context) != nil {
                diagnostics.error(
                    "'\(name.name)' is not a query step", at: name.range,
                    suggesting: .closest(
                        to: name.name, in: Self.queryMethods + ["count"], otherwise: Self.queryStepAdvice))
            }
            return nil
        }
        guard let checkedBase = checkExpression(base, expected: nil, context: context) else { return nil }
        if let empty = emptyStringTest(of: checkedBase, base: base, member: name, range: range, negated: false) {
            return empty
        }
        diagnostics.error(
            "\(Self.article(checkedBase.type)) has no member '\(name.name)'; only event queries have members",
            at: name.range)
        return nil
    }

    static let queryMethods = ["within", "where", "largestSubset", "smallestSubset"]

    /// What may follow a query, for a message about a name that may not.
    static let queryStepAdvice = "use within, where, largestSubset, smallestSubset or count"

    /// Whether `expression` is a chain of members and calls after an event's
    /// name that does not end in `.count` (`opened.donations.within(5d)`,
    /// `opened.last`): a query, or a query gone wrong, rather than a value.
    func isQueryChain(_ expression: Expr) -> Bool {
        var link = expression
        var isChain = false
        while true {
            switch link {
            case .member(let base, let name, _):
                if name.name == "count" { return false }
                link = base
            case .call(let callee, _, _): link = callee
            case .name(let name): return isChain && event(named: name.name) != nil
            default: return false
            }
            isChain = true
        }
    }

    /// The query step that a step other APIs teach is written as here, and
    /// what to say of it: TipKit's `donatedWithin`, Swift's `filter`.
    static let foreignQuerySteps: [String: Suggestion] = [
        "donatedWithin": Suggestion(
            phrase: "; TipKit's 'donatedWithin' is 'within' here, as in 'within(7d)'", replacement: "within"),
        "filter": Suggestion(
            phrase: "; the step that keeps the donations that match is 'where', as in 'where(.field == value)'",
            replacement: "where"),
    ]
}
