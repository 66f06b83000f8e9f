// Rule expressions: precedence climbing by one rule per level, with a depth
// limit so that no input can overflow the stack (or the checker's).

import TipsRuntime

extension SyntaxParser {
    /// An expression and the depth of its tree.
    typealias Parsed = (expr: Expr, depth: Int)

    /// Parses an expression that must follow `what` (`'rule'`, `'='`).
    /// Returns nil when an error was reported.
    mutating func parseExpression(after what: @autoclosure () -> String) -> Expr? {
        guard canStartExpression(current) else {
            errorExpected("expected an expression after \(what())")
            return nil
        }
        let (parsed, failed) = parsing { $0.parseExpression() }
        if abandonsExpression || failed { return nil }
        return parsed.expr
    }

    func canStartExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .integer, .decimal, .string, .duration, .dot, .leftParen, .bang, .minus: true
        default: false
        }
    }

    /// Reports "expression is nested too deeply" once and makes every rule unwind.
    mutating func tooDeep(at range: SourceRange) -> Parsed {
        if !abandonsExpression {
            abandonsExpression = true
            error("expression is nested too deeply; split it into several rules", at: range)
        }
        return (.error(range), 0)
    }

    /// Parses the operand after `opening` (a prefix operator, a `(`) one
    /// level deeper; nil once the expression is abandoned (nested too deeply
    /// or broken: the error is reported).
    mutating func parseNested(after opening: SourceRange, _ operand: (inout SyntaxParser) -> Parsed) -> Parsed? {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Parser.maximumExpressionDepth {
            _ = tooDeep(at: opening)
            return nil
        }
        let parsed = parseOperand(after: opening, operand)
        return abandonsExpression ? nil : parsed
    }

    /// expression = or_expression ;
    mutating func parseExpression() -> Parsed {
        parseOrExpression()
    }

    /// Parses a left-associative level: `operand { operator operand }`.
    /// Inlined into each level, with its closures: out of line, it cost
    /// 24 M instructions more of 1,024 M for 10,000 tips (callgrind, `tipc
    /// compile`), which the optimizer stopped inlining once `&&` and `||`
    /// told their slips here.
    @inline(__always)
    mutating func parseInfixLevel(
        _ operators: (TokenKind) -> RuleOperator?, word: (text: StaticString, op: RuleOperator)? = nil,
        operand: (inout SyntaxParser) -> Parsed
    ) -> Parsed {
        var (lhs, depth) = operand(&self)
        while !abandonsExpression, let op = operators(currentKind) ?? wordOperator(word) {
            let operatorToken = advance()
            let (rhs, rhsDepth) =
                op == .and || op == .or
                ? parseCondition(after: operatorToken.range, op, lhs: lhs, operand)
                : parseOperand(after: operatorToken.range, operand)
            depth = max(depth, rhsDepth) + 1
            if depth > Parser.maximumExpressionDepth { return tooDeep(at: operatorToken.range) }
            lhs = .binary(
                op, lhs: lhs, rhs: rhs, operatorRange: operatorToken.range, range: lhs.range.extended(to: rhs.range))
        }
        return (lhs, depth)
    }

    /// `a and b`: the word another language spells `op` with, when the
    /// current token is it and an operand follows on its line. Reported once
    /// ("use '&&'") and then read as the operator.
    mutating func wordOperator(_ word: (text: StaticString, op: RuleOperator)?) -> RuleOperator? {
        guard let word, currentKind == .identifier, file.spells(word.text, in: current.range),
            followedOnItsLine(byOperand: 1)
        else { return nil }
        errorReadOnAsFixed(
            "use '\(word.op.rawValue)' instead of '\(word.text)'", at: current.range,
            fixIts: [FixIt(range: current.range, replacement: word.op.rawValue)])
        return word.op
    }

    /// Whether the token `offset` ahead is on the current token's line and can start an operand.
    mutating func followedOnItsLine(byOperand offset: Int) -> Bool {
        let next = peek(offset)
        return canStartExpression(next) && !file.containsLineBreak(from: current.range.end, to: next.range.start)
    }

    /// The operand after `&&` or `||` (`op`), the slips of
    /// Parser+ConditionSlips.swift told, each once. Out of line, so that
    /// the levels it is inlined into stay small.
    @inline(never)
    private mutating func parseCondition(
        after operatorRange: SourceRange, _ op: RuleOperator, lhs: Expr, _ operand: (inout SyntaxParser) -> Parsed
    ) -> Parsed {
        if let slip = parseComparisonLeavingOutItsLeftSide(after: op, lhs: lhs) { return slip }
        let parsed = parseOperand(after: operatorRange, operand)
        if reportsValueLeavingOutItsComparison(parsed.expr, after: op, lhs: lhs) {
            return (.error(parsed.expr.range), parsed.depth)
        }
        return parsed
    }

    /// The operand after an infix operator, or an error expression.
    mutating func parseOperand(after operatorRange: SourceRange, _ operand: (inout SyntaxParser) -> Parsed) -> Parsed {
        guard canStartExpression(current) else {
            reportMissingOperand(after: operatorRange)
            return (.error(expectationRange), 1)
        }
        if startsNewItem {
            // `rule a &&⏎ rule b`: the operator dangles; the next line is an item of its own.
            let line = file.line(of: operatorRange.start)
            let written = text(operatorRange)
            error(
                "expected an expression after '\(written)' at the end of line \(line); "
                    + "the next line starts a new item",
                at: operatorRange)
            // Nothing more to say about this expression (an open `(` included).
            abandonsExpression = true
            return (.error(operatorRange), 1)
        }
        return operand(&self)
    }

    /// Whether the current token, though the lexer joined its line to the one
    /// before, reads as the start of a new item: a tip item or declaration
    /// keyword first on its line and followed on that line by something that
    /// is not an operator (`rule x`, `title "Hi"`, `tip B {`).
    var startsNewItem: Bool {
        guard let keyword = current.keyword, keyword.startsTipItem || keyword.startsDeclaration,
            currentStartsLine, !file.containsLineBreak(from: current.range.end, to: peek().range.start)
        else { return false }
        switch peek().kind {
        case .binaryOperator, .minus, .dot, .rightParen, .comma, .newline, .semicolon, .endOfFile: return false
        default: return true
        }
    }

    /// or_expression = and_expression { "||" and_expression } ;
    mutating func parseOrExpression() -> Parsed {
        parseInfixLevel({ $0 == .binaryOperator(.or) ? .or : nil }, word: ("or", .or)) { $0.parseAndExpression() }
    }

    /// and_expression = comparison { "&&" comparison } ;
    mutating func parseAndExpression() -> Parsed {
        parseInfixLevel({ $0 == .binaryOperator(.and) ? .and : nil }, word: ("and", .and)) { $0.parseComparison() }
    }

    /// comparison = additive [ comparison_operator additive ] ;  (non-associative)
    mutating func parseComparison() -> Parsed {
        var (lhs, depth) = parseAdditive()
        guard !abandonsExpression, let (op, operatorRange, isSlip) = takeComparisonOperator() else {
            return (lhs, depth)
        }
        let (rhs, rhsDepth) = parseOperand(after: operatorRange) { $0.parseAdditive() }
        depth = max(depth, rhsDepth) + 1
        lhs = .binary(op, lhs: lhs, rhs: rhs, operatorRange: operatorRange, range: lhs.range.extended(to: rhs.range))
        // A comparison written as another language writes it is read as
        // meant once told: no chain is reported after it.
        guard !isSlip, !abandonsExpression, Self.comparisonOperator(currentKind) != nil else {
            return (lhs, depth)
        }
        // `a < b < c`: report the second operator, then consume the chain whole.
        error(
            "comparison operators cannot be chained; combine comparisons with '&&', as in a < b && b < c",
            at: current.range)
        var whole = lhs.range
        while !abandonsExpression, Self.comparisonOperator(currentKind) != nil {
            let next = advance()
            let (operand, _) = parseOperand(after: next.range) { $0.parseAdditive() }
            whole = whole.extended(to: operand.range)
        }
        return (.error(whole), depth)
    }

    /// Consumes the comparison operator at the current token, or one
    /// written as another language writes it (`=`, `=>`, `is`, `===`, told
    /// once: `isSlip`), and returns it with its range; nil, with nothing
    /// consumed, when no comparison follows. Inlined where optimized; in a
    /// debug build a call of its own, so that `parseComparison`, which
    /// nested parentheses recurse through, keeps a small frame (the
    /// 200-deep fixture overflowed the stack with these locals inline).
    @inline(__always)
    mutating func takeComparisonOperator() -> (op: RuleOperator, range: SourceRange, isSlip: Bool)? {
        let op: RuleOperator
        var slipTokens = 0
        if let comparison = Self.comparisonOperator(currentKind) {
            op = comparison
        } else if currentKind == .assign || currentKind == .identifier, let slip = readMisspelledComparison() {
            (op, slipTokens) = slip
        } else {
            return nil
        }
        var range = advance().range
        for _ in 1..<max(1, slipTokens) { range = range.extended(to: advance().range) }
        if op == .equal, currentKind == .assign, current.range.start == range.end { skipThirdEqualsSign() }
        return (op, range, slipTokens > 0)
    }

    static func comparisonOperator(_ kind: TokenKind) -> RuleOperator? {
        if case .binaryOperator(let op) = kind, op.isComparison { return op }
        return nil
    }

    /// additive = multiplicative { ( "+" | "-" ) multiplicative } ;
    mutating func parseAdditive() -> Parsed {
        parseInfixLevel({ kind in
            switch kind {
            case .binaryOperator(.add): .add
            case .minus: .subtract
            default: nil
            }
        }) { $0.parseMultiplicative() }
    }

    /// multiplicative = unary { ( "*" | "/" ) unary } ;
    mutating func parseMultiplicative() -> Parsed {
        parseInfixLevel({ kind in
            switch kind {
            case .binaryOperator(.multiply): .multiply
            case .binaryOperator(.divide): .divide
            default: nil
            }
        }) { $0.parseUnary() }
    }

    /// unary = ( "!" | "-" ) unary | postfix ;
    mutating func parseUnary() -> Parsed {
        let op: UnaryOperator
        switch currentKind {
        case .bang: op = .not
        case .minus: op = .negate
        case .identifier where file.spells("not", in: current.range) && followedOnItsLine(byOperand: 1):
            // `not a`: reported once, then read as `!a`.
            reportNotAsBang()
            op = .not
        default: return parsePostfix()
        }
        let operatorToken = advance()
        guard let (operand, depth) = parseNested(after: operatorToken.range, { $0.parseUnary() }) else {
            return (.error(operatorToken.range), 0)
        }
        return (
            .unary(
                op, operand: operand, operatorRange: operatorToken.range,
                range: operatorToken.range.extended(to: operand.range)),
            depth + 1
        )
    }

    /// postfix = primary { "." identifier | "(" [ argument_list ] ")" } ;
    mutating func parsePostfix() -> Parsed {
        var (base, depth) = parsePrimary()
        while !abandonsExpression {
            if currentKind == .dot {
                let dot = advance()
                guard currentKind == .identifier else {
                    errorExpected("expected a member name after '.'")
                    return (.error(base.range.extended(to: dot.range)), depth)
                }
                let name = advanceIdentifier()
                base = .member(base: base, name: name, range: base.range.extended(to: name.range))
            } else if currentKind == .leftParen {
                let (arguments, argumentDepth, end) = parseArgumentList()
                depth = max(depth, argumentDepth)
                base = .call(callee: base, arguments: arguments, range: base.range.extended(to: end))
            } else {
                break
            }
            depth += 1
            if depth > Parser.maximumExpressionDepth { return tooDeep(at: base.range) }
        }
        return (base, depth)
    }

    /// argument_list = "(" [ argument { "," argument } ] ")" ;  argument = [ identifier ":" ] expression ;
    /// Returns the arguments, their deepest tree, and the range of the `)` (or of where it was expected).
    mutating func parseArgumentList() -> ([ArgumentSyntax], Int, SourceRange) {
        let opening = advance()
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Parser.maximumExpressionDepth { return ([], 0, tooDeep(at: opening.range).expr.range) }
        var arguments: [ArgumentSyntax] = []
        var depth = 0
        while currentKind != .rightParen, !abandonsExpression {
            var label: Identifier?
            if currentKind == .identifier, peek().kind == .colon {
                label = advanceIdentifier()
                advance()
            }
            let (value, valueDepth) = parseOperand(after: previous?.range ?? opening.range) { $0.parseExpression() }
            depth = max(depth, valueDepth)
            // Moved into the argument: a copy retains what the label and the value hold.
            arguments.append(ArgumentSyntax(label: consume label, value: consume value))
            if currentKind == .comma {
                advance()
                continue
            }
            if currentKind != .rightParen {
                if !abandonsExpression {
                    let message =
                        currentIsOnLaterLine || currentKind == .rightBrace
                        ? "expected ')' to close the argument list"
                        : "expected ',' or ')' in the argument list, found \(describe(current))"
                    errorExpected(message, notes: [DiagnosticNote("'(' opened here", at: opening.range)])
                    closeParenthesisAtError()
                }
                return (arguments, depth, expectationRange)
            }
        }
        if abandonsExpression { return (arguments, depth, opening.range) }
        return (arguments, depth, advance().range)
    }

    /// primary = literal | identifier | "." identifier | "(" expression ")" ;
    mutating func parsePrimary() -> Parsed {
        let token = current
        switch token.kind {
        case .integer, .decimal, .duration, .string:
            if let duration = parseSpacedDuration() { return (.duration(duration), 1) }
            // A string's pieces are moved out as it is consumed; any other literal has none.
            let segments: StringLiteral.Segments
            if token.kind == .string {
                segments = advanceString().segments
            } else {
                segments = StringLiteral.Segments()
                advance()
            }
            return (Self.literal(token, segments: segments) ?? .error(token.range), 1)
        case .identifier:
            advance()
            if token.keyword == .true { return (.boolean(true, token.range), 1) }
            if token.keyword == .false { return (.boolean(false, token.range), 1) }
            return (.name(identifier(token)), 1)
        case .dot:
            let dot = advance()
            guard currentKind == .identifier else {
                errorExpected("expected a name after '.', as in .free")
                return (.error(dot.range), 1)
            }
            let name = advanceIdentifier()
            return (.implicitMember(name, range: dot.range.extended(to: name.range)), 1)
        case .leftParen:
            return parseParenthesized()
        default:
            errorExpected("expected an expression, found \(describe(token))")
            return (.error(expectationRange), 1)
        }
    }

    /// The expression a literal token stands for (`segments` are a string's
    /// pieces); nil when it is malformed (the lexer reported it and gave it no value).
    @inline(__always)
    static func literal(_ token: Token, segments: StringLiteral.Segments) -> Expr? {
        if token.kind == .string { return .string(StringLiteral(segments: segments, range: token.range)) }
        return switch token.value {
        case .integer(let value): .integer(IntegerLiteral(value: value, range: token.range))
        case .decimal(let value): .decimal(value, token.range)
        case .duration(let amount, let unit): .duration(DurationLiteral(amount: amount, unit: unit, range: token.range))
        case .none: nil
        }
    }

    /// "(" expression ")"
    mutating func parseParenthesized() -> Parsed {
        let opening = advance()
        guard let (inner, depth) = parseNested(after: opening.range, { $0.parseExpression() }) else {
            return (.error(opening.range), 0)
        }
        guard currentKind == .rightParen else {
            let found = currentIsOnLaterLine || currentKind == .rightBrace ? "" : ", found \(describe(current))"
            errorExpected(
                "expected ')' to close the parenthesized expression\(found)",
                notes: [DiagnosticNote("'(' opened here", at: opening.range)])
            closeParenthesisAtError()
            return (.error(opening.range.extended(to: inner.range)), depth)
        }
        let closing = advance()
        return (.parenthesized(inner, range: opening.range.extended(to: closing.range)), depth + 1)
    }

    // The reports below stay out of the recursive functions above: their
    // stack frames bound how deeply a rule may nest.

    /// "expected an expression after" the operator at `operatorRange`;
    /// nothing when that operator is one written wrong, which was reported
    /// as such and read on as fixed (`plan =` at the end of a line: "use
    /// '=='" is the error it gets, and the operand is missing at the same
    /// place): a word (`and`, `is`) or a spelling that starts with `=`
    /// other than `==` (`=`, `=>`, `===`).
    @inline(never) mutating func reportMissingOperand(after operatorRange: SourceRange) {
        let written = text(operatorRange)
        if written.first?.isLetter == true || (written.hasPrefix("=") && written != "==") { return }
        errorExpected("expected an expression after '\(written)'")
    }

    /// `plan = .pro`, at the `=`, with `==` as its fix.
    /// A comparison operator as another language writes it, at the current
    /// token: `plan = .pro` (`==`), `count => 3` (`>=`), `plan is .pro`
    /// (`==`), `plan is not .pro` (`!=`). Reported once, with its fix, and
    /// returned with how many tokens spell it, to be read as that operator;
    /// nil, with nothing reported, for anything else.
    @inline(never) mutating func readMisspelledComparison() -> (op: RuleOperator, tokens: Int)? {
        if currentKind == .assign {
            if case .binaryOperator(let next) = peek().kind, next == .greater || next == .less,
                peek().range.start == current.range.end
            {
                // `=>`, `=<`: the two characters the other way round.
                let meant: RuleOperator = next == .greater ? .greaterOrEqual : .lessOrEqual
                let written = current.range.extended(to: peek().range)
                errorReadOnAsFixed(
                    "write '\(meant.rawValue)'; '=\(next.rawValue)' is not an operator", at: written,
                    fixIts: [FixIt(range: written, replacement: meant.rawValue)])
                return (meant, 2)
            }
            // `plan = .pro`: one error, then read as `==`, so the rule is not also judged as written.
            errorReadOnAsFixed(
                "use '==' to compare; '=' only gives a parameter its default value", at: current.range,
                fixIts: [FixIt(range: current.range, replacement: "==")])
            return (.equal, 1)
        }
        guard file.spells("is", in: current.range) else { return nil }
        let negated = peek().kind == .identifier && file.spells("not", in: peek().range)
        guard followedOnItsLine(byOperand: negated ? 2 : 1) else { return nil }
        let written = negated ? current.range.extended(to: peek().range) : current.range
        let meant: RuleOperator = negated ? .notEqual : .equal
        errorReadOnAsFixed(
            "use '\(meant.rawValue)' instead of '\(text(written))'", at: written,
            fixIts: [FixIt(range: written, replacement: meant.rawValue)])
        return (meant, negated ? 2 : 1)
    }

    /// `count === 3`: the third `=` of JavaScript's strict equality, after
    /// `==`. Reported once, removed by its fix, and skipped.
    @inline(never) mutating func skipThirdEqualsSign() {
        let third = advance().range
        errorReadOnAsFixed(
            "write '=='; '===' is not an operator, and '==' compares values of one type", at: third,
            fixIts: [FixIt(range: third, replacement: "")])
    }

    /// `not a`, at the `not`, with `!a` as its fix.
    @inline(never) mutating func reportNotAsBang() {
        let operand = text(peek())
        errorReadOnAsFixed(
            "use '!' instead of 'not', as in !\(operand)", at: current.range,
            fixIts: [FixIt(range: current.range.extended(to: peek().range), replacement: "!" + operand)])
    }
}
