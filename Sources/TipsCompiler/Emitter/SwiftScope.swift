// The Swift scopes that name validation (TipsRuntimeBackend+Validation.swift) fills.

/// One Swift scope of the generated code, and the `.tips` declarations whose
/// spellings it holds.
struct SwiftScope {
    /// Which scope of the generated code this is; spelled only in messages.
    enum Name {
        case topLevel
        case parameters
        case events
        case cases(ofEnum: String)
        case fields(ofEvent: String)
        case arguments(ofTip: String)

        /// How diagnostics name the scope: "at the top level", "in TipsRuntime.TipEvents", ...
        var description: String {
            switch self {
            case .topLevel: "at the top level"
            case .parameters: "in TipsRuntime.TipParameters"
            case .events: "in TipsRuntime.TipEvents"
            case .cases(let name): "among the cases of enum '\(name)'"
            case .fields(let name): "among the fields of event '\(name)'"
            case .arguments(let name): "among the arguments of tip '\(name)'"
            }
        }
    }

    /// What a `.tips` name declares; spelled only in messages.
    enum Kind {
        case enumeration, enumCase, parameter, event, eventType, field, tip, argument, group

        /// "enum 'Plan'", "the type of event 'opened'", ... for messages.
        func describe(_ tipsName: String) -> String {
            switch self {
            case .enumeration: "enum '\(tipsName)'"
            case .enumCase: "case '\(tipsName)'"
            case .parameter: "parameter '\(tipsName)'"
            case .event: "event '\(tipsName)'"
            case .eventType: "the type of event '\(tipsName)'"
            case .field: "field '\(tipsName)'"
            case .tip: "tip '\(tipsName)'"
            case .argument: "argument '\(tipsName)'"
            case .group: "group '\(tipsName)'"
            }
        }
    }

    /// A declaration that took a spelling.
    private struct Entry {
        var swiftName: String
        /// The hash of `swiftName` once the scope has a table (0 before).
        var hash: Int
        var tipsName: String
        var kind: Kind
        var range: SourceRange
    }

    /// Up to this many entries are searched one by one: most scopes (the
    /// cases of one enum, the fields of one event) hold a few names.
    private static let linearLimit = 8

    private(set) var name: Name
    private var entries: [Entry] = []
    /// Past ``linearLimit`` entries, an open-addressing table over `entries`
    /// (a power of two long): 0 marks an empty slot, any other value an
    /// entry's position + 1. Its hash is cheaper than `Hasher` on short names.
    private var slots: [Int32] = []

    init(_ name: Name) {
        self.name = name
    }

    /// Makes room for `count` declarations.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Empties the scope and makes it `name`, keeping the room it has for a few names.
    mutating func reset(_ name: Name) {
        self.name = name
        entries.removeAll(keepingCapacity: true)
        if !slots.isEmpty { slots = [] }
    }

    /// Records `swiftName` for a declaration, reporting it when another `.tips`
    /// name already took that spelling here. The same `.tips` name twice is a
    /// duplicate the checker reports, not a clash.
    mutating func declare(
        _ swiftName: String, _ kind: Kind, _ tipsName: String, at range: SourceRange,
        _ diagnostics: inout DiagnosticEngine
    ) {
        // Hashed only once the scope has its table; until then names are compared one by one.
        let hash = slots.isEmpty ? 0 : Self.hash(swiftName)
        guard let position = position(of: swiftName, hash: hash) else {
            entries.append(Entry(swiftName: swiftName, hash: hash, tipsName: tipsName, kind: kind, range: range))
            if entries.count > Self.linearLimit {
                if entries.count * 2 > slots.count {
                    rebuildSlots()
                } else {
                    insertSlot(hash: hash, position: entries.count - 1)
                }
            }
            return
        }
        let first = entries[position]
        guard first.tipsName != tipsName else { return }
        let spelled = swiftName.filter { $0 != "`" }
        diagnostics.error(
            "\(kind.describe(tipsName)) and \(first.kind.describe(first.tipsName)) would both be spelled "
                + "'\(spelled)' in the generated Swift (\(name.description)); rename one of them",
            at: range,
            notes: [DiagnosticNote("'\(first.tipsName)' is declared here", at: first.range)])
    }

    /// Whether a declaration took `swiftName` here.
    func contains(_ swiftName: String) -> Bool {
        position(of: swiftName, hash: slots.isEmpty ? 0 : Self.hash(swiftName)) != nil
    }

    /// Where the first declaration spelled `swiftName` is in `entries`.
    private func position(of swiftName: String, hash: Int) -> Int? {
        guard !slots.isEmpty else { return entries.firstIndex { $0.swiftName == swiftName } }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if entries[position].hash == hash && entries[position].swiftName == swiftName { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Sizes the table to four slots per entry and fills it again; the
    /// first time, hashes the names recorded without a hash.
    private mutating func rebuildSlots() {
        if slots.isEmpty {
            for position in entries.indices { entries[position].hash = Self.hash(entries[position].swiftName) }
        }
        var size = 32
        while size < entries.count * 4 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for position in entries.indices { insertSlot(hash: entries[position].hash, position: position) }
    }

    private mutating func insertSlot(hash: Int, position: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }

    /// FNV-1a over the UTF-8 bytes, folded.
    private static func hash(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if hashed == nil {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
