import TipsSyntax

/// A declaration whose name an editor changes.
package enum RenamedDeclaration: Hashable, Sendable {
    case tip(String)
    case parameter(String)
    case event(String)
    case enumCase(enumName: String, caseName: String)
}

/// An old identity the lock knows, as `renamedFrom` names it.
package struct RenameSourceCandidate: Hashable, Sendable {
    /// As written after `renamedFrom`: a name, or a tip's old id in quotes.
    package var source: String
    /// What it was: `locked tip 'A'`, `retired event 'e'`.
    package var detail: String
}

extension LockFile {
    /// What `renamedFrom` must name when `declaration` is renamed so that its
    /// users' state follows it: its old name (or a tip's old id), when the
    /// lock holds that identity; nil when it does not (a tip with an `id`
    /// item keeps its id whatever its name; a transient parameter stores nothing).
    package func renameSource(for declaration: RenamedDeclaration, in program: CheckedProgram) -> String? {
        let identities = ProgramIdentities(program)
        let locked = self.locked
        switch declaration {
        case .tip(let name):
            guard let tip = identities.tips.first(where: { $0.name == name }), !tip.hasExplicitID,
                locked[LockedIdentity.tip(name: tip.name, id: tip.id).key] != nil
            else { return nil }
            return name
        case .parameter(let name):
            return locked[LockKey(kind: .parameter, text: name)] != nil ? name : nil
        case .event(let name):
            return locked[LockKey(kind: .event, text: name)] != nil ? name : nil
        case .enumCase(let enumName, let caseName):
            let stored = identities.enumSlots.filter { $0.checked.name == enumName }.contains { slot in
                ([slot.slot] + slot.oldSlots).contains { type(ofSlot: $0)?.cases.contains(caseName) == true }
            }
            return stored ? caseName : nil
        }
    }

    /// The old identities of a kind that `renamedFrom` may name: those the
    /// lock holds, locked or retired, that the program no longer declares
    /// (for `.enumCase`, the cases of `enumName`'s stored values).
    /// Without a program (the files do not check yet), every one the lock holds.
    package func renameSources(
        _ kind: LockKey.Kind, enumName: String? = nil, in program: CheckedProgram?
    ) -> [RenameSourceCandidate] {
        let identities = program.map(ProgramIdentities.init)
        if kind == .enumCase {
            return storedCases(of: enumName ?? "", identities).map {
                RenameSourceCandidate(source: $0, detail: "a case values are stored as")
            }
        }
        let declared = Set(identities?.entries.map(\.identity.key) ?? [])
        return entries.filter { $0.identity.key.kind == kind && !declared.contains($0.identity.key) }
            .map { entry in
                let source: String
                if case .tip(let name, let id) = entry.identity, id != InterpolatedText(name) {
                    source = LockText.quoted(id, asTipsString: true)
                } else {
                    source = entry.identity.displayName
                }
                let state = entry.isRetired ? "retired" : "locked"
                return RenameSourceCandidate(source: source, detail: "\(state) \(LockFile.describe(entry.identity))")
            }
            .sorted { $0.source.utf8.lexicographicallyPrecedes($1.source.utf8) }
    }

    /// The cases the lock knows stored values of enum `enumName` to hold
    /// (locked or retired), but those the enum has now: by the slots that
    /// hold it in `identities`, or without them by the enum's name in the lock.
    private func storedCases(of enumName: String, _ identities: ProgramIdentities?) -> [String] {
        var names: Set<String> = []
        if let identities {
            for slot in identities.enumSlots where slot.checked.name == enumName {
                for old in [slot.slot] + slot.oldSlots {
                    names.formUnion(type(ofSlot: old)?.cases ?? [])
                    names.formUnion(retiredCases(ofSlot: old))
                }
            }
            names.subtract(identities.enums[enumName]?.cases ?? [])
        } else {
            for entry in entries {
                if case .parameter(let name, .enumeration(enumName, let cases)) = entry.identity {
                    names.formUnion(cases + retiredCases(ofSlot: name))
                }
                if case .event(let name, let fields) = entry.identity {
                    for field in fields where field.type.name == enumName {
                        names.formUnion(field.type.cases + retiredCases(ofSlot: name + "." + field.name))
                    }
                }
            }
        }
        return LockText.sorted(Array(names))
    }

    /// What the lock holds under an old identity a `renamedFrom` names:
    /// `locked`, `retired`, or nil when it has nothing there.
    package func status(ofRename rename: CheckedRename, kind: LockKey.Kind) -> String? {
        let key =
            kind == .tip
            ? LockKey(kind: .tip, text: LockText.quoted(rename.identity)) : LockKey(kind: kind, text: rename.text)
        if locked[key] != nil { return "locked" }
        return retired[key] != nil ? "retired" : nil
    }
}
