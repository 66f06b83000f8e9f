import Foundation

// Names are compared, and written into the generated Swift, in Unicode NFC:
// `café` typed with a precomposed é and `café` typed as e + U+0301 are one
// name. Swift's String already compares them as equal, but Swift source
// does not, so a name declared in one form and used in the other would
// generate Swift that does not compile.

extension Identifier {
    /// `text` in Unicode Normalization Form C; ASCII is returned as is.
    static func normalized(_ text: String) -> String {
        if isASCII(text) { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// Whether `text` is all ASCII, read over its contiguous bytes (every
    /// string the parser makes): iterating `utf8` one element at a time costs
    /// about as much as decoding the name.
    package static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// An identifier whose name is `text` in NFC.
    init(normalizing text: String, range: SourceRange) {
        self.init(Identifier.normalized(text), range: range)
    }
}
