import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Replays every input the fuzzer (`Fuzz/run.sh`) ever crashed or hung on,
/// from `Fixtures/FuzzRegressions`, through the whole pipeline, as one file and
/// split in two the way the fuzz target splits it.
@Suite struct FuzzRegressionTests {
    static let names = Fixtures.names(in: "FuzzRegressions")

    @Test func thereAreRegressionInputs() {
        #expect(!Self.names.isEmpty)
    }

    @Test(arguments: names)
    func regressionCompilesAndDiagnosesInsideTheFile(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Fixtures.url("FuzzRegressions", name)))
        let clock = ContinuousClock()
        let start = clock.now
        PipelineInvariants.check([CompilationInput(path: name, bytes: bytes)], name)
        if let first = bytes.first, bytes.count > 1 {
            let split = 1 + Int(first) * (bytes.count - 1) / 255
            PipelineInvariants.check(
                [
                    CompilationInput(path: "A.tips", bytes: Array(bytes[1..<split])),
                    CompilationInput(path: "dir/B.tips", bytes: Array(bytes[split...])),
                ], "\(name) split at \(split)")
        }
        #expect(clock.now - start < .seconds(5), "\(name) took \(clock.now - start)")
    }

    @Test func theInvariantsCatchARangePastTheEndOfTheFile() {
        let inputs = [CompilationInput(path: "a.tips", text: "tip")]
        var result = PipelineInvariants.compile(inputs)
        #expect(PipelineInvariants.violations(of: result, inputs: inputs).isEmpty)
        result.diagnostics.append(Diagnostic(.error, "oops", at: SourceRange(file: FileID(0), start: 2, end: 9)))
        #expect(
            PipelineInvariants.violations(of: result, inputs: inputs) == ["'oops' has range 2..<9 in a file of 3 bytes"]
        )
    }
}
