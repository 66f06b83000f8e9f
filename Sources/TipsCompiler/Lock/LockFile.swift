// The lock: every identity under which a compilation's tips persist users'
// state (tip ids, parameters, events and their fields, enum cases), and the
// identities retired from it, so that a change to the `.tips` files that
// would lose that state is a decision made at compile time.

import TipsSyntax

/// The type of a persisted value, as a lock records it.
public enum LockedType: Hashable, Sendable, CustomStringConvertible {
    /// `Bool`, `Int`, `Double` or `String`: one of ``TipsType/storedPrimitives``.
    case primitive(TipsType)
    /// An enum. Stored values carry only the case's name, so the enum's own
    /// name is there for people and never compared; the cases are sorted.
    case enumeration(name: String, cases: [String])

    /// `Bool`, `Tier { basic, guide, member }`.
    public var description: String {
        if case .enumeration(let name, let cases) = self { return "\(name) { \(cases.joined(separator: ", ")) }" }
        return name
    }

    /// The type as a person names it in a `.tips` file: `Bool`, `Tier`.
    public var name: String {
        switch self {
        case .primitive(let type): type.description
        case .enumeration(let name, _): name
        }
    }

    /// The enum's cases; empty for any other type.
    public var cases: [String] {
        if case .enumeration(_, let cases) = self { return cases }
        return []
    }

    /// Whether values stored as `self` read back as `other`: the same
    /// primitive type, or two enums (whatever their names and cases).
    public func storesLike(_ other: LockedType) -> Bool {
        switch (self, other) {
        case (.enumeration, .enumeration): true
        default: self == other
        }
    }
}

/// A field of an event's donations, with its type.
public struct LockedField: Hashable, Sendable {
    /// The field's name, the key of its value in every stored donation.
    public var name: String
    /// Its type.
    public var type: LockedType
}

/// One persisted identity.
public enum LockedIdentity: Hashable, Sendable {
    /// A tip: its name (for people and `renamedFrom`) and its id, the key it
    /// persists under (a reusable tip's id interpolates its arguments).
    case tip(name: String, id: InterpolatedText)
    /// A persisted parameter: its name, the key of its value, and its type.
    case parameter(name: String, type: LockedType)
    /// An event: its name, the key of its donations, and its fields.
    case event(name: String, fields: [LockedField])
    /// A case that a persisted value may hold: `slot` is a parameter's name
    /// or `event.field`. Only retired cases are listed this way; the cases in
    /// use are part of their parameter's or field's type.
    case enumCase(slot: String, name: String)

    /// What the identity is a kind of, as a lock line starts: `tip`, `parameter`, `event`, `case`.
    public var kind: String {
        switch self {
        case .tip: "tip"
        case .parameter: "parameter"
        case .event: "event"
        case .enumCase: "case"
        }
    }

    /// What makes the identity itself, the key it persists under: two
    /// entries of one lock never share it. A tip's is its id, written as in
    /// the lock (so `\(` typed in text and an interpolation differ).
    public var key: LockKey {
        switch self {
        case .tip(_, let id): LockKey(kind: .tip, text: LockText.quoted(id))
        case .parameter(let name, _): LockKey(kind: .parameter, text: name)
        case .event(let name, _): LockKey(kind: .event, text: name)
        case .enumCase(let slot, let name): LockKey(kind: .enumCase, text: slot + "." + name)
        }
    }

    /// The name a person knows it by: a tip's, parameter's or event's name, `slot.case`.
    public var displayName: String {
        switch self {
        case .tip(let name, _), .parameter(let name, _), .event(let name, _): name
        case .enumCase(let slot, let name): slot + "." + name
        }
    }
}

/// The key of one persisted identity: its kind and what it is stored under.
public struct LockKey: Hashable, Sendable, Comparable {
    /// The kinds of identity, each a namespace of its own in the store.
    public enum Kind: Int, Hashable, Sendable {
        case tip, parameter, event, enumCase
    }

    /// The kind.
    public var kind: Kind
    /// What it is stored under: a tip's id as the lock quotes it, a name, `slot.case`.
    public var text: String

    public static func < (lhs: LockKey, rhs: LockKey) -> Bool {
        lhs.kind.rawValue != rhs.kind.rawValue
            ? lhs.kind.rawValue < rhs.kind.rawValue : lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}

/// One line of a lock: an identity, locked or retired.
public struct LockEntry: Hashable, Sendable {
    /// The identity.
    public var identity: LockedIdentity
    /// Whether it was removed from the `.tips` files and the reset accepted
    /// with `tipc lock`: no new declaration may take it.
    public var isRetired: Bool
    /// For a retired identity whose state a `renamedFrom` moves, where it
    /// moves: the key text of a tip, parameter or event of its kind (a
    /// tip's id in quotes), or the name of a case of the same slot. The
    /// `renamedFrom` must stay: people who skip the version that moved it
    /// still have their state under the old identity (`-> target` in the lock).
    public var movedTo: String?

    /// Creates an entry.
    public init(_ identity: LockedIdentity, isRetired: Bool = false, movedTo: String? = nil) {
        self.identity = identity
        self.isRetired = isRetired
        self.movedTo = isRetired ? movedTo : nil
    }

    /// The key of what the state moves to, when it moves.
    public var movedToKey: LockKey? {
        guard let movedTo else { return nil }
        if case .enumCase(let slot, _) = identity { return LockKey(kind: .enumCase, text: slot + "." + movedTo) }
        return LockKey(kind: identity.key.kind, text: movedTo)
    }
}

/// A lock file (`tipc.lock`): the persisted identities of one compilation
/// and the retired ones. ``read(_:diagnostics:)`` reads one,
/// ``text`` writes one; the same entries always give the same bytes.
public struct LockFile: Hashable, Sendable {
    /// The format this build writes and reads. A lock of a later format
    /// was written by a newer tipc, and is refused with a message saying so.
    public static let formatVersion = 1
    /// The lock's name beside a target's `.tips` files.
    public static let defaultFileName = "tipc.lock"
    /// The command a lock's errors say writes it, to accept a reset: what
    /// `tipc` itself offers. The build plugin has its errors name its
    /// `tips-lock` command instead (``CompilationOptions/lockUpdateCommand``).
    public static let updateCommand = "tipc lock"

    /// The command that updates the lock of the package target `target`
    /// (the `tips-lock` command plugin), the name quoted for a shell when it
    /// needs it. TipsPlugin, which cannot import this module, spells it the same.
    public static func packageUpdateCommand(target: String) -> String {
        let plain = target.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-.".unicodeScalars.contains($0))
        }
        let name = plain && !target.isEmpty ? target : "'" + target.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "swift package --allow-writing-to-package-directory tips-lock --target \(name)"
    }

    /// The entries, in no particular order (the text is sorted).
    public let entries: [LockEntry]
    /// The line each entry was read from, for a lock read from a file (none
    /// for one made in memory): where an error about a locked identity that
    /// nothing declares any more points. Not part of the lock's value.
    public let lines: [LockKey: SourceRange]
    /// The locked entries (not retired), by key.
    public let locked: [LockKey: LockedIdentity]
    /// The retired entries, by key.
    public let retired: [LockKey: LockedIdentity]
    /// The retired cases of each slot, in the order of ``entries``
    /// (see ``retiredCases(ofSlot:)``).
    let retiredCasesBySlot: [String: [String]]

    /// A lock of `entries`, read from `lines` when it was read from a file.
    /// Its tables by key and slot are made here, once: the checks against a
    /// lock ask them for every slot of every enum, and made at each question
    /// they took `tipc check --lock` of the benchmark's 10,000 tips, with
    /// their own lock, 43 s rather than 0.1 s.
    init(entries: [LockEntry] = [], lines: [LockKey: SourceRange] = [:]) {
        self.entries = entries
        self.lines = lines
        // One pass for the three tables; of two entries with one key, the first stands.
        var (locked, retired) = ([LockKey: LockedIdentity](), [LockKey: LockedIdentity]())
        var retiredCasesBySlot: [String: [String]] = [:]
        for entry in entries {
            let key = entry.identity.key
            guard entry.isRetired else {
                if locked[key] == nil { locked[key] = entry.identity }
                continue
            }
            if retired[key] == nil { retired[key] = entry.identity }
            if case .enumCase(let slot, let name) = entry.identity {
                retiredCasesBySlot[slot, default: []].append(name)
            }
        }
        (self.locked, self.retired, self.retiredCasesBySlot) = (locked, retired, retiredCasesBySlot)
    }

    /// Two locks are equal when their entries are, wherever they were read from.
    public static func == (lhs: LockFile, rhs: LockFile) -> Bool { lhs.entries == rhs.entries }

    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }

    /// The retired entries whose state a `renamedFrom` moves, by key.
    public var moves: [LockKey: LockEntry] {
        Dictionary(entries.lazy.filter { $0.movedTo != nil }.map { ($0.identity.key, $0) }) { first, _ in first }
    }
}
