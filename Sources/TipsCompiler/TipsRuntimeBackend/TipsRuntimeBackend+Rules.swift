// Printing a tip's lowered rules and options (`TipsRuntime.TipRule` and
// `Tips.Options` values) as Swift: string literals the runtime reads (see
// `TipsRuntime/Rules/RuleText.swift`), the options' one and a rule's each,
// and per file one `Tips.GeneratedFile` of what they name: each parameter
// and event as its generated declaration.

import TipsRuntime
import TipsSyntax

/// The ids of the parameters and events that a file's tips' rules and
/// options name, each once, in the order they first appear.
struct FileNames {
    private(set) var parameters: [String] = []
    private(set) var events: [String] = []

    /// The names of `tips`, a file's tips among its declarations (nil for another).
    init(_ tips: [LoweredTip?]) {
        var seenParameters: Set<String> = []
        var seenEvents: Set<String> = []
        for case let tip? in tips {
            let names = TipRule.namedValues(tip.rules)
            for id in names.parameters where seenParameters.insert(id).inserted { parameters.append(id) }
            for id in names.events where seenEvents.insert(id).inserted { events.append(id) }
            for event in tip.options.invalidatedBy where seenEvents.insert(event.id).inserted {
                events.append(event.id)
            }
        }
    }
}

extension FileEmitter {
    /// The most names one array literal of `_tipcFile` holds. One literal of
    /// the benchmark's 1,100 took `swiftc -typecheck` 101 ms, over the 10 ms
    /// an expression may take; 32 an `append(contentsOf:)` take it 61 ms in
    /// all, none over 4 ms.
    static let namesPerLiteral = 32

    /// Writes `private let _tipcFile = TipsRuntime.Tips.GeneratedFile(file: …, parameters: […], events: […])`,
    /// the empty tables left out; a table of more than ``namesPerLiteral``
    /// names is built by `_tipcMakeFile()`, that many names a statement.
    func emitGeneratedFile(_ names: FileNames, into writer: inout SwiftWriter) {
        writer.blankLine()
        writer.line("/// What this file's tips read their rules and options with: the parameters and events they name.")
        let parameters = names.parameters.map { id in
            { (out: inout ByteBuffer) in
                out.append("TipsRuntime.TipParameters.")
                out.appendUTF8(SwiftNames.identifier(id))
                out.append(".reference")
            }
        }
        let events = names.events.map { id in { (out: inout ByteBuffer) in appendEventReference(id, to: &out) } }
        guard max(parameters.count, events.count) > Self.namesPerLiteral else {
            return writer.expression { code in
                code.prefix { $0.append("private let _tipcFile = ") }
                code.beginCall("TipsRuntime.Tips.GeneratedFile")
                code.labeled("file") { $0.appendStringLiteral(file.fileName) }
                for (label, table) in [("parameters", parameters), ("events", events)] where !table.isEmpty {
                    code.beginLabeled(string: label)
                    code.beginArray()
                    for name in table { code.atom(name) }
                    code.end()
                    code.end()
                }
                code.end()
            }
        }
        writer.line("private let _tipcFile = _tipcMakeFile()")
        writer.blankLine()
        writer.block("private func _tipcMakeFile() -> TipsRuntime.Tips.GeneratedFile") { writer in
            appendTable("parameters", "TipsRuntime.Tips.ParameterReference", parameters, into: &writer)
            appendTable("events", "TipsRuntime.Tips.Event", events, into: &writer)
            writer.nonEmptyLine { out in
                out.append("return TipsRuntime.Tips.GeneratedFile(file: ")
                out.appendStringLiteral(file.fileName)
                out.append(", parameters: parameters, events: events)")
            }
        }
    }

    /// Writes `var <name>: [<type>] = []`, then the names ``namesPerLiteral``
    /// an `append(contentsOf:)`; `let` for no names.
    private func appendTable(
        _ name: String, _ type: String, _ table: [(inout ByteBuffer) -> Void], into writer: inout SwiftWriter
    ) {
        writer.line("\(table.isEmpty ? "let" : "var") \(name): [\(type)] = []")
        for start in stride(from: 0, to: table.count, by: Self.namesPerLiteral) {
            writer.expression { code in
                code.beginCall(string: name + ".append")
                code.beginLabeled("contentsOf")
                code.beginArray()
                for entry in table[start..<min(start + Self.namesPerLiteral, table.count)] { code.atom(entry) }
                code.end()
                code.end()
                code.end()
            }
        }
    }

    /// Writes `fileprivate static let _tipcText: [Swift.String] = [...]`: the
    /// tip's options as text when it has some, then each rule's; and, for a
    /// reusable tip whose rules read its arguments, `rules` with their values.
    func emitTexts(of lowered: LoweredTip, into writer: inout SwiftWriter) {
        let hasOptions = lowered.options != Tips.Options()
        guard hasOptions || !lowered.rules.isEmpty else { return }
        writer.expression { code in
            code.prefix { $0.append("fileprivate static let _tipcText: [Swift.String] = ") }
            code.beginArray()
            if hasOptions { code.atom { $0.appendStringLiteral(lowered.options.text) } }
            for rule in lowered.rules { code.atom { $0.appendStringLiteral(rule.text) } }
            code.end()
        }
        // Only a reusable tip's rules can read arguments.
        guard let fields = lowered.declaration.arguments else { return }
        let arguments = TipRule.namedValues(lowered.rules).arguments
        guard !arguments.isEmpty else { return }
        declaration(
            " var rules: [TipsRuntime.TipRule]", into: &writer,
            body: { writer in
                writer.expression { code in
                    code.beginCall("_tipcFile.rules")
                    code.atom("Self._tipcText")
                    code.beginLabeled("arguments")
                    code.beginArray()
                    for name in arguments {
                        let type = fields.first { $0.name == name }?.type ?? .error
                        code.atom { out in
                            out.appendStringLiteral(name)
                            out.append(": ")
                            appendValue(of: SwiftNames.tipArgument(name), type: type, to: &out)
                        }
                    }
                    code.end()
                    code.end()
                    code.end()
                }
            })
    }
}
