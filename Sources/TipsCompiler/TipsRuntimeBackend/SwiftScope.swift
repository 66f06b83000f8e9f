// The Swift scopes that name validation (TipsRuntimeBackend+Validation.swift) fills.

import TipsSyntax

/// One Swift scope of the generated code, and the `.tips` declarations whose
/// spellings it holds.
///
/// A scope keeps, for each spelling, the hash of the spelling, the kind of
/// the declaration that took it and where the checked program holds that
/// declaration: no string. Names are read back from the program only when
/// two spellings hash alike, to compare them, and to report a clash.
struct SwiftScope {
    /// Which scope of the generated code this is; spelled only in messages.
    enum Name {
        case topLevel
        case parameters
        case events
        /// The cases of an enum, the fields of an event or the arguments of
        /// a tip: described by the declaration that holds them.
        case members
    }

    /// What a `.tips` name declares, as messages name it: "enum 'Plan'", "the type of event 'opened'".
    enum Kind: String {
        case enumeration = "enum", enumCase = "case", parameter, event, eventType = "the type of event"
        case donationType = "the donation type of event", field, tip, argument, group

        func describe(_ tipsName: String) -> String { "\(rawValue) '\(tipsName)'" }

        /// What follows the type name (``SwiftNames/typeName(_:then:)``) in
        /// the spelling of an event's type or donation type, as
        /// ``SwiftNames/eventType(_:)`` and ``SwiftNames/donationType(_:)`` put it.
        var typeSuffix: String? {
            switch self {
            case .eventType: SwiftNames.eventTypeSuffix
            case .donationType: SwiftNames.donationTypeSuffix
            default: nil
            }
        }

        /// The Swift spelling of a `.tips` name of this kind: the one every
        /// declaration passes to ``SwiftScope/declare(_:_:at:_:)``.
        func swiftName(_ tipsName: String) -> String {
            switch self {
            case .enumeration, .parameter, .event, .group: SwiftNames.identifier(tipsName)
            case .enumCase: SwiftNames.enumCase(tipsName)
            case .eventType: SwiftNames.eventType(tipsName)
            case .donationType: SwiftNames.donationType(tipsName)
            case .field: SwiftNames.eventField(tipsName)
            case .tip: SwiftNames.tipType(tipsName)
            case .argument: SwiftNames.tipArgument(tipsName)
            }
        }
    }

    /// The hash of `kind.swiftName(tipsName)`. An event's type names are
    /// hashed where they are spelled, on the stack, rather than made into
    /// strings: validating the benchmark's 10,000 tips costs 28.3 M
    /// instructions rather than 33.1 M, and 6,900 strings fewer (callgrind, `tipc compile`).
    static func hash(of tipsName: String, as kind: Kind) -> UInt64 {
        guard let suffix = kind.typeSuffix else { return NameHash.of(kind.swiftName(tipsName)) }
        let (hash, isASCII) = SwiftNames.withTypeNameUTF8(tipsName, then: suffix) { NameHash.of(utf8: $0) }
        // A name that is not ASCII is hashed over its canonical decomposition.
        return isASCII ? hash : NameHash.of(kind.swiftName(tipsName))
    }

    /// Where the checked program holds a declaration: the index of its file,
    /// its index among the file's declarations and, for a case, a field or an
    /// argument, the member's index among them.
    struct Place {
        var file: UInt32
        var declaration: UInt32
        var member: UInt32? = nil

        init(file: Int, declaration: Int) {
            self.file = UInt32(truncatingIfNeeded: file)
            self.declaration = UInt32(truncatingIfNeeded: declaration)
        }

        /// The member at `index` of this declaration.
        func member(_ index: Int) -> Place {
            var place = self
            place.member = UInt32(truncatingIfNeeded: index)
            return place
        }
    }

    /// A declaration that took a spelling, and the spelling's hash: plain
    /// bits (24 bytes), which nothing retains and the table frees with no
    /// pass over its entries. Validating the benchmark's 10,000 tips costs
    /// 32.8 M instructions rather than 48.4 M with entries that held the
    /// spelling and the `.tips` name (callgrind, `tipc compile`), and 3.7-4.8
    /// ms of user time rather than 4.8-5.3 (validation alone, caches flushed
    /// before it, median of 25 runs).
    private struct Entry: HashedEntry {
        var hash: UInt64
        var place: Place
        var kind: Kind
    }

    let name: Name
    /// The checked program's files, which ``Place``s index.
    private let files: [CheckedFile]
    /// The first declaration of each spelling, in the order they came, found by the spelling's hash.
    private var entries = HashedEntries<Entry>()

    init(_ name: Name, files: [CheckedFile]) {
        self.name = name
        self.files = files
    }

    /// Makes room for `count` declarations.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Empties the scope, keeping its room.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// Records `swiftName` (`kind.swiftName(_:)` of the name declared at
    /// `place`), reporting the declaration when another `.tips` name already
    /// took that spelling here. The same `.tips` name twice is a duplicate
    /// the checker reports, not a clash.
    mutating func declare(_ swiftName: String, _ kind: Kind, at place: Place, _ diagnostics: inout DiagnosticEngine) {
        declare(hash: NameHash.of(swiftName), kind, at: place, spelled: { swiftName }, &diagnostics)
    }

    /// ``declare(_:_:at:_:)`` of the spelling that `swiftName` makes, whose
    /// hash is `hash` (``hash(of:as:)``); made only to compare it with a
    /// spelling of that hash.
    mutating func declare(
        hash: UInt64, _ kind: Kind, at place: Place, spelled swiftName: () -> String,
        _ diagnostics: inout DiagnosticEngine
    ) {
        let (slot, first) = entries.find(hash) { entries[$0].hash == hash && isSpelled(swiftName(), entries[$0]) }
        if let first {
            report(swiftName(), kind, at: place, clashingWith: entries[first], &diagnostics)
        } else {
            entries.add(Entry(hash: hash, place: place, kind: kind), at: slot)
        }
    }

    /// Whether `entry`'s name is spelled `swiftName`.
    private func isSpelled(_ swiftName: String, _ entry: Entry) -> Bool {
        entry.kind.swiftName(declared(at: entry.place).name) == swiftName
    }

    /// Reports the declaration of `kind` at `place`, spelled `swiftName`
    /// like `first`, unless both have the same `.tips` name.
    private func report(
        _ swiftName: String, _ kind: Kind, at place: Place, clashingWith first: Entry,
        _ diagnostics: inout DiagnosticEngine
    ) {
        let (tipsName, range) = declared(at: place)
        let (firstName, firstRange) = declared(at: first.place)
        guard firstName != tipsName else { return }
        let spelled = swiftName.filter { $0 != "`" }
        diagnostics.error(
            "\(kind.describe(tipsName)) and \(first.kind.describe(firstName)) would both be spelled "
                + "'\(spelled)' in the generated Swift (\(description(declaring: kind, at: place))); rename one of them",
            at: range,
            notes: [DiagnosticNote("'\(firstName)' is declared here", at: firstRange)])
    }

    /// How diagnostics name the scope: "at the top level", "in TipsRuntime.TipEvents",
    /// "among the cases of enum 'Plan'" (for `kind` declared at `place`) ...
    private func description(declaring kind: Kind, at place: Place) -> String {
        var holder = place
        holder.member = nil
        switch (name, kind) {
        case (.topLevel, _): return "at the top level"
        case (.parameters, _): return "in TipsRuntime.TipParameters"
        case (.events, _): return "in TipsRuntime.TipEvents"
        case (.members, .enumCase): return "among the cases of enum '\(declared(at: holder).name)'"
        case (.members, .field): return "among the fields of event '\(declared(at: holder).name)'"
        case (.members, _): return "among the arguments of tip '\(declared(at: holder).name)'"
        }
    }

    /// The `.tips` name declared at `place`, and its range.
    private func declared(at place: Place) -> (name: String, range: SourceRange) {
        let member = place.member.map(Int.init)
        switch files[Int(place.file)].declarations[Int(place.declaration)] {
        case .enumeration(let decl):
            guard let member else { return (decl.name, decl.origin.nameRange) }
            return (decl.cases[member], decl.caseRanges[member])
        case .parameter(let decl):
            return (decl.name, decl.origin.nameRange)
        case .event(let decl):
            guard let member else { return (decl.name, decl.origin.nameRange) }
            return (decl.fields[member].name, decl.fields[member].nameRange)
        case .tip(let decl):
            guard let member, let arguments = decl.arguments else { return (decl.name, decl.origin.nameRange) }
            return (arguments[member].name, arguments[member].nameRange)
        case .group(let decl):
            return (decl.name, decl.origin.nameRange)
        }
    }
}
