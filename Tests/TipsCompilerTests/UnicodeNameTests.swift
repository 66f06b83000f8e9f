import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Names are compared and generated in NFC, so a name declared in one
/// normalization form and used in another is one name in Swift as well.
@Suite struct UnicodeNameTests {
    /// `café` precomposed (NFC) and decomposed (NFD).
    static let precomposed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    func compile(_ text: String) -> CompilationResult {
        Compilation(inputs: [CompilationInput(path: "Names.tips", text: text)]).run()
    }

    @Test(arguments: [(precomposed, decomposed), (decomposed, precomposed)])
    func aNameDeclaredInOneFormAndUsedInTheOtherIsOneName(declared: String, used: String) throws {
        let text =
            "parameter \(declared): Bool = false\nevent \(used)d\ntip \(used)Tip {\n"
            + "    title \"x\"\n    rule \(used) && \(declared)d.count > 1\n}\ngroup G { \(declared)Tip }\n"
        let result = compile(text)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let output = try #require(result.outputs.first)
        // Compared as bytes: Swift's String would call the two forms equal.
        let bytes = Array(output.text.utf8)
        let nfd = Array("TipParameters.\(Self.decomposed)".utf8)
        let nfc = Array("TipParameters.\(Self.precomposed)".utf8)
        #expect(!Self.contains(bytes, nfd))
        #expect(Self.contains(bytes, nfc))
        let (status, log) = try SwiftCompiler.typecheck(
            source: output.text, fileName: output.fileName, extraArguments: ["-warnings-as-errors"])
        #expect(status == 0, "\(log.prefix(2000))")
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { Array(bytes[$0..<($0 + part.count)]) == part }
    }
}
