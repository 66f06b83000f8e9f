// File-scope rules: source_file, declaration, config, enum and parameter declarations.

extension SyntaxParser {
    /// source_file = { separator } { declaration { separator } } ;
    mutating func parseSourceFile() -> SourceFileSyntax {
        var declarations: [Declaration] = []
        while true {
            skipSeparators()
            if isAtEnd { break }
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            }
        }
        return SourceFileSyntax(file: file.id, declarations: declarations)
    }

    /// declaration = config_decl | enum_decl | parameter_decl | event_decl | tip_decl | group_decl | scenario_decl ;
    mutating func parseDeclaration(doc written: DocComment? = nil) -> Declaration? {
        let doc = written ?? docBeforeCurrent()
        let token = current
        guard token.kind == .identifier else {
            if token.kind == .rightBrace {
                error("unexpected '}' outside any block", at: token.range)
            } else if token.kind == .minus, currentStartsLine {
                error(SyntaxParser.lineStartingWithMinusMessage, at: token.range)
            } else if !token.isMalformed {
                error(
                    "expected a declaration (config, enum, parameter, event, tip or group), found \(describe(token))",
                    at: token.range)
            }
            recoverAtFileScope()
            return nil
        }
        let result: Declaration?
        switch token.keyword {
        case .config: result = parseConfigDecl().map(Declaration.config)
        case .enum: result = parseEnumDecl(doc: doc).map(Declaration.enumeration)
        case .transient where peek().keyword?.startsDeclaration == true && peek().keyword != .parameter:
            // `transient event e`: only parameters are transient; read the declaration without it.
            error("only a parameter can be 'transient'; remove 'transient' before '\(text(peek()))'", at: token.range)
            advance()
            return parseDeclaration(doc: doc)
        case .parameter, .transient: result = parseParameterDecl(doc: doc).map(Declaration.parameter)
        case .event: result = parseEventDecl(doc: doc).map(Declaration.event)
        case .tip: result = parseTipDecl(doc: doc).map(Declaration.tip)
        case .group: result = parseGroupDecl(doc: doc).map(Declaration.group)
        case .scenario: result = parseScenarioDecl().map(Declaration.scenario)
        default:
            let word = text(token)
            if let suggestion = SpellingSuggester.closest(to: word, among: Parser.declarationKeywords) {
                error("unknown declaration '\(word)'", at: token.range, suggesting: .didYouMean(suggestion))
                if let declaration = parseMisspelledDeclaration(as: suggestion, doc: doc) { return declaration }
            } else if Parser.tipItemKeywords.contains(word) {
                error("'\(word)' must be inside a tip's braces", at: token.range)
            } else {
                error(
                    "expected a declaration (config, enum, parameter, event, tip or group), found '\(word)'",
                    at: token.range)
            }
            recoverAtFileScope()
            return nil
        }
        return result
    }

    /// `paramter x: Bool = false`: the declaration read as the suggested
    /// keyword, when it parses as one without another error, so that its
    /// uses are not then unknown names. Nil (nothing consumed) otherwise.
    mutating func parseMisspelledDeclaration(as suggestion: String, doc: DocComment?) -> Declaration? {
        guard let keyword = Keyword(rawValue: suggestion), keyword != .transient, peek().kind == .identifier
        else { return nil }
        var trial = self
        let reportsBefore = trial.diagnostics.reportCount
        let declaration: Declaration?
        switch keyword {
        case .config: declaration = nil
        case .enum: declaration = trial.parseEnumDecl(doc: doc).map(Declaration.enumeration)
        case .parameter: declaration = trial.parseParameterDecl(doc: doc).map(Declaration.parameter)
        case .event: declaration = trial.parseEventDecl(doc: doc).map(Declaration.event)
        case .tip: declaration = trial.parseTipDecl(doc: doc).map(Declaration.tip)
        case .group: declaration = trial.parseGroupDecl(doc: doc).map(Declaration.group)
        default: declaration = nil
        }
        guard let declaration, trial.diagnostics.reportCount == reportsBefore else { return nil }
        self = trial
        return declaration
    }

    /// Consumes a name, or reports `message` and returns nil.
    mutating func expectIdentifier(_ message: @autoclosure () -> String) -> Identifier? {
        guard currentKind == .identifier else {
            errorExpected(message())
            return nil
        }
        return advanceIdentifier()
    }

    /// Consumes a `{`, or reports `message` and returns nil.
    mutating func expectLeftBrace(_ message: @autoclosure () -> String) -> Token? {
        guard currentKind == .leftBrace else {
            errorExpected(message())
            return nil
        }
        return advance()
    }

    // MARK: - config

    /// config_decl = "config" "{" { config_item separator } "}" ;
    mutating func parseConfigDecl() -> ConfigDecl? {
        let keyword = advance()
        guard let opening = expectLeftBrace("expected '{' after 'config'") else {
            recoverAtFileScope()
            return nil
        }
        var items: [ConfigItem] = []
        let end = parseBlockItems(
            opening: opening, name: "the config block", itemKeywords: [.displayFrequency]
        ) { parser in
            guard let item = parser.parseConfigItem() else { return false }
            items.append(item)
            return true
        }
        let decl = ConfigDecl(keyword: keyword.range, items: items, range: keyword.range.extended(to: end))
        expectDeclarationEnd("the config block")
        return decl
    }

    /// config_item = "displayFrequency" display_frequency ;
    mutating func parseConfigItem() -> ConfigItem? {
        let token = current
        guard token.keyword == .displayFrequency else {
            if token.kind == .identifier {
                let word = text(token)
                error(
                    "unknown config item '\(word)'", at: token.range,
                    suggesting: .closest(
                        to: word, in: ["displayFrequency"], otherwise: "the config block takes 'displayFrequency'"))
            } else {
                error("expected a config item such as 'displayFrequency', found \(describe(token))", at: token.range)
            }
            return nil
        }
        advance()
        guard let frequency = parseDisplayFrequency() else { return nil }
        return .displayFrequency(frequency, keyword: token.range, range: range(from: token.range))
    }

    /// display_frequency = "every" duration | identifier ;
    mutating func parseDisplayFrequency() -> DisplayFrequencySyntax? {
        if at(.every) {
            let every = advance()
            if let spaced = parseSpacedDuration() {
                return .every(spaced, range: every.range.extended(to: spaced.range))
            }
            guard currentKind == .duration, case .duration(let amount, let unit) = current.value else {
                errorExpected(durationMessage(after: "'every'", example: "3d"))
                return nil
            }
            let literal = DurationLiteral(amount: amount, unit: unit, range: advance().range)
            return .every(literal, range: every.range.extended(to: literal.range))
        }
        guard currentKind == .identifier else {
            errorExpected(
                "expected a display frequency after 'displayFrequency': immediate, hourly, daily, weekly, monthly or every <duration>"
            )
            return nil
        }
        return .named(advanceIdentifier())
    }

    /// The message for a missing duration, with a hint when a bare number was written.
    func durationMessage(after what: String, example: String) -> String {
        if currentKind == .integer {
            let number = text(current)
            return "expected a duration after \(what); add a unit to '\(number)': s, m, h, d or w"
        }
        return "expected a duration such as \(example) after \(what)"
    }

    // MARK: - enum

    /// enum_decl = "enum" identifier "{" [ identifier { case_separator identifier } [ case_separator ] ] "}" ;
    mutating func parseEnumDecl(doc: DocComment?) -> EnumDecl? {
        let keyword = advance()
        guard let name = expectIdentifier("expected the enum's name after 'enum'") else {
            recoverAtFileScope()
            return nil
        }
        guard let opening = expectLeftBrace("expected '{' and the cases after enum '\(name.name)'") else {
            recoverAtFileScope()
            return nil
        }
        var cases: [Identifier] = []
        var end = opening.range
        while true {
            skipSeparators()
            if currentKind == .rightBrace {
                end = advance().range
                break
            }
            if isAtEnd || (atDeclarationStart && !cases.isEmpty) {
                errorExpected(
                    "expected '}' to close enum '\(name.name)'",
                    notes: [DiagnosticNote("'{' opened here", at: opening.range)])
                end = range(from: opening.range)
                break
            }
            guard currentKind == .identifier else {
                errorExpected("expected a case name in enum '\(name.name)', found \(describe(current))")
                while !isAtEnd, currentKind != .rightBrace, currentKind != .comma, !atDeclarationStart { advance() }
                if currentKind == .comma { advance() }
                continue
            }
            cases.append(advanceIdentifier())
            switch currentKind {
            case .comma, .newline, .semicolon:
                advance()
            case .rightBrace, .endOfFile:
                break
            default:
                error(
                    "expected ',' or '}' after the case '\(cases[cases.count - 1].name)', found \(describe(current))",
                    at: current.range)
                while !isAtEnd, currentKind != .rightBrace, currentKind != .comma, !atDeclarationStart { advance() }
                if currentKind == .comma { advance() }
            }
        }
        let decl = EnumDecl(doc: doc, name: name, cases: cases, range: keyword.range.extended(to: end))
        expectDeclarationEnd("enum '\(name.name)'")
        return decl
    }

    // MARK: - parameter

    /// parameter_decl = [ "transient" ] "parameter" identifier ":" type "=" expression ;
    mutating func parseParameterDecl(doc: DocComment?) -> ParameterDecl? {
        let first = current
        var transient: SourceRange?
        if at(.transient) {
            transient = advance().range
            guard at(.parameter) else {
                errorExpected("expected 'parameter' after 'transient'")
                recoverAtFileScope()
                return nil
            }
        }
        advance()
        guard let name = expectIdentifier("expected the parameter's name after 'parameter'") else {
            recoverAtFileScope()
            return nil
        }
        let type: TypeSyntax
        if currentKind == .colon {
            advance()
            guard let written = parseType() else {
                recoverAtFileScope()
                return nil
            }
            type = written
        } else if currentKind == .assign {
            // `parameter x = false`: the type is missing; read on, with the
            // type the default suggests, so that uses do not cascade.
            let literal = Self.typeName(ofLiteral: peek(), keyword: peek().keyword)
            let value = text(peek())
            let example =
                literal.map { "write \(name.name): \($0) = \(value)" }
                ?? "write it after a ':', as in \(name.name): Bool (Bool, Int, Double, String or an enum)"
            error("parameter '\(name.name)' needs a type: \(example)", at: current.range)
            type = TypeSyntax(name: Identifier(literal ?? "", range: name.range))
        } else {
            errorExpected("expected ':' and a type after parameter '\(name.name)', as in \(name.name): Bool")
            if !atDeclarationStart, !isAtEnd { recoverAtFileScope() }
            // Kept without a type, so that its uses do not cascade into "unknown name" errors.
            return ParameterDecl(
                doc: doc, transient: transient, name: name, type: TypeSyntax(name: Identifier("", range: name.range)),
                defaultValue: nil, range: range(from: first.range))
        }
        // From here on the parameter is kept even after an error, without a
        // default, so that its uses do not cascade into "unknown name" errors.
        var value: Expr?
        if currentKind == .assign {
            advance()
            nesting = 0
            abandonsExpression = false
            value = parseExpression(after: "'='")
        } else {
            errorExpected("expected '=' and a default value after the type of parameter '\(name.name)'")
        }
        let decl = ParameterDecl(
            doc: doc, transient: transient, name: name, type: type, defaultValue: value,
            range: range(from: first.range))
        if value == nil {
            if !atDeclarationStart, !isAtEnd { recoverAtFileScope() }
        } else {
            expectDeclarationEnd("parameter '\(name.name)'")
        }
        return decl
    }

    /// The type a default literal suggests (`false` → Bool), or nil.
    static func typeName(ofLiteral token: Token, keyword: Keyword?) -> String? {
        switch token.kind {
        case .integer: "Int"
        case .decimal: "Double"
        case .string: "String"
        case .identifier where keyword == .true || keyword == .false: "Bool"
        default: nil
        }
    }

    /// type = identifier ;
    mutating func parseType() -> TypeSyntax? {
        guard let name = expectIdentifier("expected a type after ':' (Bool, Int, Double, String or an enum)") else {
            return nil
        }
        return TypeSyntax(name: name)
    }
}
