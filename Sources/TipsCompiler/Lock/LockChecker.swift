import TipsSyntax

/// Checks a program against a lock (`--lock`): each change that would lose
/// users' state is an error at the declaration concerned, saying what they
/// lose and the ways out (`renamedFrom`, or updating the lock to accept the reset):
///
/// 1. a locked identity is gone, and nothing renames it;
/// 2. a persisted parameter's type changed;
/// 3. a case of an enum that stored values hold is gone, and nothing renames it;
/// 4. an event's field is gone, or its type changed;
/// 5. a declaration takes an identity the lock retired;
/// 6. two declarations are renamed from one identity (the checker reports it
///    with or without a lock);
/// 7. a `renamedFrom` whose move the lock records is gone (people who skip
///    the version that moved their state would lose it).
///
/// A `renamedFrom` naming an identity the lock lacks is a warning: nothing moves.
struct LockChecker {
    let identities: ProgramIdentities
    let lock: LockFile
    let locked: [LockKey: LockedIdentity]
    let retired: [LockKey: LockedIdentity]
    /// Old key → the declaration renamed from it.
    let renames: [LockKey: (to: LockKey, rename: CheckedRename)]
    /// The keys of the tips, parameters and events the program declares.
    let held: Set<LockKey>
    /// The command the errors say updates the lock (``LockFile/updateCommand``, or the plugin's).
    let updateCommand: String
    /// The program's declarations, where the fix-it of a "did you rename
    /// it?" adds `renamedFrom` (empty when the compilation records none).
    let symbols: SymbolTable
    let sources: SourceManager
    var diagnostics: DiagnosticEngine
    /// The tips, parameters and events the lock does not hold: where an
    /// identity gone may have been renamed to. Found at the first one gone,
    /// for all (see ``reportGone(_:)``).
    var newDeclarations: NewDeclarations?

    /// See ``newDeclarations``.
    struct NewDeclarations {
        var tips: [CheckedTip]
        var parameters: [CheckedParameter]
        var events: [CheckedEvent]
    }

    /// Reports into `diagnostics` every change of `program` that `lock`
    /// forbids; each error says `updateCommand` accepts it. Where an error
    /// names the declaration that was likely renamed, its fix-it adds the
    /// `renamedFrom` it suggests (when `program` records its symbols).
    static func check(
        _ program: CheckedProgram, against lock: LockFile, updateCommand: String, sources: SourceManager,
        diagnostics: inout DiagnosticEngine
    ) {
        let identities = ProgramIdentities(program)
        var checker = LockChecker(
            identities: identities, lock: lock, locked: lock.locked, retired: lock.retired,
            renames: identities.renames, held: identities.heldKeys, updateCommand: updateCommand,
            symbols: program.symbols, sources: sources, diagnostics: DiagnosticEngine())
        checker.checkLocked()
        checker.checkCases()
        checker.checkRetired()
        checker.checkMoves()
        checker.checkRenameSources()
        diagnostics.report(contentsOf: checker.diagnostics)
    }

    /// Every locked identity: still declared (and stored alike), renamed, or an error.
    private mutating func checkLocked() {
        let parameters = Dictionary(identities.parameters.map { ($0.name, $0) }) { first, _ in first }
        let events = Dictionary(identities.events.map { ($0.name, $0) }) { first, _ in first }
        for (key, identity) in locked.sorted(by: { $0.key < $1.key }) {
            let renamed = renames[key]
            switch identity {
            case .tip:
                if !held.contains(key) && renamed == nil { reportGone(identity) }
            case .parameter(let name, let type):
                if let parameter = parameters[name] ?? renamed.flatMap({ parameters[$0.to.text] }) {
                    checkType(of: parameter, was: type, named: name)
                } else if let transient = identities.transientParameters[name] {
                    reportTransient(transient)
                } else {
                    reportGone(identity)
                }
            case .event(let name, let fields):
                if let event = events[name] ?? renamed.flatMap({ events[$0.to.text] }) {
                    checkFields(of: event, were: fields, named: name)
                } else {
                    reportGone(identity)
                }
            case .enumCase:
                break
            }
        }
    }

    /// A parameter stored before as `type` (under `name`): the same kind of value, or error 2.
    private mutating func checkType(of parameter: CheckedParameter, was type: LockedType, named name: String) {
        guard let current = identities.lockedType(parameter.type), !current.storesLike(type) else { return }
        let renamed = name == parameter.name ? "" : " (stored as '\(name)')"
        diagnostics.error(
            "locked parameter '\(parameter.name)'\(renamed) changed its type from \(type.name) to \(current.name): "
                + "the \(type.name) each device holds is not read, and '\(parameter.name)' reads as its default "
                + "until the app sets it again; keep \(type.name), or run `\(updateCommand)` to accept the reset",
            at: parameter.origin.nameRange)
    }

    /// An event's fields against those its donations were stored with: each still there with its type, or error 4.
    private mutating func checkFields(of event: CheckedEvent, were fields: [LockedField], named name: String) {
        for field in fields {
            guard let current = event.field(named: field.name) else {
                let others = event.fields.map(\.name)
                let renamed = Self.mostSimilar(to: field.name, among: others).map {
                    "did you rename it to '\($0)'? A field keeps its name: "
                }
                diagnostics.error(
                    "field '\(field.name)' of locked event '\(event.name)' is gone: donations from now on lack it, "
                        + "so a version that reads it (one not updated yet, another device) does not count them; "
                        + "\(renamed ?? "")keep '\(field.name)', or run `\(updateCommand)` to accept the change",
                    at: event.origin.nameRange)
                continue
            }
            guard let type = identities.lockedType(current.type), !type.storesLike(field.type) else { continue }
            diagnostics.error(
                "field '\(field.name)' of locked event '\(event.name)' changed its type from \(field.type.name) to "
                    + "\(type.name): the donations stored before hold \(Self.article(field.type.name)), which a "
                    + "`where` on '\(field.name)' does not count; keep \(field.type.name), or run `\(updateCommand)` to "
                    + "accept the change",
                at: current.nameRange)
        }
    }
}

extension LockChecker {
    /// Error 3 for each slot: a case its values held that the enum lacks now, and no case is renamed from.
    private mutating func checkCases() {
        var reported: Set<String> = []
        for slot in identities.enumSlots {
            let lock = self.lock
            let old = ([slot.slot] + slot.oldSlots).lazy.compactMap { lock.type(ofSlot: $0) }.first
            guard case .enumeration(_, let cases)? = old else { continue }
            let current = Set(slot.checked.cases)
            let renamed = ProgramIdentities.caseRenames(of: slot.checked)
            let gone = cases.filter { !current.contains($0) && renamed[$0] == nil }
            // One case gone and one case new, renamed by typing: the new one is its likely name.
            let locked = Set(cases).union(renamed.values)
            let new = slot.checked.cases.filter { !locked.contains($0) }
            for name in gone {
                // One error for a case, however many slots held it.
                guard reported.insert(slot.checked.name + "." + name).inserted else { continue }
                reportCaseGone(name, of: slot, onlyNew: gone.count == 1 && new.count == 1 ? new.first : nil)
            }
        }
    }

    /// Error 5: a declaration (or an enum case of a stored value) takes an identity the lock retired.
    private mutating func checkRetired() {
        for tip in identities.tips {
            let key = LockedIdentity.tip(name: tip.name, id: tip.id).key
            guard retired[key] != nil else { continue }
            reportRetiredTaken(
                "tip '\(tip.name)' takes the id '\(tip.id.displayText)', which the lock retired: people who closed "
                    + "the tip that had it would find this one closed too",
                way: "give it another `id`", at: tip.idRange ?? tip.origin.nameRange)
        }
        for parameter in identities.parameters where retired[LockKey(kind: .parameter, text: parameter.name)] != nil {
            reportRetiredTaken(
                "parameter '\(parameter.name)' takes a name the lock retired: the value devices hold for the old "
                    + "'\(parameter.name)' would become its value",
                way: "give it another name", at: parameter.origin.nameRange)
        }
        for event in identities.events where retired[LockKey(kind: .event, text: event.name)] != nil {
            reportRetiredTaken(
                "event '\(event.name)' takes a name the lock retired: the donations people made of the old "
                    + "'\(event.name)' would count for it",
                way: "give it another name", at: event.origin.nameRange)
        }
        for slot in identities.enumSlots {
            let retiredCases = Set(lock.retiredCases(ofSlot: slot.slot))
            for (index, name) in slot.checked.cases.enumerated() where retiredCases.contains(name) {
                reportRetiredTaken(
                    "case '\(name)' of enum '\(slot.checked.name)' takes a case the lock retired from "
                        + "\(slot.description): values stored as the old .\(name) would read as this one",
                    way: "give it another name", at: slot.checked.caseRanges[index])
            }
        }
    }

    private mutating func reportRetiredTaken(_ what: String, way: String, at range: SourceRange) {
        diagnostics.error("\(what); \(way), or run `\(updateCommand)` to let it take that state", at: range)
    }

    /// Error 7: each move the lock records (`-> target`) still has its
    /// `renamedFrom`. Reported at the declaration the state moved to, or at
    /// the one renamed from that in turn; when neither is declared, that
    /// one's own error says what to do.
    private mutating func checkMoves() {
        let renames = self.renames
        var reportedCases: Set<String> = []
        for entry in lock.moves.values.sorted(by: { $0.identity.key < $1.identity.key }) {
            guard identities.moveTarget(of: entry.identity, renames: renames) == nil,
                let target = entry.movedToKey, let movedTo = entry.movedTo
            else { continue }
            if case .enumCase(let slot, let name) = entry.identity {
                // One error for a case, however many slots its values moved in.
                guard let holder = identities.enumSlot(holding: slot),
                    reportedCases.insert(holder.checked.name + "." + name).inserted
                else { continue }
                reportMoveGone(ofCase: name, slot: holder, to: movedTo)
            } else if let holder = held.contains(target) ? target : renames[target]?.to {
                reportMoveGone(entry.identity, movedTo: movedTo, holder: holder)
            }
        }
    }

    /// The cases the lock records for values of the enum called `name` in
    /// parameters and event fields that no declaration holds or renames:
    /// gone, each reported by ``reportGone(_:)``.
    private func goneCases(ofEnum name: String) -> [String] {
        var cases: [String] = []
        for (key, identity) in locked where !held.contains(key) && renames[key] == nil {
            var types: [LockedType] = []
            if case .parameter(_, let type) = identity { types = [type] }
            if case .event(_, let fields) = identity { types = fields.map(\.type) }
            for case .enumeration(name, let held) in types { cases += held }
        }
        return cases
    }

    /// A warning for each `renamedFrom` naming an identity the lock has neither locked nor retired.
    private mutating func checkRenameSources() {
        for (key, rename) in renames.sorted(by: { $0.value.rename.range < $1.value.rename.range })
        where locked[key] == nil && retired[key] == nil {
            warnNothingToMove(key, rename.rename)
        }
        for checked in identities.enums.values.sorted(by: { $0.origin.nameRange < $1.origin.nameRange }) {
            let renames = checked.caseRenames.joined()
            guard !renames.isEmpty else { continue }
            let slots = identities.enumSlots.filter { $0.checked.name == checked.name }
            var known: Set<String> = []
            for slot in slots {
                for old in [slot.slot] + slot.oldSlots {
                    known.formUnion(lock.type(ofSlot: old)?.cases ?? [])
                    known.formUnion(lock.retiredCases(ofSlot: old))
                }
            }
            // A locked parameter or event of this enum that nothing declares
            // now holds its cases too: its own error asks for the rename
            // that moves its values, case renames included.
            known.formUnion(goneCases(ofEnum: checked.name))
            for rename in renames where !known.contains(rename.text) {
                let stored = "the lock has no stored value of enum '\(checked.name)' that holds a case '\(rename.text)'"
                // A retired value holds it: retired is no longer read, and its state is already gone.
                let reason =
                    retiredHolder(ofCase: rename.text, ofEnum: checked.name).map {
                        "only the lock's retired \($0) holds a case '\(rename.text)' of enum '\(checked.name)', "
                            + "and a retired value is no longer read"
                    } ?? stored
                diagnostics.warning("renamedFrom '\(rename.text)': \(reason), so nothing moves", at: rename.range)
            }
        }
    }

    /// The first retired parameter or event field (`parameter 'cupSize'`,
    /// `field 'size' of event 'ordered'`) whose values of the enum called
    /// `name` hold the case `caseName`, in the lock's order.
    private func retiredHolder(ofCase caseName: String, ofEnum name: String) -> String? {
        for entry in lock.entries where entry.isRetired {
            switch entry.identity {
            case .parameter(let parameter, .enumeration(name, let cases)) where cases.contains(caseName):
                return "parameter '\(parameter)'"
            case .event(let event, let fields):
                for field in fields {
                    guard case .enumeration(name, let cases) = field.type, cases.contains(caseName) else { continue }
                    return "field '\(field.name)' of event '\(event)'"
                }
            default: break
            }
        }
        return nil
    }
}
