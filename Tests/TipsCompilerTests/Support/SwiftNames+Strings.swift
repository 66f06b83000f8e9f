// The byte-level spellings of the emitter as strings, for tests that compare
// them with expected text or with the oracles.

@testable import TipsCompiler

extension SwiftNames {
    /// A function parameter with the `.tips` name as its label and `swiftName`
    /// inside: `label: Type`, or `label swiftName: Type` when the two differ
    /// (the rule of `FileEmitter.appendParameter`).
    static func parameter(_ name: String, swiftName: String, type: String) -> String {
        let label = label(name)
        return label == swiftName ? "\(swiftName): \(type)" : "\(label) \(swiftName): \(type)"
    }

    /// A Swift string literal holding `text` exactly (see ``ByteBuffer/appendStringLiteral(_:)``).
    static func stringLiteral(_ text: String) -> String { spelled { $0.appendStringLiteral(text) } }

    /// `text` escaped for the inside of a Swift string literal.
    static func escaped(_ text: String) -> String { spelled { $0.appendEscaped(text) } }

    /// An Int literal, with `_` every three digits from 10_000 on.
    static func integer(_ value: Int) -> String { spelled { $0.appendInteger(value) } }

    /// A line of text safe inside a `//` comment.
    static func commentText(_ text: String) -> String { spelled { $0.appendCommentText(text) } }

    /// What `append` writes into an empty buffer, as a string.
    private static func spelled(_ append: (inout ByteBuffer) -> Void) -> String {
        var out = ByteBuffer()
        append(&out)
        return out.string(0..<out.count)
    }
}
