// Rules as text: the form generated code writes a tip's rules in, one string
// literal a rule, because the Swift type checker reads a string literal in
// constant time where it reads a tree of enum cases node by node.
//
//     rule  = line " " expr " " source            (source: the rest of the text)
//     expr  = "true" | "false" | int | string
//           | "(double " number ")" | "(seconds " number ")" | "(case " name ")"
//           | "(param " id ")" | "(arg " name ")" | "(field " name ")"
//           | "(! " expr ")" | "(neg " expr ")" | "(" operator " " expr " " expr ")"
//           | "(count " event-id { " " step } ")"
//     step  = "(within " number ")" | "(where " expr ")" | "(largest " name ")" | "(smallest " name ")"
//
// An operator is a ``RuleOperator``'s raw value; a string is quoted, with
// `\"` and `\\` its only escapes. A parameter, an event or an argument is
// named by its id and found in the tables the generated code passes beside
// the text, so the values (default, kept donations, the instance's argument)
// stay typed Swift.

extension TipRule {
    /// The rules of one tip from their text (see the top of `RuleText.swift`):
    /// `parameters`, `events` and `arguments` are the values the texts name;
    /// generated code leaves out the empty ones (for the benchmark's 1,000
    /// tips, 37 KB of Swift).
    /// A text that cannot be read (written by another generation of `tipc`,
    /// which the version handshake prevents) becomes a rule that never holds,
    /// its source saying so.
    public static func decoding(
        _ texts: [String], file: String, parameters: [Tips.ParameterReference] = [], events: [Tips.Event] = [],
        arguments: [String: TipValue] = [:]
    ) -> [TipRule] {
        let tables = RuleTextReader.Tables(parameters: parameters, events: events, arguments: arguments)
        return texts.map { text in
            var reader = RuleTextReader(text, tables: tables)
            if let rule = reader.rule(file: file) { return rule }
            return TipRule(
                .literal(.bool(false)), source: "\(text) (tipc wrote a rule this runtime cannot read)", file: file,
                line: 0)
        }
    }

    /// The rule as text, as ``decoding(_:file:parameters:events:arguments:)`` reads it.
    package var text: String {
        var out = RuleTextWriter(capacity: source.utf8.count + 64)
        out += String(line)
        out.append(" ")
        expression.write(to: &out)
        out.append(" ")
        out += source
        return out.text
    }
}

/// The UTF-8 of a rule's text, appended piece by piece and decoded once at
/// the end: writing the 17,219 rules of the benchmark's 10,000 tips costs
/// 104 M instructions this way, 205 M with each piece interpolated and
/// appended to a `String` (callgrind, `tipc-bench --measure-compile-one-job 10000`).
private struct RuleTextWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    static func += (writer: inout RuleTextWriter, piece: String) {
        writer.bytes.append(contentsOf: piece.utf8)
    }

    /// Appends fixed text from the binary: most pieces are `(`, ` `, `)` and a word.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` quoted, with `\` before each `"` and `\`.
    mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension RuleExpression {
    /// The expression as text (see the top of `RuleText.swift`).
    package var text: String {
        var out = RuleTextWriter(capacity: 64)
        write(to: &out)
        return out.text
    }

    fileprivate func write(to out: inout RuleTextWriter) {
        switch self {
        case .literal(let value): Self.write(value, to: &out)
        case .parameter(let reference): Self.write("(param ", reference.id, to: &out)
        case .argument(let name, _): Self.write("(arg ", name, to: &out)
        case .field(let name): Self.write("(field ", name, to: &out)
        case .not(let operand):
            out.append("(! ")
            operand.write(to: &out)
            out.append(")")
        case .negate(let operand):
            out.append("(neg ")
            operand.write(to: &out)
            out.append(")")
        case .binary(let op, let lhs, let rhs):
            out.append("(")
            out += op.rawValue
            out.append(" ")
            lhs.write(to: &out)
            out.append(" ")
            rhs.write(to: &out)
            out.append(")")
        case .count(let query):
            out.append("(count ")
            out += query.event.id
            for step in query.steps {
                switch step {
                case .within(let seconds): Self.write(" (within ", seconds.description, to: &out)
                case .filter(let predicate):
                    out.append(" (where ")
                    predicate.write(to: &out)
                    out.append(")")
                case .largestSubset(let field): Self.write(" (largest ", field, to: &out)
                case .smallestSubset(let field): Self.write(" (smallest ", field, to: &out)
                }
            }
            out.append(")")
        }
    }

    /// Appends `opening`, `word` and `)`.
    private static func write(_ opening: StaticString, _ word: String, to out: inout RuleTextWriter) {
        out.append(opening)
        out += word
        out.append(")")
    }

    private static func write(_ value: TipValue, to out: inout RuleTextWriter) {
        switch value {
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): write("(double ", value.description, to: &out)
        case .duration(let seconds): write("(seconds ", seconds.description, to: &out)
        case .enumCase(let name): write("(case ", name, to: &out)
        case .string(let value): out.appendQuoted(value)
        }
    }
}

/// Reads one rule's text (see the top of `RuleText.swift`); every function
/// returns nil at the first thing it cannot read.
struct RuleTextReader {
    /// The values a text names, by id.
    struct Tables {
        let parameters: [String: Tips.ParameterReference]
        let events: [String: Tips.Event]
        let arguments: [String: TipValue]

        init(parameters: [Tips.ParameterReference], events: [Tips.Event], arguments: [String: TipValue]) {
            self.parameters = Dictionary(parameters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.events = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.arguments = arguments
        }
    }

    /// Deeper than any rule a `.tips` file can hold: the reader's recursion stops here.
    static let depthLimit = 1_000

    private let bytes: [UInt8]
    private let tables: Tables
    private var index = 0

    init(_ text: String, tables: Tables) {
        self.bytes = Array(text.utf8)
        self.tables = tables
    }

    /// `line expr source`.
    mutating func rule(file: String) -> TipRule? {
        guard let lineText = atom(), let line = Int(lineText), space(), let expression = expression(depth: 0),
            space()
        else { return nil }
        return TipRule(expression, source: String(decoding: bytes[index...], as: UTF8.self), file: file, line: line)
    }

    private mutating func expression(depth: Int) -> RuleExpression? {
        guard depth < Self.depthLimit, index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") { return string().map { .literal(.string($0)) } }
        guard bytes[index] == UInt8(ascii: "(") else {
            switch atom() {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case let text?: return Int(text).map { .literal(.int($0)) }
            case nil: return nil
            }
        }
        index += 1
        guard let head = atom(), space(), let expression = form(head, depth: depth), close() else { return nil }
        return expression
    }

    /// What follows `(head ` up to its `)`.
    private mutating func form(_ head: String, depth: Int) -> RuleExpression? {
        switch head {
        case "double": return atom().flatMap(Double.init).map { .literal(.double($0)) }
        case "seconds": return atom().flatMap(Double.init).map { .literal(.duration($0)) }
        case "case": return atom().map { .literal(.enumCase($0)) }
        case "param": return atom().flatMap { tables.parameters[$0] }.map { .parameter($0) }
        case "field": return atom().map { .field($0) }
        case "arg":
            guard let name = atom(), let value = tables.arguments[name] else { return nil }
            return .argument(name: name, value: value)
        case "!": return expression(depth: depth + 1).map { .not($0) }
        case "neg": return expression(depth: depth + 1).map { .negate($0) }
        case "count": return query(depth: depth).map { .count($0) }
        default:
            guard let op = RuleOperator(rawValue: head), let lhs = expression(depth: depth + 1), space(),
                let rhs = expression(depth: depth + 1)
            else { return nil }
            return .binary(op, lhs, rhs)
        }
    }

    /// `event-id { step }`, up to the query's `)`.
    private mutating func query(depth: Int) -> EventQuery? {
        guard let event = atom().flatMap({ tables.events[$0] }) else { return nil }
        var steps: [EventQuery.Step] = []
        while index + 1 < bytes.count, bytes[index] == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "(") {
            index += 2
            guard let head = atom(), space() else { return nil }
            let step: EventQuery.Step?
            switch head {
            case "within": step = atom().flatMap(Double.init).map { .within(seconds: $0) }
            case "where": step = expression(depth: depth + 1).map { .filter($0) }
            case "largest": step = atom().map { .largestSubset(by: $0) }
            case "smallest": step = atom().map { .smallestSubset(by: $0) }
            default: step = nil
            }
            guard let step, close() else { return nil }
            steps.append(step)
        }
        return EventQuery(event: event, steps: steps)
    }

    /// A quoted string, its `\"` and `\\` read back.
    private mutating func string() -> String? {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count else { return nil }
                out.append(bytes[index])
                index += 1
            } else {
                out.append(byte)
            }
        }
        return nil
    }

    /// The bytes up to the next space or parenthesis; nil when there are none.
    private mutating func atom() -> String? {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "("),
            bytes[index] != UInt8(ascii: ")")
        {
            index += 1
        }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    private mutating func space() -> Bool { consume(UInt8(ascii: " ")) }
    private mutating func close() -> Bool { consume(UInt8(ascii: ")")) }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}

extension TipRule {
    /// The ids of the parameters and events and the names of the arguments
    /// that `rules` read, each once, in the order they first appear: the
    /// tables ``decoding(_:file:parameters:events:arguments:)`` is given.
    package static func namedValues(_ rules: [TipRule]) -> (
        parameters: [String], events: [String], arguments: [String]
    ) {
        var names: (parameters: [String], events: [String], arguments: [String]) = ([], [], [])
        func visit(_ expression: RuleExpression) {
            switch expression {
            case .literal, .field: break
            case .parameter(let reference):
                if !names.parameters.contains(reference.id) { names.parameters.append(reference.id) }
            case .argument(let name, _):
                if !names.arguments.contains(name) { names.arguments.append(name) }
            case .not(let operand), .negate(let operand): visit(operand)
            case .binary(_, let lhs, let rhs):
                visit(lhs)
                visit(rhs)
            case .count(let query):
                if !names.events.contains(query.event.id) { names.events.append(query.event.id) }
                for case .filter(let predicate) in query.steps { visit(predicate) }
            }
        }
        for rule in rules { visit(rule.expression) }
        return names
    }
}
