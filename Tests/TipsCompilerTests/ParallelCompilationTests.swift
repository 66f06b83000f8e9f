import Foundation
import Testing

@testable import TipsCompiler

/// A compilation splits independent work (files, tips) over threads; what it
/// produces must not depend on how many: the same Swift, the same
/// diagnostics in the same order, with one job or several.
@Suite struct ParallelCompilationTests {
    /// Everything a compilation produces that a user sees.
    struct Produced: Equatable {
        let diagnostics: [Diagnostic]
        let outputs: [EmittedFile]
        let hasProgram: Bool
    }

    static func compile(_ inputs: [CompilationInput], jobs: Int, warningsAsErrors: Bool = false) -> Produced {
        let result = Compilation(
            inputs: inputs, options: CompilationOptions(warningsAsErrors: warningsAsErrors, jobs: jobs)
        ).run()
        return Produced(diagnostics: result.diagnostics, outputs: result.outputs, hasProgram: result.program != nil)
    }

    static func expectSameWithAnyJobs(_ inputs: [CompilationInput], _ comment: @autoclosure () -> String) {
        let serial = compile(inputs, jobs: 1)
        for jobs in [2, 3, 8] {
            let parallel = compile(inputs, jobs: jobs)
            #expect(parallel == serial, "\(comment()) with \(jobs) jobs")
        }
    }

    @Test(arguments: MutationTests.seeds)
    func everySeedAndSomeOfItsMutantsCompileTheSameWithAnyJobs(_ path: String) {
        let original = MutationTests.bytes(of: path)
        Self.expectSameWithAnyJobs([CompilationInput(path: "seed.tips", bytes: original)], path)
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: path.utf8.count &* 7919))
        for variant in 0..<3 {
            var mutator = Mutator(bytes: original)
            for _ in 0...variant { mutator.mutate(using: &generator) }
            Self.expectSameWithAnyJobs(
                [CompilationInput(path: "mutant.tips", bytes: mutator.bytes)], "\(path) variant \(variant)")
        }
    }

    @Test func everySeedAsOneCompilationOfManyFilesIsTheSameWithAnyJobs() {
        // Many files at once: parsed in parallel, with clashing names across files.
        let inputs = MutationTests.seeds.enumerated().map { index, path in
            CompilationInput(
                path: "f\(index)/\(URL(fileURLWithPath: path).lastPathComponent)",
                bytes: MutationTests.bytes(of: path))
        }
        #expect(inputs.count > 50)
        let serial = Self.compile(inputs, jobs: 1)
        #expect(serial.diagnostics.count > 100)
        Self.expectSameWithAnyJobs(inputs, "all seeds together")
    }

    @Test func cleanFilesCompiledTogetherGiveTheSameSwiftWithAnyJobs() {
        let inputs = ["Trails", "Compass"].map { name in
            let path = "Samples/Trails/Tips/\(name).tips"
            return CompilationInput(path: path, bytes: MutationTests.bytes(of: path))
        }
        let serial = Self.compile(inputs, jobs: 1)
        #expect(serial.hasProgram)
        #expect(serial.outputs.count == 2)
        Self.expectSameWithAnyJobs(inputs, "the Trails sample")
    }

    @Test func mergingEnginesKeepsTheErrorLimitAndTheCounts() {
        let range = SourceRange(file: FileID(0), start: 0, end: 1)
        var serial = DiagnosticEngine()
        var first = DiagnosticEngine()
        var second = DiagnosticEngine()
        for index in 0..<700 {
            serial.error("a\(index)", at: range)
            first.error("a\(index)", at: range)
        }
        first.warning("w", at: range)
        serial.warning("w", at: range)
        for index in 0..<600 {
            serial.error("b\(index)", at: range)
            second.error("b\(index)", at: range)
        }
        var merged = DiagnosticEngine()
        merged.report(contentsOf: first)
        merged.report(contentsOf: second)
        #expect(merged.reported == serial.reported)
        #expect(merged.errorCount == serial.errorCount)
        #expect(merged.reportCount == serial.reportCount)
        #expect(merged.reported.last?.message == DiagnosticEngine.tooManyMessage)
    }

    @Test func splittingCoversEveryItemOnceInOrder() {
        for count in [0, 1, 2, 5, 64, 1_000] {
            for jobs in [1, 2, 3, 7] {
                let ranges = Parallel.map(count, jobs: jobs, minimumChunk: 2) { $0 }
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
                #expect(ranges.count <= max(1, jobs))
            }
        }
    }

    @Test func jobsAreAtLeastOne() {
        #expect(CompilationOptions(jobs: 0).jobs == 1)
        #expect(CompilationOptions(jobs: -3).jobs == 1)
        #expect(CompilationOptions().jobs >= 1)
    }
}
