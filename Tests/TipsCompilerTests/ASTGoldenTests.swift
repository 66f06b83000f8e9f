import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Parses every `Fixtures/AST/*.tips` and compares the AST dump (followed by
/// any diagnostics) with the `.ast` file beside it. `TIPC_UPDATE_GOLDENS=1`
/// rewrites the `.ast` files; read the diff before committing it.
@Suite struct ASTGoldenTests {
    static func render(path: String, bytes: [UInt8]) -> String {
        var sources = SourceManager()
        let file = sources.add(path: path, bytes: bytes)
        var diagnostics = DiagnosticEngine()
        let syntax = Parser.parse(file, diagnostics: &diagnostics)
        var out = dumpAST(syntax, sources: sources)
        let sorted = diagnostics.sorted
        if !sorted.isEmpty {
            out += "Diagnostics\n"
            for diagnostic in sorted {
                out +=
                    "  \(file.lineColumn(of: diagnostic.range.start)): \(diagnostic.severity): \(diagnostic.message)\n"
            }
        }
        return out
    }

    @Test(arguments: Fixtures.names(in: "AST"))
    func astMatchesGolden(_ name: String) throws {
        let input = Fixtures.url("AST", name)
        let golden = input.deletingPathExtension().appendingPathExtension("ast")
        let bytes = Array(try Data(contentsOf: input))
        let actual = Self.render(path: name, bytes: bytes)
        if Fixtures.updatesGoldens {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(
            actual == expected,
            "AST of \(name) differs from \(golden.lastPathComponent); TIPC_UPDATE_GOLDENS=1 re-blesses")
    }

    @Test func goldenFixturesExist() {
        #expect(Fixtures.names(in: "AST").count >= 5)
    }
}
