import Foundation

/// `tipc test`: checks the inputs as one compilation, runs the scenarios on
/// the runtime, and reports like a test runner.
enum ScenarioTestCommand {
    static func run(
        _ files: [String], filter: String?, junitXMLPath: String?, standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        guard let inputs = CommandLineTool.readInputs(files, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let result = Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false)).run()
        let rendered = result.renderedDiagnostics()
        if !rendered.isEmpty { standardError(rendered) }
        guard let program = result.program, !result.hasErrors else {
            let count = result.diagnostics.filter { $0.severity == .error }.count
            standardError("tipc: \(count) error\(count == 1 ? "" : "s") in the input; no scenario ran\n")
            return CommandLineTool.inputErrors
        }
        let scenarios = program.scenarios.filter { filter == nil || $0.name.contains(filter ?? "") }
        guard !scenarios.isEmpty else {
            if let filter {
                standardError("tipc: no scenario's name contains '\(filter)'\n")
            } else {
                standardError("tipc: the input declares no scenario\n")
            }
            return CommandLineTool.inputErrors
        }
        let outcomes = ScenarioRunner(program: program).runBlocking(scenarios)
        let report = ScenarioReport(sources: result.sources, outcomes: outcomes)
        standardOutput(report.text)
        if let junitXMLPath {
            guard FileManager.default.createFile(atPath: junitXMLPath, contents: Data(report.junitXML.utf8)) else {
                standardError("tipc: error: cannot write '\(junitXMLPath)'\n")
                return CommandLineTool.usageError
            }
        }
        return report.failed == 0 ? CommandLineTool.success : CommandLineTool.inputErrors
    }
}

extension CommandLineArguments {
    /// `test <files>... [--filter TEXT] [--junit-xml PATH]`
    static func parseTestCommand(_ arguments: [String]) throws(UsageError) -> TipcCommand {
        var files: [String] = []
        var filter: String?
        var junitXMLPath: String?
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            var value = parts.count > 1 ? parts[1] : nil
            guard name == "--filter" || name == "--junit-xml" else {
                let hint =
                    SpellingSuggester.closest(to: name, among: ["--filter", "--junit-xml", "--help"])
                    .map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)' for 'test'\(hint)")
            }
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("option '\(name)' needs a value")
                }
                value = arguments[index]
                index += 1
            }
            if name == "--filter" { filter = value } else { junitXMLPath = value }
        }
        guard !files.isEmpty else { throw UsageError("no input files; run 'tipc help test' for usage") }
        return .test(files: files, filter: filter, junitXMLPath: junitXMLPath)
    }
}
