/// Checks parsed files as one compilation: resolves names across files,
/// types every expression, validates options, and builds the checked model.
///
/// Errors and warnings go to the diagnostics engine; the returned program is
/// complete only when no error was reported.
public struct Checker {
    /// A file-scope name and what it declares.
    enum Symbol {
        case enumeration(EnumDecl)
        case parameter(ParameterDecl)
        case event(EventDecl)
        case tip(TipDecl)
        case group(GroupDecl)

        /// "an enum", "a parameter", ... for messages.
        var kindDescription: String {
            switch self {
            case .enumeration: "an enum"
            case .parameter: "a parameter"
            case .event: "an event"
            case .tip: "a tip"
            case .group: "a group"
            }
        }

        var name: String {
            switch self {
            case .enumeration(let decl): decl.name.name
            case .parameter(let decl): decl.name.name
            case .event(let decl): decl.name.name
            case .tip(let decl): decl.name.name
            case .group(let decl): decl.name.name
            }
        }

        var nameRange: SourceRange {
            switch self {
            case .enumeration(let decl): decl.name.range
            case .parameter(let decl): decl.name.range
            case .event(let decl): decl.name.range
            case .tip(let decl): decl.name.range
            case .group(let decl): decl.name.range
            }
        }
    }

    let sources: SourceManager
    var diagnostics: DiagnosticEngine
    var symbols: [String: Symbol] = [:]
    var enums: [String: CheckedEnum] = [:]
    var parameters: [String: CheckedParameter] = [:]
    var events: [String: CheckedEvent] = [:]
    var groupedTips: Set<String> = []

    /// Checks `files` (in input order) and returns the checked program.
    public static func check(
        _ files: [SourceFileSyntax], sources: SourceManager, diagnostics: inout DiagnosticEngine
    ) -> CheckedProgram {
        var checker = Checker(sources: sources, diagnostics: diagnostics)
        let program = checker.run(files)
        diagnostics = checker.diagnostics
        return program
    }

    init(sources: SourceManager, diagnostics: DiagnosticEngine) {
        self.sources = sources
        self.diagnostics = diagnostics
    }

    mutating func run(_ files: [SourceFileSyntax]) -> CheckedProgram {
        collectSymbols(files)
        let config = checkConfig(files)
        // Enums, parameters and events first: tips refer to them from any file.
        for file in files {
            for declaration in file.declarations {
                switch declaration {
                case .enumeration(let decl): if let checked = checkEnum(decl) { enums[checked.name] = checked }
                default: break
                }
            }
        }
        for file in files {
            for declaration in file.declarations {
                switch declaration {
                case .parameter(let decl):
                    if let checked = checkParameter(decl) { parameters[checked.name] = checked }
                case .event(let decl):
                    if let checked = checkEvent(decl) { events[checked.name] = checked }
                default: break
                }
            }
        }
        var checkedGroups: [SourceRange: CheckedGroup] = [:]
        for file in files {
            for case .group(let decl) in file.declarations {
                if let group = checkGroup(decl) { checkedGroups[decl.range] = group }
            }
        }
        var checkedTips: [SourceRange: CheckedTip] = [:]
        for file in files {
            for case .tip(let decl) in file.declarations {
                if let tip = checkTip(decl) { checkedTips[decl.range] = tip }
            }
        }
        checkTipIDs(files.flatMap { file in file.declarations.compactMap { decl -> CheckedTip? in
            if case .tip(let tip) = decl { return checkedTips[tip.range] }
            return nil
        } })

        let configFile = config?.file ?? files.first?.file
        let checkedFiles = files.map { file in
            CheckedFile(
                id: file.file, fileName: sources[file.file].fileName,
                declarations: file.declarations.compactMap { declaration -> CheckedDeclaration? in
                    switch declaration {
                    case .config: return nil
                    case .enumeration(let decl):
                        return ownDeclaration(decl.name.range, enums[decl.name.name]).map { .enumeration($0) }
                    case .parameter(let decl):
                        return ownDeclaration(decl.name.range, parameters[decl.name.name]).map { .parameter($0) }
                    case .event(let decl):
                        return ownDeclaration(decl.name.range, events[decl.name.name]).map { .event($0) }
                    case .tip(let decl): return checkedTips[decl.range].map { .tip($0) }
                    case .group(let decl): return checkedGroups[decl.range].map { .group($0) }
                    }
                },
                emitsConfiguration: file.file == configFile)
        }
        return CheckedProgram(files: checkedFiles, config: config?.config ?? CheckedConfig())
    }

    /// A checked declaration, only when it is the one declared at `nameRange` (not a duplicate).
    private func ownDeclaration<T>(_ nameRange: SourceRange, _ checked: T?) -> T? {
        guard let checked else { return nil }
        let origin: DeclarationOrigin? =
            switch checked {
            case let value as CheckedEnum: value.origin
            case let value as CheckedParameter: value.origin
            case let value as CheckedEvent: value.origin
            default: nil
            }
        return origin?.nameRange == nameRange ? checked : nil
    }

    // MARK: - Symbols

    mutating func collectSymbols(_ files: [SourceFileSyntax]) {
        for file in files {
            for declaration in file.declarations {
                let symbol: Symbol
                switch declaration {
                case .config: continue
                case .enumeration(let decl): symbol = .enumeration(decl)
                case .parameter(let decl): symbol = .parameter(decl)
                case .event(let decl): symbol = .event(decl)
                case .tip(let decl): symbol = .tip(decl)
                case .group(let decl): symbol = .group(decl)
                }
                let key = symbol.name
                if let existing = symbols[key] {
                    diagnostics.error(
                        "'\(key)' is already declared as \(existing.kindDescription)", at: symbol.nameRange,
                        notes: [DiagnosticNote("'\(key)' is first declared here", at: existing.nameRange)])
                } else {
                    symbols[key] = symbol
                }
            }
        }
    }

    /// Whether `range` is where the symbol named `name` is declared (false for duplicates).
    func isPrimary(_ name: String, at range: SourceRange) -> Bool {
        symbols[name]?.nameRange == range
    }

    // MARK: - Config

    mutating func checkConfig(_ files: [SourceFileSyntax]) -> (config: CheckedConfig, file: FileID)? {
        var found: (config: CheckedConfig, file: FileID, range: SourceRange)?
        for file in files {
            for case .config(let decl) in file.declarations {
                if let first = found {
                    diagnostics.error(
                        "only one 'config' is allowed in a compilation", at: decl.keyword,
                        notes: [DiagnosticNote("the first 'config' is here", at: first.range)])
                    continue
                }
                var config = CheckedConfig()
                var seen: SourceRange?
                for case .displayFrequency(let value, let keyword, _) in decl.items {
                    if let seen {
                        diagnostics.error(
                            "'displayFrequency' is given twice", at: keyword,
                            notes: [DiagnosticNote("first given here", at: seen)])
                        continue
                    }
                    seen = keyword
                    if let frequency = checkDisplayFrequency(value) { config.displayFrequency = frequency }
                }
                found = (config, file.file, decl.keyword)
            }
        }
        return found.map { ($0.config, $0.file) }
    }

    mutating func checkDisplayFrequency(_ syntax: DisplayFrequencySyntax) -> DisplayFrequency? {
        switch syntax {
        case .named(let name):
            let named: [String: DisplayFrequency] = [
                "immediate": .immediate, "hourly": .hourly, "daily": .daily, "weekly": .weekly,
                "monthly": .monthly,
            ]
            if let frequency = named[name.name] { return frequency }
            let names = ["immediate", "hourly", "daily", "weekly", "monthly", "every"]
            diagnostics.error(
                "unknown display frequency '\(name.name)'\(Suggestions.didYouMean(name.name, in: names)); "
                    + "use immediate, hourly, daily, weekly, monthly or every <duration>",
                at: name.range)
            return nil
        case .every(let duration, _):
            guard duration.totalSeconds > 0 else {
                diagnostics.error("a display frequency of 'every' must be longer than zero", at: duration.range)
                return nil
            }
            return .every(seconds: duration.totalSeconds)
        }
    }

    // MARK: - Types

    /// Resolves a written type to a storable type, or reports why it cannot.
    mutating func resolveType(_ syntax: TypeSyntax) -> TipsType? {
        let name = syntax.name.name
        switch name {
        case "Bool": return .bool
        case "Int": return .int
        case "Double": return .double
        case "String": return .string
        case "Duration":
            diagnostics.error(
                "'Duration' cannot be stored; use Bool, Int, Double, String or an enum", at: syntax.name.range)
            return nil
        default: break
        }
        if let symbol = symbols[name] {
            if case .enumeration = symbol { return .enumeration(name) }
            diagnostics.error(
                "'\(name)' is \(symbol.kindDescription), not a type; use Bool, Int, Double, String or an enum",
                at: syntax.name.range)
            return nil
        }
        let candidates = ["Bool", "Int", "Double", "String"] + symbols.compactMap { key, value in
            if case .enumeration = value { return key }
            return nil
        }
        diagnostics.error(
            "unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))", at: syntax.name.range)
        return nil
    }

    // MARK: - Enums, parameters, events

    mutating func checkEnum(_ decl: EnumDecl) -> CheckedEnum? {
        guard isPrimary(decl.name.name, at: decl.name.range) else { return nil }
        var seen: [String: SourceRange] = [:]
        var cases: [String] = []
        var ranges: [SourceRange] = []
        for item in decl.cases {
            if let first = seen[item.name] {
                diagnostics.error(
                    "enum '\(decl.name.name)' already has a case '\(item.name)'", at: item.range,
                    notes: [DiagnosticNote("'\(item.name)' is first declared here", at: first)])
                continue
            }
            seen[item.name] = item.range
            cases.append(item.name)
            ranges.append(item.range)
        }
        if cases.isEmpty {
            diagnostics.error("enum '\(decl.name.name)' needs at least one case", at: decl.name.range)
        }
        return CheckedEnum(
            name: decl.name.name, doc: decl.doc?.lines ?? [], cases: cases, caseRanges: ranges,
            origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range))
    }

    mutating func checkParameter(_ decl: ParameterDecl) -> CheckedParameter? {
        guard isPrimary(decl.name.name, at: decl.name.range) else { return nil }
        guard let type = resolveType(decl.type) else { return nil }
        guard let expression = decl.defaultValue else { return nil }
        guard let value = checkDefault(expression, of: type, parameter: decl.name.name) else { return nil }
        return CheckedParameter(
            name: decl.name.name, doc: decl.doc?.lines ?? [], type: type, defaultValue: value,
            isTransient: decl.transient != nil,
            origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range))
    }

    /// A parameter's default: a literal of its type, or a case of its enum.
    mutating func checkDefault(_ expression: Expr, of type: TipsType, parameter: String) -> ConstantValue? {
        let value = literalValue(expression)
        switch (type, value) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string): return value
        case (.double, .int(let number)): return .double(Double(number))
        case (.enumeration(let name), .enumCase(let caseName)):
            guard let checked = enums[name] else { return nil }
            if checked.cases.contains(caseName) { return value }
            diagnostics.error(
                "enum '\(name)' has no case '\(caseName)'\(Suggestions.didYouMean(caseName, in: checked.cases))",
                at: expression.range)
            return nil
        default:
            if case .error = expression { return nil }
            let expected: String
            if case .enumeration(let name) = type {
                expected = "a case of '\(name)' such as '.\(enums[name]?.cases.first ?? "case")'"
            } else {
                expected = "a \(type) literal"
            }
            if case .string(let literal) = expression, literal.plainText == nil, type == .string {
                diagnostics.error(
                    "the default of parameter '\(parameter)' cannot interpolate; write plain text",
                    at: expression.range)
                return nil
            }
            diagnostics.error(
                "the default of parameter '\(parameter)' must be \(expected), but this is \(describeLiteral(value))",
                at: expression.range)
            return nil
        }
    }

    /// The constant a literal expression denotes, if it is one.
    func literalValue(_ expression: Expr) -> ConstantValue? {
        switch expression {
        case .boolean(let value, _): return .bool(value)
        case .integer(let literal): return .int(literal.value)
        case .decimal(let value, _): return .double(value)
        case .string(let literal): return literal.plainText.map { .string($0) }
        case .duration(let literal): return .duration(seconds: literal.totalSeconds)
        case .implicitMember(let name, _): return .enumCase(name.name)
        case .unary(.negate, let operand, _, _):
            switch literalValue(operand) {
            case .int(let value): return .int(-value)
            case .double(let value): return .double(-value)
            default: return nil
            }
        case .parenthesized(let inner, _): return literalValue(inner)
        default: return nil
        }
    }

    private func describeLiteral(_ value: ConstantValue?) -> String {
        switch value {
        case .bool: "a Bool"
        case .int: "an Int"
        case .double: "a Double"
        case .string: "a String"
        case .duration: "a Duration"
        case .enumCase(let name): "an enum case '.\(name)'"
        case nil: "not a literal"
        }
    }

    /// Checks typed fields; returns those that checked, and whether all did.
    mutating func checkFields(_ fields: [FieldSyntax], owner: String, kind: String) -> (fields: [CheckedField], ok: Bool) {
        var seen: [String: SourceRange] = [:]
        var checked: [CheckedField] = []
        var failed = false
        for field in fields {
            if let first = seen[field.name.name] {
                diagnostics.error(
                    "\(owner) already has \(kind) '\(field.name.name)'", at: field.name.range,
                    notes: [DiagnosticNote("'\(field.name.name)' is first declared here", at: first)])
                failed = true
                continue
            }
            seen[field.name.name] = field.name.range
            guard let type = resolveType(field.type) else {
                failed = true
                continue
            }
            checked.append(CheckedField(name: field.name.name, type: type, nameRange: field.name.range))
        }
        return (checked, !failed)
    }

    mutating func checkEvent(_ decl: EventDecl) -> CheckedEvent? {
        guard isPrimary(decl.name.name, at: decl.name.range) else { return nil }
        let fields = checkFields(decl.fields, owner: "event '\(decl.name.name)'", kind: "a field")
        var keepCount = CheckedEvent.defaultKeepCount
        var keepDuration: Int?
        if let keep = decl.keep {
            if let count = keep.count {
                if count.value < 1 {
                    diagnostics.error("an event must keep at least 1 donation, but this is \(count.value)", at: count.range)
                } else {
                    keepCount = count.value
                }
            }
            if let duration = keep.duration {
                if duration.totalSeconds < 1 {
                    diagnostics.error("an event must keep its donations longer than zero", at: duration.range)
                } else {
                    keepDuration = duration.totalSeconds
                }
            }
        }
        return CheckedEvent(
            name: decl.name.name, doc: decl.doc?.lines ?? [], fields: fields.fields, keepCount: keepCount,
            keepDuration: keepDuration,
            origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range))
    }

    // MARK: - Groups

    mutating func checkGroup(_ decl: GroupDecl) -> CheckedGroup? {
        guard isPrimary(decl.name.name, at: decl.name.range) else { return nil }
        var priority = GroupPriority.firstAvailable
        if let written = decl.priority {
            if let value = GroupPriority(rawValue: written.name) {
                priority = value
            } else {
                diagnostics.error(
                    "unknown group priority '\(written.name)'"
                        + "\(Suggestions.didYouMean(written.name, in: ["ordered", "firstAvailable"])); "
                        + "use ordered or firstAvailable",
                    at: written.range)
            }
        }
        var seen: [String: SourceRange] = [:]
        var members: [String] = []
        for member in decl.members {
            if let first = seen[member.name] {
                diagnostics.error(
                    "tip '\(member.name)' is already in group '\(decl.name.name)'", at: member.range,
                    notes: [DiagnosticNote("first listed here", at: first)])
                continue
            }
            seen[member.name] = member.range
            switch symbols[member.name] {
            case .tip(let tip):
                if tip.arguments != nil {
                    diagnostics.error(
                        "tip '\(member.name)' takes arguments, so it cannot be in a group; "
                            + "groups hold tips without arguments",
                        at: member.range, notes: [DiagnosticNote("'\(member.name)' is declared here", at: tip.name.range)])
                    continue
                }
                members.append(member.name)
                groupedTips.insert(member.name)
            case .some(let other):
                diagnostics.error(
                    "'\(member.name)' is \(other.kindDescription), but a group holds tips", at: member.range)
            case nil:
                let tips = symbols.compactMap { key, value -> String? in
                    if case .tip = value { return key }
                    return nil
                }
                diagnostics.error(
                    "unknown tip '\(member.name)'\(Suggestions.didYouMean(member.name, in: tips))", at: member.range)
            }
        }
        return CheckedGroup(
            name: decl.name.name, doc: decl.doc?.lines ?? [], priority: priority, members: members,
            origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range))
    }
}
