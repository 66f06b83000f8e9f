// Emitting events: one typed value per event in `TipsRuntime.TipEvents`. An
// event with fields is a `TipsRuntime.Tips.TypedEvent` of its donation type,
// which reads its donations back typed and deletes them; its `donate`
// (awaited, durable on return) and `sendDonation` (fire and forget), with a
// labeled parameter a field, are in an extension of that type constrained to
// the event's donation type. An event without fields is the runtime's
// `Tips.FieldlessEvent`. Either way the code declares no event type of its own.

import TipsRuntime
import TipsSyntax

/// The Swift names an event's code spells, each spelled once: an event's
/// fields are named seven times and its types up to five (spelling them at
/// each use cost 18 M instructions more for the benchmark's 5,000 events,
/// callgrind, `tipc-bench --measure-compile-one-job 10000`).
struct EventSpelling {
    /// `<Name>Event`.
    let eventType: String
    /// `<Name>Donation`.
    let donationType: String
    /// Each field's stored property and parameter name (``SwiftNames/eventField(_:)``).
    let fieldNames: [String]
    /// Each field's argument label (``SwiftNames/label(_:)``).
    let fieldLabels: [String]

    /// The event is borrowed and its fields read by index, never copied:
    /// taken as an initializer's argument is by default, the event would be
    /// copied, and each field read by `map` would be (32,000 calls to retain
    /// and 11,000 to release more for the benchmark's 5,000 events, most of
    /// them on small strings that keep no count; callgrind, `tipc compile`).
    init(_ event: borrowing CheckedEvent) {
        eventType = SwiftNames.eventType(event.name)
        donationType = SwiftNames.donationType(event.name)
        let fields = event.fields
        fieldNames = fields.indices.map { SwiftNames.eventField(fields[$0].name) }
        fieldLabels = fields.indices.map { SwiftNames.label(fields[$0].name) }
    }
}

extension FileEmitter {
    /// Writes the file's events in `extension TipsRuntime.TipEvents` into
    /// `writer`, and the `donate` extension of each event with fields into
    /// `extensions`, whose text follows. Each event is
    /// lowered and spelled once, where it is written, and its extension is
    /// written into a writer of its own that follows the block: no array of
    /// lowered events and spellings to copy each one out of again (60,000
    /// retains, 10,000 releases and 5,000 allocations fewer for the
    /// benchmark's 5,000 events, callgrind, `tipc compile`). The declaration
    /// is read beside its runtime value, not moved into a ``LoweredEvent``,
    /// which copied it a second time.
    func emitEvents(into writer: inout SwiftWriter, extensions: inout SwiftWriter) {
        writer.blankLine()
        writer.block("extension TipsRuntime.TipEvents") { writer in
            var first = true
            for index in file.declarations.indices {
                guard case .event(let event) = file.declarations[index] else { continue }
                let spelling = EventSpelling(event)
                if !first { writer.line() }
                first = false
                emitEvent(event, lowering.runtimeEvent(of: event), spelling, into: &writer)
                writer.endPieceIfLong()
                if !event.fields.isEmpty {
                    emitDonateExtension(event, spelling, into: &extensions)
                    extensions.endPieceIfLong()
                }
            }
        }
    }

    /// Writes an event with fields: its value, its type (an alias of the
    /// runtime's `Tips.TypedEvent`) and its donation type. `value` is the
    /// event lowered (``RuntimeLowering/runtimeEvent(of:)``).
    private func emitEvent(
        _ event: CheckedEvent, _ value: Tips.Event, _ spelling: EventSpelling, into writer: inout SwiftWriter
    ) {
        guard !event.fields.isEmpty else { return emitFieldlessEvent(event, value, spelling, into: &writer) }
        let eventType = spelling.eventType
        let donationType = spelling.donationType
        // `$0` and inferred field types: no local or type expression for a user's name to hide.
        emitEventValue(event, value, eventType, opensClosure: true, into: &writer)
        writer.indented { writer in
            writer.expression { appendTypedDonation(event, spelling, to: &$0) }
        }
        writer.line("}")
        writer.line()
        docLine("/// Donations of `", event, "`, with their typed fields.", into: &writer)
        declaration(" typealias ", into: &writer) { out in
            out.appendUTF8(eventType)
            out.append(" = TipsRuntime.Tips.TypedEvent<")
            out.appendUTF8(donationType)
            out.append(">")
        }
        writer.line()
        emitDonationType(event, spelling, into: &writer)
    }

    /// Writes `extension TipsRuntime.Tips.TypedEvent where _TipcDonation == …`
    /// with the event's `donate` and `sendDonation`.
    private func emitDonateExtension(
        _ event: CheckedEvent, _ spelling: EventSpelling, into writer: inout SwiftWriter
    ) {
        writer.blankLine()
        writer.block { out in
            out.append("extension TipsRuntime.Tips.TypedEvent where _TipcDonation == TipsRuntime.TipEvents.")
            out.appendUTF8(spelling.donationType)
        } body: { writer in
            emitDonate(event, spelling, awaited: true, into: &writer)
            writer.line()
            emitDonate(event, spelling, awaited: false, into: &writer)
        }
    }

    /// Appends `<Name>Donation(date: $0.date, label: $0.value("field"), ...)`,
    /// the typed donation made of the runtime's `$0`.
    private func appendTypedDonation(
        _ event: CheckedEvent, _ spelling: EventSpelling, to code: inout SwiftExpression
    ) {
        code.beginCall(string: spelling.donationType)
        code.labeled("date") { $0.append("$0.date") }
        for index in event.fields.indices {
            // A keyword needs no backticks as a call's argument label.
            code.beginLabeled(string: SwiftNames.withoutBackticks(spelling.fieldLabels[index]))
            code.atom { out in
                out.append("$0.value(")
                out.appendStringLiteral(event.fields[index].name)
                out.append(")")
            }
            code.end()
        }
        code.end()
    }

    /// Appends the arguments of `Tips.Event(id:keepCount:keepDuration:renames:)`, the defaults left out.
    private func appendEventArguments(_ event: Tips.Event, to code: inout SwiftExpression) {
        code.labeled("id") { $0.appendStringLiteral(event.id) }
        if event.keepCount != CheckedEvent.defaultKeepCount {
            code.labeled("keepCount") { $0.appendInteger(event.keepCount) }
        }
        if let duration = event.keepDuration {
            code.labeled("keepDuration") { appendSeconds(duration, to: &$0) }
        }
        if event.renames != nil { appendRenamesArgument(to: &code) }
    }

    /// Appends `renames: TipsRuntime.TipsConfiguration.renames`: the module's
    /// renames (declared with its configuration), which a module with renames
    /// passes to every event and parameter, so that a center moves the state
    /// they name before it reads or writes any of them.
    func appendRenamesArgument(to code: inout SwiftExpression) {
        code.labeled("renames") { $0.append("TipsRuntime.TipsConfiguration.renames") }
    }

    /// Writes the event's doc comment and `<access> static let <name>: <Type> =
    /// <Type>(id: …, keepCount: …, keepDuration: …)`, ending in ` {` when
    /// the function that types its donations follows.
    private func emitEventValue(
        _ event: CheckedEvent, _ value: Tips.Event, _ eventType: String, opensClosure: Bool,
        into writer: inout SwiftWriter
    ) {
        writer.docComment(event.doc)
        writer.expression { code in
            code.prefix { out in appendStaticLet(event.name, to: &out) { $0.appendUTF8(eventType) } }
            code.beginCall(string: eventType)
            appendEventArguments(value, to: &code)
            code.end()
            if opensClosure { code.suffix { $0.append(" {") } }
        }
    }

    /// Writes an event without fields: its value, a `TipsRuntime.Tips.FieldlessEvent`,
    /// and its two type names as aliases of the runtime's types.
    private func emitFieldlessEvent(
        _ event: CheckedEvent, _ value: Tips.Event, _ spelling: EventSpelling, into writer: inout SwiftWriter
    ) {
        let eventType = spelling.eventType
        emitEventValue(event, value, eventType, opensClosure: false, into: &writer)
        writer.line()
        docLine("/// Donations of `", event, "`, an event without fields.", into: &writer)
        declaration(" typealias ", into: &writer) { out in
            out.appendUTF8(eventType)
            out.append(" = TipsRuntime.Tips.FieldlessEvent")
        }
        writer.line()
        docLine("/// A donation of `", event, "`: when it was made.", into: &writer)
        declaration(" typealias ", into: &writer) { out in
            out.appendUTF8(spelling.donationType)
            out.append(" = TipsRuntime.Tips.FieldlessEvent.Donation")
        }
    }

    /// Writes `<Name>Donation` beside `<Name>Event` for an event with fields:
    /// the date, then one typed property per field. A sibling, not a nested type, so that inside the
    /// event's type a user's enum is never hidden by it.
    private func emitDonationType(_ event: CheckedEvent, _ spelling: EventSpelling, into writer: inout SwiftWriter) {
        docLine("/// A donation of `", event, "`: when it was made, and its typed fields.", into: &writer)
        declaration(" struct ", into: &writer) { out in
            out.appendUTF8(spelling.donationType)
            out.append(": Swift.Sendable")
        } body: { writer in
            writer.line("/// When the donation was made, by the center's clock.")
            declaration(" let date: Foundation.Date", into: &writer)
            emitStoredProperties(event.fields, named: spelling.fieldNames, into: &writer)
            writer.line()
            writer.line("/// Nil when a field is missing or has another type.")
            emitDonationInit(event, spelling, into: &writer)
        }
    }

    /// A donation's date, the first parameter of its `init?`.
    private static let dateParameter: StaticString = "date: Foundation.Date"

    /// Writes `init?(date: Foundation.Date, label name: Type?, ...)`, one
    /// parameter a line when long, which keeps the fields that are all there.
    private func emitDonationInit(_ event: CheckedEvent, _ spelling: EventSpelling, into writer: inout SwiftWriter) {
        // The parameters on one line, built first to measure them.
        var parameters = ByteBuffer(capacity: 128)
        parameters.append(Self.dateParameter)
        for index in event.fields.indices {
            parameters.append(", ")
            appendDonationParameter(event.fields[index], spelling, index, to: &parameters)
        }
        let wraps = parameters.count + access.utf8CodeUnitCount + 18 > SwiftExpression.lineLimit - 8
        if wraps {
            declaration(" init?(", into: &writer)
            writer.indented { writer in
                writer.nonEmptyLine { out in
                    out.append(Self.dateParameter)
                    out.append(",")
                }
                for index in event.fields.indices {
                    writer.nonEmptyLine { out in
                        appendDonationParameter(event.fields[index], spelling, index, to: &out)
                        if index < event.fields.count - 1 { out.append(",") }
                    }
                }
            }
        }
        writer.block { out in
            if !wraps {
                appendAccess(" init?(", to: &out)
                out.append(parameters, 0..<parameters.count)
            }
            out.append(")")
        } body: { writer in
            // No expression here names a type: a local never hides one.
            writer.nonEmptyLine { out in
                out.append("guard ")
                for (index, name) in spelling.fieldNames.enumerated() {
                    if index > 0 { out.append(", ") }
                    out.append("let ")
                    out.appendUTF8(name)
                }
                out.append(" else { return nil }")
            }
            writer.line("self.date = date")
            for name in spelling.fieldNames { assignStored(name, into: &writer) }
        }
    }

    /// Appends `label name: Type?`, the optional parameter of the donation's
    /// `init?` for a field, the one at `index` among the event's fields.
    private func appendDonationParameter(
        _ field: CheckedField, _ spelling: EventSpelling, _ index: Int, to out: inout ByteBuffer
    ) {
        appendParameter(
            label: spelling.fieldLabels[index], swiftName: spelling.fieldNames[index], type: field.type, to: &out)
        out.append("?")
    }

    /// Writes a `///` line naming the event in code voice: `before`, its name, then `after`.
    private func docLine(
        _ before: StaticString, _ event: CheckedEvent, _ after: StaticString, into writer: inout SwiftWriter
    ) {
        writer.nonEmptyLine { out in
            out.append(before)
            out.appendCommentText(event.name)
            out.append(after)
        }
    }

    /// Writes `self.name = name`.
    func assignStored(_ name: String, into writer: inout SwiftWriter) {
        writer.nonEmptyLine { out in
            out.append("self.")
            out.appendUTF8(name)
            out.append(" = ")
            out.appendUTF8(name)
        }
    }

    /// Writes `donate(...) async` (returns once durable) or `sendDonation(...)`
    /// (TipKit's name: returns at once), with one typed parameter per field.
    private func emitDonate(
        _ event: CheckedEvent, _ spelling: EventSpelling, awaited: Bool, into writer: inout SwiftWriter
    ) {
        docLine(
            "/// Records one donation of `", event,
            awaited ? "`; returns once it is durable." : "` and returns at once, before it is durable.", into: &writer)
        declaration(awaited ? " func donate(" : " func sendDonation(", into: &writer) { out in
            for index in event.fields.indices {
                appendParameter(
                    label: spelling.fieldLabels[index], swiftName: spelling.fieldNames[index],
                    type: event.fields[index].type, to: &out)
                out.append(", ")
            }
            out.append(
                awaited
                    ? "in center: TipsRuntime.TipCenter = .shared) async"
                    : "in center: TipsRuntime.TipCenter = .shared)")
        } body: { writer in
            writer.nonEmptyLine { out in
                out.append(awaited ? "await self.event.donate(" : "self.event.sendDonation(")
                out.append("[")
                for index in event.fields.indices {
                    if index > 0 { out.append(", ") }
                    out.appendStringLiteral(event.fields[index].name)
                    out.append(": ")
                    appendValue(of: spelling.fieldNames[index], type: event.fields[index].type, to: &out)
                }
                out.append("]")
                out.append(", in: center)")
            }
        }
    }
}
