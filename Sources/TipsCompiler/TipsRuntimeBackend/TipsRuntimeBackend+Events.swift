// Emitting events: one typed value per event in `TipsRuntime.TipEvents`, with
// its `donate` (awaited, durable on return) and `sendDonation` (fire and forget).

extension FileEmitter {
    func emitEvents(_ events: [CheckedEvent], into writer: inout SwiftWriter) {
        writer.blankLine()
        writer.block("extension TipsRuntime.TipEvents") { writer in
            for (index, event) in events.enumerated() {
                if index > 0 { writer.line() }
                emitEvent(event, into: &writer)
            }
        }
    }

    private func emitEvent(_ event: CheckedEvent, into writer: inout SwiftWriter) {
        doc(event.doc, into: &writer)
        writer.nonEmptyLine { out in
            out.appendUTF8(access)
            out.append(" static let ")
            out.appendUTF8(SwiftNames.identifier(event.name))
            out.append(": ")
            appendEventType(event.name, to: &out)
            out.append(" = ")
            appendEventType(event.name, to: &out)
            out.append("()")
        }
        writer.line()
        writer.nonEmptyLine { out in
            out.append("/// Donations of `")
            out.appendCommentText(event.name)
            out.append("`, with their typed fields.")
        }
        writer.block { out in
            out.appendUTF8(access)
            out.append(" struct ")
            appendEventType(event.name, to: &out)
            out.append(": Swift.Sendable")
        } body: { writer in
            writer.expression { code in
                code.prefix { out in
                    out.appendUTF8(access)
                    out.append(" let event: TipsRuntime.Tips.Event = ")
                }
                code.beginCall("TipsRuntime.Tips.Event")
                code.labeled("id") { $0.appendStringLiteral(event.name) }
                if event.keepCount != CheckedEvent.defaultKeepCount {
                    code.labeled("keepCount") { $0.appendInteger(event.keepCount) }
                }
                if let duration = event.keepDuration {
                    code.labeled("keepDuration") { $0.appendInteger(duration) }
                }
                code.end()
            }
            writer.line()
            emitDonate(event, awaited: true, into: &writer)
            writer.line()
            emitDonate(event, awaited: false, into: &writer)
        }
    }

    /// Writes `donate(...) async` (returns once durable) or `sendDonation(...)`
    /// (TipKit's name: returns at once), with one typed parameter per field.
    private func emitDonate(_ event: CheckedEvent, awaited: Bool, into writer: inout SwiftWriter) {
        writer.nonEmptyLine { out in
            out.append("/// Records one donation of `")
            out.appendCommentText(event.name)
            out.append(awaited ? "`; returns once it is durable." : "` and returns at once, before it is durable.")
        }
        writer.block { out in
            out.appendUTF8(access)
            out.append(awaited ? " func donate(" : " func sendDonation(")
            for field in event.fields {
                appendParameter(field.name, swiftName: SwiftNames.eventField(field.name), type: field.type, to: &out)
                out.append(", ")
            }
            out.append(
                awaited
                    ? "in center: TipsRuntime.TipCenter = .shared) async"
                    : "in center: TipsRuntime.TipCenter = .shared)")
        } body: { writer in
            writer.nonEmptyLine { out in
                out.append(awaited ? "await self.event.donate(" : "self.event.sendDonation(")
                if event.fields.isEmpty {
                    out.append("[:]")
                } else {
                    out.append("[")
                    for (index, field) in event.fields.enumerated() {
                        if index > 0 { out.append(", ") }
                        out.appendStringLiteral(field.name)
                        out.append(": ")
                        appendValue(of: SwiftNames.eventField(field.name), type: field.type, to: &out)
                    }
                    out.append("]")
                }
                out.append(", in: center)")
            }
        }
    }
}
