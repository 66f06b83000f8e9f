import Foundation
import TipsCompiler
import TipsScenarios
import TipsSyntax

/// `tipc test`: checks the inputs as one compilation, runs the scenarios on
/// the runtime, and reports like a test runner.
enum ScenarioTestCommand {
    /// What one `tipc test` run printed, and its exit status.
    struct Run: Sendable {
        var status: Int32
        var standardOutput = ""
        /// The input's diagnostics and what went wrong: printed before the report.
        var standardError = ""
        /// A hint about the run (``catalogHint``): printed on standard error after the report.
        var hint = ""
    }

    /// The command line's entry: reads the files, then blocks until every
    /// scenario ran. Call it from a thread of its own (the process's main
    /// thread), never from a task: the scenarios run as tasks, and a task
    /// that blocks waiting for them may hold the thread they need.
    static func run(
        _ files: [String], filter: String?, junitXMLPath: String?, lock: String? = nil, strings: String? = nil,
        standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> Int32 {
        guard let inputs = CommandLineTool.readInputs(files, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let lockInput: CompilationInput?
        let catalogInput: CompilationInput?
        do {
            lockInput = try LockCommand.readLockOption(lock)
            catalogInput = try StringsCommand.readCatalogOption(strings)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        let run = waitingForTask {
            await ScenarioTestCommand.run(
                inputs, filter: filter, junitXMLPath: junitXMLPath, lock: lockInput, strings: catalogInput)
        }
        if !run.standardError.isEmpty { standardError(run.standardError) }
        if !run.standardOutput.isEmpty { standardOutput(run.standardOutput) }
        if !run.hint.isEmpty { standardError(run.hint) }
        return run.status
    }

    /// `tipc test` over inputs already read; the paths are printed as given.
    static func run(
        _ inputs: [CompilationInput], filter: String?, junitXMLPath: String?, lock: CompilationInput? = nil,
        strings: CompilationInput? = nil
    ) async -> Run {
        let options = CompilationOptions(emitsCode: false, lock: lock, strings: strings)
        let result = Compilation(inputs: inputs, options: options).run()
        var run = Run(status: CommandLineTool.success)
        let checks = CommandLineTool.printDiagnostics(of: result, consequence: "; no scenario ran") {
            run.standardError += $0
        }
        guard checks, let program = result.program else {
            if let hint = tipsFilesHint(inputs) { run.standardError += hint }
            run.status = CommandLineTool.inputErrors
            return run
        }
        let scenarios = program.scenarios.filter { filter == nil || $0.name.contains(filter ?? "") }
        guard !scenarios.isEmpty else {
            if let filter {
                run.standardError += "tipc: no scenario's name contains '\(filter)'\n"
            } else {
                run.standardError += "tipc: the input declares no scenario\(scenarioFilesHint(inputs))\n"
            }
            run.status = CommandLineTool.inputErrors
            return run
        }
        let outcomes = await ScenarioRunner(program: program).run(scenarios)
        let report = ScenarioReport(sources: result.sources, outcomes: outcomes)
        run.standardOutput = report.text
        if let junitXMLPath {
            // Whole or not at all, as every file tipc writes, and a failure says why.
            let file = EmittedFile(fileName: (junitXMLPath as NSString).lastPathComponent, text: report.junitXML)
            do {
                try OutputWriter.write(file, toPath: junitXMLPath)
            } catch {
                run.standardError += "tipc: error: \(error.message)\n"
                run.status = CommandLineTool.usageError
                return run
            }
        }
        run.status = report.failed == 0 ? CommandLineTool.success : CommandLineTool.inputErrors
        if strings == nil, let hint = catalogHint(inputs, ran: scenarios, outcomes: outcomes) {
            run.hint = hint
        }
        return run
    }
}

extension ScenarioTestCommand {
    /// `; Trails.test.tips beside the input declares scenarios: run tipc test
    /// Trails.tips Trails.test.tips` when files named `*.test.tips` lie in
    /// an input's folder and are not inputs (scenarios usually live there,
    /// and a test run given only the tips has none); empty otherwise.
    static func scenarioFilesHint(_ inputs: [CompilationInput]) -> String {
        let found = filesBeside(inputs) { $0.hasSuffix(".test.tips") }
        guard !found.isEmpty else { return "" }
        let command = (["tipc test"] + inputs.map(\.path) + found).joined(separator: " ")
        return "; \(found.joined(separator: ", ")) beside the input "
            + "\(found.count == 1 ? "declares" : "declare") scenarios: run \(command)"
    }

    /// `tipc: Trails.tips beside the input may declare what its scenarios
    /// use: run tipc test Trails.tips Trails.test.tips`, when every input is
    /// a `*.test.tips` (the tips were left out) and other `.tips` files lie
    /// in their folders; nil otherwise.
    static func tipsFilesHint(_ inputs: [CompilationInput]) -> String? {
        guard !inputs.isEmpty, inputs.allSatisfy({ $0.path.hasSuffix(".test.tips") }) else { return nil }
        let found = filesBeside(inputs) { $0.hasSuffix(".tips") && !$0.hasSuffix(".test.tips") }
        guard !found.isEmpty else { return nil }
        let command = (["tipc test"] + found + inputs.map(\.path)).joined(separator: " ")
        return "tipc: \(found.joined(separator: ", ")) beside the input may declare what its scenarios use: "
            + "run \(command)\n"
    }

    /// `tipc: no String Catalog was given, so every language read the source
    /// text; Tips.xcstrings beside the input holds translations: run tipc
    /// test Trails.tips --strings Tips.xcstrings`, when a scenario that
    /// failed reads copy in a language (a `language` step) and a String
    /// Catalog lies in an input's folder; nil otherwise. The build plugin
    /// and the language server find that catalog by themselves, so
    /// translations they checked can fail a scenario here only for want of it.
    /// `outcomes` are the scenarios', in their order.
    static func catalogHint(
        _ inputs: [CompilationInput], ran scenarios: [CheckedScenario], outcomes: [ScenarioOutcome]
    ) -> String? {
        guard zip(scenarios, outcomes).contains(where: { !$1.passed && readsALanguage($0.steps) }) else { return nil }
        let found = filesBeside(inputs) { $0.hasSuffix(".xcstrings") }
        guard let catalog = found.first(where: { $0.hasSuffix("Tips.xcstrings") }) ?? found.first else { return nil }
        let command = (["tipc test"] + inputs.map(\.path) + ["--strings", catalog]).joined(separator: " ")
        return "tipc: no String Catalog was given, so every language read the source text; "
            + "\(found.joined(separator: ", ")) beside the input \(found.count == 1 ? "holds" : "hold") translations: "
            + "run \(command)\n"
    }

    /// Whether `steps` (those inside `repeat` too) choose a language.
    static func readsALanguage(_ steps: [CheckedStep]) -> Bool {
        steps.contains { step in
            switch step.kind {
            case .language: true
            case .repeat(_, let inner): readsALanguage(inner)
            default: false
            }
        }
    }

    /// The files in the inputs' folders whose names `matches`, inputs left
    /// out, by folder and name, spelled from the inputs' folders as given.
    static func filesBeside(_ inputs: [CompilationInput], where matches: (String) -> Bool) -> [String] {
        let given = Set(inputs.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        var found: [String] = []
        for folder in Set(inputs.map { ($0.path as NSString).deletingLastPathComponent }).sorted() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names.sorted() where matches(name) {
                let path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                if !given.contains(URL(fileURLWithPath: path).standardizedFileURL.path) { found.append(path) }
            }
        }
        return found
    }
}
