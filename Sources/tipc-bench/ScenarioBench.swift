import Foundation
import TipsCompiler
import TipsScenarios
import TipsSyntax

/// `tipc test`'s speed: 1,000 scenarios of 50 steps each over the benchmark's
/// input, run by the same runner the command uses (TipsRuntime's engine, an
/// in-memory store per scenario, a manual clock). Target: ≥ 1,000 scenarios/s.
enum ScenarioBench {
    static let scenarioCount = 1_000
    static let stepsPerScenario = 50
    static let tipCount = 1_000

    static func run(options: Options, report: Report) async {
        section("Scenarios (tipc test's runner)")
        let areas = tipCount / SyntheticTips.tipsPerArea
        let scenarios = (0..<scenarioCount).map { scenario($0, area: $0 % areas) }.joined(separator: "\n")
        let inputs = [
            CompilationInput(path: "Synthetic.tips", bytes: SyntheticTips(tipCount: tipCount).bytes()),
            CompilationInput(path: "Synthetic.test.tips", text: scenarios),
        ]
        let clock = ContinuousClock()
        let start = clock.now
        let result = Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false)).run()
        let checking = (clock.now - start).seconds
        guard let program = result.program, program.scenarios.count == scenarioCount else {
            report.fail("the scenario benchmark's input does not check:\n\(result.renderedDiagnostics())")
            return
        }
        print(
            "  check \(Format.count(tipCount)) tips and \(Format.count(scenarioCount)) scenarios: \(Format.time(checking))"
        )
        let runner = ScenarioRunner(program: program)
        var passed = 0
        let samples = await measureAsync(runs: options.scale == .quick ? 3 : 5) {
            let outcomes = await runner.run(program.scenarios)
            passed = outcomes.filter(\.passed).count
        }
        let rate = Double(scenarioCount) / samples.median
        print(
            "  run \(Format.count(scenarioCount)) scenarios × \(stepsPerScenario) steps: \(Format.spread(samples)); "
                + "\(passed) pass (failures are explained, which costs more)")
        report.judge(
            "\(Format.count(scenarioCount)) scenarios of \(stepsPerScenario) steps ≥ 1,000 scenarios/s",
            measured: String(
                format: "%.0f scenarios/s (%.1f µs a step)", rate,
                samples.median * 1e6 / Double(scenarioCount * stepsPerScenario)),
            passed: rate >= 1_000)
    }

    /// Fifty steps over one area of the synthetic input: parameters, donations,
    /// time, a display, an invalidation and its reset, expectations and relaunches.
    static func scenario(_ index: Int, area a: Int) -> String {
        let tip = "Teach\(a * SyntheticTips.tipsPerArea + index % 7)"
        let round = [
            "set isLoggedIn\(a) = true",
            "donate opened\(a)",
            "donate visited\(a)(region: \"north\", level: \(index % 5))",
            "set savedCount\(a) = \(index % 3)",
            "wait 1h",
            "expect \(tip) available",
            "donate searched\(a)",
            "invalidate \(tip) tipClosed",
            "reset \(tip)",
            "restart",
        ]
        var lines: [String] = []
        while lines.count < stepsPerScenario { lines += round }
        return "scenario \"bench \(index)\" {\n"
            + lines.prefix(stepsPerScenario).map { "    " + $0 + "\n" }.joined() + "}\n"
    }
}
