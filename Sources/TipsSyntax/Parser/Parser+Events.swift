// Events: event_decl, keep_clause, and the field lists shared with tips.

extension SyntaxParser {
    /// event_decl = "event" identifier [ "(" [ field_list ] ")" ] [ keep_clause ] [ renamed_from ] ;
    mutating func parseEventDecl(doc: consuming DocComment?) -> EventDecl? {
        guard let (keyword, name) = parseDeclarationName(.event) else { return nil }
        var fields: [FieldSyntax] = []
        var complete = true
        if currentKind == .leftParen { (fields, complete) = parseFieldList(of: "event '\(name.name)'") }
        let fieldsComplete = complete
        if currentKind == .colon { skipEventPayloadType(of: name) }
        var keep: KeepClause?
        if complete, at(.keep) {
            keep = parseKeepClause()
            complete = keep != nil
        }
        var renamedFrom: RenamedFromSyntax?
        if complete, at(.renamedFrom) {
            renamedFrom = parseRenamedFrom(allowsID: false, owner: "event '\(name.name)'")
            complete = renamedFrom != nil
        }
        // After an error the event is kept with what was read, so that its uses do not cascade.
        var decl = EventDecl(
            doc: doc, name: name, fields: fields, keep: keep, range: range(from: keyword.range),
            renamedFrom: renamedFrom)
        decl.fieldsCutShort = !fieldsComplete
        if complete {
            expectDeclarationEnd("event '\(name.name)'")
        } else if !atDeclarationStart {
            recoverAtFileScope()
        }
        return decl
    }

    /// keep_clause = "keep" ( integer [ "," duration ] | duration ) ;
    mutating func parseKeepClause() -> KeepClause? {
        let keyword = advance()
        var count: IntegerLiteral?
        var duration: DurationLiteral?
        if let spaced = parseSpacedDuration() {
            duration = spaced
        } else if let integer = takeInteger() {
            count = integer
            if currentKind == .comma {
                advance()
                guard let literal = parseDurationLiteral(after: "','", example: "30d") else { return nil }
                duration = literal
            } else if let literal = takeDuration() {
                // `keep 500 30d`: reported once, then read as `keep 500, 30d`.
                let written = text(literal.range)
                error(
                    "separate the count and the duration with ',', as in keep \(integer.value), \(written)",
                    at: literal.range)
                duration = literal
            }
        } else if let literal = takeDuration() {
            duration = literal
            if currentKind == .comma {
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
        guard let literal = parseSpacedDuration() ?? takeDuration() else {
            errorExpected(durationMessage(after: what, example: example))
            return nil
        }
        return literal
    }

    /// Consumes the current token when it is a whole number (a malformed one
    /// has no value), or `-` and the whole number written right after it: a
    /// count is never negative, and the checker then says what range it takes
    /// (`'maxDisplayCount' must be at least 1, but this is -1`) where "expected
    /// a whole number" would call `-1` no number at all.
    mutating func takeInteger() -> IntegerLiteral? {
        if case .integer(let value) = current.value { return IntegerLiteral(value: value, range: advance().range) }
        let number = peek()
        guard currentKind == .minus, case .integer(let value) = number.value, number.range.start == current.range.end
        else { return nil }
        let minus = advance().range
        return IntegerLiteral(value: -value, range: minus.extended(to: advance().range))
    }

    /// Consumes the current token when it is a duration (a malformed one has no value).
    mutating func takeDuration() -> DurationLiteral? {
        guard case .duration(let amount, let unit) = current.value else { return nil }
        return DurationLiteral(amount: amount, unit: unit, range: advance().range)
    }

    /// The message for a missing duration, with a hint when a bare number was written.
    func durationMessage(after what: String, example: String) -> String {
        if currentKind == .integer {
            let number = text(current)
            return "expected a duration after \(what); add a unit to '\(number)': s, m, h, d or w"
        }
        return "expected a duration such as \(example) after \(what)"
    }

    /// field_list = "(" [ field { "," field } [ "," ] ] ")" ;  field = identifier ":" type ;
    /// Parses from the `(`; `owner` names the declaration in messages. Returns
    /// the fields read and whether the list was complete (else an error was
    /// reported, and its `(` is closed where the list stopped).
    mutating func parseFieldList(of owner: @autoclosure () -> String) -> (fields: [FieldSyntax], complete: Bool) {
        let list = parseFields(of: owner())
        if !list.complete { closeParenthesisAtError() }
        return list
    }

    private mutating func parseFields(of owner: @autoclosure () -> String) -> (fields: [FieldSyntax], complete: Bool) {
        let opening = advance()
        // Room for the usual one to four fields at once, instead of growing through 1, 2 and 4.
        var fields: [FieldSyntax] = []
        fields.reserveCapacity(4)
        while currentKind != .rightParen {
            if isAtEnd || currentKind == .leftBrace || currentIsOnLaterLine {
                errorExpected(
                    "expected ')' to close the fields of \(owner())",
                    notes: [DiagnosticNote("'(' opened here", at: opening.range)])
                return (fields, false)
            }
            guard currentKind == .identifier else {
                errorExpected("expected a field name in \(owner()), found \(describe(current))")
                return (fields, false)
            }
            let name = advanceIdentifier()
            guard currentKind == .colon else {
                reportFieldWithoutName(name)
                fields.append(Self.untypedField(name))
                return (fields, false)
            }
            advance()
            guard let type = parseType() else {
                fields.append(Self.untypedField(name))
                return (fields, false)
            }
            // Name and type moved into the field (copies retain their names); the
            // message below reads the name from the field just added.
            let range = name.range.extended(to: type.name.range)
            fields.append(FieldSyntax(name: consume name, type: consume type, range: range))
            // The owner named only for the message: its name is spelled into a string.
            if currentKind == .assign { skipFieldDefault(of: owner()) }
            if currentKind == .comma {
                advance()
            } else if currentKind != .rightParen, !isAtEnd, currentKind != .leftBrace, !currentIsOnLaterLine {
                let field = fields[fields.count - 1].name.name
                errorExpected("expected ',' or ')' after field '\(field)', found \(describe(current))")
                return (fields, false)
            }
        }
        advance()
        return (fields, true)
    }

    /// A field whose type is missing (reported): kept without one, so that
    /// a rule that reads it is not told the event has no such field.
    private static func untypedField(_ name: Identifier) -> FieldSyntax {
        FieldSyntax(name: name, type: TypeSyntax(name: Identifier("", range: name.range)), range: name.range)
    }

    /// `event opened(count: Int = 0)`: a field (or a tip's argument) given
    /// a default, as Swift gives a parameter one. Each donation (each
    /// instance) gives the value, so there is none: reported once, removed
    /// by the fix, and skipped up to the next `,` or `)` on the line.
    private mutating func skipFieldDefault(of owner: String) {
        let typeEnd = previous?.range.end ?? current.range.start
        var written = current.range
        while !isAtEnd, currentKind != .comma, currentKind != .rightParen, !currentIsOnLaterLine {
            written = written.extended(to: advance().range)
        }
        let removed = SourceRange(file: written.file, start: typeEnd, end: written.end)
        let (what, giver) =
            owner.hasPrefix("event") ? ("a field", "each donation gives") : ("an argument", "each instance gives")
        let value = text(written)
        error(
            "\(what) of \(owner) has no default: \(giver) its value; remove '\(value)'",
            at: written, fixIts: [FixIt(range: removed, replacement: "")])
    }
}
