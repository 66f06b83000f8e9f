/// A tiny model of a Swift expression, printed on one line when it fits and
/// broken one argument per line when it does not.
///
/// Each node knows the width of its one-line form, computed once when it is
/// built from its children's, so deciding whether a node fits costs nothing
/// however deep it is nested.
struct SwiftCode: Sendable {
    /// The shape of an expression.
    ///
    /// Only `labeled` is `indirect`: arrays already hold their elements out of
    /// line, so atoms, calls and arrays need no box of their own.
    enum Kind: Sendable {
        /// Text printed as is.
        case atom(String)
        /// `label: value`
        indirect case labeled(String, SwiftCode)
        /// `callee(arguments)`
        case call(String, [SwiftCode])
        /// `[elements]`
        case array([SwiftCode])
    }

    /// The expression's shape.
    let kind: Kind
    /// The UTF-8 length of the one-line form when every piece is plain (see
    /// ``plainLength(_:)``), or -1 when some piece is not: its width is then
    /// counted in characters when needed.
    let plainWidth: Int

    private init(_ kind: Kind, plainWidth: Int) {
        self.kind = kind
        self.plainWidth = plainWidth
    }

    /// Text printed as is.
    static func atom(_ text: String) -> SwiftCode {
        .init(.atom(text), plainWidth: plainLength(text))
    }

    /// `label: value`
    static func labeled(_ label: String, _ value: SwiftCode) -> SwiftCode {
        let labelWidth = plainLength(label)
        let plain = labelWidth >= 0 && value.plainWidth >= 0
        return .init(.labeled(label, value), plainWidth: plain ? labelWidth + 2 + value.plainWidth : -1)
    }

    /// `callee(arguments)`
    static func call(_ callee: String, _ arguments: [SwiftCode]) -> SwiftCode {
        let calleeWidth = plainLength(callee)
        let listWidth = plainWidth(of: arguments)
        let plain = calleeWidth >= 0 && listWidth >= 0
        return .init(.call(callee, arguments), plainWidth: plain ? calleeWidth + 2 + listWidth : -1)
    }

    /// `[elements]`
    static func array(_ elements: [SwiftCode]) -> SwiftCode {
        let listWidth = plainWidth(of: elements)
        return .init(.array(elements), plainWidth: listWidth >= 0 ? 2 + listWidth : -1)
    }

    /// The width of `items` joined by `, `, or -1 when one of them is not plain.
    private static func plainWidth(of items: [SwiftCode]) -> Int {
        var width = items.isEmpty ? 0 : 2 * (items.count - 1)
        for item in items {
            guard item.plainWidth >= 0 else { return -1 }
            width += item.plainWidth
        }
        return width
    }

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
        switch kind {
        case .atom(let text):
            out.appendUTF8(text)
        case .labeled(let label, let value):
            out.appendUTF8(label)
            out.append(UInt8(ascii: ":"))
            out.append(UInt8(ascii: " "))
            value.appendFlat(to: &out)
        case .call(let callee, let arguments):
            out.appendUTF8(callee)
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
            if prefix.isEmpty, suffix.isEmpty, case .atom(let text) = kind, text.isEmpty {
                writer.line()
            } else {
                writer.nonEmptyLine { out in
                    out.appendUTF8(prefix)
                    appendFlat(to: &out)
                    out.appendUTF8(suffix)
                }
            }
            return
        }
        switch kind {
        case .atom(let text):
            if prefix.isEmpty, text.isEmpty, suffix.isEmpty {
                writer.line()
            } else {
                writer.nonEmptyLine { out in
                    out.appendUTF8(prefix)
                    out.appendUTF8(text)
                    out.appendUTF8(suffix)
                }
            }
        case .labeled(let label, let value):
            value.write(to: &writer, prefix: prefix + label + ": ", suffix: suffix)
        case .call(let callee, let arguments):
            writer.nonEmptyLine { out in
                out.appendUTF8(prefix)
                out.appendUTF8(callee)
                out.append(UInt8(ascii: "("))
            }
            writer.indented { inner in
                for (index, argument) in arguments.enumerated() {
                    argument.write(to: &inner, suffix: index == arguments.count - 1 ? "" : ",")
                }
            }
            writer.nonEmptyLine { out in
                out.append(UInt8(ascii: ")"))
                out.appendUTF8(suffix)
            }
        case .array(let elements):
            writer.nonEmptyLine { out in
                out.appendUTF8(prefix)
                out.append(UInt8(ascii: "["))
            }
            writer.indented { inner in
                for element in elements { element.write(to: &inner, suffix: ",") }
            }
            writer.nonEmptyLine { out in
                out.append(UInt8(ascii: "]"))
                out.appendUTF8(suffix)
            }
        }
    }

    // MARK: - Measuring

    /// Whether `prefix + flat + suffix` is at most `width` characters, without
    /// building the line. Plain pieces (the usual case) are measured by their
    /// byte counts, known in advance; anything else falls back to counting the
    /// characters of the built line.
    ///
    /// A plain piece is ASCII without a carriage return, so no character of
    /// it can join a neighbour into one `Character`.
    func fits(prefix: String, suffix: String, width: Int) -> Bool {
        let prefixWidth = Self.plainLength(prefix)
        let suffixWidth = Self.plainLength(suffix)
        guard plainWidth >= 0, prefixWidth >= 0, suffixWidth >= 0 else {
            return (prefix + flat + suffix).count <= width
        }
        return prefixWidth + plainWidth + suffixWidth <= width
    }

    /// The length of a plain ASCII `text`; -1 when `text` is not plain.
    private static func plainLength(_ text: String) -> Int {
        let plain =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var flags: UInt8 = 0
                for byte in bytes { flags |= byte & 0x80 | (byte == 0x0D ? 0x80 : 0) }
                return flags == 0
            } ?? text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        return plain ? text.utf8.count : -1
    }
}
