// Printing a file's tips' lowered copy, rules and options as Swift: per
// file one `Tips.GeneratedFile` of the parameters and events the rules name
// and a table of string literals the runtime reads, each tip's head (see
// `TipsRuntime/Rules/TableHead.swift`) followed by its rules' texts (see
// `TipsRuntime/Rules/RuleText.swift`).

@_spi(TipsCompiler) import TipsRuntime
import TipsSyntax

/// The ids of the parameters and events that a file's tips' rules and
/// options name, each once, in the order they first appear.
struct FileNames: Sendable {
    private(set) var parameters: [String] = []
    private(set) var events: [String] = []
    private var seenParameters = NameTable<Void>()
    private var seenEvents = NameTable<Void>()

    /// No names yet, with room for about `count` of each kind: growing a
    /// table one rehash at a time costs more than filling it.
    init(capacity count: Int) {
        seenParameters.reserveCapacity(count)
        seenEvents.reserveCapacity(count)
    }

    /// Adds a name a rule reads; a reusable tip's arguments are not the file's.
    mutating func add(_ name: RuleTextName) {
        switch name {
        case .parameter(let id): addParameter(id)
        case .event(let id): addEvent(id)
        case .argument: break
        }
    }

    /// Adds the events that invalidate a tip, which follow the names its rules read.
    mutating func add(invalidatedBy events: [Tips.Event]) {
        for event in events { addEvent(event.id) }
    }

    /// Adds the names of `other`, which follow these in the file.
    mutating func add(_ other: FileNames) {
        for id in other.parameters { addParameter(id) }
        for id in other.events { addEvent(id) }
    }

    private mutating func addParameter(_ id: String) {
        if seenParameters.insertIfAbsent((), for: id) == nil { parameters.append(id) }
    }

    private mutating func addEvent(_ id: String) {
        if seenEvents.insertIfAbsent((), for: id) == nil { events.append(id) }
    }
}

/// What a range of a file's tips puts in the file's table, written as the
/// range's tips are printed: each tip is lowered once, right before it is
/// printed, and its head and rules are written into the table while they
/// are in the cache.
struct TablePart: Sendable {
    /// The tips' heads and rules' texts.
    var literals = TableLiterals()
    /// The parameters and events the tips read.
    var names = FileNames(capacity: 0)
    /// How many tips there are.
    var tips = 0
    /// Whether a tip reads its copy from the file's translations.
    var readsCopy = false
}

/// Swift string literals one after the other, in pieces of about
/// ``SwiftWriter/pieceBytes`` for the reason the writer's text is (see
/// ``SwiftWriter/endPieceIfLong()``).
struct TableLiterals {
    /// Literals one after the other in one buffer, and where each ends in it.
    struct Piece {
        var bytes: ByteBuffer
        var ends: [Int] = []

        /// Where the literal at `index` (of this piece's) is in ``bytes``.
        func range(_ index: Int) -> Range<Int> {
            (index == 0 ? 0 : ends[index - 1])..<ends[index]
        }
    }

    /// The pieces ended, each about ``SwiftWriter/pieceBytes`` long.
    private var ended: [Piece] = []
    /// The piece the literals are appended to.
    private var current = Piece(bytes: ByteBuffer())
    /// How many literals there are.
    var count: Int { ended.reduce(current.ends.count) { $0 + $1.ends.count } }
    /// How many bytes they take.
    var byteCount: Int { ended.reduce(current.bytes.count) { $0 + $1.bytes.count } }

    /// The pieces, in order.
    var pieces: [Piece] { current.ends.isEmpty ? ended : ended + [current] }

    /// Appends what `text` holds as one literal, and empties `text`.
    mutating func append(_ text: inout RuleTextWriter) {
        if current.bytes.count >= SwiftWriter.pieceBytes {
            // About as many literals as the piece before: its list of ends is not grown from nothing.
            var next = Piece(bytes: ByteBuffer(capacity: SwiftWriter.pieceCapacity))
            next.ends.reserveCapacity(current.ends.count + current.ends.count / 4)
            ended.append(current)
            current = next
        }
        text.withUTF8 { current.bytes.appendStringLiteral($0) }
        current.ends.append(current.bytes.count)
        text.removeAll()
    }
}

/// The literals of every part of a file's table, in order, read where each
/// part wrote them rather than copied into one buffer.
struct TableTexts {
    /// The pieces of every part, in order.
    let pieces: [TableLiterals.Piece]
    /// How many literals there are.
    let count: Int
    /// How many bytes they take.
    let byteCount: Int

    init(_ parts: [TableLiterals]) {
        pieces = parts.flatMap(\.pieces)
        count = parts.reduce(0) { $0 + $1.count }
        byteCount = parts.reduce(0) { $0 + $1.byteCount }
    }

    /// Calls `body` with each literal of `range`, in order.
    func forEachLiteral(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var first = 0
        for piece in pieces {
            let lower = max(range.lowerBound, first) - first
            let upper = min(range.upperBound, first + piece.ends.count) - first
            first += piece.ends.count
            guard lower < upper else { continue }
            // The piece's bytes read in place once for all its literals here:
            // read for each literal, the buffer is retained and released each time.
            piece.bytes.withBytes(0..<piece.bytes.count) { bytes in
                for index in lower..<upper { body(UnsafeBufferPointer(rebasing: bytes[piece.range(index)])) }
            }
        }
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
    func emitGeneratedFile(_ parts: [TablePart], into writer: inout SwiftWriter) {
        var names = parts.first?.names ?? FileNames(capacity: 0)
        for part in parts.dropFirst() { names.add(part.names) }
        writer.blankLine()
        writer.line("/// What this file's tips read their copy, rules and options from: the parameters and events")
        writer.line("/// their rules name, and each tip's head (its type's name, copy and options) and rules as text.")
        let parameters = Table(count: names.parameters.count) { index, out in
            out.append("TipsRuntime.TipParameters.")
            out.appendUTF8(SwiftNames.identifier(names.parameters[index]))
            out.append(".reference")
        }
        let events = Table(count: names.events.count) { Self.appendEventReference(names.events[$0], to: &$1) }
        let texts = TableTexts(parts.map(\.literals))
        let copy = parts.contains { $0.readsCopy }
        // Room for the table, up to a piece's (``SwiftWriter/endPieceIfLong()``
        // ends the largest part of the file, 4.6 of the 14.2 MB written for
        // 10,000 tips, in pieces). A literal's line adds its indentation, a
        // comma and a newline (14 bytes); the lines of the parameters and
        // events before it take about 60 bytes each.
        let nameLines = (parameters.count + events.count) * 64
        writer.reserveCapacity(nameLines + texts.byteCount + texts.count * 16)
        guard max(parameters.count, events.count, texts.count) > Self.namesPerLiteral else {
            let literals = Table(count: texts.count) { index, out in
                texts.forEachLiteral(in: index..<index + 1) { out.append($0) }
            }
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
            writer.endPieceIfLong()
        }
    }

    /// Writes `var tips: [Swift.String] = []`, then the texts ``namesPerLiteral``
    /// an `append(contentsOf:)`, always one a line: they are long, and laid
    /// out line by line rather than measured as an expression, the table of
    /// the benchmark's 10,000 tips costs 26 M fewer instructions (callgrind,
    /// `tipc-bench --measure-compile-one-job 10000`).
    private func appendTexts(_ texts: TableTexts, into writer: inout SwiftWriter) {
        writer.line(texts.count == 0 ? "let tips: [Swift.String] = []" : "var tips: [Swift.String] = []")
        for start in stride(from: 0, to: texts.count, by: Self.namesPerLiteral) {
            writer.line("tips.append(")
            writer.indented { writer in
                writer.line("contentsOf: [")
                writer.indented { writer in
                    texts.forEachLiteral(in: start..<min(start + Self.namesPerLiteral, texts.count)) { literal in
                        writer.nonEmptyLine { out in
                            out.append(literal)
                            out.append(",")
                        }
                        writer.endPieceIfLong()
                    }
                }
                writer.line("]")
            }
            writer.line(")")
        }
    }

    /// Adds `tip` to `part` of the file's table: its head
    /// (``writeTableHead(of:to:)``) and its rules' texts as Swift string
    /// literals, and the names they read. Each text is written into
    /// `text`, a writer reused for every text, and escaped straight into
    /// the literals' bytes, never made a `String`. Returns the arguments
    /// of a reusable tip that its rules read, each once, in order.
    func addToTable(_ tip: LoweredTip, _ part: inout TablePart, text: inout RuleTextWriter) -> [String] {
        part.tips += 1
        if tip.copy != nil { part.readsCopy = true }
        writeTableHead(of: tip, to: &text)
        part.literals.append(&text)
        var arguments: [String] = []
        let rules = tip.declaration.rules
        for index in rules.indices {
            rules[index].writeText(to: &text) { name in
                part.names.add(name)
                if case .argument(let argument) = name, !arguments.contains(argument) { arguments.append(argument) }
            }
            part.literals.append(&text)
        }
        part.names.add(invalidatedBy: tip.options.invalidatedBy)
        return arguments
    }

    /// Writes a reusable tip's `rules` when they read its `arguments`
    /// (by name, in order): the table's rules read with the instance's values.
    func emitArgumentRules(reading arguments: [String], fields: [CheckedField], into writer: inout SwiftWriter) {
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
