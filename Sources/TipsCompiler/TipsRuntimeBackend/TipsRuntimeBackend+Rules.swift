// Printing a file's tips' lowered copy, rules and options as Swift: per
// file one `Tips.GeneratedFile` of the parameters and events the rules name
// and a table of string literals the runtime reads, each tip's head (see
// `TipsRuntime/Rules/TableHead.swift`) followed by its rules' texts (see
// `TipsRuntime/Rules/RuleText.swift`).

import TipsRuntime
import TipsSyntax

/// The ids of the parameters and events that a file's tips' rules and
/// options name, each once, in the order they first appear.
struct FileNames {
    private(set) var parameters: [String] = []
    private(set) var events: [String] = []

    /// The names of `tips`, a file's tips.
    init(_ tips: [LoweredTip]) {
        var seenParameters = NameTable<Void>()
        var seenEvents = NameTable<Void>()
        // Room for about a name a tip at once: growing a table one rehash at a time costs more than filling it.
        seenParameters.reserveCapacity(tips.count)
        seenEvents.reserveCapacity(tips.count)
        for tip in tips.indices {
            for rule in tips[tip].rules.indices {
                tips[tip].rules[rule].expression.visitDependencies { id in
                    if seenParameters.insertIfAbsent((), for: id) == nil { parameters.append(id) }
                } event: { id in
                    if seenEvents.insertIfAbsent((), for: id) == nil { events.append(id) }
                }
            }
            for event in tips[tip].options.invalidatedBy where seenEvents.insertIfAbsent((), for: event.id) == nil {
                events.append(event.id)
            }
        }
    }
}

/// Swift string literals one after the other in one buffer.
struct TableLiterals {
    /// The literals' UTF-8.
    var bytes = ByteBuffer()
    /// Where each literal ends in ``bytes``.
    var ends: [Int] = []

    /// How many literals there are.
    var count: Int { ends.count }

    /// Appends what `text` holds as one literal, and empties `text`.
    mutating func append(_ text: inout RuleTextWriter) {
        text.withUTF8 { bytes.appendStringLiteral($0) }
        ends.append(bytes.count)
        text.removeAll()
    }

    /// Makes room for the literals of `tips` at once, estimated from their
    /// rules' source (a rule's text holds its source and its tree, which
    /// take less than three times as many bytes) and a head of about 200
    /// bytes a tip: grown by doubling from nothing instead, the 4.6 MB of the
    /// benchmark's 10,000 tips cost 4 M instructions more in copies
    /// (callgrind, `tipc compile`).
    mutating func reserve(for tips: UnsafeBufferPointer<LoweredTip>) {
        var bytes = 0
        var count = 0
        for tip in tips.indices {
            bytes += 200
            count += 1 + tips[tip].rules.count
            for rule in tips[tip].rules.indices { bytes += 3 * tips[tip].rules[rule].source.utf8.count + 16 }
        }
        self.bytes.reserve(bytes)
        ends.reserveCapacity(count)
    }

    /// Where the literal at `index` is in ``bytes``.
    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }
}

extension FileEmitter {
    /// The most entries one array literal of `_tipcFile` holds. One literal
    /// of the benchmark's 1,100 names took `swiftc -typecheck` 101 ms, over
    /// the 10 ms an expression may take; 32 an `append(contentsOf:)` take it
    /// 61 ms in all, none over 4 ms.
    static let namesPerLiteral = 32

    /// Writes `private let _tipcFile = TipsRuntime.Tips.GeneratedFile(file: …, parameters: […], events: […], tips: […])`:
    /// the parameters and events the tips name, the file's copy when it has
    /// translations, and the table of its tips (each tip's head, then its
    /// rules' texts), the empty tables left out; a table of more than
    /// ``namesPerLiteral`` entries is built by `_tipcMakeFile()`, that many a statement.
    func emitGeneratedFile(_ tips: [LoweredTip], into writer: inout SwiftWriter) {
        let names = FileNames(tips)
        writer.blankLine()
        writer.line("/// What this file's tips read their copy, rules and options from: the parameters and events")
        writer.line("/// their rules name, and each tip's head (its type's name, copy and options) and rules as text.")
        let parameters = Table(count: names.parameters.count) { index, out in
            out.append("TipsRuntime.TipParameters.")
            out.appendUTF8(SwiftNames.identifier(names.parameters[index]))
            out.append(".reference")
        }
        let events = Table(count: names.events.count) { Self.appendEventReference(names.events[$0], to: &$1) }
        let texts = tableLiterals(tips)
        let copy = tips.contains { $0.copy != nil }
        // Room for the table at once: the largest part of the file (4.6 of
        // the 14.2 MB written for 10,000 tips), which would otherwise grow
        // by doubling from nothing, copied at each step. A literal's line
        // adds its indentation, a comma and a newline (14 bytes); the lines
        // of the parameters and events before it take about 60 bytes each
        // (left out, the room ran short and the 4 MB written were copied).
        let nameLines = (parameters.count + events.count) * 64
        writer.reserveCapacity(writer.utf8Buffer.count + nameLines + texts.bytes.count + texts.count * 16)
        guard max(parameters.count, events.count, texts.count) > Self.namesPerLiteral else {
            let literals = Table(count: texts.count) { index, out in out.append(texts.bytes, texts.range(index)) }
            let tables = [("parameters", parameters), ("events", events), ("tips", literals)]
            return writer.expression { code in
                code.prefix { $0.append("private let _tipcFile = ") }
                code.beginCall("TipsRuntime.Tips.GeneratedFile")
                code.labeled("file") { $0.appendStringLiteral(file.fileName) }
                for (label, table) in tables where table.count > 0 {
                    if label == "tips", copy { code.labeled("copy") { $0.append(Self.copyMember) } }
                    code.beginLabeled(string: label)
                    code.beginArray()
                    for index in 0..<table.count { code.atom { table.entry(index, &$0) } }
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
            appendTexts(texts, into: &writer)
            writer.nonEmptyLine { out in
                out.append("return TipsRuntime.Tips.GeneratedFile(file: ")
                out.appendStringLiteral(file.fileName)
                out.append(", parameters: parameters, events: events")
                if copy {
                    out.append(", copy: ")
                    out.append(Self.copyMember)
                }
                out.append(", tips: tips)")
            }
        }
    }

    /// One table of `_tipcFile`: how many entries it has, and what appends
    /// the entry at an index. One closure a table, none allocated and freed
    /// for each entry: the benchmark's 5,452 parameter and 4,500 event
    /// references cost 6.5 M instructions fewer this way (callgrind, `tipc compile`).
    private struct Table {
        let count: Int
        let entry: (Int, inout ByteBuffer) -> Void
    }

    /// Writes `var <name>: [<type>] = []`, then the entries ``namesPerLiteral``
    /// an `append(contentsOf:)`; `let` for none.
    private func appendTable(_ name: String, _ type: String, _ table: Table, into writer: inout SwiftWriter) {
        writer.line("\(table.count == 0 ? "let" : "var") \(name): [\(type)] = []")
        for start in stride(from: 0, to: table.count, by: Self.namesPerLiteral) {
            writer.expression { code in
                code.beginCall(string: name + ".append")
                code.beginLabeled("contentsOf")
                code.beginArray()
                for index in start..<min(start + Self.namesPerLiteral, table.count) {
                    code.atom { table.entry(index, &$0) }
                }
                code.end()
                code.end()
                code.end()
            }
        }
    }

    /// Writes `var tips: [Swift.String] = []`, then the texts ``namesPerLiteral``
    /// an `append(contentsOf:)`, always one a line: they are long, and laid
    /// out line by line rather than measured as an expression, the table of
    /// the benchmark's 10,000 tips costs 26 M fewer instructions (callgrind,
    /// `tipc-bench --measure-compile-one-job 10000`).
    private func appendTexts(_ texts: TableLiterals, into writer: inout SwiftWriter) {
        writer.line(texts.count == 0 ? "let tips: [Swift.String] = []" : "var tips: [Swift.String] = []")
        // The literals' bytes read in place once: read for each line, the
        // buffer was retained and released each time (27,000 times for the
        // benchmark's 10,000 tips, callgrind, `tipc compile`).
        texts.bytes.withBytes(0..<texts.bytes.count) { bytes in
            for start in stride(from: 0, to: texts.count, by: Self.namesPerLiteral) {
                writer.line("tips.append(")
                writer.indented { writer in
                    writer.line("contentsOf: [")
                    writer.indented { writer in
                        for index in start..<min(start + Self.namesPerLiteral, texts.count) {
                            writer.nonEmptyLine { out in
                                out.append(UnsafeBufferPointer(rebasing: bytes[texts.range(index)]))
                                out.append(",")
                            }
                        }
                    }
                    writer.line("]")
                }
                writer.line(")")
            }
        }
    }

    /// The texts of the file's table as Swift string literals: each tip's
    /// head (``writeTableHead(of:at:to:)``), then its rules' texts. Each text is written
    /// into one reused writer and escaped straight into the literals' bytes,
    /// never made a `String`.
    func tableLiterals(_ tips: [LoweredTip]) -> TableLiterals {
        var literals = TableLiterals()
        var text = RuleTextWriter(capacity: 1024)
        // Each tip and rule read in place through a buffer pointer: an
        // array's element read for a call is a copy, which retains what it
        // holds (3 M of `Compilation.run`'s 1,575 M instructions for the
        // benchmark's 10,000 tips, callgrind, `tipc compile`).
        tips.withUnsafeBufferPointer { tips in
            literals.reserve(for: tips)
            for tip in tips.indices {
                writeTableHead(of: tips, at: tip, to: &text)
                literals.append(&text)
                tips[tip].rules.withUnsafeBufferPointer { rules in
                    for rule in rules.indices {
                        rules[rule].write(to: &text)
                        literals.append(&text)
                    }
                }
            }
        }
        return literals
    }

    /// Writes a reusable tip's `rules` when they read its arguments: the
    /// table's rules read with the instance's values by argument name.
    func emitArgumentRules(of rules: [TipRule], arguments fields: [CheckedField], into writer: inout SwiftWriter) {
        let arguments = TipRule.namedValues(rules).arguments
        guard !arguments.isEmpty else { return }
        declaration(
            " var rules: [TipsRuntime.TipRule]", into: &writer,
            body: { writer in
                writer.expression { code in
                    code.beginCall("_tipcFile.rules")
                    code.labeled("of") { $0.append("Self.self") }
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
