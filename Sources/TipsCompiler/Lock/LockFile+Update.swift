import TipsSyntax

extension LockFile {
    /// The lock of `program`, updated from `previous` (the lock already
    /// written, if any): every identity the program declares is locked; one
    /// the previous lock held that the program no longer declares (removed,
    /// or moved by `renamedFrom`) is retired; a retired one stays retired
    /// unless the program takes it again. A retired identity that a
    /// declaration is renamed from is marked with where its state moves.
    /// The changes are lines for people: `added tip 'A'`, `retired event
    /// 'e'`, `moved parameter 'p' to 'q'`, `no longer moved: event 'e' (…)`.
    public static func updated(
        for program: CheckedProgram, from previous: LockFile?
    ) -> (lock: LockFile, changes: [String]) {
        let identities = ProgramIdentities(program)
        let previous = previous ?? LockFile()
        let (oldLocked, oldRetired) = (previous.locked, previous.retired)
        var locked: [LockKey: LockedIdentity] = [:]
        for entry in identities.entries { locked[entry.identity.key] = entry.identity }
        var retired = oldRetired.filter { $0.key.kind != .enumCase && locked[$0.key] == nil }
        for (key, identity) in oldLocked where locked[key] == nil { retired[key] = identity }
        for (key, identity) in retiredCases(identities, previous) { retired[key] = identity }
        // Each retired identity a declaration is renamed from: marked with where it moves.
        let renames = identities.renames
        let lock = LockFile(
            entries: locked.values.map { LockEntry($0) }
                + retired.values.map {
                    LockEntry($0, isRetired: true, movedTo: identities.moveTarget(of: $0, renames: renames))
                })
        var changes = describeChanges(from: (oldLocked, oldRetired), to: (locked, retired), identities: identities)
        for (key, entry) in previous.moves where lock.moves[key] == nil && retired[key] != nil {
            changes.append("no longer moved: \(describe(entry.identity)) (its renamedFrom is gone)")
        }
        // A move of an identity retired before now marked (a lock written
        // before locks marked moves), or moved on to another declaration.
        for (key, entry) in lock.moves where oldRetired[key] != nil && previous.moves[key]?.movedTo != entry.movedTo {
            changes.append("marked the move of \(describe(entry.identity)) -> \(entry.movedTo ?? "")")
        }
        return (lock, LockText.sorted(changes))
    }

    /// The retired cases of the updated lock: those retired before (kept
    /// wherever the slot went through `renamedFrom`), and the cases each
    /// slot held in the previous lock that it holds no more; none that its
    /// enum has now.
    private static func retiredCases(
        _ identities: ProgramIdentities, _ previous: LockFile
    ) -> [LockKey: LockedIdentity] {
        var retired: [LockKey: LockedIdentity] = [:]
        for case .enumCase(let slot, let name) in previous.retired.values {
            retired[LockedIdentity.enumCase(slot: slot, name: name).key] = .enumCase(slot: slot, name: name)
        }
        for slot in identities.enumSlots {
            let current = Set(slot.checked.cases)
            for old in [slot.slot] + slot.oldSlots {
                let gone = (previous.type(ofSlot: old)?.cases ?? []) + previous.retiredCases(ofSlot: old)
                for name in gone where !current.contains(name) {
                    let identity = LockedIdentity.enumCase(slot: slot.slot, name: name)
                    retired[identity.key] = identity
                }
            }
            for name in current { retired[LockedIdentity.enumCase(slot: slot.slot, name: name).key] = nil }
        }
        return retired
    }

    /// One line per change between two locks, sorted.
    private static func describeChanges(
        from old: (locked: [LockKey: LockedIdentity], retired: [LockKey: LockedIdentity]),
        to new: (locked: [LockKey: LockedIdentity], retired: [LockKey: LockedIdentity]),
        identities: ProgramIdentities
    ) -> [String] {
        var lines: [String] = []
        var moved: Set<LockKey> = []
        let renames = identities.renames
        for (key, identity) in new.retired where old.retired[key] == nil {
            if let rename = renames[key], let target = new.locked[rename.to] {
                moved.insert(rename.to)
                lines.append("moved \(describe(identity)) to \(describe(target))")
            } else if case .enumCase(let slot, let name) = identity,
                let renamed = caseRename(of: name, in: slot, identities)
            {
                lines.append("moved \(describe(identity)) to .\(renamed)")
            } else {
                lines.append("retired \(describe(identity))")
            }
        }
        for (key, identity) in new.locked {
            if let before = old.locked[key] {
                if before != identity { lines.append("changed \(describe(identity)) (was \(describe(before)))") }
            } else if old.retired[key] != nil {
                lines.append("took back \(describe(identity)), retired before")
            } else if !moved.contains(key) {
                lines.append("added \(describe(identity))")
            }
        }
        return LockText.sorted(lines)
    }

    /// The case of `slot`'s enum renamed from `name`, if one is.
    private static func caseRename(of name: String, in slot: String, _ identities: ProgramIdentities) -> String? {
        guard let found = identities.enumSlots.first(where: { $0.slot == slot }) else { return nil }
        return ProgramIdentities.caseRenames(of: found.checked)[name]
    }

    /// `tip 'A' (id "a")`, `parameter 'p': Bool`, `event 'e'`, `case 'plan.pro'`: an identity in a line of changes.
    static func describe(_ identity: LockedIdentity) -> String {
        switch identity {
        case .tip(let name, let id) where id == InterpolatedText(name): "tip '\(name)'"
        case .tip(let name, let id): "tip '\(name)' (id \(LockText.quoted(id)))"
        case .parameter(let name, let type): "parameter '\(name)': \(type)"
        case .event(let name, let fields) where fields.isEmpty: "event '\(name)'"
        case .event(let name, let fields):
            "event '\(name)'(" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        case .enumCase(let slot, let name): "case '\(name)' of '\(slot)'"
        }
    }
}
