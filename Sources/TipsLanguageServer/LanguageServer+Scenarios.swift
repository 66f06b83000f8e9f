import TipsCompiler
import TipsScenarios
import TipsSyntax

// The scenarios of a compilation, run on the runtime as `tipc test` runs
// them once its diagnostics are out: each failed step is a diagnostic at the
// step, with the runtime's explanation, until a document changes.

/// A compilation published without errors whose scenarios have not run:
/// what ``LanguageServer/takeScenarioJobs()`` hands out to run.
public struct ScenarioJob: Sendable {
    let analysis: Analysis
    /// The checked program, scenarios included.
    public let program: CheckedProgram

    /// Runs the program's scenarios, as `tipc test` does; nil when the task
    /// was cancelled before they ended.
    public func run() async -> [ScenarioOutcome]? {
        let outcomes = await ScenarioRunner(program: program).run(program.scenarios)
        return Task.isCancelled ? nil : outcomes
    }
}

/// The failed steps of one compilation's scenarios, as diagnostics by document.
struct ScenarioResults {
    /// The compilation they ran for, held so that its identity is not reused while they are.
    let analysis: Analysis
    let diagnostics: [String: [JSON]]
}

extension LanguageServer {
    /// The compilations published since the last call whose scenarios are
    /// to run. The connection runs them in the background once no input is
    /// waiting (tests, with `await`) and hands each one's outcomes to
    /// ``publish(_:of:)``.
    public func takeScenarioJobs() -> [ScenarioJob] {
        for job in scenarioJobs { scenarioJobsTaken.insert(ObjectIdentifier(job.analysis)) }
        defer { scenarioJobs = [] }
        return scenarioJobs
    }

    /// Whether `job`'s compilation is still the latest of its documents:
    /// once one changed, the job's outcomes would be published for none.
    func isCurrent(_ job: ScenarioJob) -> Bool {
        job.analysis.allDocuments.contains { analyses[$0.uri] === job.analysis }
    }

    /// The diagnostics of a job's failed steps, published with the
    /// compilation's own; nothing when a document changed since the job was
    /// handed out (its compilation is gone), when its run was cancelled
    /// (nil), or when every step went as written.
    public func publish(_ outcomes: [ScenarioOutcome]?, of job: ScenarioJob) -> [JSON] {
        let analysis = job.analysis
        guard isCurrent(job), let outcomes else { return [] }
        scenarioJobsTaken.remove(ObjectIdentifier(analysis))
        var diagnostics: [String: [JSON]] = [:]
        for outcome in outcomes {
            for failure in outcome.failures {
                guard let document = analysis.document(failure.range.file) else { continue }
                diagnostics[document.uri, default: []].append(
                    lspDiagnostic(failure, of: outcome.name, range: document.range(failure.range)))
            }
        }
        scenarioResults[ObjectIdentifier(analysis)] = ScenarioResults(analysis: analysis, diagnostics: diagnostics)
        return diagnostics.isEmpty ? [] : publish(analysis)
    }

    /// The most steps the server runs for one compilation's scenarios, each
    /// pass of a `repeat` counted: about half a second of a core here
    /// (`tipc test` runs a step in about 5 µs) before the failures show.
    static let maximumScenarioStepsRun = 100_000

    /// The diagnostics of `analysis`'s failed scenario steps by document, once
    /// they ran; until then none, and its scenarios are queued to run. When
    /// they would run more than ``maximumScenarioStepsRun`` steps, one note
    /// at the first scenario's name says so instead.
    func scenarioDiagnostics(of analysis: Analysis) -> [String: [JSON]] {
        let id = ObjectIdentifier(analysis)
        if let results = scenarioResults[id] { return results.diagnostics }
        // Not with errors, as `tipc test` runs none then: errors in the catalog's translations alone leave a program.
        guard let program = analysis.result.program, !analysis.result.hasErrors, let first = program.scenarios.first,
            !scenarioJobs.contains(where: { $0.analysis === analysis }), !scenarioJobsTaken.contains(id)
        else { return [:] }
        // All the scenarios' steps as one list: the checker's count, which saturates rather than overflows.
        let steps = CheckedScenario.stepsRun(program.scenarios.flatMap(\.steps))
        guard steps > Self.maximumScenarioStepsRun, let document = analysis.document(first.file) else {
            scenarioJobs.append(ScenarioJob(analysis: analysis, program: program))
            return [:]
        }
        let message =
            "these scenarios run more than \(Self.maximumScenarioStepsRun) steps, more than tipc lsp runs "
            + "as you type; run 'tipc test' to run them"
        let note: JSON = [
            "range": document.range(first.nameRange).json, "severity": 3, "source": "tipc test",
            "message": .string(message),
        ]
        scenarioResults[id] = ScenarioResults(analysis: analysis, diagnostics: [document.uri: [note]])
        return [document.uri: [note]]
    }

    /// A failed step as an error at the step: what was expected and what
    /// happened, the scenario's name, then the runtime's explanation, as
    /// `tipc test` prints them.
    func lspDiagnostic(_ failure: ScenarioFailure, of scenario: String, range: LSPRange) -> JSON {
        let lines = [failure.message + " (scenario '\(scenario)')"] + [failure.repeatNote].compactMap(\.self)
        let message = (lines + failure.explanation).joined(separator: "\n")
        return ["range": range.json, "severity": 1, "source": "tipc test", "message": .string(message)]
    }
}
