import TipsSyntax

/// Checks parsed files as one compilation: resolves names across files,
/// types every expression, validates options, and builds the checked model.
///
/// Errors and warnings go to the diagnostics engine it is given (through
/// ``CheckerReporter``); the returned program is complete only when no error
/// was reported.
public struct Checker: Sendable {
    /// What a file-scope name declares (all that name lookups need to know);
    /// the name itself is the table's key. Without a copy of the name, an
    /// entry is 16 bytes rather than 40 and storing one retains nothing: the
    /// table of 10,000 tips is 2 MB rather than 3.6 MB, and `collectSymbols`
    /// misses D1 on 48,500 writes rather than 60,000 (cachegrind).
    struct DeclaredName {
        /// What a name declares; its raw value is the noun messages use.
        enum Kind: String, CustomStringConvertible {
            case enumeration = "enum", parameter, event, tip, group

            /// "an enum", "a parameter", ... for messages.
            var description: String { (self == .enumeration || self == .event ? "an " : "a ") + rawValue }
        }

        /// Where the name is written (first, so that the two small fields after it pack into 16 bytes).
        var nameRange: SourceRange
        var kind: Kind
        /// For a tip: whether it takes arguments.
        var takesArguments = false
        /// For an enum, a parameter or an event checked without errors: its
        /// index in `enums`, `parameters` or `events`; -1 otherwise. One
        /// lookup of a name finds what it declares and the checked declaration.
        var checked: Int32 = -1
    }

    let sources: SourceManager
    /// Each file's name without directories, by ``FileID/rawValue``: every rule records it.
    let fileNames: [String]
    var diagnostics: CheckerReporter
    var symbols = NameTable<DeclaredName>()
    /// The enums, parameters and events checked without errors, in the
    /// order checked; ``DeclaredName/checked`` is the index of a name's.
    var enums: [CheckedEnum] = []
    var parameters: [CheckedParameter] = []
    var events: [CheckedEvent] = []
    /// The tips that groups hold, by name (the value says nothing): a
    /// ``NameTable`` hashes a name for less than a `Set` (for 10,000 tips,
    /// 2,508 members cost 1.4 M instructions fewer, callgrind, `Checker.run`).
    var groupedTips = NameTable<Bool>()
    /// The members of groups that name no declaration, with their group:
    /// reported once the tips are checked, so that a name a tip's
    /// `renamedFrom` lists is told the tip's name now. A scenario does not
    /// say a tip is missing from such a group: it may be the one misnamed.
    var unknownGroupMembers: [(member: Identifier, group: String)] = []
    /// Where each event's `keep` clause is written, by event name, for
    /// warnings that quote it: quoted only then (for 10,000 tips, the 3,000
    /// clauses cost 2.5 M instructions fewer than their texts in a
    /// `Dictionary`, callgrind, `Checker.run`).
    var keepClauses = NameTable<SourceRange>()
    /// How many threads may check tips at once.
    var jobs = 1
    /// The declarations checked so far, for the symbol table.
    var declarations: [SymbolDeclaration] = []
    /// The uses of names resolved so far, for the symbol table.
    var uses: [SymbolUse] = []
    /// Whether `declarations` and `uses` are recorded; without them the
    /// program's ``CheckedProgram/symbols`` is empty (see
    /// ``CompilationOptions/recordsSymbols``).
    var recordsSymbols = true
    /// The line of the last rule checked, and its file: the next rule's
    /// line is looked for from there (see ``SourceFile/line(of:from:)``).
    var lastRuleLine: (file: FileID, line: Int)?
    /// The first tokens of the items that a syntax error cut short, of every
    /// file (``SourceFileSyntax/cutShortItems``): a rule among them is checked
    /// for its names, not judged by its types.
    var cutShortItems: Set<SourceRange> = []
    /// The files being checked, for the reports that look across every
    /// tip's rules (see ``casesCompared(with:)``).
    var syntaxFiles: [SourceFileSyntax] = []
    /// What ``casesCompared(with:)`` found, for every name: read once, when
    /// first asked (by each copy of the checker that checks a range of tips).
    var casesComparedByName: [String: [String]]?
    /// What ``closestDeclaredName(to:of:)`` and ``closestValueName(to:context:)``
    /// found, by what was looked among and the spelling, and the count of
    /// declared names it was found among.
    var closestDeclaredNames: (count: Int, byKey: [String: String?]) = (0, [:])
    /// The lists ``closestDeclaredName(to:of:)`` and
    /// ``closestValueName(to:context:)`` search, made ready once by what
    /// they list, while the declared names stay the same.
    var spellingCandidates: [String: SpellingSuggester.Candidates] = [:]
    /// The arguments of the tip being checked that failed where they are
    /// declared (reported there), nil when none did: a rule or a text that
    /// reads one is not told it is unknown. `cutShort` when its argument
    /// list stopped at a syntax error, so any name may be among them. Kept
    /// here rather than in ``TipArguments``, which every rule's context
    /// copies.
    var failedArguments: (names: [String], cutShort: Bool)?

    /// Checks `files` (in input order) and returns the checked program; with
    /// `recordsSymbols` false, a program without its symbol table.
    public static func check(
        _ files: [SourceFileSyntax], sources: SourceManager, diagnostics: inout DiagnosticEngine, jobs: Int = 1,
        recordsSymbols: Bool = true
    ) -> CheckedProgram {
        var checker = Checker(sources: sources, diagnostics: diagnostics.take())
        checker.jobs = jobs
        checker.recordsSymbols = recordsSymbols
        let program = checker.run(files)
        diagnostics = checker.diagnostics.sink.take()
        return program
    }

    init(sources: SourceManager, diagnostics: consuming DiagnosticEngine) {
        self.sources = sources
        self.fileNames = sources.files.map(\.fileName)
        self.diagnostics = CheckerReporter(sink: diagnostics)
    }

    mutating func run(_ files: [SourceFileSyntax]) -> CheckedProgram {
        syntaxFiles = files
        for file in files where !file.cutShortItems.isEmpty { cutShortItems.formUnion(file.cutShortItems) }
        let positions = collectSymbols(files)
        warnAboutLookalikeNames(positions.lookalikes)
        reserveRoom(for: positions)
        let config = reporting(as: .config) { $0.checkConfig(files, at: positions.configs) }
        // One slot per declaration, filled kind by kind. Each kind is checked
        // in source order; a duplicate declaration is not checked at all.
        var checked = files.map { [CheckedDeclaration?](repeating: nil, count: $0.declarations.count) }
        // Enums, parameters and events first: tips refer to them from any file.
        for position in positions.enums + positions.parametersAndEvents {
            checked[position.file][position.index] = checkTypeOrValue(files[position.file].declarations[position.index])
        }
        var groups: [CheckedGroup] = []
        for position in positions.groups {
            guard case .group(let decl) = files[position.file].declarations[position.index] else { continue }
            declare(decl)
            guard let group = reporting(as: .group(decl.name.name), { $0.checkGroup(decl) }) else { continue }
            groups.append(group)
            checked[position.file][position.index] = .group(group)
        }
        var (tips, keys) = checkTips(files, at: positions.tips)
        if !unknownGroupMembers.isEmpty { reportUnknownGroupMembers(tips) }
        checkTipIDs(tips, keys: keys)
        checkRenames(tips: tips, keys: keys)
        let scenarios =
            positions.scenarios.isEmpty
            ? []
            : checkScenarios(
                files, at: positions.scenarios, scope: ScenarioScope(tips, groups),
                declaresNames: !(positions.tips.isEmpty && positions.parametersAndEvents.isEmpty))
        // Each tip is taken out of `tips` into its slot: a copy would retain every field of every tip.
        for (position, index) in zip(positions.tips, tips.indices) {
            if let tip = tips[index].take() { checked[position.file][position.index] = .tip(tip) }
        }
        // Only the file that holds the config block declares it: without one,
        // no file does, so adding a file never changes another's output.
        let configFile = config?.file
        let checkedFiles = files.indices.map { index in
            let file = files[index]
            return CheckedFile(
                id: file.file, fileName: fileNames[Int(file.file.rawValue)],
                declarations: Self.takeDeclarations(&checked[index]), emitsConfiguration: file.file == configFile)
        }
        // The records are moved into the table, which sorts them: sorting
        // them while the checker still held them would copy every one.
        let (recorded, used) = (declarations, uses)
        (declarations, uses) = ([], [])
        return CheckedProgram(
            files: checkedFiles, config: config?.config ?? CheckedConfig(), scenarios: scenarios,
            symbols: SymbolTable(declarations: recorded, uses: used))
    }

    /// Makes room for the enums, parameters and events at `positions`, and
    /// for the records of the declarations checked before the tips.
    private mutating func reserveRoom(for positions: DeclarationPositions) {
        enums.reserveCapacity(positions.enums.count)
        // Room for the records of the declarations checked here, and their
        // members: `checkTips` records the tips' in arrays of its own, which
        // take these after them (room for every declaration's records here was
        // 15.5 MB held unused at the peak of checking 10,000 tips, massif).
        let checkedHere = positions.enums.count + positions.parametersAndEvents.count + positions.groups.count
        if recordsSymbols { declarations.reserveCapacity((checkedHere + positions.configs.count) * 4) }
        parameters.reserveCapacity(positions.parametersAndEvents.count)
        events.reserveCapacity(positions.parametersAndEvents.count)
    }

    /// The declarations checked into `slots`, in order, moved out of them
    /// (a copy would retain every field of every tip, and the slots then release them all again).
    private static func takeDeclarations(_ slots: inout [CheckedDeclaration?]) -> [CheckedDeclaration] {
        var declarations: [CheckedDeclaration] = []
        declarations.reserveCapacity(slots.count)
        for index in slots.indices {
            if let declaration = slots[index].take() { declarations.append(declaration) }
        }
        return declarations
    }

    /// Appends `checked` to `all`, and notes where in its name's entry of `symbols`.
    private static func keep<Checked>(
        _ checked: Checked, named name: String, in all: inout [Checked], symbols: inout NameTable<DeclaredName>
    ) {
        symbols.modifyValue(for: name) { $0.checked = Int32(all.count) }
        all.append(checked)
    }

    /// Checks an enum, a parameter or an event, recording it for the declarations checked after it.
    private mutating func checkTypeOrValue(_ declaration: Declaration) -> CheckedDeclaration? {
        switch declaration {
        case .enumeration(let decl):
            declare(decl)
            guard let checked = reporting(as: .enumeration(decl.name.name), { $0.checkEnum(decl) }) else { return nil }
            Self.keep(checked, named: checked.name, in: &enums, symbols: &symbols)
            return .enumeration(checked)
        case .parameter(let decl):
            declare(decl)
            guard let checked = reporting(as: .parameter(decl.name.name), { $0.checkParameter(decl) }) else {
                return nil
            }
            Self.keep(checked, named: checked.name, in: &parameters, symbols: &symbols)
            return .parameter(checked)
        case .event(let decl):
            declare(decl)
            guard let checked = reporting(as: .event(decl.name.name), { $0.checkEvent(decl) }) else { return nil }
            Self.keep(checked, named: checked.name, in: &events, symbols: &symbols)
            return .event(checked)
        default: return nil
        }
    }

    /// The tips at `positions`, checked, in order (nil for a duplicate or a
    /// tip with errors), and what the checks across tips read of each. Each tip depends only on the declarations checked
    /// before, so ranges of tips are checked at the same time, each by a copy
    /// of the checker reporting into an engine of its own, merged in order:
    /// the diagnostics are those of checking one by one.
    private mutating func checkTips(
        _ files: [SourceFileSyntax], at positions: [DeclarationPositions.Position]
    ) -> (tips: [CheckedTip?], keys: [TipKeys?]) {
        let base = self
        var chunks = Parallel.map(positions.count, jobs: jobs, minimumChunk: Self.tipsPerJob) { range in
            var worker = base
            worker.diagnostics = CheckerReporter(sink: DiagnosticEngine())
            (worker.declarations, worker.uses) = ([], [])
            // Each tip records itself, its arguments and its items, and a use or two per item.
            let items = base.recordsSymbols ? Self.recordCount(of: positions[range], in: files) : 0
            // The first range's records take the earlier ones after them
            // (see `appendShorter(_:to:)`): room for those too, or appending
            // would reallocate them at twice the size (25.5 MB more at the
            // peak of checking 10,000 tips, valgrind --tool=massif).
            let front = range.lowerBound == 0 ? (base.declarations.count, base.uses.count) : (0, 0)
            worker.declarations.reserveCapacity(items + front.0)
            worker.uses.reserveCapacity(items * 2 + front.1)
            var keys: [TipKeys?] = []
            keys.reserveCapacity(range.count)
            let tips = positions[range].map { position -> CheckedTip? in
                guard case .tip(let decl) = files[position.file].declarations[position.index] else {
                    keys.append(nil)
                    return nil
                }
                let tip = worker.checkTip(decl)
                if let tip { keys.append(TipKeys(tip)) } else { keys.append(nil) }
                return tip
            }
            return (tips, worker.diagnostics.sink, worker.declarations, worker.uses, keys)
        }
        var checked: [CheckedTip?] = []
        var keys: [TipKeys?] = []
        for index in chunks.indices {
            diagnostics.sink.report(contentsOf: chunks[index].1)
            Self.append(&chunks[index].0, to: &checked)
            Self.appendShorter(&chunks[index].2, to: &declarations)
            Self.appendShorter(&chunks[index].3, to: &uses)
            Self.append(&chunks[index].4, to: &keys)
        }
        return (checked, keys)
    }

    /// Appends `records` to `all`, in order, leaving `records` empty. When
    /// `records` is the longer, `all` goes in front of it instead: elements
    /// appended are copied (their names retained, then released with the
    /// array they came from), elements already in place only move. With one
    /// job, checking then copies no checked tip and no key (measured with
    /// the symbol records taking this path too: 1.8 M of 131.7 M
    /// instructions for 1,000 tips, callgrind, `tipc check --jobs 1`); with
    /// more, the first range's are spared.
    private static func append<Element>(_ records: inout [Element], to all: inout [Element]) {
        if records.count > all.count {
            records.insert(contentsOf: all, at: 0)
            swap(&records, &all)
        } else {
            all += records
        }
        records = []
    }

    /// Appends `records` to `all` or `all` to `records`, whichever is
    /// shorter, into `all`, leaving `records` empty: for the symbol records,
    /// which the table sorts (see ``SymbolTable/init(declarations:uses:)``),
    /// so their order here only makes the runs it merges. Putting the
    /// records checked before the tips in front of the tips' (as
    /// `append(_:to:)` keeps order) would move every tip's record to make
    /// room: for 10,000 tips, 9 MB and 0.26 M of the 4.50 M misses of a 2 MB
    /// cache in `Compilation.run` (callgrind --cache-sim=yes
    /// --LL=2097152,16,64, `tipc compile`).
    private static func appendShorter<Element>(_ records: inout [Element], to all: inout [Element]) {
        if records.count > all.count {
            records += all
            swap(&records, &all)
        } else {
            all += records
        }
        records = []
    }

    /// How many symbol records the tips at `positions` make: each tip, its
    /// arguments and its items.
    private static func recordCount(
        of positions: ArraySlice<DeclarationPositions.Position>, in files: [SourceFileSyntax]
    ) -> Int {
        positions.reduce(0) { count, position in
            guard case .tip(let decl) = files[position.file].declarations[position.index] else { return count }
            return count + 1 + (decl.arguments?.count ?? 0) + decl.items.count
        }
    }

    /// Tips below this many per job are not worth a thread.
    static let tipsPerJob = 32

    // MARK: - Symbols

    /// Where each kind of declaration is, in source order; a declaration of
    /// a name already declared is left out (it is reported, never checked).
    struct DeclarationPositions {
        /// A declaration: its file's position in the input, and its own in the file.
        typealias Position = (file: Int, index: Int)

        var configs: [Position] = []
        var enums: [Position] = []
        var parametersAndEvents: [Position] = []
        var groups: [Position] = []
        var tips: [Position] = []
        var scenarios: [Position] = []
        /// The names with letters that look Latin, in source order (see Checker+Confusables.swift).
        var lookalikes: [Lookalike] = []
    }

    /// Records every file-scope name (reporting duplicates) and where each kind of declaration is.
    mutating func collectSymbols(_ files: [SourceFileSyntax]) -> DeclarationPositions {
        var positions = DeclarationPositions()
        // Room for every name, and slots for at least twice as many (the
        // table's rule). Room for twice the names made the slots a random
        // read of 1 MB for 10,000 tips; at 512 KB the check misses a 2 MB
        // cache 15,500 times fewer, for 0.2 M instructions fewer (callgrind
        // --cache-sim=yes --LL=2097152,16,64, `Checker.run`).
        symbols.reserveCapacity(files.reduce(0) { $0 + $1.declarations.count })
        for (fileIndex, file) in files.enumerated() {
            for index in file.declarations.indices {
                let symbol: DeclaredName
                let key: String
                switch file.declarations[index] {
                case .config:
                    positions.configs.append((fileIndex, index))
                    continue
                case .scenario:
                    positions.scenarios.append((fileIndex, index))
                    continue
                case .enumeration(let decl):
                    (key, symbol) = (decl.name.name, DeclaredName(nameRange: decl.name.range, kind: .enumeration))
                case .parameter(let decl):
                    (key, symbol) = (decl.name.name, DeclaredName(nameRange: decl.name.range, kind: .parameter))
                case .event(let decl):
                    (key, symbol) = (decl.name.name, DeclaredName(nameRange: decl.name.range, kind: .event))
                case .tip(let decl):
                    key = decl.name.name
                    symbol = DeclaredName(nameRange: decl.name.range, kind: .tip, takesArguments: decl.arguments != nil)
                case .group(let decl):
                    (key, symbol) = (decl.name.name, DeclaredName(nameRange: decl.name.range, kind: .group))
                }
                // One hash for a new name; a duplicate leaves the first declaration in place.
                if let existing = symbols.insertIfAbsent(symbol, for: key) {
                    reporting(as: symbol.symbol(key)) {
                        $0.diagnostics.error(
                            "'\(key)' is already declared as \(existing.kind)", at: symbol.nameRange,
                            notes: [DiagnosticNote("'\(key)' is first declared here", at: existing.nameRange)])
                    }
                    continue
                }
                if let (skeleton, lookalike) = Self.latinSkeleton(key) {
                    positions.lookalikes.append((key, symbol, skeleton, lookalike))
                }
                let position = (file: fileIndex, index: index)
                switch symbol.kind {
                case .enumeration: positions.enums.append(position)
                case .parameter, .event: positions.parametersAndEvents.append(position)
                case .tip: positions.tips.append(position)
                case .group: positions.groups.append(position)
                }
            }
        }
        return positions
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
                if found == nil { declare(decl) }
                if let first = found {
                    diagnostics.error(
                        "only one 'config' is allowed in a compilation", at: decl.keyword,
                        notes: [DiagnosticNote("the first 'config' is here", at: first.range)])
                    continue
                }
                found = (checkConfigItems(decl.items), file.file, decl.keyword)
            }
        }
        return found.map { ($0.config, $0.file) }
    }

    /// The items of the first config block, each given at most once.
    mutating func checkConfigItems(_ items: [ConfigItem]) -> CheckedConfig {
        var config = CheckedConfig()
        var seen: [Keyword: SourceRange] = [:]
        for item in items {
            let (keyword, range): (Keyword, SourceRange) =
                switch item {
                case .displayFrequency(_, let range, _): (.displayFrequency, range)
                case .sourceLanguage(_, let range, _): (.sourceLanguage, range)
                case .sessionLimit(_, let range, _): (.sessionLimit, range)
                case .oneAtATime(let range, _): (.oneAtATime, range)
                }
            if let first = seen[keyword] {
                diagnostics.error(
                    "'\(keyword.rawValue)' is given twice", at: range,
                    notes: [DiagnosticNote("first given here", at: first)])
                continue
            }
            seen[keyword] = range
            switch item {
            case .displayFrequency(let value, _, _):
                if let frequency = checkDisplayFrequency(value) { config.displayFrequency = frequency }
            case .sourceLanguage(let literal, _, _):
                if let language = checkLanguageCode(literal) {
                    config.sourceLanguage = language
                    config.sourceLanguageRange = literal.range
                }
            case .sessionLimit(let limit, let keyword, _):
                config.sessionLimitRange = keyword
                guard limit.value >= 1 else {
                    diagnostics.error("'sessionLimit' must be at least 1, but this is \(limit.value)", at: limit.range)
                    continue
                }
                config.sessionLimit = limit.value
            case .oneAtATime(let keyword, _):
                (config.oneAtATime, config.oneAtATimeRange) = (true, keyword)
            }
        }
        return config
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
                "unknown display frequency '\(name.name)'", at: name.range,
                suggesting: .closest(
                    to: name.name, in: names,
                    otherwise: "use immediate, hourly, daily, weekly, monthly or every <duration>"))
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
