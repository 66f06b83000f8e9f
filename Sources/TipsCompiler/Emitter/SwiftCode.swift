/// A tiny model of a Swift expression, printed on one line when it fits and
/// broken one argument per line when it does not.
///
/// Only `labeled` is `indirect`: arrays already hold their elements out of
/// line, so atoms, calls and arrays need no box of their own.
enum SwiftCode: Sendable {
    /// Text printed as is.
    case atom(String)
    /// `label: value`
    indirect case labeled(String, SwiftCode)
    /// `callee(arguments)`
    case call(String, [SwiftCode])
    /// `[elements]`
    case array([SwiftCode])

    /// The longest line the printer aims for.
    static let lineLimit = 120

    /// The expression on one line.
    var flat: String {
        var out: [UInt8] = []
        appendFlat(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of the one-line form to `out` without building intermediate strings.
    func appendFlat(to out: inout [UInt8]) {
        switch self {
        case .atom(let text):
            out.append(contentsOf: text.utf8)
        case .labeled(let label, let value):
            out.append(contentsOf: label.utf8)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            value.appendFlat(to: &out)
        case .call(let callee, let arguments):
            out.append(contentsOf: callee.utf8)
            out.append(UInt8(ascii: "("))
            Self.appendFlat(arguments, to: &out)
            out.append(UInt8(ascii: ")"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            Self.appendFlat(elements, to: &out)
            out.append(UInt8(ascii: "]"))
        }
    }

    private static func appendFlat(_ items: [SwiftCode], to out: inout [UInt8]) {
        for (index, item) in items.enumerated() {
            if index > 0 {
                out.append(UInt8(ascii: ","))
                out.append(UInt8(ascii: " "))
            }
            item.appendFlat(to: &out)
        }
    }

    /// Writes the expression starting at the writer's indentation, with
    /// `prefix` before it and `suffix` after it on the first and last lines.
    func write(to writer: inout SwiftWriter, prefix: String = "", suffix: String = "") {
        if fits(prefix: prefix, suffix: suffix, width: Self.lineLimit - writer.column) {
            if prefix.isEmpty, suffix.isEmpty, case .atom(let text) = self, text.isEmpty {
                writer.line()
            } else {
                writer.nonEmptyLine { out in
                    out.append(contentsOf: prefix.utf8)
                    appendFlat(to: &out)
                    out.append(contentsOf: suffix.utf8)
                }
            }
            return
        }
        switch self {
        case .atom(let text):
            if prefix.isEmpty, text.isEmpty, suffix.isEmpty {
                writer.line()
            } else {
                writer.nonEmptyLine { out in
                    out.append(contentsOf: prefix.utf8)
                    out.append(contentsOf: text.utf8)
                    out.append(contentsOf: suffix.utf8)
                }
            }
        case .labeled(let label, let value):
            value.write(to: &writer, prefix: prefix + label + ": ", suffix: suffix)
        case .call(let callee, let arguments):
            writer.nonEmptyLine { out in
                out.append(contentsOf: prefix.utf8)
                out.append(contentsOf: callee.utf8)
                out.append(UInt8(ascii: "("))
            }
            writer.indented { inner in
                for (index, argument) in arguments.enumerated() {
                    argument.write(to: &inner, suffix: index == arguments.count - 1 ? "" : ",")
                }
            }
            writer.nonEmptyLine { out in
                out.append(UInt8(ascii: ")"))
                out.append(contentsOf: suffix.utf8)
            }
        case .array(let elements):
            writer.nonEmptyLine { out in
                out.append(contentsOf: prefix.utf8)
                out.append(UInt8(ascii: "["))
            }
            writer.indented { inner in
                for element in elements { element.write(to: &inner, suffix: ",") }
            }
            writer.nonEmptyLine { out in
                out.append(UInt8(ascii: "]"))
                out.append(contentsOf: suffix.utf8)
            }
        }
    }

    // MARK: - Measuring

    /// Whether `prefix + flat + suffix` is at most `width` characters, without
    /// building the line. Plain ASCII pieces (the usual case) are measured by
    /// their byte counts, stopping as soon as the line is too long; anything
    /// else falls back to counting the characters of the built line.
    func fits(prefix: String, suffix: String, width: Int) -> Bool {
        var used = 0
        guard Self.measure(prefix, &used), measureFlat(&used, budget: width) else {
            return (prefix + flat + suffix).count <= width
        }
        if used > width { return false }
        guard Self.measure(suffix, &used) else { return (prefix + flat + suffix).count <= width }
        return used <= width
    }

    /// Adds the width of the one-line form to `used`, stopping once it exceeds
    /// `budget`. Returns false when a piece is not plain ASCII: the width is
    /// then unknown.
    ///
    /// A plain piece is ASCII without a carriage return, so no character of
    /// it can join a neighbour into one `Character`; the byte count of the
    /// pieces measured so far is then a lower bound of the line's length.
    private func measureFlat(_ used: inout Int, budget: Int) -> Bool {
        switch self {
        case .atom(let text):
            return Self.measure(text, &used)
        case .labeled(let label, let value):
            guard Self.measure(label, &used) else { return false }
            used += 2
            return used > budget || value.measureFlat(&used, budget: budget)
        case .call(let callee, let arguments):
            guard Self.measure(callee, &used) else { return false }
            used += 2
            return Self.measureFlat(arguments, &used, budget: budget)
        case .array(let elements):
            used += 2
            return Self.measureFlat(elements, &used, budget: budget)
        }
    }

    private static func measureFlat(_ items: [SwiftCode], _ used: inout Int, budget: Int) -> Bool {
        for (index, item) in items.enumerated() {
            if used > budget { return true }
            if index > 0 { used += 2 }
            guard item.measureFlat(&used, budget: budget) else { return false }
        }
        return true
    }

    /// Adds the length of a plain ASCII `text` to `used`; false when `text` is not plain.
    private static func measure(_ text: String, _ used: inout Int) -> Bool {
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var flags: UInt8 = 0
                for byte in bytes { flags |= byte & 0x80 | (byte == 0x0D ? 0x80 : 0) }
                return flags == 0
            } ?? text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        used += text.utf8.count
        return plain
    }
}
