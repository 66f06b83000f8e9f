import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// Arbitrary input must never crash or hang the front end.
@Suite struct ParserRobustnessTests {
    static let fragments = [
        "tip", "A", "{", "}", "(", ")", "title", "\"x\"", "rule", "&&", "||", "!", "-", ".", "count", ",", ":",
        "\n", ";", "5d", "3mo", "42", "2.5", "==", "<", "parameter", "event", "keep", "group", "enum", "config",
        "displayFrequency", "every", "transient", "///", "//", "/*", "*/", "\"\\(", "'", "@", "=", "action",
    ]

    @Test(arguments: 0..<40)
    func randomTokenSoupParsesWithoutCrashing(_ seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        var text = ""
        for _ in 0..<400 {
            text += Self.fragments.randomElement(using: &generator) ?? ""
            text += Bool.random(using: &generator) ? " " : ""
        }
        let parsed = parseSnippet(text)
        // Every diagnostic points inside the file.
        for diagnostic in parsed.diagnostics {
            #expect(Int(diagnostic.range.end) <= parsed.file.bytes.count)
        }
        _ = parsed.dump
    }

    @Test(arguments: 0..<20)
    func randomBytesLexWithoutCrashing(_ seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 1000)
        let bytes = (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var sources = SourceManager()
        let file = sources.add(path: "random.tips", bytes: bytes)
        var engine = DiagnosticEngine()
        _ = Parser.parse(file, diagnostics: &engine)
        #expect(engine.hasErrors)
    }
}
