import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// `tipc compile` and `tipc check` compile without a symbol table
/// (`CompilationOptions.recordsSymbols` false): what they produce must be
/// what a compilation that records one produces. Only the owners the table
/// gives (to the lexer's, the parser's and the back end's diagnostics) are
/// missing, for tools that do not ask.
@Suite struct SymbolRecordingTests {
    static func compile(_ inputs: [CompilationInput], recordsSymbols: Bool) -> CompilationResult {
        var options = CompilationOptions()
        options.recordsSymbols = recordsSymbols
        return Compilation(inputs: inputs, options: options).run()
    }

    static func expectSameWithoutSymbols(_ inputs: [CompilationInput], _ comment: @autoclosure () -> String) {
        let recorded = compile(inputs, recordsSymbols: true)
        let unrecorded = compile(inputs, recordsSymbols: false)
        #expect(unrecorded.outputs == recorded.outputs, "\(comment()): outputs")
        #expect((unrecorded.program != nil) == (recorded.program != nil), "\(comment()): program")
        #expect(unrecorded.symbols.declarations.isEmpty && unrecorded.symbols.uses.isEmpty, "\(comment()): symbols")
        #expect(unrecorded.diagnostics.count == recorded.diagnostics.count, "\(comment()): diagnostics")
        for (without, with) in zip(unrecorded.diagnostics, recorded.diagnostics) {
            var unowned = with
            unowned.owner = without.owner
            // The same diagnostic; its owner is the checker's, or none.
            #expect(without == unowned, "\(comment()): \(with.message)")
            #expect(without.owner == nil || without.owner == with.owner, "\(comment()): owner of \(with.message)")
        }
    }

    @Test(arguments: MutationTests.seeds)
    func everySeedAndAMutantCompileTheSameWithoutASymbolTable(_ path: String) {
        let original = MutationTests.bytes(of: path)
        Self.expectSameWithoutSymbols([CompilationInput(path: "seed.tips", bytes: original)], path)
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: path.utf8.count &* 104_729))
        var mutator = Mutator(bytes: original)
        mutator.mutate(using: &generator)
        Self.expectSameWithoutSymbols([CompilationInput(path: "mutant.tips", bytes: mutator.bytes)], "\(path) mutant")
    }

    @Test func aCompilationRecordsItsSymbolTableByDefault() throws {
        let source = "event opened\ntip T {\n    title \"Hi\"\n    rule opened.count > 1\n}\n"
        let result = Compilation(inputs: [CompilationInput(path: "a.tips", text: source)]).run()
        #expect(result.symbols.declaration(of: .tip("T")) != nil)
        #expect(result.symbols.references(to: .event("opened")).count == 2)
    }

    @Test func theCheckerStillOwnsItsDiagnosticsWithoutASymbolTable() throws {
        let source = "tip T {\n    title \"Hi\"\n    rule missing > 1\n}\n"
        let result = Self.compile([CompilationInput(path: "a.tips", text: source)], recordsSymbols: false)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.owner?.declaration == .tip("T"))
    }
}
