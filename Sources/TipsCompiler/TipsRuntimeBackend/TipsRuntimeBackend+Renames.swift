// Emitting the module's renames (`renamedFrom`), which its tips carry.

import TipsRuntime

extension FileEmitter {
    /// Writes the module's `TipsConfiguration.renames`: one element a line.
    func emitRenames(_ renames: Tips.Renames, into writer: inout SwiftWriter) {
        writer.blankLine()
        writer.block("extension TipsRuntime.TipsConfiguration") { writer in
            writer.line("/// Where this module's users' state was stored before (`renamedFrom`), which its")
            writer.line("/// tips, events and parameters carry: the runtime moves it to the new identities")
            writer.line("/// before it reads any of them. Shadows the runtime's empty renames.")
            // Internal at every access level, as `declared` is.
            writer.line("internal static let renames: TipsRuntime.Tips.Renames = TipsRuntime.Tips.Renames(")
            writer.indented { writer in
                list("tips", renames.tips, last: false, into: &writer) { out, rename in
                    out.append(".init(from: ")
                    appendPattern(rename.from, to: &out)
                    out.append(", to: ")
                    appendPattern(rename.to, to: &out)
                }
                list("parameters", renames.parameters, last: false, into: &writer) { out, rename in
                    appendInit(["from": rename.from, "to": rename.to], to: &out)
                }
                list("events", renames.events, last: false, into: &writer) { out, rename in
                    appendInit(["from": rename.from, "to": rename.to], to: &out)
                    out.append(", keepCount: ")
                    out.appendInteger(rename.keepCount)
                }
                list("enumCases", renames.enumCases, last: true, into: &writer) { out, rename in
                    appendInit(["from": rename.from, "to": rename.to], to: &out)
                    out.append(", parameters: [")
                    appendJoined(rename.parameters, to: &out) { $0.appendStringLiteral($1) }
                    out.append("], fields: [")
                    appendJoined(rename.fields, to: &out) { out, field in
                        appendInit(["event": field.event, "field": field.field], to: &out)
                        out.append(")")
                    }
                    out.append("]")
                }
            }
            writer.line(")")
        }
    }

    /// Writes `label: [`, one `element),` line each, then `],` (`]` when `last`).
    private func list<Element>(
        _ label: StaticString, _ elements: [Element], last: Bool, into writer: inout SwiftWriter,
        _ element: (inout ByteBuffer, Element) -> Void
    ) {
        writer.nonEmptyLine { out in
            out.append(label)
            out.append(elements.isEmpty ? ": []" : ": [")
            if elements.isEmpty && !last { out.append(",") }
        }
        guard !elements.isEmpty else { return }
        writer.indented { writer in
            for item in elements {
                writer.nonEmptyLine { out in
                    element(&out, item)
                    out.append("),")
                }
            }
        }
        writer.line(last ? "]" : "],")
    }

    /// `.init(label: "text", ...`, left open for more arguments.
    private func appendInit(_ arguments: KeyValuePairs<StaticString, String>, to out: inout ByteBuffer) {
        out.append(".init(")
        for (index, (label, text)) in arguments.enumerated() {
            if index > 0 { out.append(", ") }
            out.append(label)
            out.append(": ")
            out.appendStringLiteral(text)
        }
    }

    /// A plain id as a string literal, else `TipsRuntime.Tips.TipIDPattern([.text(...), .argument(...)])`.
    private func appendPattern(_ pattern: Tips.TipIDPattern, to out: inout ByteBuffer) {
        let texts = pattern.pieces.compactMap { if case .text(let text) = $0 { text } else { nil } }
        if texts.count == pattern.pieces.count { return out.appendStringLiteral(texts.joined()) }
        out.append("TipsRuntime.Tips.TipIDPattern([")
        appendJoined(pattern.pieces, to: &out) { out, piece in
            switch piece {
            case .text(let text):
                out.append(".text(")
                out.appendStringLiteral(text)
            case .argument(let name):
                out.append(".argument(")
                out.appendStringLiteral(name)
            }
            out.append(")")
        }
        out.append("])")
    }

    private func appendJoined<Element>(
        _ elements: [Element], to out: inout ByteBuffer, _ element: (inout ByteBuffer, Element) -> Void
    ) {
        for (index, item) in elements.enumerated() {
            if index > 0 { out.append(", ") }
            element(&out, item)
        }
    }
}
