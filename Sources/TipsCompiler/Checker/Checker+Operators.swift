// Typing unary and binary operators.

import TipsRuntime
import TipsSyntax

extension Checker {
    /// `nickname.isEmpty` (`!nickname.isEmpty` when `negated`), as Swift
    /// tests a String: reported once at `range` with its `.tips` spelling,
    /// `nickname == ""` (`!=`), which the fix writes, and read on as it.
    /// Nil for any other member.
    mutating func emptyStringTest(
        of checkedBase: CheckedExpression, base: Expr, member: Identifier, range: SourceRange, negated: Bool
    ) -> CheckedExpression? {
        guard member.name == "isEmpty", checkedBase.type == .string else { return nil }
        let op: RuleOperator = negated ? .notEqual : .equal
        let written = "\(sources[base.range.file].singleLineText(in: base.range)) \(op.rawValue) \"\""
        diagnostics.error("a String has no member 'isEmpty'; write '\(written)'", at: range, replacing: written)
        return .binary(op, checkedBase, .literal(.string("")), type: .bool)
    }

    /// `expected` is the type the context asks of the whole (see ``numeric(_:)``).
    mutating func checkUnary(
        _ op: UnaryOperator, operand: Expr, range: SourceRange, expected: TipsType?, context: ExpressionContext
    ) -> CheckedExpression? {
        switch op {
        case .not:
            // `!nickname.isEmpty` is told as `nickname != ""` whole, where `!` before the fix of `.isEmpty`
            // would not be. Only for a String's name: any other base is checked, and told, once below.
            if case .member(let base, let name, _) = operand, name.name == "isEmpty", case .name(let baseName) = base,
                (context.arguments[baseName.name] ?? parameter(named: baseName.name)?.type) == .string,
                let checkedBase = checkExpression(base, expected: nil, context: context),
                let test = emptyStringTest(of: checkedBase, base: base, member: name, range: range, negated: true)
            {
                return test
            }
            guard let checked = checkExpression(operand, expected: .bool, context: context) else { return nil }
            guard expect(checked, .bool, at: operand.range, "'!' needs a Bool") else { return nil }
            return .not(checked)
        case .negate:
            guard let checked = checkExpression(operand, expected: Self.numeric(expected), context: context)
            else { return nil }
            switch checked {
            case .literal(.int(let value)): return .literal(.int(-value))
            case .literal(.double(let value)): return .literal(.double(-value))
            default: break
            }
            guard checked.type == .int || checked.type == .double else {
                diagnostics.error(
                    "'-' needs an Int or a Double, but this is \(Self.article(checked.type))", at: operand.range)
                return nil
            }
            return .negate(checked)
        }
    }

    /// `expected` is the type the context asks of the whole (see ``numeric(_:)``).
    mutating func checkBinary(
        _ op: RuleOperator, lhs: Expr, rhs: Expr, operatorRange: SourceRange, expected: TipsType?,
        context: ExpressionContext
    ) -> CheckedExpression? {
        switch op {
        case .and, .or:
            let left = checkExpression(lhs, expected: .bool, context: context)
            if let written = comparisonLeftOut(of: rhs, after: lhs, context: context) {
                diagnostics.error(
                    "each side of '\(op.rawValue)' is a condition of its own; write '\(written)'", at: rhs.range,
                    replacing: written)
                return nil
            }
            let right = checkExpression(rhs, expected: .bool, context: context)
            guard let left, let right else { return nil }
            let leftOK = expect(left, .bool, at: lhs.range, "'\(op.rawValue)' needs Bool operands")
            let rightOK = expect(right, .bool, at: rhs.range, "'\(op.rawValue)' needs Bool operands")
            guard leftOK, rightOK else { return nil }
            return .binary(op, left, right, type: .bool)
        case .add, .subtract, .multiply, .divide:
            guard let (left, right) = checkArithmeticOperands(lhs, rhs, expected: expected, context: context)
            else { return nil }
            guard reportArithmeticOperands(op, left, right, lhs: lhs, rhs: rhs, operatorRange: operatorRange),
                left.type != .error, right.type != .error
            else { return nil }
            if left.type == .int && right.type == .int { return .binary(op, left, right, type: .int) }
            return .binary(op, Self.widened(left), Self.widened(right), type: .double)
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            return checkComparison(op, lhs: lhs, rhs: rhs, operatorRange: operatorRange, context: context)
        }
    }

    /// `plan == .pro || .plus`: the operand after `&&` or `||` is a case,
    /// not a donation field, and `lhs` ends in an equality. The comparison
    /// written whole (`plan == .plus`); nil for any other operand.
    private func comparisonLeftOut(of rhs: Expr, after lhs: Expr, context: ExpressionContext) -> String? {
        guard case .implicitMember(let name, _) = rhs, context.fieldsOf?.fieldType(named: name.name) == nil,
            let (op, subject) = lhs.lastComparison, op == .equal || op == .notEqual
        else { return nil }
        return "\(sources[subject.range.file].singleLineText(in: subject.range)) \(op.rawValue) .\(name.name)"
    }

    /// Reports arithmetic operands that are not numbers, and returns whether
    /// both are. Both wrong is one mistake, reported once at the operator:
    /// `"a" + "b"` joins strings, which no rule can, so the fix is the joined string.
    private mutating func reportArithmeticOperands(
        _ op: RuleOperator, _ left: CheckedExpression, _ right: CheckedExpression, lhs: Expr, rhs: Expr,
        operatorRange: SourceRange
    ) -> Bool {
        let isNumber = { (side: CheckedExpression) in side.type == .int || side.type == .double || side.type == .error }
        switch (isNumber(left), isNumber(right)) {
        case (true, true):
            return true
        case (false, false):
            if op == .add, case .literal(.string(let first)) = left, case .literal(.string(let second)) = right {
                let joined = TipValue.string(first + second).tipsLiteral()
                diagnostics.error(
                    "'+' adds numbers and cannot join strings; write the whole string, as in \(joined)",
                    at: operatorRange)
            } else {
                diagnostics.error(
                    "'\(op.rawValue)' needs Int or Double operands, but the left side is \(Self.article(left.type))"
                        + " and the right side is \(Self.article(right.type))", at: operatorRange)
            }
        case (let leftIsNumber, _):
            let (side, range) = leftIsNumber ? (right, rhs.range) : (left, lhs.range)
            diagnostics.error(
                "'\(op.rawValue)' needs an Int or a Double, but this is \(Self.article(side.type))", at: range)
        }
        return false
    }

    private mutating func checkComparison(
        _ op: RuleOperator, lhs: Expr, rhs: Expr, operatorRange: SourceRange, context: ExpressionContext
    ) -> CheckedExpression? {
        guard let (left, right) = checkOperands(lhs, rhs, context: context) else { return nil }
        let leftType = left.type
        let rightType = right.type
        if leftType == .error || rightType == .error { return nil }
        var type = leftType
        var widens = false
        if leftType != rightType {
            if (leftType == .int || leftType == .double) && (rightType == .int || rightType == .double) {
                widens = true
                type = .double
            } else if let (message, replacement) = enumComparedWithString(left, right) {
                // At the string, which is what to change.
                let stringRange = if case .literal(.string) = right { rhs.range } else { lhs.range }
                diagnostics.error(
                    message, at: stringRange,
                    replacing: replacement)
                return nil
            } else {
                var message =
                    "'\(op.rawValue)' compares values of one type, but the left side is \(Self.article(leftType))"
                    + " and the right side is \(Self.article(rightType))"
                if case .donations = leftType { message += "; count the donations with '.count'" }
                if case .donations = rightType { message += "; count the donations with '.count'" }
                diagnostics.error(message, at: operatorRange)
                return nil
            }
        }
        switch type {
        case .enumeration(let name) where op != .equal && op != .notEqual:
            diagnostics.error(
                "'\(op.rawValue)' cannot compare values of enum '\(name)'; enums compare only with == and !=",
                at: operatorRange)
            return nil
        case .bool where op != .equal && op != .notEqual:
            diagnostics.error(
                "'\(op.rawValue)' cannot compare Bool values; Bools compare only with == and !=", at: operatorRange)
            return nil
        case .donations:
            diagnostics.error("donations cannot be compared; count them with '.count'", at: operatorRange)
            return nil
        default:
            // The sides are moved into the comparison unless widened: widening
            // them in place copied both sides of every comparison (61,000 copies on 10,000 tips).
            if widens { return .binary(op, Self.widened(left), Self.widened(right), type: .bool) }
            return .binary(op, left, right, type: .bool)
        }
    }

    /// Both sides of a comparison. A `.case` takes its enum from the other
    /// side, whichever side it is on.
    private mutating func checkOperands(
        _ lhs: Expr, _ rhs: Expr, context: ExpressionContext
    ) -> (CheckedExpression, CheckedExpression)? {
        if Self.isContextualCase(lhs, context: context), Self.isContextualCase(rhs, context: context),
            let event = context.fieldsOf, let misspelled = misspelledField(lhs, rhs, of: event)
        {
            // `.fromat == .jpeg`: neither side is a field, so the one spelled like a field is the
            // mistake; checking it alone reports it with "did you mean", and not the case on the other side.
            _ = checkExpression(misspelled, expected: nil, context: context)
            return nil
        }
        // The right side first, when the left takes its type from it: a
        // `.case`, or names (`cartCount > 0`, `-score + 1 > visits.count`),
        // so that a name nothing declares is told the declaration its type calls for.
        if Self.isContextualCase(lhs, context: context) {
            guard let right = checkExpression(rhs, expected: nil, context: context),
                let left = checkExpression(lhs, expected: right.type, context: context)
            else { return nil }
            return (left, right)
        }
        if Self.takesType(lhs), !Self.takesType(rhs), !Self.isContextualCase(rhs, context: context) {
            let right = checkExpression(rhs, expected: nil, context: context)
            let left = checkExpression(lhs, expected: right?.type, context: context)
            guard let left, let right else { return nil }
            return (left, right)
        }
        // `tier == .gold`, `tier` declared nowhere: the case gives it its type, or an enum to declare.
        // Only for a name nothing declares: finding the case's enum reads every declared name.
        var caseType: TipsType?
        if case .name(let name) = lhs, let caseName = Self.caseName(in: rhs), symbols[name.name] == nil,
            context.arguments[name.name] == nil, Self.isContextualCase(rhs, context: context)
        {
            if let owner = enumeration(withCase: caseName.name, expected: nil) {
                caseType = .enumeration(owner)
            } else if reportUndeclared(name, comparedWith: caseName.name, context: context) {
                return nil
            }
        }
        guard let left = checkExpression(lhs, expected: caseType, context: context) else {
            // The other side may hold a mistake of its own, but a `.case`
            // there only lacks the type the failed side would have given.
            if !Self.isContextualCase(rhs, context: context) {
                _ = checkExpression(rhs, expected: nil, context: context)
            }
            return nil
        }
        guard let right = checkExpression(rhs, expected: left.type, context: context) else { return nil }
        return (left, right)
    }

    /// The operands of arithmetic, each a number when the other is, or the
    /// whole `expected` one: the side made of names is checked after the
    /// other (`2 * c`), so that a name nothing declares is told the type it
    /// would have. Reported once each.
    private mutating func checkArithmeticOperands(
        _ lhs: Expr, _ rhs: Expr, expected: TipsType?, context: ExpressionContext
    ) -> (CheckedExpression, CheckedExpression)? {
        let expected = Self.numeric(expected)
        if Self.takesType(lhs), !Self.takesType(rhs) {
            let right = checkExpression(rhs, expected: expected, context: context)
            let left = checkExpression(lhs, expected: Self.numeric(right?.type) ?? expected, context: context)
            guard let left, let right else { return nil }
            return (left, right)
        }
        let left = checkExpression(lhs, expected: expected, context: context)
        let right = checkExpression(rhs, expected: Self.numeric(left?.type) ?? expected, context: context)
        guard let left, let right else { return nil }
        return (left, right)
    }

    /// `type` when it is a number's (Int or Double), which is what
    /// arithmetic and `-` can pass on to their operands; nil otherwise.
    static func numeric(_ type: TipsType?) -> TipsType? {
        type == .int || type == .double ? type : nil
    }

    /// Whether `expression` takes its type from what it is compared with
    /// or added to: names, and arithmetic, negation and parentheses of
    /// names only. Anything else (a literal, `visits.count`) has a type of its own.
    private static func takesType(_ expression: Expr) -> Bool {
        switch expression {
        case .name: true
        case .parenthesized(let inner, _): takesType(inner)
        case .unary(.negate, let operand, _, _): takesType(operand)
        case .binary(.add, let lhs, let rhs, _, _), .binary(.subtract, let lhs, let rhs, _, _),
            .binary(.multiply, let lhs, let rhs, _, _), .binary(.divide, let lhs, let rhs, _, _):
            takesType(lhs) && takesType(rhs)
        default: false
        }
    }

    /// `plan == "pro"`: an enum compared with a string literal; the message
    /// names the case to write instead (or the cases there are), and that case
    /// replaces the string; or nil.
    private func enumComparedWithString(
        _ left: CheckedExpression, _ right: CheckedExpression
    ) -> (message: String, replacement: String?)? {
        let pair: (String, String)
        switch (left.type, right, right.type, left) {
        case (.enumeration(let name), .literal(.string(let text)), _, _): pair = (name, text)
        case (_, _, .enumeration(let name), .literal(.string(let text))): pair = (name, text)
        default: return nil
        }
        let (enumName, text) = pair
        guard let checked = enumeration(named: enumName) else { return nil }
        if checked.cases.contains(text) {
            return ("compare enum '\(enumName)' with its case '.\(text)', not with the string \"\(text)\"", "." + text)
        }
        let cases = checked.cases.map { ".\($0)" }.joined(separator: ", ")
        let hint = Suggestion.closest(to: text, in: checked.cases, prefix: ".")
        return (
            "enum '\(enumName)' is compared with a case, not a string; its cases are \(cases)\(hint.phrase)",
            hint.replacement
        )
    }

    /// Of two `.name`s compared where `event`'s fields are in scope, the one
    /// that is close to a field's name (the left when both are); nil when neither is.
    private func misspelledField(_ lhs: Expr, _ rhs: Expr, of event: CheckedEvent) -> Expr? {
        let fields = event.fields.map(\.name)
        return [lhs, rhs].first { side in
            guard case .implicitMember(let name, _) = side else { return false }
            return SpellingSuggester.closest(to: name.name, among: fields) != nil
        }
    }

    /// Whether `expression` is a `.name` that is not a donation field here, so names an enum case.
    /// Static: a method of the checker called from a mutating one is handed
    /// a copy of the whole checker (264 bytes) at each call, 49,838 calls for
    /// 10,000 tips (4.2 M instructions, callgrind, `tipc compile`).
    private static func isContextualCase(_ expression: Expr, context: ExpressionContext) -> Bool {
        switch expression {
        // Whether the field is there, not the field: a copy of it retains its name and type.
        case .implicitMember(let name, _): context.fieldsOf?.fields.contains { $0.name == name.name } != true
        case .parenthesized(let inner, _): Self.isContextualCase(inner, context: context)
        default: false
        }
    }

    /// An Int literal used where a Double is expected becomes a Double literal.
    static func widened(_ expression: CheckedExpression) -> CheckedExpression {
        if case .literal(.int(let value)) = expression { return .literal(.double(Double(value))) }
        return expression
    }
}
