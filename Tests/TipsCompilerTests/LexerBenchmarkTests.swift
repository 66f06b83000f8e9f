import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Throughput of the front end on a large input. Opt-in, and meaningful only
/// in an optimised build:
/// `TIPC_BENCHMARK=1 swift test -c release -Xswiftc -enable-testing --filter FrontEndBenchmarkTests`
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TIPC_BENCHMARK"] == "1"))
struct FrontEndBenchmarkTests {
    /// About 20 MB of `.tips` made by repeating the AST fixtures.
    static func largeInput() throws -> [UInt8] {
        var unit: [UInt8] = []
        for name in ["Trails.tips", "Backyard.tips", "Expressions.tips", "Strings.tips"] {
            unit += Array(try Data(contentsOf: Fixtures.url("AST", name)))
            unit += Array("\n".utf8)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(21_000_000)
        while bytes.count < 20_000_000 { bytes += unit }
        return bytes
    }

    func megabytesPerSecond(_ bytes: Int, _ duration: Duration) -> Double {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return Double(bytes) / 1_000_000 / seconds
    }

    @Test func lexingAndParsingRunAtLeastFiftyMegabytesPerSecond() throws {
        let bytes = try Self.largeInput()
        var sources = SourceManager()
        let file = sources.add(path: "large.tips", bytes: bytes)
        let clock = ContinuousClock()
        var engine = DiagnosticEngine()
        var tokenCount = 0
        var declarations = 0
        // The machine is shared: take the best of three runs.
        var lexRate = 0.0
        var parseRate = 0.0
        for _ in 0..<3 {
            let lexing = clock.measure { tokenCount = Lexer.tokenize(file, diagnostics: &engine).count }
            let parsing = clock.measure { declarations = Parser.parse(file, diagnostics: &engine).declarations.count }
            lexRate = max(lexRate, megabytesPerSecond(bytes.count, lexing))
            parseRate = max(parseRate, megabytesPerSecond(bytes.count, parsing))
        }
        print("lexing: \(Int(lexRate)) MB/s (\(tokenCount) tokens); lexing+parsing: \(Int(parseRate)) MB/s")
        #expect(declarations > 0)
        #expect(engine.reported.isEmpty)
        #expect(lexRate >= 50)
        // Parsing allocates a node per expression; a lower bar still catches
        // anything worse than linear.
        #expect(parseRate >= 15)
    }
}
