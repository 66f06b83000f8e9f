/// A tiny model of a Swift expression, printed on one line when it fits and
/// broken one argument per line when it does not.
indirect enum SwiftCode: Sendable {
    /// Text printed as is.
    case atom(String)
    /// `label: value`
    case labeled(String, SwiftCode)
    /// `callee(arguments)`
    case call(String, [SwiftCode])
    /// `[elements]`
    case array([SwiftCode])

    /// The longest line the printer aims for.
    static let lineLimit = 120

    /// The expression on one line.
    var flat: String {
        switch self {
        case .atom(let text): text
        case .labeled(let label, let value): "\(label): \(value.flat)"
        case .call(let callee, let arguments): "\(callee)(\(arguments.map(\.flat).joined(separator: ", ")))"
        case .array(let elements): "[\(elements.map(\.flat).joined(separator: ", "))]"
        }
    }

    /// Writes the expression starting at the writer's indentation, with
    /// `prefix` before it and `suffix` after it on the first and last lines.
    func write(to writer: inout SwiftWriter, prefix: String = "", suffix: String = "") {
        let oneLine = prefix + flat + suffix
        if writer.column + oneLine.count <= Self.lineLimit {
            writer.line(oneLine)
            return
        }
        switch self {
        case .atom(let text):
            writer.line(prefix + text + suffix)
        case .labeled(let label, let value):
            value.write(to: &writer, prefix: prefix + label + ": ", suffix: suffix)
        case .call(let callee, let arguments):
            writer.line(prefix + callee + "(")
            writer.indented { inner in
                for (index, argument) in arguments.enumerated() {
                    argument.write(to: &inner, suffix: index == arguments.count - 1 ? "" : ",")
                }
            }
            writer.line(")" + suffix)
        case .array(let elements):
            writer.line(prefix + "[")
            writer.indented { inner in
                for element in elements { element.write(to: &inner, suffix: ",") }
            }
            writer.line("]" + suffix)
        }
    }
}
