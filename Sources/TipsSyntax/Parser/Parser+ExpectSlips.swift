// An `expect` step written as a sentence or another test framework would
// put it: the status before the tip (`expect available Welcome`), a word
// between them (`expect Welcome is available`, `== available`,
// `.available`), or a word for the status the language does not use
// (`displayed`, `dismissed`). Each is one error, with the fix that writes
// the step, and the step is then read as fixed.

extension SyntaxParser {
    /// The words that mean a tip's status in a sentence, and the status
    /// each is written as: what the person sees (`displayed`) is the tip
    /// being available, and a tip the person closed is invalidated so.
    private static let statusSynonyms: [String: String] = [
        "displayed": "available", "shown": "available", "showing": "available", "visible": "available",
        "eligible": "available", "invalid": "invalidated", "dismissed": "invalidated(tipClosed)",
        "closed": "invalidated(tipClosed)",
    ]

    /// Whether `token` is a status word (`available`, `pending`, `invalidated`).
    private static func isStatusWord(_ token: Token) -> Bool {
        token.keyword == .available || token.keyword == .pending || token.keyword == .invalidated
    }

    /// `expect available Welcome`: the status before the tip, told with the
    /// fix that writes `expect Welcome available` and read as that step;
    /// `expect shows Welcome` is told how a group's tip and a tip's status
    /// are written, and `expect available` alone that the tip comes first.
    /// Nil, with nothing consumed, when the step does not start with a
    /// status word or `shows` followed on its line by a name, or ending it.
    mutating func parseStatusBeforeTip() -> ScenarioStepKind?? {
        if current.keyword == .available || current.keyword == .pending, Self.endsItem(peek().kind) {
            errorExpected("expected the tip's name before its status, as in expect FavoriteTrail \(text(current))")
            return .some(nil)
        }
        guard Self.isStatusWord(current) || current.keyword == .shows, peek().kind == .identifier,
            !Self.isStatusWord(peek()), peek().keyword != .shows,
            !file.containsLineBreak(from: current.range.end, to: peek().range.start)
        else { return nil }
        let word = advance()
        guard let subject = parseTipReference(after: "'expect \(text(word))'") else { return .some(nil) }
        let name = subject.name.name
        if word.keyword == .shows {
            error(
                "'shows' follows a group, as in expect MenuTips shows \(name); a tip's own status is written "
                    + "expect \(name) available", at: word.range)
            return .some(nil)
        }
        let written = word.range.extended(to: subject.range)
        let fixed = "\(text(subject.range)) \(text(word))"
        errorReadOnAsFixed(
            "write the tip first: expect \(name) \(text(word))", at: written,
            fixIts: [FixIt(range: written, replacement: fixed)])
        switch word.keyword {
        case .available: return .expectStatus(subject, .available)
        case .pending: return .expectStatus(subject, .pending)
        default: return .expectStatus(subject, .invalidated(reason: nil))
        }
    }

    /// `expect Welcome is available`, `== available`, `.available`, `:
    /// available`: a word between the tip and its status, told with the fix
    /// that removes it and skipped; before a word for a status
    /// (`is shown`), the two are one mistake, told by
    /// ``readStatusSynonym(of:after:)``. Returns the word skipped; nil,
    /// with nothing consumed, for any other token.
    mutating func skipWordBeforeStatus(of subject: TipReferenceSyntax) -> SourceRange? {
        let isFiller =
            switch currentKind {
            case .identifier: file.spells("is", in: current.range)
            case .binaryOperator(.equal), .assign, .dot, .colon: true
            default: false
            }
        let next = peek()
        guard isFiller, Self.isStatusWord(next) || next.kind == .identifier && Self.statusSynonyms[text(next)] != nil,
            !file.containsLineBreak(from: subject.range.end, to: next.range.start)
        else { return nil }
        let filler = advance()
        guard Self.isStatusWord(current) else { return filler.range }
        let between = SourceRange(file: file.id, start: subject.range.end, end: current.range.start)
        errorReadOnAsFixed(
            "write expect \(subject.name.name) \(text(current)), without '\(text(filler))'", at: filler.range,
            fixIts: [FixIt(range: between, replacement: " ")])
        return filler.range
    }

    /// `expect Welcome displayed`: a word for a status the language spells
    /// otherwise, told with the fix that writes the status (in place of the
    /// word skipped before it, `filler`, too), and read as it. Nil, with
    /// nothing consumed, for any other word.
    mutating func readStatusSynonym(of subject: TipReferenceSyntax, after filler: SourceRange? = nil)
        -> ExpectedStatusSyntax?
    {
        guard currentKind == .identifier, let status = Self.statusSynonyms[text(current)] else { return nil }
        let word = advance()
        let written = filler.map { $0.extended(to: word.range) } ?? word.range
        errorReadOnAsFixed(
            "a tip's status is available, pending or invalidated: write expect \(subject.name.name) \(status)",
            at: written, fixIts: [FixIt(range: written, replacement: status)])
        switch status {
        case "available": return .available
        case "invalidated": return .invalidated(reason: nil)
        default:
            let reason = SourceRange(file: file.id, start: word.range.end, end: word.range.end)
            return .invalidated(reason: Identifier("tipClosed", range: reason))
        }
    }
}
