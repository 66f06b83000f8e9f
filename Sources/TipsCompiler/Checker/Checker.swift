/// Checks parsed files as one compilation: resolves names across files,
/// types every expression, validates options, and builds the checked model.
///
/// Errors and warnings go to the diagnostics engine; the returned program is
/// complete only when no error was reported.
public struct Checker {
    /// A file-scope name and what it declares: the declared name, and for a
    /// tip whether it takes arguments (all that name lookups need to know).
    enum Symbol {
        case enumeration(Identifier)
        case parameter(Identifier)
        case event(Identifier)
        case tip(Identifier, takesArguments: Bool)
        case group(Identifier)

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

        /// The declared name and its range.
        var identifier: Identifier {
            switch self {
            case .enumeration(let name), .parameter(let name), .event(let name), .tip(let name, _), .group(let name):
                name
            }
        }

        var name: String { identifier.name }

        var nameRange: SourceRange { identifier.range }
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
        let positions = collectSymbols(files)
        let config = checkConfig(files, at: positions.configs)
        // Enums, parameters and events first: tips refer to them from any file.
        for position in positions.enums {
            if case .enumeration(let decl) = files[position.file].declarations[position.index],
                let checked = checkEnum(decl)
            {
                enums[checked.name] = checked
            }
        }
        for position in positions.parametersAndEvents {
            switch files[position.file].declarations[position.index] {
            case .parameter(let decl):
                if let checked = checkParameter(decl) { parameters[checked.name] = checked }
            case .event(let decl):
                if let checked = checkEvent(decl) { events[checked.name] = checked }
            default: break
            }
        }
        let checkedGroups = positions.groups.map { position -> CheckedGroup? in
            guard case .group(let decl) = files[position.file].declarations[position.index] else { return nil }
            return checkGroup(decl)
        }
        let checkedTips = positions.tips.map { position -> CheckedTip? in
            guard case .tip(let decl) = files[position.file].declarations[position.index] else { return nil }
            return checkTip(decl)
        }
        checkTipIDs(checkedTips)

        let configFile = config?.file ?? files.first?.file
        // Groups and tips were checked in source order, so each file takes the next ones.
        var nextGroup = 0
        var nextTip = 0
        let checkedFiles = files.map { file in
            var declarations: [CheckedDeclaration] = []
            declarations.reserveCapacity(file.declarations.count)
            for index in file.declarations.indices {
                let checked: CheckedDeclaration?
                switch file.declarations[index] {
                case .config: checked = nil
                case .enumeration(let decl):
                    checked = ownDeclaration(decl.name.range, enums[decl.name.name]).map { .enumeration($0) }
                case .parameter(let decl):
                    checked = ownDeclaration(decl.name.range, parameters[decl.name.name]).map { .parameter($0) }
                case .event(let decl):
                    checked = ownDeclaration(decl.name.range, events[decl.name.name]).map { .event($0) }
                case .tip:
                    checked = checkedTips[nextTip].map { .tip($0) }
                    nextTip += 1
                case .group:
                    checked = checkedGroups[nextGroup].map { .group($0) }
                    nextGroup += 1
                }
                if let checked { declarations.append(checked) }
            }
            return CheckedFile(
                id: file.file, fileName: fileNames[Int(file.file.rawValue)], declarations: declarations,
                emitsConfiguration: file.file == configFile)
        }
        return CheckedProgram(files: checkedFiles, config: config?.config ?? CheckedConfig())
    }

    /// A checked declaration, only when it is the one declared at `nameRange` (not a duplicate).
    private func ownDeclaration(_ nameRange: SourceRange, _ checked: CheckedEnum?) -> CheckedEnum? {
        checked?.origin.nameRange == nameRange ? checked : nil
    }

    /// A checked declaration, only when it is the one declared at `nameRange` (not a duplicate).
    private func ownDeclaration(_ nameRange: SourceRange, _ checked: CheckedParameter?) -> CheckedParameter? {
        checked?.origin.nameRange == nameRange ? checked : nil
    }

    /// A checked declaration, only when it is the one declared at `nameRange` (not a duplicate).
    private func ownDeclaration(_ nameRange: SourceRange, _ checked: CheckedEvent?) -> CheckedEvent? {
        checked?.origin.nameRange == nameRange ? checked : nil
    }

    // MARK: - Symbols

    /// Where each kind of declaration is, in source order.
    struct DeclarationPositions {
        /// A declaration: its file's position in the input and its own in the file.
        typealias Position = (file: Int, index: Int)

        var configs: [Position] = []
        var enums: [Position] = []
        var parametersAndEvents: [Position] = []
        var groups: [Position] = []
        var tips: [Position] = []
    }

    /// Records every file-scope name (reporting duplicates) and where each kind of declaration is.
    mutating func collectSymbols(_ files: [SourceFileSyntax]) -> DeclarationPositions {
        var positions = DeclarationPositions()
        symbols.reserveCapacity(files.reduce(0) { $0 + $1.declarations.count })
        for (fileIndex, file) in files.enumerated() {
            for index in file.declarations.indices {
                let position = (file: fileIndex, index: index)
                let symbol: Symbol
                switch file.declarations[index] {
                case .config:
                    positions.configs.append(position)
                    continue
                case .enumeration(let decl):
                    symbol = .enumeration(decl.name)
                    positions.enums.append(position)
                case .parameter(let decl):
                    symbol = .parameter(decl.name)
                    positions.parametersAndEvents.append(position)
                case .event(let decl):
                    symbol = .event(decl.name)
                    positions.parametersAndEvents.append(position)
                case .tip(let decl):
                    symbol = .tip(decl.name, takesArguments: decl.arguments != nil)
                    positions.tips.append(position)
                case .group(let decl):
                    symbol = .group(decl.name)
                    positions.groups.append(position)
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
        return positions
    }

    /// Whether `range` is where the symbol named `name` is declared (false for duplicates).
    func isPrimary(_ name: String, at range: SourceRange) -> Bool {
        symbols[name]?.nameRange == range
    }

    // MARK: - Config

    /// Checks the configs at `positions` (in source order): only the first counts.
    mutating func checkConfig(
        _ files: [SourceFileSyntax], at positions: [DeclarationPositions.Position]
    ) -> (config: CheckedConfig, file: FileID)? {
        var found: (config: CheckedConfig, file: FileID, range: SourceRange)?
        for position in positions {
            let file = files[position.file]
            if case .config(let decl) = file.declarations[position.index] {
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
