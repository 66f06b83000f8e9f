// Checking a tip's body: copy, id, actions, rules and options.

import TipsSyntax

extension Checker {
    /// What a tip's body gives, gathered item by item.
    private struct TipBody {
        var title: InterpolatedText?
        var message: InterpolatedText?
        /// Where the title and the message are written.
        var titleRange, messageRange: SourceRange?
        var image: InterpolatedText?
        var id: (text: InterpolatedText, range: SourceRange)?
        var actions: [CheckedAction] = []
        var actionRanges = FirstRanges()
        var rules: [CheckedRule] = []
        var options = CheckedTipOptions()
        var renames: [CheckedRename] = []
        /// Where each item that may be given only once is first given.
        var seen = FirstGiven()
        var failed = false

        /// Makes room for every rule and action of `items`, so that no array of
        /// the body grows. A method on an empty body, not an initializer: an
        /// initializer that changes `self` builds it aside, then copies it out
        /// and destroys it (−6 M instructions of 10,000 tips, callgrind).
        mutating func reserve(for items: [TipItem]) {
            var (rules, actions) = (0, 0)
            // By index: `for item in items` copies each item, retaining what it holds.
            for index in items.indices {
                switch items[index].kind {
                case .rule: rules += 1
                case .action: actions += 1
                default: break
                }
            }
            self.rules.reserveCapacity(rules)
            self.actions.reserveCapacity(actions)
            self.actionRanges = FirstRanges(capacity: actions)
        }
    }

    /// The kinds of item that may be given only once, each a slot of ``FirstGiven``.
    private enum SingleItem {
        case title, message, image, id, maxDisplayCount, maxDisplayDuration, ignoresDisplayFrequency, snooze, holdout

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
            case .snooze: self = .snooze
            case .holdout: self = .holdout
            case .action, .rule, .invalidatedBy, .renamedFrom: return nil
            }
        }
    }

    /// Where each kind of item that may be given only once is first given,
    /// nil until it is: a stored property each, so that a tip needs no array for them.
    private struct FirstGiven {
        var title, message, image, id, maxDisplayCount, maxDisplayDuration, ignoresDisplayFrequency: SourceRange?
        var snooze, holdout: SourceRange?

        subscript(item: SingleItem) -> SourceRange? {
            get {
                switch item {
                case .title: title
                case .message: message
                case .image: image
                case .id: id
                case .maxDisplayCount: maxDisplayCount
                case .maxDisplayDuration: maxDisplayDuration
                case .ignoresDisplayFrequency: ignoresDisplayFrequency
                case .snooze: snooze
                case .holdout: holdout
                }
            }
            set {
                switch item {
                case .title: title = newValue
                case .message: message = newValue
                case .image: image = newValue
                case .id: id = newValue
                case .maxDisplayCount: maxDisplayCount = newValue
                case .maxDisplayDuration: maxDisplayDuration = newValue
                case .ignoresDisplayFrequency: ignoresDisplayFrequency = newValue
                case .snooze: snooze = newValue
                case .holdout: holdout = newValue
                }
            }
        }
    }

    /// Checks a tip (only the first declaration of its name: `run` skips duplicates).
    mutating func checkTip(_ decl: TipDecl) -> CheckedTip? {
        let tipName = decl.name.name
        declare(decl)
        // The body is filled in place and its parts moved into the tip: a
        // body returned or copied retains its texts and arrays again
        // (saves 180,000 retains and 100,000 releases on 10,000 tips).
        var body = TipBody()
        let (arguments, reported) = checking(as: .tip(tipName)) { $0.checkTipBody(decl, into: &body) }
        let failed = body.failed || reported || decl.hasSyntaxErrors
        if body.rules.isEmpty && body.options.isEmpty && groupedTips[tipName] == nil && !failed {
            warnShowsToEveryone(tipName, at: decl.name.range, holdout: body.seen.holdout)
        }
        checkContradictions(body.rules, of: decl, tip: tipName)
        guard !failed, let title = body.title.take() else { return nil }
        let id = body.id.take()
        return CheckedTip(
            .init(
                name: tipName, doc: decl.doc?.lines ?? [], arguments: arguments,
                id: id?.text ?? InterpolatedText(tipName), hasExplicitID: id != nil, title: title,
                message: body.message.take(), image: body.image.take(), actions: Self.take(&body.actions, leaving: []),
                rules: Self.take(&body.rules, leaving: []), options: Self.take(&body.options, leaving: .init()),
                origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range),
                idRange: id?.range,
                renamedFrom: Self.take(&body.renames, leaving: []), titleRange: body.titleRange,
                messageRange: body.messageRange))
    }

    /// `value`, moved out of it, `empty` left in its place.
    private static func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
        var taken = empty
        swap(&taken, &value)
        return taken
    }

    /// A tip's arguments and items, each item given once where that is the rule, into `body`; returns the arguments.
    private mutating func checkTipBody(_ decl: TipDecl, into body: inout TipBody) -> [CheckedField]? {
        let tipName = decl.name.name
        body.reserve(for: decl.items)
        let checked = decl.arguments.map { checkTipArguments($0, of: decl, failed: &body.failed) }
        let arguments = checked?.fields
        let untyped = checked?.untyped ?? []
        if decl.argumentsCutShort || !untyped.isEmpty { failedArguments = (untyped, decl.argumentsCutShort) }
        defer { if failedArguments != nil { failedArguments = nil } }
        let argumentTypes = TipArguments(arguments ?? [])
        var places = TipItemPlaces()
        var context = ExpressionContext(
            tip: tipName, arguments: argumentTypes, declarationStart: decl.doc?.range.start ?? decl.range.start)
        for index in decl.items.indices {
            // One copy of the item for every check below: an item read from
            // the array for a call that may change the checker is copied
            // again at each such call.
            let item = decl.items[index]
            let keywordRange = item.keyword
            let place = places.next(item.kind)
            if let slot = SingleItem(item.kind) {
                if let first = body.seen[slot] {
                    reporting(as: place.symbol(tip: tipName)) {
                        $0.diagnostics.error(
                            "'\(item.kind.keyword.rawValue)' is given twice in tip '\(tipName)'",
                            at: keywordRange, notes: [DiagnosticNote("first given here", at: first)])
                    }
                    body.failed = true
                    continue
                }
                body.seen[slot] = keywordRange
            }
            if case .renamedFrom(let sources) = item.kind {
                reporting(as: place.symbol(tip: tipName)) { checker in
                    for source in sources {
                        let rename = checker.checkTipRename(
                            source, tip: tipName, arguments: argumentTypes, isReusable: decl.arguments != nil)
                        if let rename { body.renames.append(rename) } else { body.failed = true }
                    }
                }
                continue
            }
            // Not in a closure, which would copy the item again to capture it
            // (with the one copy above, saves 66,000 retains and as many releases on 10,000 tips).
            let outer = beginCheckingItem(at: place)
            let cutShort = !cutShortItems.isEmpty && cutShortItems.contains(keywordRange)
            checkItem(item.kind, into: &body, context: &context, cutShort: cutShort)
            endCheckingItem(outer)
        }
        checkRenamedInstances(body.renames, id: body.id?.text, tip: tipName)
        // A tip whose body did not parse is not judged by what is left of it:
        // its title or id may be what failed (`titel 42`, `id 42`).
        if !decl.hasSyntaxErrors { checkRequiredItems(decl, body: &body) }
        return arguments
    }

    /// Whether `name`, which is no argument of the tip being checked, may be
    /// one that failed where it is declared (see ``failedArguments``).
    func argumentMayHaveFailed(_ name: String) -> Bool {
        guard let failedArguments else { return false }
        return failedArguments.cutShort || failedArguments.names.contains(name)
    }

    /// The fields of a tip's `(arguments)`, and the names of those whose type failed.
    private mutating func checkTipArguments(_ written: [FieldSyntax], of decl: TipDecl, failed: inout Bool)
        -> (fields: [CheckedField], untyped: [String])
    {
        // The message's closure captures the name, not the whole declaration, which it would copy.
        let name = decl.name.name
        let checked = checkFields(written, owner: "tip '\(name)'", kind: "an argument")
        failed = !checked.ok
        if written.isEmpty, !decl.argumentsCutShort {
            diagnostics.error(
                "tip '\(decl.name.name)' has empty parentheses; list its arguments or remove the parentheses",
                at: decl.name.range)
        }
        return (checked.fields, checked.untyped)
    }

    /// Checks one item of a tip's body, given once where that is the rule,
    /// into `body`; `context` is the tip's, made once for all its rules
    /// (saves 14,000 retains and as many releases on 10,000 tips).
    /// An item `cutShort` was followed by a syntax error on its line (see
    /// ``Checker/cutShortItems``).
    private mutating func checkItem(
        _ kind: TipItemKind, into body: inout TipBody, context: inout ExpressionContext, cutShort: Bool
    ) {
        switch kind {
        case .title(let literal):
            body.title = checkText(literal, tip: context.tip, arguments: context.arguments)
            body.titleRange = literal.range
            // Checked text reads as the literal does, without joining its pieces again.
            checkCopy(literal, text: body.title?.displayText ?? literal.displayText, isTitle: true)
        case .message(let literal):
            body.message = checkText(literal, tip: context.tip, arguments: context.arguments)
            body.messageRange = literal.range
            checkCopy(literal, text: body.message?.displayText ?? literal.displayText, isTitle: false)
        case .image(let literal):
            body.image = checkText(literal, tip: context.tip, arguments: context.arguments)
        case .id(let literal):
            if let text = checkText(literal, tip: context.tip, arguments: context.arguments) {
                body.id = (text, literal.range)
            } else {
                body.failed = true
            }
        case .action(let name, let literal):
            guard
                recordFirst(
                    name.name, at: name.range, in: &body.actionRanges,
                    "tip '\(context.tip)' already has an action '\(name.name)'")
            else {
                body.failed = true
                return
            }
            checkPromotional(literal.displayText, at: literal.range)
            if let text = checkText(literal, tip: context.tip, arguments: context.arguments) {
                body.actions.append(CheckedAction(id: name.name, title: text, titleRange: literal.range))
            }
        case .rule(let expression, let source):
            // A rule cut short still records the names it uses, but not its
            // errors: its types would judge part of what was meant.
            diagnostics.isSilenced = cutShort
            defer { diagnostics.isSilenced = false }
            if let checked = checkRule(expression, source: source, context: &context) {
                body.rules.append(checked)
            } else {
                body.failed = true
            }
        case .maxDisplayCount, .maxDisplayDuration, .ignoresDisplayFrequency, .invalidatedBy, .snooze, .holdout:
            if !checkOption(kind, into: &body.options, context: context) { body.failed = true }
        case .renamedFrom:
            // Checked by checkTip, which knows whether the tip takes arguments.
            break
        }
    }

    /// Checks a display option into `options`; false when it has an error.
    private mutating func checkOption(
        _ kind: TipItemKind, into options: inout CheckedTipOptions, context: ExpressionContext
    ) -> Bool {
        let tip = context.tip
        switch kind {
        case .maxDisplayCount(let count):
            guard count.value >= 1 else {
                diagnostics.error("'maxDisplayCount' must be at least 1, but this is \(count.value)", at: count.range)
                return false
            }
            options.maxDisplayCount = count.value
        case .maxDisplayDuration(let duration):
            guard duration.totalSeconds >= 1 else {
                diagnostics.error("'maxDisplayDuration' must be at least 1s", at: duration.range)
                return false
            }
            // TipsRuntime applies a shorter limit as written; TipKit shows a tip at least 60s.
            if duration.totalSeconds < 60 {
                diagnostics.warning(
                    "'maxDisplayDuration' below 60s ends the tip sooner than TipKit would "
                        + "(TipKit shows a tip at least 60s); TipsRuntime applies it as written",
                    at: duration.range)
            }
            options.maxDisplayDuration = duration.totalSeconds
        case .ignoresDisplayFrequency:
            options.ignoresDisplayFrequency = true
        case .invalidatedBy(let name):
            if options.invalidatedBy.contains(name.name) {
                diagnostics.error("tip '\(tip)' is already invalidated by '\(name.name)'", at: name.range)
                return false
            }
            guard resolveEvent(name, context: context) != nil else { return false }
            options.invalidatedBy.append(name.name)
        case .snooze(let duration, let count):
            guard let snooze = checkSnooze(duration, count: count) else { return false }
            options.snooze = snooze
        case .holdout(let percent):
            guard let share = checkHoldout(percent) else { return false }
            options.holdoutPercent = share
        default:
            break
        }
        return true
    }

    /// Reports a missing title, and an id that a tip with arguments lacks or does not interpolate.
    private mutating func checkRequiredItems(_ decl: TipDecl, body: inout TipBody) {
        let tipName = decl.name.name
        if body.title == nil && body.seen.title == nil {
            diagnostics.error(
                "tip '\(tipName)' has no title; add a line such as title \"Try this\"", at: decl.name.range)
            body.failed = true
        }
        guard decl.arguments != nil else { return }
        if let id = body.id {
            if !id.text.interpolates {
                diagnostics.error(
                    "the id of tip '\(tipName)' must interpolate at least one of its arguments, "
                        + "or every instance would share one id",
                    at: id.range)
                body.failed = true
            }
        } else if body.seen.id == nil {
            // Written, rather than checked: an argument whose type failed names the example too.
            let example = decl.arguments?.first.map { "\(tipName)-\\(\($0.name.name))" } ?? tipName
            diagnostics.error(
                "tip '\(tipName)' takes arguments, so it needs an 'id' that interpolates them, "
                    + "such as id \"\(example)\"",
                at: decl.name.range)
            body.failed = true
        }
    }

    /// Checks a string's interpolations: only the tip's arguments.
    mutating func checkText(
        _ literal: StringLiteral, tip: String, arguments: TipArguments
    ) -> InterpolatedText? {
        // One piece of text (most strings) is the text as it is: its array is
        // made whole, not reserved and appended to (4.8 M instructions fewer
        // for 10,000 tips, callgrind, `Checker.run`).
        if literal.segments.count == 1, case .text(let text) = literal.segments[0] { return InterpolatedText(text) }
        var segments: [InterpolatedText.Segment] = []
        segments.reserveCapacity(literal.segments.count)
        var pending: String?
        var failed = false
        for segment in literal.segments {
            switch segment {
            case .text(let text):
                // Adjacent pieces of text (split at escapes) become one. Text is moved
                // into `pending`, and out of it into `segments` (`take()`), rather than
                // copied (saves 33,000 retains on 10,000 tips).
                if pending != nil { pending?.append(text) } else { pending = consume text }
            case .interpolation(let name):
                if arguments[name.name] != nil {
                    recordUse(.argument(name.name, tip: tip), at: name.range)
                    if let text = pending.take() { segments.append(.text(text)) }
                    segments.append(.argument(name.name))
                    continue
                }
                failed = true
                if argumentMayHaveFailed(name.name) { continue }
                if arguments.isEmpty {
                    diagnostics.error(
                        "'\(name.name)' cannot be interpolated: tip '\(tip)' has no arguments, "
                            + "and only a tip's arguments can be interpolated",
                        at: name.range)
                } else {
                    diagnostics.error(
                        "'\(name.name)' is not an argument of tip '\(tip)'", at: name.range,
                        suggesting: .closest(
                            to: name.name, in: arguments.names.sorted(),
                            otherwise: "only a tip's arguments can be interpolated"))
                }
            }
        }
        guard !failed else { return nil }
        if let text = pending.take() { segments.append(.text(text)) }
        return InterpolatedText(segments: segments)
    }

    /// The checked event `name` names; nil, reported, when it names none
    /// (in a tip's `context`, with the declaration to add when nothing is spelled like it).
    mutating func resolveEvent(_ name: Identifier, context: ExpressionContext? = nil) -> CheckedEvent? {
        // Resolved first: as the argument of `event(declared:)`, resolving (which records a
        // use) would run after a copy of the checker was taken for the call, and copy its uses.
        let declared = resolveDeclared(name)
        if let event = event(declared: declared) { return event }
        reportNotFound(name, .event, context: context, declaring: "event " + name.name)
        return nil
    }

    /// Reports why `name` names no checked declaration of the `expected`
    /// kind: it declares another kind, or nothing ("did you mean" among that
    /// kind; where `context` places declarations, `declaration` to add when
    /// none is spelled like it). One of that kind that failed its own checks
    /// was reported there.
    mutating func reportNotFound(
        _ name: Identifier, _ expected: DeclaredName.Kind, context: ExpressionContext? = nil,
        declaring declaration: String? = nil
    ) {
        switch symbols[name.name]?.kind {
        case expected: break
        case let kind?: diagnostics.error("'\(name.name)' is \(kind), not \(expected)", at: name.range)
        case nil: reportUnknown(name, expected, declaring: declaration, context: context)
        }
    }

    /// The declared names of one kind, in the order they are declared.
    func names(of kind: DeclaredName.Kind) -> [String] { symbols.names { $0.kind == kind } }

    // MARK: - Tip ids

    /// Two tips may not persist under one id (a literal id may not equal another tip's name either).
    mutating func checkTipIDs(_ tips: [CheckedTip?], keys: [TipKeys?]) {
        // Found by ``NameHash``, which costs less than a `Dictionary`'s
        // SipHash (for 10,000 tips, 1.9 M instructions fewer, callgrind, `Checker.run`).
        var seen = NameTable<Int>()
        seen.reserveCapacity(tips.count)
        for index in tips.indices {
            guard let key = keys[index]?.id else { continue }
            // One hash for a new id; a clash leaves the first tip's index.
            if let firstIndex = seen.insertIfAbsent(index, for: key), let first = tips[firstIndex],
                let tip = tips[index]
            {
                // Point at the `id` line that makes the clash (a tip without one has its name as id).
                let note =
                    first.idRange.map { DiagnosticNote("tip '\(first.name)' has this id", at: $0) }
                    ?? DiagnosticNote(
                        "tip '\(first.name)' has the id '\(key)' from its name", at: first.origin.nameRange)
                let owner: Symbol = tip.idRange == nil ? .tip(tip.name) : .tipItem(.id, index: 0, tip: tip.name)
                reporting(as: owner) {
                    $0.diagnostics.error(
                        "tip id '\(key)' is already used by tip '\(first.name)'; ids must be unique",
                        at: tip.idRange ?? tip.origin.nameRange, notes: [note])
                }
            }
        }
    }
}

/// What the checks across tips (`checkTipIDs`, `checkRenames`) read of a
/// checked tip, taken as it is checked, while its fields are in the cache:
/// read afterwards, every tip's would be a miss (10,000 tips: 0.03 M of
/// Checker.run's 1.99 M D1 read misses, callgrind --cache-sim; about 1.5 ms
/// of `tipc compile`'s 156 ms of task-clock, perf stat).
struct TipKeys {
    /// The tip's id as written (its name, when it has no `id`).
    var id: String
    /// Whether it lists old identities (`renamedFrom`).
    var isRenamed: Bool

    init(_ tip: borrowing CheckedTip) {
        // A tip without an `id` has its name as id, read without joining
        // its text (1.3 M instructions fewer for 10,000 tips, callgrind, `Checker.run`).
        id = tip.hasExplicitID ? tip.id.displayText : tip.name
        isRenamed = !tip.renamedFrom.isEmpty
    }
}
