// Checking a tip's body: copy, id, actions, rules and options.

extension Checker {
    /// Where a tip body first gives each item that may be given only once,
    /// to report items given twice: one slot per kind, no hashing.
    private struct SeenItems {
        /// The kinds of item that may be given only once.
        enum Single: Int, CaseIterable {
            case title, message, image, id, maxDisplayCount, maxDisplayDuration, ignoresDisplayFrequency

            /// The kind of `kind`, or nil for an item that may be repeated.
            init?(_ kind: TipItemKind) {
                switch kind {
                case .title: self = .title
                case .message: self = .message
                case .image: self = .image
                case .id: self = .id
                case .maxDisplayCount: self = .maxDisplayCount
                case .maxDisplayDuration: self = .maxDisplayDuration
                case .ignoresDisplayFrequency: self = .ignoresDisplayFrequency
                case .action, .rule, .invalidatedBy: return nil
                }
            }
        }

        private var ranges = [SourceRange?](repeating: nil, count: Single.allCases.count)

        subscript(kind: Single) -> SourceRange? {
            get { ranges[kind.rawValue] }
            set { ranges[kind.rawValue] = newValue }
        }
    }

    /// Checks one declaration.
    /// Only for the declaration that declares its name first: `run` skips duplicates.
    mutating func checkTip(_ decl: TipDecl) -> CheckedTip? {
        let tipName = decl.name.name
        let errorsBefore = errorCount
        // A tip whose body did not parse is not judged by what is left of it:
        // its title or id may be what failed (`titel 42`, `id 42`).
        let bodyFailedToParse = decl.hasSyntaxErrors
        var arguments: [CheckedField]?
        var failed = false
        if let written = decl.arguments {
            let checked = checkFields(written, owner: "tip '\(tipName)'", kind: "an argument")
            arguments = checked.fields
            failed = !checked.ok
            if written.isEmpty {
                diagnostics.error(
                    "tip '\(tipName)' has empty parentheses; list its arguments or remove the parentheses",
                    at: decl.name.range)
            }
        }
        let argumentTypes =
            arguments.map { Dictionary($0.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
        var seen = SeenItems()
        var title: InterpolatedText?
        var message: InterpolatedText?
        var image: InterpolatedText?
        var id: (text: InterpolatedText, range: SourceRange)?
        var actions: [CheckedAction] = []
        var actionRanges: [String: SourceRange] = [:]
        var rules: [CheckedRule] = []
        // The rules as written, for warnings that quote them.
        var ruleSyntax: [Expr] = []
        var options = CheckedTipOptions()

        for item in decl.items {
            if let single = SeenItems.Single(item.kind) {
                if let first = seen[single] {
                    diagnostics.error(
                        "'\(itemKeyword(item.kind))' is given twice in tip '\(tipName)'", at: item.keyword,
                        notes: [DiagnosticNote("first given here", at: first)])
                    failed = true
                    continue
                }
                seen[single] = item.keyword
            }
            switch item.kind {
            case .title(let literal):
                title = checkText(literal, tip: tipName, arguments: argumentTypes)
                // Checked text reads as the literal does, without joining its pieces again.
                checkTitleCopy(literal, text: title?.displayText ?? literal.displayText)
            case .message(let literal):
                message = checkText(literal, tip: tipName, arguments: argumentTypes)
                checkMessageCopy(literal, text: message?.displayText ?? literal.displayText)
            case .image(let literal):
                image = checkText(literal, tip: tipName, arguments: argumentTypes)
            case .id(let literal):
                if let text = checkText(literal, tip: tipName, arguments: argumentTypes) {
                    id = (text, literal.range)
                } else {
                    failed = true
                }
            case .action(let name, let literal):
                if let first = actionRanges[name.name] {
                    diagnostics.error(
                        "tip '\(tipName)' already has an action '\(name.name)'", at: name.range,
                        notes: [DiagnosticNote("'\(name.name)' is first declared here", at: first)])
                    failed = true
                    continue
                }
                actionRanges[name.name] = name.range
                checkPromotional(literal)
                if let text = checkText(literal, tip: tipName, arguments: argumentTypes) {
                    actions.append(CheckedAction(id: name.name, title: text))
                }
            case .rule(let expression, let source):
                var context = ExpressionContext(tip: tipName, arguments: argumentTypes)
                if let checked = checkRule(expression, source: source, context: &context) {
                    rules.append(checked)
                    ruleSyntax.append(expression)
                } else {
                    failed = true
                }
            case .maxDisplayCount(let count):
                if count.value < 1 {
                    diagnostics.error(
                        "'maxDisplayCount' must be at least 1, but this is \(count.value)", at: count.range)
                    failed = true
                } else {
                    options.maxDisplayCount = count.value
                }
            case .maxDisplayDuration(let duration):
                if duration.totalSeconds < 1 {
                    diagnostics.error("'maxDisplayDuration' must be at least 1s", at: duration.range)
                    failed = true
                } else {
                    // TipsRuntime applies a shorter limit as written; TipKit shows a tip at least 60s.
                    if duration.totalSeconds < 60 {
                        diagnostics.warning(
                            "'maxDisplayDuration' below 60s ends the tip sooner than TipKit would "
                                + "(TipKit shows a tip at least 60s); TipsRuntime applies it as written",
                            at: duration.range)
                    }
                    options.maxDisplayDuration = duration.totalSeconds
                }
            case .ignoresDisplayFrequency:
                options.ignoresDisplayFrequency = true
            case .invalidatedBy(let name):
                if options.invalidatedBy.contains(name.name) {
                    diagnostics.error(
                        "tip '\(tipName)' is already invalidated by '\(name.name)'", at: name.range)
                    failed = true
                } else if resolveEvent(name) != nil {
                    options.invalidatedBy.append(name.name)
                } else {
                    failed = true
                }
            }
        }

        if title == nil && seen[.title] == nil && !bodyFailedToParse {
            diagnostics.error(
                "tip '\(tipName)' has no title; add a line such as title \"Try this\"", at: decl.name.range)
            failed = true
        }
        if arguments != nil {
            if let id {
                if !id.text.interpolates && !bodyFailedToParse {
                    diagnostics.error(
                        "the id of tip '\(tipName)' must interpolate at least one of its arguments, "
                            + "or every instance would share one id",
                        at: id.range)
                    failed = true
                }
            } else if seen[.id] == nil && !bodyFailedToParse {
                let example = arguments?.first.map { "\(tipName)-\\(\($0.name))" } ?? tipName
                diagnostics.error(
                    "tip '\(tipName)' takes arguments, so it needs an 'id' that interpolates them, "
                        + "such as id \"\(example)\"",
                    at: decl.name.range)
                failed = true
            }
        }
        failed = failed || errorCount > errorsBefore || bodyFailedToParse
        if rules.isEmpty && options.isEmpty && !groupedTips.contains(tipName) && !failed {
            diagnostics.warning(
                "tip '\(tipName)' has no rules, no options and is in no group; it shows to everyone at once",
                at: decl.name.range)
        }
        checkContradictions(rules, syntax: ruleSyntax, tip: tipName)
        guard !failed, let title else { return nil }
        return CheckedTip(
            name: tipName, doc: decl.doc?.lines ?? [], arguments: arguments,
            id: id?.text ?? InterpolatedText(tipName), hasExplicitID: id != nil, title: title,
            message: message, image: image, actions: actions, rules: rules, options: options,
            origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range), idRange: id?.range)
    }

    /// How many errors have been reported so far.
    var errorCount: Int { diagnostics.errorCount }

    private func itemKeyword(_ kind: TipItemKind) -> String {
        switch kind {
        case .title: "title"
        case .message: "message"
        case .image: "image"
        case .id: "id"
        case .action: "action"
        case .rule: "rule"
        case .maxDisplayCount: "maxDisplayCount"
        case .maxDisplayDuration: "maxDisplayDuration"
        case .ignoresDisplayFrequency: "ignoresDisplayFrequency"
        case .invalidatedBy: "invalidatedBy"
        }
    }

    /// Checks a string's interpolations: only the tip's arguments.
    mutating func checkText(
        _ literal: StringLiteral, tip: String, arguments: [String: TipsType]
    ) -> InterpolatedText? {
        var segments: [InterpolatedText.Segment] = []
        segments.reserveCapacity(literal.segments.count)
        var pending: String?
        var failed = false
        for segment in literal.segments {
            switch segment {
            case .text(let text):
                // Adjacent pieces of text (split at escapes) become one.
                if pending != nil { pending?.append(text) } else { pending = text }
            case .interpolation(let name):
                if arguments[name.name] != nil {
                    if let text = pending { segments.append(.text(text)) }
                    pending = nil
                    segments.append(.argument(name.name))
                    continue
                }
                failed = true
                if arguments.isEmpty {
                    diagnostics.error(
                        "'\(name.name)' cannot be interpolated: tip '\(tip)' has no arguments, "
                            + "and only a tip's arguments can be interpolated",
                        at: name.range)
                } else {
                    diagnostics.error(
                        "'\(name.name)' is not an argument of tip '\(tip)'", at: name.range,
                        suggesting: .closest(
                            to: name.name, in: arguments.keys.sorted(),
                            otherwise: "only a tip's arguments can be interpolated"))
                }
            }
        }
        guard !failed else { return nil }
        if let text = pending { segments.append(.text(text)) }
        return InterpolatedText(segments: segments)
    }

    /// Resolves a name that must be an event.
    mutating func resolveEvent(_ name: Identifier) -> CheckedEvent? {
        if let event = events[name.name] { return event }
        switch symbols[name.name] {
        case .event: return nil  // Declared, but already failed to check.
        case .some(let other):
            diagnostics.error("'\(name.name)' is \(other.kindDescription), not an event", at: name.range)
        case nil:
            diagnostics.error(
                "unknown event '\(name.name)'", at: name.range, suggesting: .closest(to: name.name, in: eventNames))
        }
        return nil
    }

    var eventNames: [String] {
        symbols.compactMap { key, value in
            if case .event = value { return key }
            return nil
        }
    }

    // MARK: - Tip ids

    /// Two tips may not persist under one id (a literal id may not equal another tip's name either).
    mutating func checkTipIDs(_ tips: [CheckedTip?]) {
        var seen: [String: Int] = [:]
        seen.reserveCapacity(tips.count)
        for index in tips.indices {
            guard let key = tips[index]?.id.displayText else { continue }
            if let firstIndex = seen[key], let first = tips[firstIndex], let tip = tips[index] {
                // Point at the `id` line that makes the clash (a tip without one has its name as id).
                let note =
                    first.idRange.map { DiagnosticNote("tip '\(first.name)' has this id", at: $0) }
                    ?? DiagnosticNote(
                        "tip '\(first.name)' has the id '\(key)' from its name", at: first.origin.nameRange)
                diagnostics.error(
                    "tip id '\(key)' is already used by tip '\(first.name)'; ids must be unique",
                    at: tip.idRange ?? tip.origin.nameRange, notes: [note])
            } else {
                seen[key] = index
            }
        }
    }
}
