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
    /// Each file's name without directories, by ``FileID/rawValue``: every rule records it.
    let fileNames: [String]
    var diagnostics: DiagnosticEngine
    var symbols: [String: Symbol] = [:]
    var enums: [String: CheckedEnum] = [:]
    var parameters: [String: CheckedParameter] = [:]
    var events: [String: CheckedEvent] = [:]
    var groupedTips: Set<String> = []
    /// Where the errors reported before checking (by the parser) start, sorted.
    let earlierErrors: [SourceLocation]
    /// Whether the parser reported more errors than the engine kept.
    let earlierErrorsDropped: Bool

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
        self.fileNames = sources.files.map(\.fileName)
        self.diagnostics = diagnostics
        self.earlierErrors = diagnostics.reported.filter { $0.severity == .error }.map(\.range.startLocation).sorted()
        self.earlierErrorsDropped = diagnostics.errorCount > earlierErrors.count
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
        checkTipIDs(
            files.flatMap { file in
                file.declarations.compactMap { decl -> CheckedTip? in
                    if case .tip(let tip) = decl { return checkedTips[tip.range] }
                    return nil
                }
            })

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
                "unknown display frequency '\(name.name)'"
                    + Suggestions.hint(
                        name.name, in: names,
                        otherwise: "use immediate, hourly, daily, weekly, monthly or every <duration>"),
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
}
