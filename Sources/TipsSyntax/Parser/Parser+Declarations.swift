// File-scope rules: source_file, declaration, config, enum and parameter declarations.

extension SyntaxParser {
    /// source_file = { separator } { declaration { separator } } ;
    mutating func parseSourceFile() -> SourceFileSyntax {
        var declarations: [Declaration] = []
        // Room for a declaration per 256 bytes (200 bytes each), so that a
        // large file's list is not copied at each doubling as it grows;
        // pages reserved and never written are never touched. The benchmark's 10,000 tips take about 190 bytes a
        // declaration, so their list still doubles once: reserving for
        // every one (a declaration per 128 bytes) saves 0.11 M of 2.98 M
        // misses of a 2 MB cache and 0.44 M instructions in Compilation.run
        // (callgrind --cache-sim=yes --LL=2097152,16,64) but no CPU time
        // that can be measured, and no page fault (docs/Performance.md).
        declarations.reserveCapacity(file.bytes.count / 256)
        while true {
            skipSeparators()
            if isAtEnd { break }
            if let declaration = parseDeclaration() {
                declarations.append(declaration)
            }
            if !pastedDeclarations.isEmpty {
                declarations += pastedDeclarations
                pastedDeclarations.removeAll()
            }
        }
        var syntax = SourceFileSyntax(file: file.id, declarations: declarations)
        syntax.cutShortItems = cutShortItems
        return syntax
    }

    /// declaration = config_decl | enum_decl | parameter_decl | event_decl | tip_decl | group_decl | scenario_decl ;
    mutating func parseDeclaration(doc written: DocComment? = nil) -> Declaration? {
        var doc = written
        if written == nil { doc = takeCurrentDoc() }
        let token = current
        declarationStart = doc?.range.start ?? token.range.start
        if let keyword = token.keyword, keyword.startsDeclaration {
            if keyword == .transient, !isPastedTipKit(token), let next = peek().keyword, next.startsDeclaration,
                next != .parameter
            {
                // `transient event e`: only parameters are transient; read the declaration without it.
                let next = text(peek())
                error("only a parameter can be 'transient'; remove 'transient' before '\(next)'", at: token.range)
                advance()
                return parseDeclaration(doc: doc)
            }
            // Moved into the declaration, which keeps it: a copy retains its lines.
            return parseDeclaration(keyword, doc: consume doc)
        }
        if token.kind == .identifier, let event = parseTipKitEvent(doc: doc) {
            return .event(event)
        }
        if token.kind == .identifier, reportAppSwift() { return nil }
        if token.kind == .identifier,
            let suggestion = reportMisspelling(
                "declaration", text(token), at: token.range, among: Parser.declarationKeywords)
        {
            // `paramter x: Bool = false`: read as the suggestion when that parses without another error,
            // so that its uses are not then unknown names.
            if let keyword = Keyword(rawValue: suggestion), keyword != .transient, peek().kind == .identifier,
                let declaration = parseIfClean({ $0.parseDeclaration(keyword, doc: doc) })
            {
                return declaration
            }
        } else if let keyword = missingDeclarationKeyword() {
            if let declaration = parseWithoutKeyword(keyword, doc: doc) { return declaration }
        } else if token.kind == .rightBrace {
            error("unexpected '}' outside any block", at: token.range)
        } else if token.kind == .minus, currentStartsLine {
            error(SyntaxParser.lineStartingWithMinusMessage, at: token.range)
        } else if token.keyword?.startsTipItem == true {
            let item = text(token)
            error("'\(item)' must be inside a tip's braces", at: token.range)
        } else if !token.isMalformed {
            let found = describe(token)
            error(
                "expected a declaration (config, enum, parameter, event, tip or group), found \(found)",
                at: token.range)
        }
        recoverAtFileScope()
        return nil
    }

    /// The declaration that `keyword` starts, from the current token (that keyword, or a misspelling of it).
    @inline(__always)
    mutating func parseDeclaration(_ keyword: Keyword, doc: consuming DocComment?) -> Declaration? {
        switch keyword {
        case .config: parseConfigDecl().map(Declaration.config)
        case .enum: parseEnumDecl(doc: doc).map(Declaration.enumeration)
        case .parameter, .transient: parseParameterDecl(doc: doc).map(Declaration.parameter)
        case .event: parseEventDecl(doc: doc).map(Declaration.event)
        case .tip: parseTipDecl(doc: doc).map(Declaration.tip)
        case .group: parseGroupDecl(doc: doc).map(Declaration.group)
        case .scenario: parseScenarioDecl().map(Declaration.scenario)
        default: nil
        }
    }

    /// Runs `parse` on a copy of the parser, and keeps the copy and its
    /// result only when it parsed without a syntax error.
    mutating func parseIfClean<T>(_ parse: (inout SyntaxParser) -> T?) -> T? {
        var trial = self
        guard case (let result?, failed: false) = trial.parsing(parse) else { return nil }
        self = trial
        return result
    }

    /// Consumes the keyword that starts a declaration and the name after it;
    /// when the name is missing, reports so and recovers at file scope.
    @inline(__always)
    mutating func parseDeclarationName(_ keyword: Keyword) -> (keyword: Token, name: Identifier)? {
        let token = advance()
        if currentKind == .dot, peek().kind == .identifier, !current.followsLineBreak {
            reportAppCall(on: token)
            return nil
        }
        guard let name = expectIdentifier("expected the \(keyword.rawValue)'s name after '\(keyword.rawValue)'") else {
            recoverAtFileScope()
            return nil
        }
        return (token, name)
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

    /// Consumes the `{` that opens a declaration's block, or reports
    /// `message`, recovers at file scope and returns nil. When the `{` is
    /// missing at the end of the line and the next line starts an item of
    /// the block (`startsItem`), `message` is reported and the block is read
    /// as if the `{` were there: the token returned opens it, at no width.
    mutating func expectDeclarationBlock(
        _ message: @autoclosure () -> String, startsItem: ((Token) -> Bool)? = nil
    ) -> Token? {
        if currentKind != .leftBrace, let startsItem, nextLineStarts(startsItem) {
            errorExpected(message())
            return missingOpeningBrace()
        }
        guard let opening = expectLeftBrace(message()) else {
            recoverAtFileScope()
            return nil
        }
        return opening
    }

    /// Whether the current line has ended and the next starts with a word
    /// `startsItem` accepts, which no declaration starts.
    func blockItemStartsNextLine(_ startsItem: @escaping (Keyword) -> Bool) -> Bool {
        nextLineStarts(Self.starting(startsItem))
    }

    /// Whether the current line has ended and the next starts with a token `accepts` accepts.
    func nextLineStarts(_ accepts: (Token) -> Bool) -> Bool {
        guard currentKind == .newline || currentIsOnLaterLine else { return false }
        return accepts(currentKind == .newline ? peek() : current)
    }

    /// Whether a token is a word `startsItem` accepts, which no declaration starts.
    static func starting(_ startsItem: @escaping (Keyword) -> Bool) -> (Token) -> Bool {
        { token in token.keyword.map { startsItem($0) && !$0.startsDeclaration } ?? false }
    }

    /// A `{` of no width after the last token read, where a block's `{` is missing.
    func missingOpeningBrace() -> Token {
        let end = previous?.range.end ?? current.range.start
        return Token(kind: .leftBrace, range: SourceRange(file: file.id, start: end, end: end))
    }

    // MARK: - config

    /// config_decl = "config" "{" { config_item separator } "}" ;
    mutating func parseConfigDecl() -> ConfigDecl? {
        let keyword = advance()
        guard
            let opening = expectDeclarationBlock(
                "expected '{' after 'config'", startsItem: Self.starting(\.startsConfigItem))
        else {
            return nil
        }
        let (items, end, _) = parseBlockItems(
            opening: opening, name: "the config block", startsItem: \.startsConfigItem
        ) { $0.parseConfigItem() }
        let decl = ConfigDecl(keyword: keyword.range, items: items, range: keyword.range.extended(to: end))
        expectDeclarationEnd("the config block")
        return decl
    }

    /// config_item = "displayFrequency" display_frequency | "sourceLanguage" string
    ///             | "sessionLimit" integer | "oneAtATime" ;
    mutating func parseConfigItem() -> ConfigItem? {
        let token = current
        switch token.keyword {
        case .displayFrequency?:
            advance()
            guard let frequency = parseDisplayFrequency() else { return nil }
            return .displayFrequency(frequency, keyword: token.range, range: range(from: token.range))
        case .sourceLanguage?:
            advance()
            guard let language = parseLanguageCode() else { return nil }
            return .sourceLanguage(language, keyword: token.range, range: range(from: token.range))
        case .sessionLimit?:
            advance()
            guard let limit = takeInteger() else {
                errorExpected("expected a whole number after 'sessionLimit', as in sessionLimit 3")
                return nil
            }
            return .sessionLimit(limit, keyword: token.range, range: range(from: token.range))
        case .oneAtATime?:
            advance()
            return .oneAtATime(keyword: token.range, range: token.range)
        default:
            if token.kind == .identifier, text(token) == "datastoreLocation" {
                // TipKit's `.datastoreLocation(...)` is the app's, chosen where it configures tips.
                error(
                    "the datastore's location is the app's to choose, where it calls "
                        + "Tips.configure([.datastoreLocation(...)])", at: token.range)
            } else if token.kind == .identifier {
                let word = text(token)
                let items = Keyword.allCases.filter(\.startsConfigItem).map(\.rawValue)
                if reportMisspelling("config item", word, at: token.range, among: items) == nil {
                    error(
                        "unknown config item '\(word)'; the config block takes 'displayFrequency', 'sourceLanguage', "
                            + "'sessionLimit' and 'oneAtATime'",
                        at: token.range)
                }
            } else {
                let found = describe(token)
                error("expected a config item such as 'displayFrequency', found \(found)", at: token.range)
            }
            return nil
        }
    }

    /// The string after `sourceLanguage`; a bare name (`sourceLanguage en`)
    /// is reported once and read as if it were quoted.
    mutating func parseLanguageCode() -> StringLiteral? {
        if currentKind == .identifier, !current.isMalformed {
            let name = advanceIdentifier()
            error(
                "put the language in straight quotes: sourceLanguage \"\(name.name)\"", at: name.range,
                fixIts: [FixIt(range: name.range, replacement: "\"\(name.name)\"")])
            return StringLiteral(segments: [.text(name.name)], range: name.range)
        }
        return expectString("expected the language after 'sourceLanguage', as in sourceLanguage \"en\"")
    }

    /// display_frequency = "every" duration | identifier ;
    mutating func parseDisplayFrequency() -> DisplayFrequencySyntax? {
        if at(.every) {
            let every = advance()
            guard let literal = parseDurationLiteral(after: "'every'", example: "3d") else { return nil }
            return .every(literal, range: every.range.extended(to: literal.range))
        }
        if let frequency = takeTipKitFrequency() { return frequency }
        guard currentKind == .identifier else {
            errorExpected(
                "expected a display frequency after 'displayFrequency': immediate, hourly, daily, weekly, monthly or every <duration>"
            )
            return nil
        }
        return .named(advanceIdentifier())
    }

    // MARK: - enum

    /// enum_decl = "enum" identifier "{" [ enum_case { case_separator enum_case } [ case_separator ] ] "}" ;
    mutating func parseEnumDecl(doc: consuming DocComment?) -> EnumDecl? {
        guard let (keyword, name) = parseDeclarationName(.enum) else { return nil }
        skipEnumRawType(of: name)
        guard let opening = expectDeclarationBlock("expected '{' and the cases after enum '\(name.name)'") else {
            return nil
        }
        var cases: [Identifier] = []
        var renames: [RenamedFromSyntax?] = []
        var caseKeywords = SwiftCaseKeywords()
        // A line that starts a declaration (`parameter x: Bool = false`) ends
        // an enum whose `}` is missing, before its first case too: no case
        // line reads as a declaration, which needs a name after its keyword
        // on the same line.
        let end = parseBraced(opening: opening, name: "enum '\(name.name)'") {
            $0.parseEnumCase(into: &cases, renames: &renames, of: name, caseKeywords: &caseKeywords)
        }
        caseKeywords.report(in: name, to: &self)
        var decl = EnumDecl(doc: doc, name: name, cases: cases, range: keyword.range.extended(to: end))
        decl.casesCutShort = previous?.kind != .rightBrace
        if renames.contains(where: { $0 != nil }) { decl.caseRenames = renames }
        expectDeclarationEnd("enum '\(name.name)'")
        return decl
    }

    /// One case of enum `name` and the separator after it, or an error and the skip to the next case.
    private mutating func parseEnumCase(
        into cases: inout [Identifier], renames: inout [RenamedFromSyntax?], of name: Identifier,
        caseKeywords: inout SwiftCaseKeywords
    ) {
        guard currentKind == .identifier else {
            errorExpected("expected a case name in enum '\(name.name)', found \(describe(current))")
            skipToNextCase()
            return
        }
        caseKeywords.skip(in: &self)
        let item = advanceIdentifier()
        cases.append(item)
        renames.append(parseCaseRenamedFrom(item))
        switch currentKind {
        case .comma, .newline, .semicolon:
            advance()
        case .rightBrace, .endOfFile:
            break
        default:
            let found = describe(current)
            error("expected ',' or '}' after the case '\(item.name)', found \(found)", at: current.range)
            skipToNextCase()
        }
    }

    /// After a mistake in an enum's cases: skips past the next `,`, or to the `}` or the next declaration.
    private mutating func skipToNextCase() {
        while !isAtEnd, currentKind != .rightBrace, currentKind != .comma, !atDeclarationStart { advance() }
        if currentKind == .comma { advance() }
    }

    // MARK: - parameter

    /// Consumes the `transient` before `parameter`: its range, `.some(nil)`
    /// without one, and nil (reported, recovered at file scope) when
    /// `parameter` does not follow it. TipKit's `@Parameter(.transient)
    /// static var`, reported by the lexer and read as `transient`, stands
    /// for both words: it is left for ``parseDeclarationName(_:)`` to take.
    private mutating func parseTransient() -> SourceRange?? {
        guard at(.transient) else { return .some(nil) }
        if isPastedTipKit(current) { return current.range }
        let transient = advance().range
        if currentKind == .identifier, current.keyword == nil, peek().kind == .colon, !currentIsOnLaterLine {
            // `transient isEditing: Bool = false`: read with the `parameter` it lacks.
            let name = current.range
            let place = SourceRange(file: name.file, start: name.start, end: name.start)
            error(
                "expected 'parameter' after 'transient'", at: name,
                fixIts: [FixIt(range: place, replacement: "parameter ")])
            insertBeforeCurrent(Token(kind: .identifier, range: place, keyword: .parameter))
        }
        guard at(.parameter) else {
            errorExpected("expected 'parameter' after 'transient'")
            recoverAtFileScope()
            return nil
        }
        return transient
    }

    /// parameter_decl = [ "transient" ] "parameter" identifier ":" type "=" expression [ renamed_from ] ;
    mutating func parseParameterDecl(doc: consuming DocComment?) -> ParameterDecl? {
        let first = current
        guard let transient = parseTransient(), let (_, name) = parseDeclarationName(.parameter) else { return nil }
        let type: TypeSyntax
        if currentKind == .colon {
            advance()
            guard let written = parseType() else {
                return untypedParameter(doc: doc, transient: transient, name: name, from: first)
            }
            type = written
        } else if currentKind == .assign {
            type = missingType(of: name)
        } else {
            errorExpected("expected ':' and a type after parameter '\(name.name)', as in \(name.name): Bool")
            return untypedParameter(doc: doc, transient: transient, name: name, from: first)
        }
        // From here on the parameter is kept even after an error, without a
        // default, so that its uses do not cascade into "unknown name" errors.
        var value: Expr?
        if currentKind == .assign {
            advance()
            nesting = 0
            abandonsExpression = false
            value = parseExpression(after: "'='")
            if let written = value, isOptionalDefaultingToNil(written, after: type) { value = nil }
        } else {
            errorExpected("expected '=' and a default value after the type of parameter '\(name.name)'")
        }
        var renamedFrom: RenamedFromSyntax?
        if value != nil, at(.renamedFrom) {
            renamedFrom = parseRenamedFrom(allowsID: false, owner: "parameter '\(name.name)'")
            if renamedFrom == nil { value = nil }
        }
        let decl = ParameterDecl(
            doc: doc, transient: transient, name: name, type: type, defaultValue: value,
            range: range(from: first.range), renamedFrom: renamedFrom)
        if value == nil {
            if !atDeclarationStart, !isAtEnd { recoverAtFileScope() }
        } else {
            expectDeclarationEnd("parameter '\(name.name)'")
        }
        return decl
    }

    /// A parameter whose type is missing or unreadable (reported): kept
    /// without a type or a default, so that its uses do not cascade into
    /// "unknown name" errors.
    private mutating func untypedParameter(
        doc: consuming DocComment?, transient: SourceRange?, name: Identifier, from first: Token
    ) -> ParameterDecl {
        if !atDeclarationStart, !isAtEnd { recoverAtFileScope() }
        return ParameterDecl(
            doc: doc, transient: transient, name: name, type: TypeSyntax(name: Identifier("", range: name.range)),
            defaultValue: nil, range: range(from: first.range))
    }

    /// `parameter x = false`: the type is missing; reported, and read on with
    /// the type the default suggests, so that uses do not cascade.
    mutating func missingType(of name: Identifier) -> TypeSyntax {
        let literal = Self.typeName(ofLiteral: peek(), keyword: peek().keyword)
        let value = text(peek())
        let example =
            literal.map { "write \(name.name): \($0) = \(value)" }
            ?? "write it after a ':', as in \(name.name): Bool (Bool, Int, Double, String or an enum)"
        error("parameter '\(name.name)' needs a type: \(example)", at: current.range)
        return TypeSyntax(name: Identifier(literal ?? "", range: name.range))
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

    /// Whether `value` is the `nil` of `x: String? = nil`, which the lexer
    /// reported with the `?` (``Lexer/reportOptionalDefaultingToNil(type:at:)``).
    func isOptionalDefaultingToNil(_ value: Expr, after type: TypeSyntax) -> Bool {
        guard case .name(let name) = value, Lexer.absentValueWords.contains(name.name) else { return false }
        let end = Int(type.name.range.end)
        return end < file.bytes.count && file.bytes[end] == UInt8(ascii: "?")
    }

    /// type = identifier ;
    mutating func parseType() -> TypeSyntax? {
        // A type is on the line of its ':'; a word on a later line starts the next item or declaration.
        guard currentKind == .identifier, !currentIsOnLaterLine else {
            errorExpected("expected a type after ':' (Bool, Int, Double, String or an enum)")
            return nil
        }
        return TypeSyntax(name: advanceIdentifier())
    }
}
