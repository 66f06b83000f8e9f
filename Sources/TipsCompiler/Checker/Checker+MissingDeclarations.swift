import TipsSyntax

// A rule that reads a name nothing declares, and that no declared name is
// spelled like: most often the tip was written first and its parameter or
// event not yet. The error then spells the declaration to add, with the type
// the rule gives the name, and its fix-it inserts it above the tip.

extension Checker {
    /// The declaration that would give `name` the type `type` in a rule, as
    /// written in `.tips` (`parameter cartCount: Int = 0`); nil for a type no
    /// parameter can have, or an enum not declared or without cases.
    func parameterDeclaration(of name: String, as type: TipsType) -> String? {
        plainestValue(of: type).map { "parameter \(name): \(type) = \($0)" }
    }

    /// Reports that `name`, where an event goes, names nothing: "did you
    /// mean" the event spelled like it, else, in a tip, the declaration to add.
    mutating func reportUnknownEvent(_ name: Identifier, context: ExpressionContext?) {
        reportUnknown(name, .event, declaring: "event " + name.name, context: context)
    }

    /// Reports that `name`, where one of `kind` goes, names nothing: "did
    /// you mean" the one of that kind spelled like it, else, where
    /// `context` places declarations, `declaration` to add (when given).
    mutating func reportUnknown(
        _ name: Identifier, _ kind: DeclaredName.Kind, declaring declaration: String?, context: ExpressionContext?
    ) {
        // One error either way: past the limit, not worth the search for a suggestion.
        guard !diagnostics.dropsErrorMessages else { return diagnostics.reportDroppedError(at: name.range) }
        let message = "unknown \(kind.rawValue) '\(name.name)'"
        let suggestion = nameSuggestion(for: name, match: closestDeclaredName(to: name.name, of: kind))
        if suggestion.replacement == nil, let declaration, let context,
            reportUndeclared(message, name, declaring: declaration, kind: kind, context: context)
        {
            return
        }
        diagnostics.error(message, at: name.range, suggesting: suggestion)
    }

    /// The declared name of `kind` closest to `name`
    /// (``SpellingSuggester/closest(to:among:)``), found once for each
    /// spelling while the declared names stay the same: an event renamed
    /// without its 1,000 uses is 1,000 unknown names of one spelling, each
    /// compared with the name of every event.
    mutating func closestDeclaredName(to name: String, of kind: DeclaredName.Kind) -> String? {
        closestName(to: name, key: kind.rawValue) { $0.names(of: kind) }
    }

    /// The name a misspelled value may have meant among
    /// ``valueNameCandidates(_:)``, found once for each spelling and each
    /// tip's arguments, as ``closestDeclaredName(to:of:)`` is.
    mutating func closestValueName(to name: String, context: ExpressionContext) -> String? {
        closestName(to: name, key: "value " + context.arguments.names.joined(separator: ",")) {
            $0.valueNameCandidates(context)
        }
    }

    /// The candidate closest to `name`, kept under `key` and `name` while
    /// the declared names stay the same.
    private mutating func closestName(to name: String, key: String, among candidates: (Checker) -> [String])
        -> String?
    {
        if closestDeclaredNames.count != symbols.count {
            (closestDeclaredNames, spellingCandidates) = ((symbols.count, [:]), [:])
        }
        let nameKey = key + " " + name
        if let found = closestDeclaredNames.byKey[nameKey] { return found }
        // Made ready once for every name searched among them: 1,000
        // misspelt names among 5,000 took `tipc check` 1.5 s when each
        // search made every candidate's units again.
        let prepared = spellingCandidates[key] ?? SpellingSuggester.Candidates(candidates(self))
        spellingCandidates[key] = prepared
        let found = SpellingSuggester.closest(to: name, among: prepared)
        closestDeclaredNames.byKey[nameKey] = found
        return found
    }

    /// `tier == .gold`, where nothing declares `tier` and no enum has the
    /// case: reported with the enum of every case the name is compared with
    /// in any tip's rules, and the parameter: `enum Tier { gold, silver };
    /// parameter tier: Tier = .gold`, whose fix inserts them above the tip.
    /// Every use of the name is told the same declaration, so that the fix
    /// of any one of them declares what all of them need. False (nothing
    /// reported) for a name that is declared, an argument, spelled like a
    /// declared name, or whose enum's name is taken, and outside a tip's rules.
    mutating func reportUndeclared(_ name: Identifier, comparedWith caseName: String, context: ExpressionContext)
        -> Bool
    {
        guard context.declarationStart != nil, symbols[name.name] == nil, context.arguments[name.name] == nil,
            context.fieldsOf == nil, Self.otherLanguageWord(name.name) == nil
        else { return false }
        // Reported here or, when this returns false, as an unknown name by
        // the check of the comparison's left side: one error either way.
        if diagnostics.dropsErrorMessages {
            diagnostics.reportDroppedError(at: name.range)
            return true
        }
        guard closestValueName(to: name.name, context: context) == nil,
            let enumName = Self.enumName(for: name.name), symbols[enumName] == nil
        else { return false }
        var cases = casesCompared(with: name.name)
        if !cases.contains(caseName) { cases.append(caseName) }
        let message = "unknown name '\(name.name)'"
        let declaration =
            "enum \(enumName) { \(cases.joined(separator: ", ")) }; parameter \(name.name): \(enumName) = .\(cases[0])"
        // A name too long to quote whole gets no declaration, but is still told.
        if !reportUndeclared(message, name, declaring: declaration, kind: .parameter, context: context) {
            diagnostics.error(message, at: name.range)
        }
        return true
    }

    /// The cases `name` is compared with (`tier == .gold`, `tier != .silver`)
    /// in the rules of every tip, in source order, each once. Read from the
    /// syntax only once a name nothing declares is compared with a case, and
    /// then for every name at once: read name by name, 990 such names among
    /// 5,000 tips took `tipc check` 3.13 s, 45 % of it reading the rules;
    /// read at once, 1.44 s (`perf stat -r 3`).
    mutating func casesCompared(with name: String) -> [String] {
        if let byName = casesComparedByName { return byName[name] ?? [] }
        var byName: [String: [String]] = [:]
        for file in syntaxFiles {
            for declaration in file.declarations {
                guard case .tip(let decl) = declaration else { continue }
                for item in decl.items {
                    guard case .rule(let rule, _) = item.kind else { continue }
                    Self.collectComparedCases(in: rule, into: &byName)
                }
            }
        }
        casesComparedByName = byName
        return byName[name] ?? []
    }

    /// Adds to `byName` each case that `expression` compares a name with,
    /// the name on the left as the check reads it, outside query steps
    /// (where a `.name` is a donation field).
    private static func collectComparedCases(in expression: Expr, into byName: inout [String: [String]]) {
        switch expression {
        case .binary(let op, let lhs, let rhs, _, _):
            if op.isComparison, case .name(let subject) = lhs, let caseName = caseName(in: rhs),
                byName[subject.name]?.contains(caseName.name) != true
            {
                byName[subject.name, default: []].append(caseName.name)
            }
            collectComparedCases(in: lhs, into: &byName)
            collectComparedCases(in: rhs, into: &byName)
        case .unary(_, let operand, _, _): collectComparedCases(in: operand, into: &byName)
        case .parenthesized(let inner, _): collectComparedCases(in: inner, into: &byName)
        default: break
        }
    }

    /// Reports that enum `checked` has no case `caseName`, written at
    /// `range`: `hint` when it names a case spelled like it, else that it
    /// can be added, with the fix that adds it after the enum's last case when the
    /// enum is declared in the same file (a case on a line of its own when
    /// the cases are, else `, name`). Nothing when the enum's `}` is
    /// missing (reported there): the case may be among those lost with it.
    mutating func reportMissingCase(
        _ caseName: String, of checked: CheckedEnum, at range: SourceRange, hint: Suggestion
    ) {
        if checked.casesCutShort { return }
        let message = "enum '\(checked.name)' has no case '\(caseName)'"
        guard hint.replacement == nil, let last = checked.caseRanges.last else {
            diagnostics.error(message, at: range, suggesting: hint)
            return
        }
        guard checked.origin.file == range.file else {
            let file = fileNames[Int(checked.origin.file.rawValue)]
            diagnostics.error(message + "; add it to the enum's cases in \(file)", at: range)
            return
        }
        var end = last.end
        if checked.caseRenames.count == checked.cases.count, let renames = checked.caseRenames.last {
            for rename in renames { end = max(end, rename.range.end) }
        }
        let file = sources[range.file]
        let at = SourceRange(file: range.file, start: end, end: end)
        let line = file.lineLayout(at: last.start)
        let onOneLine = file.line(of: checked.caseRanges[0].start) == file.line(of: last.start)
        let fix = FixIt(
            range: at, replacement: onOneLine ? ", " + caseName : line.newline + line.indentation + caseName,
            title: "Add case '\(caseName)' to enum '\(checked.name)'")
        diagnostics.error(message + "; add it to the enum's cases", at: range, fixIts: [fix])
    }

    /// The enum a parameter named `name` would have: `Tier` for `tier`;
    /// nil for a name that does not start with a lower-case letter.
    private static func enumName(for name: String) -> String? {
        guard let first = name.first, first.isLowercase else { return nil }
        return first.uppercased() + name.dropFirst()
    }

    /// Reports `message` for the undeclared `name`, ending with the
    /// declaration to add above the tip (a parameter's or an event's, as
    /// `kind` says), whose fix-it inserts it there. False (nothing
    /// reported) outside a tip's rules.
    mutating func reportUndeclared(
        _ message: String, _ name: Identifier, declaring declaration: String, kind: DeclaredName.Kind,
        context: ExpressionContext
    ) -> Bool {
        // A name too long to quote whole is not one to declare.
        guard let tipStart = context.declarationStart, name.name.utf8.count <= Diagnostic.longestQuote else {
            return false
        }
        let place = context.declarationPlace
        let fix = declarationFix(declaration, kind: kind, above: place, at: tipStart, in: sources[name.range.file])
        diagnostics.error(message + "; declare it above \(place): " + declaration, at: name.range, fixIts: [fix])
        return true
    }

    /// The fix-it that inserts `declaration` for the tip (or scenario,
    /// `place`) that starts at `tipStart`: on the line after the last
    /// declaration of its `kind` above the tip in `file`, indented as that
    /// one, so that the file's parameters (or events) stay together;
    /// without one, right above the tip, with a blank line after it.
    /// Either way with the file's line breaks.
    func declarationFix(
        _ declaration: String, kind: DeclaredName.Kind, above place: String, at tipStart: UInt32, in file: SourceFile
    ) -> FixIt {
        let origins = kind == .event ? events.map(\.origin) : parameters.map(\.origin)
        let above = origins.filter { $0.file == file.id && $0.nameRange.start < tipStart }
        let title = "Declare '\(declaration)' above \(place)"
        if let last = above.max(by: { $0.nameRange.start < $1.nameRange.start }) {
            let line = file.lineLayout(at: last.nameRange.start)
            // Not when the tip starts on that line (`event a; tip T {`).
            if line.end < Int(tipStart) {
                let at = SourceRange(file: file.id, start: UInt32(line.end + 1), end: UInt32(line.end + 1))
                return FixIt(range: at, replacement: line.indentation + declaration + line.newline, title: title)
            }
        }
        let line = file.lineLayout(at: tipStart)
        let at = SourceRange(file: file.id, start: tipStart, end: tipStart)
        // After other text on its line (`event a; tip T {`), the declaration ends that line instead.
        guard line.start + line.indentation.utf8.count == Int(tipStart) else {
            return FixIt(range: at, replacement: declaration + line.newline, title: title)
        }
        return FixIt(
            range: at, replacement: declaration + line.newline + line.newline + line.indentation, title: title)
    }
}
