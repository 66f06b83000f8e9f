// Rules and options as text: the form generated code gives a tip's rules
// and options in, one string literal a rule and one for the options,
// because the Swift type checker reads a string literal in constant time
// where it reads a tree of enum cases node by node, or a call with labeled
// arguments overload by overload.
//
//     rule    = line " " expr " " source          (source: the rest of the text)
//     expr    = "true" | "false" | int | string
//             | "(double " number ")" | "(seconds " number ")" | "(case " name ")"
//             | "(param " id ")" | "(arg " name ")" | "(field " name ")"
//             | "(! " expr ")" | "(neg " expr ")" | "(" operator " " expr " " expr ")"
//             | "(count " event-id { " " step } ")"
//     step    = "(within " number ")" | "(where " expr ")" | "(largest " name ")" | "(smallest " name ")"
//     options = option { " " option }
//     option  = "(maxDisplayCount " int ")" | "(maxDisplayDuration " number ")"
//             | "(ignoresDisplayFrequency)" | "(invalidatedBy" { " " event-id } ")"
//             | "(snooze " number [ " " int ] ")" | "(holdoutPercent " int ")"
//
// An operator is a ``RuleOperator``'s raw value; a string is quoted, with
// `\"` and `\\` its only escapes; a number of seconds is a `Double`'s
// description. A parameter, an event or an argument is named by its id and
// found in the tables of ``Tips/GeneratedFile``, so the values (default,
// kept donations, the instance's argument) stay typed Swift.

extension TipRule {
    /// The rule as text, as ``Tips/GeneratedFile/rules(_:arguments:)`` reads it.
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
struct RuleTextWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    var isEmpty: Bool { bytes.isEmpty }

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

extension Tips.Options {
    /// The options as text (see the top of `RuleText.swift`): what
    /// ``Tips/GeneratedFile/options(_:)`` reads; empty for no options.
    package var text: String {
        var out = RuleTextWriter(capacity: 64)
        func option(_ head: StaticString, _ value: String) {
            if !out.isEmpty { out.append(" ") }
            out.append(head)
            out += value
            out.append(")")
        }
        if let count = maxDisplayCount { option("(maxDisplayCount ", String(count)) }
        if let duration = maxDisplayDuration { option("(maxDisplayDuration ", duration.description) }
        if ignoresDisplayFrequency { option("(ignoresDisplayFrequency", "") }
        if !invalidatedBy.isEmpty { option("(invalidatedBy", invalidatedBy.map { " " + $0.id }.joined()) }
        if let snooze {
            option("(snooze ", snooze.duration.description + (snooze.maxCount.map { " \($0)" } ?? ""))
        }
        if let percent = holdoutPercent { option("(holdoutPercent ", String(percent)) }
        return out.text
    }
}

extension TipRule {
    /// The ids of the parameters and events and the names of the arguments
    /// that `rules` read, each once, in the order they first appear: the
    /// tables generated code gives ``Tips/GeneratedFile`` (with the events of
    /// the options' `invalidatedBy`) and a reusable tip's `rules`.
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
