import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

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

    /// The seeds, less those nested to the parser's depth limit when
    /// ThreadSanitizer runs: its frames are several times larger, and that
    /// depth overflows a test thread's stack (the plain run covers them).
    static let seeds = MutationTests.seeds.filter { path in
        !isRunningUnderThreadSanitizer || !(path.contains("nesting-too-deep") || path.contains("recursed"))
    }

    @Test(arguments: seeds)
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
        let inputs = Self.seeds.enumerated().map { index, path in
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

    /// `count` tips of every kind: clean ones, errors (unknown names, type
    /// errors, duplicate ids), warnings (promotion, contradictions, no rules),
    /// in groups, so that every job's range holds some of each.
    static func manyTips(_ count: Int, kinds: [Int] = Array(0..<7)) -> String {
        var text = """
            enum Plan { free, pro }
            parameter saved: Int = 0
            parameter plan: Plan = .free
            event opened keep 100, 7d
            event visited(region: String, level: Int)

            """
        for index in 0..<count {
            text += "tip T\(index) {\n    title \"Save route \(index)\"\n"
            switch kinds[index % kinds.count] {
            case 0: text += "    rule saved > \(index) && plan == .pro\n"
            case 1: text += "    rule savd > 1\n"
            case 2: text += "    rule plan > 3\n"
            case 3: text += "    message \"Buy now for 20% off.\"\n    maxDisplayCount 1\n"
            case 4: text += "    rule saved > 5 && saved < 2\n"
            case 5: text += "    id \"T\(index - 5)\"\n    rule visited.donations.where(.level > 2).count >= 1\n"
            default: break
            }
            text += "}\n"
        }
        for group in 0..<(count / 10) {
            text += "group G\(group) { T\(group * 10 + 6) T\(group * 10 + 7) }\n"
        }
        return text
    }

    @Test func manyTipsCheckedInRangesGiveTheSameDiagnosticsWithAnyJobs() {
        let input = [CompilationInput(path: "Many.tips", text: Self.manyTips(400))]
        let serial = Self.compile(input, jobs: 1)
        #expect(serial.diagnostics.filter { $0.severity == .error }.count > 100)
        #expect(serial.diagnostics.filter { $0.severity == .warning }.count > 100)
        Self.expectSameWithAnyJobs(input, "400 tips with errors")
        // Past the error limit, the same errors are kept and the same are dropped.
        let errorsOnly = [CompilationInput(path: "Errors.tips", text: Self.manyTips(1_100, kinds: [1, 2]))]
        #expect(Self.compile(errorsOnly, jobs: 1).diagnostics.last?.message == DiagnosticEngine.tooManyMessage)
        Self.expectSameWithAnyJobs(errorsOnly, "1,100 broken tips")
    }

    @Test func manyCleanTipsGiveTheSameSwiftWithAnyJobs() {
        let input = [CompilationInput(path: "Clean.tips", text: Self.manyTips(300, kinds: [0]))]
        let serial = Self.compile(input, jobs: 1)
        #expect(serial.hasProgram)
        #expect(serial.diagnostics.isEmpty)
        Self.expectSameWithAnyJobs(input, "300 clean tips")
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
        #expect(merged.reported.last?.message == DiagnosticEngine.tooManyMessage)
    }

    @Test func splittingCoversEveryItemOnceInOrder() {
        for count in [0, 1, 2, 5, 64, 1_000] {
            for jobs in [1, 2, 3, 7] {
                let ranges = Parallel.map(count, jobs: jobs, minimumChunk: 2) { $0 }
                #expect(ranges.flatMap { Array($0) } == Array(0..<count))
                // Up to four ranges a job (so a slowed thread holds up a quarter of its share), one with one job,
                // and none shorter than the minimum when there are several.
                #expect(ranges.count <= (jobs > 1 ? jobs * 4 : 1))
                #expect(ranges.count == 1 || ranges.allSatisfy { $0.count >= 2 })
            }
        }
    }

    @Test func jobsAreAtLeastOne() {
        #expect(CompilationOptions(jobs: 0).jobs == 1)
        #expect(CompilationOptions(jobs: -3).jobs == 1)
        #expect(CompilationOptions().jobs >= 1)
    }
}
