// File-scope rules: source_file, declaration, and every declaration but tips.

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

    /// declaration = config_decl | enum_decl | parameter_decl | event_decl | tip_decl | group_decl ;
    mutating func parseDeclaration() -> Declaration? {
        let doc = docs[position]
        let token = current
        guard token.kind == .identifier else {
            if token.kind == .rightBrace {
                error("unexpected '}' outside any block", at: token.range)
            } else if !token.isMalformed {
                error(
                    "expected a declaration (config, enum, parameter, event, tip or group), found \(describe(token))",
                    at: token.range)
            }
            recoverAtFileScope()
            return nil
        }
        let result: Declaration?
        switch text(token) {
        case "config": result = parseConfigDecl().map(Declaration.config)
        case "enum": result = parseEnumDecl(doc: doc).map(Declaration.enumeration)
        case "parameter", "transient": result = parseParameterDecl(doc: doc).map(Declaration.parameter)
        case "event": result = parseEventDecl(doc: doc).map(Declaration.event)
        case "tip": result = parseTipDecl(doc: doc).map(Declaration.tip)
        case "group": result = parseGroupDecl(doc: doc).map(Declaration.group)
        default:
            let word = text(token)
            if let suggestion = SpellingSuggester.closest(to: word, among: Parser.declarationKeywords) {
                error("unknown declaration '\(word)'; did you mean '\(suggestion)'?", at: token.range)
            } else if Parser.tipItemKeywords.contains(word) {
                error("'\(word)' must be inside a tip's braces", at: token.range)
            } else {
                error(
                    "expected a declaration (config, enum, parameter, event, tip or group), found '\(SyntaxParser.clipped(word))'",
                    at: token.range)
            }
            recoverAtFileScope()
            return nil
        }
        return result
    }

    /// Consumes a name, or reports `message` and returns nil.
    mutating func expectIdentifier(_ message: String) -> Identifier? {
        guard current.kind == .identifier else {
            errorExpected(message)
            return nil
        }
        return identifier(advance())
    }

    /// Consumes a `{`, or reports `message` and returns nil.
    mutating func expectLeftBrace(_ message: String) -> Token? {
        guard current.kind == .leftBrace else {
            errorExpected(message)
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
            opening: opening, name: "the config block", itemKeywords: ["displayFrequency"]
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
        guard isWord(token, "displayFrequency") else {
            if token.kind == .identifier {
                let word = text(token)
                let hint = SpellingSuggester.closest(to: word, among: ["displayFrequency"]).map {
                    "; did you mean '\($0)'?"
                }
                error(
                    "unknown config item '\(SyntaxParser.clipped(word))'"
                        + (hint ?? "; the config block takes 'displayFrequency'"),
                    at: token.range)
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
        if at("every") {
            let every = advance()
            guard current.kind == .duration, case .duration(let amount, let unit) = current.value else {
                errorExpected(durationMessage(after: "'every'", example: "3d"))
                return nil
            }
            let literal = DurationLiteral(amount: amount, unit: unit, range: advance().range)
            return .every(literal, range: every.range.extended(to: literal.range))
        }
        guard current.kind == .identifier else {
            errorExpected(
                "expected a display frequency after 'displayFrequency': immediate, hourly, daily, weekly, monthly or every <duration>"
            )
            return nil
        }
        return .named(identifier(advance()))
    }

    /// The message for a missing duration, with a hint when a bare number was written.
    func durationMessage(after what: String, example: String) -> String {
        if current.kind == .integer {
            let number = SyntaxParser.clipped(text(current))
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
            if current.kind == .rightBrace {
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
            guard current.kind == .identifier else {
                errorExpected("expected a case name in enum '\(name.name)', found \(describe(current))")
                while !isAtEnd, current.kind != .rightBrace, current.kind != .comma, !atDeclarationStart { advance() }
                if current.kind == .comma { advance() }
                continue
            }
            cases.append(identifier(advance()))
            switch current.kind {
            case .comma, .newline, .semicolon:
                advance()
            case .rightBrace, .endOfFile:
                break
            default:
                error(
                    "expected ',' or '}' after the case '\(cases[cases.count - 1].name)', found \(describe(current))",
                    at: current.range)
                while !isAtEnd, current.kind != .rightBrace, current.kind != .comma, !atDeclarationStart { advance() }
                if current.kind == .comma { advance() }
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
        if at("transient") {
            transient = advance().range
            guard at("parameter") else {
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
        guard current.kind == .colon else {
            errorExpected("expected ':' and a type after parameter '\(name.name)', as in \(name.name): Bool")
            recoverAtFileScope()
            return nil
        }
        advance()
        guard let type = parseType() else {
            recoverAtFileScope()
            return nil
        }
        guard current.kind == .assign else {
            errorExpected("expected '=' and a default value after the type of parameter '\(name.name)'")
            recoverAtFileScope()
            return nil
        }
        let assign = advance()
        nesting = 0
        abandonsExpression = false
        guard let value = parseExpression(after: "'='") else {
            recoverAtFileScope()
            return nil
        }
        let decl = ParameterDecl(
            doc: doc, transient: transient, name: name, type: type, defaultValue: value,
            range: range(from: first.range))
        _ = assign
        expectDeclarationEnd("parameter '\(name.name)'")
        return decl
    }

    /// type = identifier ;
    mutating func parseType() -> TypeSyntax? {
        guard let name = expectIdentifier("expected a type after ':' (Bool, Int, Double, String or an enum)") else {
            return nil
        }
        return TypeSyntax(name: name)
    }

    // MARK: - event

    /// event_decl = "event" identifier [ "(" [ field_list ] ")" ] [ keep_clause ] ;
    mutating func parseEventDecl(doc: DocComment?) -> EventDecl? {
        let keyword = advance()
        guard let name = expectIdentifier("expected the event's name after 'event'") else {
            recoverAtFileScope()
            return nil
        }
        var fields: [FieldSyntax] = []
        if current.kind == .leftParen {
            let (list, complete) = parseFieldList(of: "event '\(name.name)'")
            fields = list
            guard complete else {
                // Keep the event with the fields read so far, so that its uses do not cascade.
                let decl = EventDecl(doc: doc, name: name, fields: fields, keep: nil, range: range(from: keyword.range))
                if !atDeclarationStart { recoverAtFileScope() }
                return decl
            }
        }
        var keep: KeepClause?
        if at("keep") {
            guard let clause = parseKeepClause() else {
                recoverAtFileScope()
                return nil
            }
            keep = clause
        }
        let decl = EventDecl(doc: doc, name: name, fields: fields, keep: keep, range: range(from: keyword.range))
        expectDeclarationEnd("event '\(name.name)'")
        return decl
    }

    /// keep_clause = "keep" ( integer [ "," duration ] | duration ) ;
    mutating func parseKeepClause() -> KeepClause? {
        let keyword = advance()
        var count: IntegerLiteral?
        var duration: DurationLiteral?
        if current.kind == .integer, case .integer(let value) = current.value {
            count = IntegerLiteral(value: value, range: advance().range)
            if current.kind == .comma {
                let comma = advance()
                guard let literal = parseDurationLiteral(after: "','", example: "30d") else { return nil }
                _ = comma
                duration = literal
            }
        } else if current.kind == .duration, case .duration(let amount, let unit) = current.value {
            duration = DurationLiteral(amount: amount, unit: unit, range: advance().range)
            if current.kind == .comma {
                error("the count comes first, as in 'keep 200, 30d'", at: current.range)
                return nil
            }
        } else {
            errorExpected("expected a count, a duration or both after 'keep', as in 'keep 200, 30d'")
            return nil
        }
        return KeepClause(count: count, duration: duration, range: range(from: keyword.range))
    }

    /// Consumes a duration literal, or reports what was expected.
    mutating func parseDurationLiteral(after what: String, example: String) -> DurationLiteral? {
        guard current.kind == .duration, case .duration(let amount, let unit) = current.value else {
            errorExpected(durationMessage(after: what, example: example))
            return nil
        }
        return DurationLiteral(amount: amount, unit: unit, range: advance().range)
    }

    /// field_list = "(" [ field { "," field } [ "," ] ] ")" ;  field = identifier ":" type ;
    /// Parses from the `(`; `owner` names the declaration in messages. Returns
    /// the fields read and whether the list was complete (else an error was reported).
    mutating func parseFieldList(of owner: String) -> (fields: [FieldSyntax], complete: Bool) {
        let opening = advance()
        var fields: [FieldSyntax] = []
        while current.kind != .rightParen {
            if isAtEnd || current.kind == .leftBrace || isOnLaterLine(current) {
                errorExpected(
                    "expected ')' to close the fields of \(owner)",
                    notes: [DiagnosticNote("'(' opened here", at: opening.range)])
                return (fields, false)
            }
            guard current.kind == .identifier else {
                errorExpected("expected a field name in \(owner), found \(describe(current))")
                return (fields, false)
            }
            let name = identifier(advance())
            guard current.kind == .colon else {
                errorExpected("expected ':' and a type after '\(name.name)', as in \(name.name): String")
                return (fields, false)
            }
            advance()
            guard let type = parseType() else { return (fields, false) }
            fields.append(FieldSyntax(name: name, type: type, range: name.range.extended(to: type.name.range)))
            if current.kind == .comma {
                advance()
            } else if current.kind != .rightParen, !isAtEnd, current.kind != .leftBrace, !isOnLaterLine(current) {
                errorExpected("expected ',' or ')' after field '\(name.name)', found \(describe(current))")
                return (fields, false)
            }
        }
        advance()
        return (fields, true)
    }

    // MARK: - group

    /// group_decl = "group" identifier [ "ordered" | "firstAvailable" ] "{" { identifier | separator } "}" ;
    mutating func parseGroupDecl(doc: DocComment?) -> GroupDecl? {
        let keyword = advance()
        guard let name = expectIdentifier("expected the group's name after 'group'") else {
            recoverAtFileScope()
            return nil
        }
        var priority: Identifier?
        if current.kind == .identifier {
            let word = identifier(advance())
            if word.name != "ordered", word.name != "firstAvailable" {
                let hint =
                    SpellingSuggester.closest(to: word.name, among: ["ordered", "firstAvailable"])
                    .map { "; did you mean '\($0)'?" } ?? "; use 'ordered' or 'firstAvailable'"
                error("unknown group order '\(word.name)'\(hint)", at: word.range)
            }
            priority = word
        }
        guard let opening = expectLeftBrace("expected '{' and the member tips after group '\(name.name)'") else {
            recoverAtFileScope()
            return nil
        }
        var members: [Identifier] = []
        var end = opening.range
        while true {
            skipSeparators()
            if current.kind == .rightBrace {
                end = advance().range
                break
            }
            if isAtEnd || atDeclarationStart {
                errorExpected(
                    "expected '}' to close group '\(name.name)'",
                    notes: [DiagnosticNote("'{' opened here", at: opening.range)])
                end = range(from: opening.range)
                break
            }
            switch current.kind {
            case .identifier:
                members.append(identifier(advance()))
            case .comma:
                error("group members are separated by spaces or new lines, not ','", at: advance().range)
            default:
                errorExpected("expected a tip name in group '\(name.name)', found \(describe(current))")
                advance()
            }
        }
        let decl = GroupDecl(
            doc: doc, name: name, priority: priority, members: members, range: keyword.range.extended(to: end))
        expectDeclarationEnd("group '\(name.name)'")
        return decl
    }
}
