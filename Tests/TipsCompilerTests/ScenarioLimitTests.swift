import Foundation
import Testing

@testable import TipcCommandLine
@testable import TipsCompiler
@testable import TipsFormat
@testable import TipsSyntax

/// Scenarios under hostile input: nesting deep enough to exhaust a stack,
/// counts that would run for ever, and names that carry terminal commands.
/// Every tool that reads a scenario (check, test, format, the language
/// server) answers with a diagnostic instead of crashing or hanging.
@Suite struct ScenarioLimitTests {
    /// A scenario whose one step is `donate e` inside `depth` nested `repeat 1` blocks.
    static func nested(_ depth: Int) -> String {
        let steps =
            String(repeating: "repeat 1 {\n", count: depth) + "donate e\n" + String(repeating: "}\n", count: depth)
        return "event e\nscenario \"Deep\" {\n\(steps)}\n"
    }

    @Test func nestingAtTheLimitRuns() async {
        let run = await ScenarioTestCommand.run(
            [CompilationInput(path: "Deep.tips", text: Self.nested(Parser.maximumStepDepth))], filter: nil,
            junitXMLPath: nil)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "PASS  Deep\n1 passed, 0 failed\n")
    }

    @Test func nestingFarPastTheLimitIsOneErrorForTest() async {
        let run = await ScenarioTestCommand.run(
            [CompilationInput(path: "Deep.tips", text: Self.nested(4_000))], filter: nil, junitXMLPath: nil)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("Deep.tips:103:10: error: \(SyntaxParser.repeatTooDeepMessage)\n"))
    }

    @Test func nestingFarPastTheLimitIsOneErrorForFormat() {
        var sources = SourceManager()
        let result = TipsFormatter.format(sources.add(path: "Deep.tips", bytes: Array(Self.nested(4_000).utf8)))
        #expect(result.text == nil)
        #expect(result.diagnostics.map(\.message) == [SyntaxParser.repeatTooDeepMessage])
    }

    @Test func nestingFarPastTheLimitIsOneDiagnosticInTheEditor() {
        let session = LanguageServerSession()
        session.open("file:///tmp/Deep.tips", Self.nested(4_000))
        let diagnostics = session.diagnostics("file:///tmp/Deep.tips") ?? []
        #expect(diagnostics.map { $0["message"].stringValue } == [SyntaxParser.repeatTooDeepMessage])
        #expect(diagnostics.first?["range"]["start"] == ["line": 102, "character": 9])
    }

    @Test func stepsAreCountedWithEveryPassOfARepeat() {
        let step = { (kind: CheckedStep.Kind) in
            CheckedStep(kind: kind, range: SourceRange(file: FileID(0), start: 0, end: 0))
        }
        let donate = step(.donate(event: "e", fields: [:]))
        #expect(CheckedScenario.stepsRun([donate, step(.repeat(count: 3, steps: [donate, donate]))]) == 7)
        #expect(CheckedScenario.stepsRun([step(.repeat(count: .max, steps: [donate, donate]))]) == .max)
        #expect(CheckedScenario.stepsRun([step(.repeat(count: .max, steps: [donate])), donate]) == .max)
    }

    @Test func aScenarioNameIsPrintedWithItsControlCharactersEscaped() async {
        let source = """
            event e
            tip T {
                title "T"
                rule e.donations.count > 0
            }
            scenario "Red \\u{1B}[31mtext\\u{1B}]0;title\\u{7}\\n" {
                expect T available
            }

            """
        let run = await ScenarioTestCommand.run(
            [CompilationInput(path: "Names.tips", text: source)], filter: nil, junitXMLPath: nil)
        #expect(run.standardOutput.hasPrefix("FAIL  Red \\u{1B}[31mtext\\u{1B}]0;title\\u{7}\\n\n"))
        #expect(!run.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func controlCharactersInADiagnosticNeverReachTheTerminal() {
        let source = "event e\nscenario \"\u{1B}[2J\" { donate e }\nscenario \"\u{1B}[2J\" { donate e }\n"
        let result = Compilation(inputs: [CompilationInput(path: "Twice.tips", text: source)]).run()
        let rendered = result.renderedDiagnostics()
        #expect(rendered.hasPrefix("Twice.tips:3:10: error: a scenario named \"\\u{1B}[2J\" is already declared\n"))
        #expect(rendered.contains("scenario \"\u{241B}[2J\" { donate e }\n         ^~~~~~\n"))
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
