// Reading the texts generated code gives a tip's rules in (see the top of
// `RuleText.swift`) and its head, its copy and options (see the top of
// `TableHead.swift`).

/// Reads one rule's text or one tip's head; every function returns nil
/// at the first thing it cannot read.
package struct RuleTextReader {
    /// The values a text names, by id.
    package struct Tables: Sendable {
        let parameter: @Sendable (String) -> Tips.ParameterReference?
        let event: @Sendable (String) -> Tips.Event?
        let argument: @Sendable (String) -> TipValue?

        /// Tables that find each name with the function given.
        package init(
            parameter: @escaping @Sendable (String) -> Tips.ParameterReference?,
            event: @escaping @Sendable (String) -> Tips.Event?, argument: @escaping @Sendable (String) -> TipValue?
        ) {
            self.parameter = parameter
            self.event = event
            self.argument = argument
        }

        /// The tables of a generated file: `parameters` and `events` by id, a
        /// reusable tip's `arguments` by name.
        init(parameters: [Tips.ParameterReference], events: [Tips.Event], arguments: [String: TipValue]) {
            let parameters = Dictionary(parameters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let events = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            self.init(parameter: { parameters[$0] }, event: { events[$0] }, argument: { arguments[$0] })
        }

        /// These tables with a reusable tip's `arguments` by name.
        func with(arguments: [String: TipValue]) -> Tables {
            Tables(parameter: parameter, event: event, argument: { arguments[$0] })
        }
    }

    /// Deeper than any rule a `.tips` file can hold: the reader's recursion stops here.
    static let depthLimit = 1_000

    private let bytes: [UInt8]
    private let tables: Tables
    private var index = 0

    package init(_ text: String, tables: Tables) {
        self.bytes = Array(text.utf8)
        self.tables = tables
    }

    /// `line expr source`.
    package mutating func rule(file: String) -> TipRule? {
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
        case "param": return atom().flatMap(tables.parameter).map { .parameter($0) }
        case "field": return atom().map { .field($0) }
        case "arg":
            guard let name = atom(), let value = tables.argument(name) else { return nil }
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
        guard let event = atom().flatMap(tables.event) else { return nil }
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

    /// A tip's head in a generated file's table (see the top of `TableHead.swift`), up to the end of the text.
    mutating func head() -> Tips.TableHead? {
        guard let name = atom() else { return nil }
        var head = Tips.TableHead(name: name)
        while space() {
            guard consume(UInt8(ascii: "(")), let form = atom(), content(form, into: &head), close() else {
                return nil
            }
        }
        return index == bytes.count ? head : nil
    }

    /// What follows `(form` up to its `)`, a text of the copy or an option,
    /// set in `head`; false when it cannot be read.
    private mutating func content(_ form: String, into head: inout Tips.TableHead) -> Bool {
        switch form {
        case "id", "image":
            guard space(), let value = quoted() else { return false }
            if form == "id" { head.id = value } else { head.image = value }
        case "title", "message":
            guard space(), let value = text() else { return false }
            if form == "title" { head.title = value } else { head.message = value }
        case "action":
            guard let id = word({ $0 }), space(), let title = text() else { return false }
            head.actions.append((id, title))
        default: return option(form, into: &head.options)
        }
        return true
    }

    /// A quoted string, or an int: the index of a text in the file's copy.
    private mutating func text() -> Tips.TableHead.Text? {
        if let literal = quoted() { return .literal(literal) }
        return atom().flatMap(Int.init).map { .copy($0) }
    }

    /// A quoted string at the reader's position; nil when there is none.
    private mutating func quoted() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return string()
    }

    /// What follows `(head` up to its `)`, set in `options`; false when it cannot be read.
    private mutating func option(_ head: String, into options: inout Tips.Options) -> Bool {
        switch head {
        case "maxDisplayCount":
            options.maxDisplayCount = word(Int.init)
            return options.maxDisplayCount != nil
        case "maxDisplayDuration":
            options.maxDisplayDuration = word(Double.init)
            return options.maxDisplayDuration != nil
        case "ignoresDisplayFrequency":
            options.ignoresDisplayFrequency = true
            return true
        case "invalidatedBy":
            while let id = word({ $0 }) {
                guard let event = tables.event(id) else { return false }
                options.invalidatedBy.append(event)
            }
            return true
        case "snooze":
            guard let duration = word(Double.init) else { return false }
            var maxCount: Int?
            if index < bytes.count, bytes[index] == UInt8(ascii: " ") {
                guard let count = word(Int.init) else { return false }
                maxCount = count
            }
            options.snooze = Tips.Snooze(duration: duration, maxCount: maxCount)
            return true
        case "holdoutPercent":
            options.holdoutPercent = word(Int.init)
            return options.holdoutPercent != nil
        default: return false
        }
    }

    /// ` word`, made a value by `read`; nil (nothing read) when no space follows.
    private mutating func word<Value>(_ read: (String) -> Value?) -> Value? {
        guard space() else { return nil }
        return atom().flatMap(read)
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
