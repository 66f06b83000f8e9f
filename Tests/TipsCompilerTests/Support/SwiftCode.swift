@testable import TipsCompiler
@testable import TipsSyntax

/// A small tree of a Swift expression, for tests of the layout: it builds a
/// ``SwiftExpression``, as the emitter does directly.
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

    /// Text printed as is.
    static func atom(_ text: String) -> SwiftCode { .init(kind: .atom(text)) }

    /// `label: value`
    static func labeled(_ label: String, _ value: SwiftCode) -> SwiftCode { .init(kind: .labeled(label, value)) }

    /// `callee(arguments)`
    static func call(_ callee: String, _ arguments: [SwiftCode]) -> SwiftCode {
        .init(kind: .call(callee, arguments))
    }

    /// `[elements]`
    static func array(_ elements: [SwiftCode]) -> SwiftCode { .init(kind: .array(elements)) }

    /// The expression on one line.
    var flat: String {
        var code = SwiftExpression()
        build(into: &code)
        return code.bytes.string(0..<code.bytes.count)
    }

    /// Writes the expression starting at the writer's indentation, with
    /// `prefix` before it and `suffix` after it on the first and last lines.
    func write(to writer: inout SwiftWriter, prefix: String = "", suffix: String = "") {
        writer.expression { code in
            code.prefix { $0.appendUTF8(prefix) }
            build(into: &code)
            code.suffix { $0.appendUTF8(suffix) }
        }
    }

    /// Adds the expression to `code`.
    func build(into code: inout SwiftExpression) {
        switch kind {
        case .atom(let text):
            code.atom(string: text)
        case .labeled(let label, let value):
            code.beginLabeled(string: label)
            value.build(into: &code)
            code.end()
        case .call(let callee, let arguments):
            code.beginCall(string: callee)
            for argument in arguments { argument.build(into: &code) }
            code.end()
        case .array(let elements):
            code.beginArray()
            for element in elements { element.build(into: &code) }
            code.end()
        }
    }
}
