import TipsSyntax

/// The persisted identities a checked program declares, each with its
/// declaration: what a lock records and what the lock's checks compare.
struct ProgramIdentities {
    /// Every tip, in input order.
    var tips: [CheckedTip] = []
    /// Every persisted parameter, in input order.
    var parameters: [CheckedParameter] = []
    /// The transient parameters, by name (they persist nothing).
    var transientParameters: [String: CheckedParameter] = [:]
    /// Every event, in input order.
    var events: [CheckedEvent] = []
    /// Every enum, by name.
    var enums: [String: CheckedEnum] = [:]
    /// The first file's id (for a lock made in memory, a removed identity
    /// with no declaration like it is reported at its line 1).
    var firstFile: FileID?

    init(_ program: CheckedProgram) {
        firstFile = program.files.first?.id
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .tip(let tip): tips.append(tip)
                case .parameter(let parameter) where parameter.isTransient:
                    transientParameters[parameter.name] = parameter
                case .parameter(let parameter): parameters.append(parameter)
                case .event(let event): events.append(event)
                case .enumeration(let checked): enums[checked.name] = checked
                case .group: break
                }
            }
        }
    }

    /// A stored value's type as the lock records it; nil for a type no value is stored as.
    func lockedType(_ type: TipsType) -> LockedType? {
        switch type {
        case .bool, .int, .double, .string: .primitive(type)
        case .enumeration(let name): .enumeration(name: name, cases: LockText.sorted(enums[name]?.cases ?? []))
        case .duration, .donations, .error: nil
        }
    }

    /// An event's fields as the lock records them.
    func lockedFields(of event: CheckedEvent) -> [LockedField] {
        LockText.sortedFields(
            event.fields.compactMap { field in lockedType(field.type).map { LockedField(name: field.name, type: $0) } })
    }

    /// The locked entries of the program, in input order.
    var entries: [LockEntry] {
        tips.map { LockEntry(.tip(name: $0.name, id: $0.id)) }
            + parameters.compactMap { parameter in
                lockedType(parameter.type).map { LockEntry(.parameter(name: parameter.name, type: $0)) }
            }
            + events.map { LockEntry(.event(name: $0.name, fields: lockedFields(of: $0))) }
    }

    /// The enum of a stored value's type, if it is one.
    func enumeration(_ type: TipsType) -> CheckedEnum? {
        if case .enumeration(let name) = type { return enums[name] }
        return nil
    }

    /// The old case names each case of `checked` is renamed from, old name → new name.
    static func caseRenames(of checked: CheckedEnum) -> [String: String] {
        var renames: [String: String] = [:]
        for (index, name) in checked.cases.enumerated() {
            for rename in checked.renames(ofCase: index) { renames[rename.text] = name }
        }
        return renames
    }

    /// The keys of the identities the program's tips, persisted parameters
    /// and events have today.
    var heldKeys: Set<LockKey> {
        var keys = Set(tips.map { LockedIdentity.tip(name: $0.name, id: $0.id).key })
        keys.formUnion(parameters.map { LockKey(kind: .parameter, text: $0.name) })
        keys.formUnion(events.map { LockKey(kind: .event, text: $0.name) })
        return keys
    }

    /// Each identity a declaration is renamed from, by its key: the key of
    /// the declaration's own identity, and the rename as written.
    var renames: [LockKey: (to: LockKey, rename: CheckedRename)] {
        var renames: [LockKey: (to: LockKey, rename: CheckedRename)] = [:]
        for tip in tips {
            let key = LockedIdentity.tip(name: tip.name, id: tip.id).key
            for rename in tip.renamedFrom {
                renames[LockKey(kind: .tip, text: LockText.quoted(rename.identity))] = (key, rename)
            }
        }
        for parameter in parameters {
            for rename in parameter.renamedFrom {
                renames[LockKey(kind: .parameter, text: rename.text)] = (
                    LockKey(kind: .parameter, text: parameter.name), rename
                )
            }
        }
        for event in events {
            for rename in event.renamedFrom {
                renames[LockKey(kind: .event, text: rename.text)] = (LockKey(kind: .event, text: event.name), rename)
            }
        }
        return renames
    }
}

/// A place where a stored value holds an enum case: a parameter, or a field
/// of an event's donations.
struct EnumSlot {
    /// `plan` for a parameter, `upgraded.plan` for an event's field: how a lock names it.
    var slot: String
    /// The enum of its values.
    var checked: CheckedEnum
    /// The slots its values were stored in before (through `renamedFrom` of the parameter or event).
    var oldSlots: [String]
    /// Where it is declared.
    var range: SourceRange
    /// What the slot is, for messages: `parameter 'plan'`, `field 'plan' of event 'upgraded'`.
    var description: String
}

extension ProgramIdentities {
    /// Every slot whose values are enum cases, in input order.
    var enumSlots: [EnumSlot] {
        var slots: [EnumSlot] = []
        for parameter in parameters {
            guard let checked = enumeration(parameter.type) else { continue }
            slots.append(
                EnumSlot(
                    slot: parameter.name, checked: checked, oldSlots: parameter.renamedFrom.map(\.text),
                    range: parameter.origin.nameRange, description: "parameter '\(parameter.name)'"))
        }
        for event in events {
            for field in event.fields {
                guard let checked = enumeration(field.type) else { continue }
                slots.append(
                    EnumSlot(
                        slot: event.name + "." + field.name, checked: checked,
                        oldSlots: event.renamedFrom.map { $0.text + "." + field.name }, range: field.nameRange,
                        description: "field '\(field.name)' of event '\(event.name)'"))
            }
        }
        return slots
    }
}

extension ProgramIdentities {
    /// Where a `renamedFrom` of the program moves the state of the retired
    /// `identity`, as ``LockEntry/movedTo`` spells it; nil when nothing
    /// renames from it. `renames` is ``renames``, computed once by the caller.
    func moveTarget(
        of identity: LockedIdentity, renames: [LockKey: (to: LockKey, rename: CheckedRename)]
    ) -> String? {
        guard case .enumCase(let slot, let name) = identity else { return renames[identity.key]?.to.text }
        guard let holder = enumSlot(holding: slot) else { return nil }
        return Self.caseRenames(of: holder.checked)[name]
    }

    /// The slot of the program whose values are stored under `slot`: its
    /// own name, or one it had before (`renamedFrom` of its parameter or event).
    func enumSlot(holding slot: String) -> EnumSlot? {
        enumSlots.first { $0.slot == slot || $0.oldSlots.contains(slot) }
    }
}

extension LockFile {
    /// The type the lock records for a slot (`plan`, `upgraded.plan`), locked or retired.
    func type(ofSlot slot: String, retired: Bool = false) -> LockedType? {
        let parts = slot.split(separator: ".", maxSplits: 1).map(String.init)
        let entries = retired ? self.retired : locked
        if parts.count == 1, case .parameter(_, let type)? = entries[LockKey(kind: .parameter, text: slot)] {
            return type
        }
        if parts.count == 2, case .event(_, let fields)? = entries[LockKey(kind: .event, text: parts[0])] {
            return fields.first { $0.name == parts[1] }?.type
        }
        return nil
    }

    /// The cases the lock retired from a slot.
    func retiredCases(ofSlot slot: String) -> [String] { retiredCasesBySlot[slot] ?? [] }
}
