// The Swift scopes that name validation (TipsRuntimeBackend+Validation.swift) fills.

import TipsSyntax

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

    /// What a `.tips` name declares, as messages name it: "enum 'Plan'", "the type of event 'opened'".
    enum Kind: String {
        case enumeration = "enum", enumCase = "case", parameter, event, eventType = "the type of event"
        case donationType = "the donation type of event", field, tip, argument, group

        func describe(_ tipsName: String) -> String { "\(rawValue) '\(tipsName)'" }
    }

    /// A declaration that took a spelling.
    private struct Entry {
        /// The `.tips` name; nil when it is the spelling itself, the usual
        /// case, which the table holds already as its key: holding it again
        /// cost 47,000 retains and 11,000 releases more in validating the
        /// benchmark's 10,000 tips (callgrind, `tipc compile`).
        var tipsName: String?
        var kind: Kind
        var range: SourceRange
    }

    private(set) var name: Name
    /// The first declaration of each spelling. A ``NameTable`` hashes a
    /// spelling in a few instructions a word, where a `Dictionary` keyed by
    /// `String` runs SipHash over it: validating the benchmark's 10,000 tips
    /// costs 12.1 M instructions fewer, of 64 M (callgrind, `tipc compile`).
    private var entries = NameTable<Entry>()

    init(_ name: Name) {
        self.name = name
    }

    /// Makes room for `count` declarations.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// Empties the scope and makes it `name`, keeping its room.
    mutating func reset(_ name: Name) {
        self.name = name
        entries.removeAll()
    }

    /// Records `swiftName` for a declaration, reporting it when another `.tips`
    /// name already took that spelling here. The same `.tips` name twice is a
    /// duplicate the checker reports, not a clash.
    mutating func declare(
        _ swiftName: String, _ kind: Kind, _ tipsName: String, at range: SourceRange,
        _ diagnostics: inout DiagnosticEngine
    ) {
        let entry = Entry(tipsName: tipsName == swiftName ? nil : tipsName, kind: kind, range: range)
        guard let first = entries.insertIfAbsent(entry, for: swiftName) else { return }
        let firstName = first.tipsName ?? swiftName
        guard firstName != tipsName else { return }
        let spelled = swiftName.filter { $0 != "`" }
        diagnostics.error(
            "\(kind.describe(tipsName)) and \(first.kind.describe(firstName)) would both be spelled "
                + "'\(spelled)' in the generated Swift (\(name.description)); rename one of them",
            at: range,
            notes: [DiagnosticNote("'\(firstName)' is declared here", at: first.range)])
    }
}
