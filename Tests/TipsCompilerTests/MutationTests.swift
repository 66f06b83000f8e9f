import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// Thousands of deterministic mutations of real inputs (the samples, the
/// goldens and every fixture), each compiled through the whole pipeline:
/// each must end in success or in diagnostics that point inside the file.
@Suite struct MutationTests {
    /// Mutated variants per seed file; with ~115 seeds this is over 3,000 compilations.
    static let variantsPerSeed = 30

    /// Every seed input: the samples, the shared acceptance samples and all fixtures, by path.
    static let seeds: [String] = {
        let root = Fixtures.packageRoot
        var paths: [String] = []
        for directory in ["Samples", "Tests/TipsCompilerTests/Fixtures"] {
            let base = root.appendingPathComponent(directory)
            let entries = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            paths += entries.filter { $0.hasSuffix(".tips") }.map { "\(directory)/\($0)" }
        }
        paths += Fixtures.sharedSampleURLs().map(\.path)
        return paths.sorted()
    }()

    static func bytes(of path: String) -> [UInt8] {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : Fixtures.packageRoot.appendingPathComponent(path)
        return (try? Data(contentsOf: url)).map { Array($0) } ?? []
    }

    @Test func thereAreEnoughSeedsForThousandsOfMutations() {
        #expect(Self.seeds.count * Self.variantsPerSeed >= 3_000)
        #expect(Self.seeds.contains { $0.hasPrefix("Samples/") })
        #expect(Self.seeds.contains { $0.contains("Fixtures/Goldens/") })
    }

    @Test(arguments: seeds)
    func mutatedInputsCompileOrDiagnose(_ path: String) {
        let original = Self.bytes(of: path)
        #expect(!original.isEmpty, "cannot read \(path)")
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var failures = 0
        for variant in 0..<Self.variantsPerSeed {
            var mutator = Mutator(bytes: original)
            for _ in 0...Int.random(in: 0...3, using: &generator) { mutator.mutate(using: &generator) }
            var inputs = [CompilationInput(path: "mutant.tips", bytes: mutator.bytes)]
            if variant % 5 == 4 { inputs.append(CompilationInput(path: "other/original.tips", bytes: original)) }
            let result = PipelineInvariants.compile(inputs)
            let problems = PipelineInvariants.violations(of: result, inputs: inputs)
            if !problems.isEmpty && failures < 3 {
                failures += 1
                let shown = String(decoding: mutator.bytes, as: UTF8.self).debugDescription.prefix(2000)
                Issue.record("\(path) variant \(variant): \(problems.joined(separator: "; "))\n\(shown)")
            }
        }
    }

    @Test func mutatorIsDeterministicAndProducesEveryKindOfDamage() {
        func run() -> [[UInt8]] {
            var generator = SplitMix64(seed: 7)
            return (0..<200).map { _ in
                var mutator = Mutator(bytes: Array("tip A {\n    title \"Hi\"\n}\n".utf8))
                mutator.mutate(using: &generator)
                return mutator.bytes
            }
        }
        let first = run()
        #expect(first == run())
        #expect(first.contains { $0.contains(0) })
        #expect(first.contains { String(validating: $0, as: UTF8.self) == nil })
        #expect(first.contains { String(decoding: $0, as: UTF8.self).unicodeScalars.contains("\u{2028}") })
    }
}
