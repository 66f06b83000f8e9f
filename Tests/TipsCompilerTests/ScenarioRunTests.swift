import Foundation
import Testing
import TipsTestSupport

@testable import TipcCommandLine
@testable import TipsCompiler
@testable import TipsScenarios
@testable import TipsSyntax

/// `tipc test`'s output, pinned by goldens: each `Fixtures/ScenarioRuns/<name>.tips`
/// runs alone (with `<name>.xcstrings` as its `--strings` when there is one),
/// and its standard output, standard error and exit status must equal
/// `<name>.out`; its JUnit report must equal `<name>.junit.xml`.
@Suite struct ScenarioRunTests {
    /// Runs `tipc test` on inputs named by their file names only, so goldens hold no machine's paths.
    static func run(
        _ inputs: [CompilationInput], filter: String? = nil, junitXMLPath: String? = nil,
        strings: CompilationInput? = nil
    ) async -> (status: Int32, output: String, errors: String) {
        let run = await ScenarioTestCommand.run(inputs, filter: filter, junitXMLPath: junitXMLPath, strings: strings)
        return (run.status, run.standardOutput, run.standardError + run.hint)
    }

    static func input(_ url: URL) throws -> CompilationInput {
        CompilationInput(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
    }

    static func compare(_ actual: String, golden url: URL) throws {
        if Fixtures.updatesGoldens {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "\(url.lastPathComponent) differs; rerun with TIPC_UPDATE_GOLDENS=1 and read the diff")
    }

    @Test(arguments: Fixtures.names(in: "ScenarioRuns"))
    func outputMatchesGolden(_ name: String) async throws {
        let url = Fixtures.url("ScenarioRuns", name)
        let temporary = TemporaryDirectory("tipc-junit")
        let report = temporary.appendingPathComponent("report.xml")
        // A String Catalog of the same name beside the fixture is its `--strings`.
        let catalog = url.deletingPathExtension().appendingPathExtension("xcstrings")
        let strings = FileManager.default.fileExists(atPath: catalog.path) ? try Self.input(catalog) : nil
        let run = await Self.run([try Self.input(url)], junitXMLPath: report.path, strings: strings)
        let text = "exit status \(run.status)\n-- standard output\n\(run.output)-- standard error\n\(run.errors)"
        let base = url.deletingPathExtension()
        try Self.compare(text, golden: base.appendingPathExtension("out"))
        try Self.compare(
            try String(contentsOf: report, encoding: .utf8), golden: base.appendingPathExtension("junit.xml"))
    }

    static let sampleDirectories = ["Samples/Trails/Tips", "Samples/Backyard/Tips"]

    static func sampleInputs(_ directory: String) throws -> [CompilationInput] {
        let folder = Fixtures.packageRoot.appendingPathComponent(directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tips") }
        return try names.sorted().map { try input(folder.appendingPathComponent($0)) }
    }

    /// A sample's String Catalog, `Tips.xcstrings` beside its files, if it has one.
    static func sampleCatalog(_ directory: String) throws -> CompilationInput? {
        let url = Fixtures.packageRoot.appendingPathComponent(directory).appendingPathComponent("Tips.xcstrings")
        return FileManager.default.fileExists(atPath: url.path) ? try input(url) : nil
    }

    @Test(arguments: sampleDirectories)
    func everySampleScenarioPasses(_ directory: String) async throws {
        let run = await Self.run(try Self.sampleInputs(directory), strings: try Self.sampleCatalog(directory))
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix(" passed, 0 failed\n"))
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("PASS  ") }.count >= 6)
    }

    @Test func filterKeepsTheScenariosWhoseNameContainsTheText() async throws {
        let run = await Self.run(try Self.sampleInputs("Samples/Trails/Tips"), filter: "Saving a favorite")
        #expect(run.status == 0)
        #expect(
            run.output
                == "PASS  Saving a favorite retires the tip, until its eligibility is reset\n"
                + "PASS  Saving a favorite first retires the tip before it ever shows\n" + "2 passed, 0 failed\n")
    }

    @Test func aFilterThatMatchesNothingSaysSoAndFails() async throws {
        let run = await Self.run(try Self.sampleInputs("Samples/Trails/Tips"), filter: "no such scenario")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors == "tipc: no scenario's name contains 'no such scenario'\n")
    }

    /// Given only the tips, a test run has no scenario: it names the
    /// `.test.tips` beside them and the command that runs them.
    @Test func noScenarioNamesTheTestFilesBesideTheInput() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-no-scenario-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tips = folder.appendingPathComponent("App.tips").path
        let tests = folder.appendingPathComponent("App.test.tips").path
        try "tip Welcome {\n    title \"Welcome\"\n    maxDisplayCount 1\n}\n".write(
            toFile: tips, atomically: true, encoding: .utf8)
        try "scenario \"S\" {\n    expect Welcome available\n}\n".write(
            toFile: tests, atomically: true, encoding: .utf8)
        let input = CompilationInput(path: tips, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: tips))))
        let run = await Self.run([input])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "tipc: the input declares no scenario; \(tests) beside the input declares scenarios: "
                + "run tipc test \(tips) \(tests)\n")
        let testsBytes = Array(try Data(contentsOf: URL(fileURLWithPath: tests)))
        let testsInput = CompilationInput(path: tests, bytes: testsBytes)
        let both = await Self.run([input, testsInput])
        #expect(both.status == 0)
        // Given only the scenarios: one error, then the tips beside them and the command.
        let scenariosAlone = await Self.run([testsInput])
        #expect(scenariosAlone.status == 1)
        #expect(
            scenariosAlone.errors.hasSuffix(
                "tipc: 1 error in the input; no scenario ran\n"
                    + "tipc: \(tips) beside the input may declare what its scenarios use: "
                    + "run tipc test \(tips) \(tests)\n"), "\(scenariosAlone.errors)")
        let elsewhere = await Self.run([CompilationInput(path: "Nowhere/App.tips", bytes: input.bytes)])
        #expect(elsewhere.errors == "tipc: the input declares no scenario\n")
    }

    /// A scenario that reads copy in a language and fails, run without
    /// `--strings`, names the String Catalog beside the input and the
    /// command that reads it; a run given the catalog passes and says
    /// nothing more, and a failing scenario without a `language` step gets
    /// no such hint.
    @Test func aLanguageScenarioRunWithoutItsCatalogNamesTheOneBesideIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-catalog-hint-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tips = folder.appendingPathComponent("App.tips").path
        let catalog = folder.appendingPathComponent("Tips.xcstrings").path
        let source = """
            tip Welcome {
                title "Welcome"
                maxDisplayCount 1
            }
            scenario "German" {
                language "de"
                expect Welcome title "Willkommen"
            }
            scenario "Hidden" {
                expect Welcome pending
            }

            """
        try source.write(toFile: tips, atomically: true, encoding: .utf8)
        let german =
            #"{"sourceLanguage":"en","version":"1.0","strings":{"Welcome.title":{"localizations":{"de":{"stringUnit":"#
            + #"{"state":"translated","value":"Willkommen"}}}}}}"#
        try german.write(toFile: catalog, atomically: true, encoding: .utf8)
        let input = CompilationInput(path: tips, bytes: Array(source.utf8))
        let without = await Self.run([input])
        #expect(without.status == 1)
        #expect(without.output.contains("FAIL  German") && without.output.contains("FAIL  Hidden"))
        #expect(
            without.errors
                == "tipc: no String Catalog was given, so every language read the source text; \(catalog) beside "
                + "the input holds translations: run tipc test \(tips) --strings \(catalog)\n")
        let strings = CompilationInput(path: catalog, bytes: Array(german.utf8))
        let with = await Self.run([input], filter: "German", strings: strings)
        #expect(with.status == 0 && with.errors.isEmpty, "\(with.errors)")
        let hiddenAlone = await Self.run([input], filter: "Hidden")
        #expect(hiddenAlone.status == 1 && hiddenAlone.errors.isEmpty, "\(hiddenAlone.errors)")
    }

    /// What the runtime warns about while a scenario runs is printed under
    /// that scenario, not at the top of the process's standard error.
    @Test func aRuntimeWarningIsPrintedUnderItsScenario() {
        var sources = SourceManager()
        let file = sources.add(path: "A.tips", text: "")
        let outcome = ScenarioOutcome(
            name: "S", file: file.id, failures: [], warnings: ["a display hold (\"x\") went away"])
        #expect(
            ScenarioReport(sources: sources, outcomes: [outcome]).text
                == "PASS  S\n    TipsRuntime: warning: a display hold (\"x\") went away\n1 passed, 0 failed\n")
    }

    @Test func inputErrorsRunNothingAndPrintNoSummary() async {
        let source = """
            tip Welcome {
                title "Welcome"
                maxDisplayCount 1
            }
            scenario "Renamed" {
                expect Welcom available
            }
            """
        let run = await Self.run([CompilationInput(path: "Renamed.tips", text: source)])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("Renamed.tips:6:12: error: unknown tip 'Welcom'; did you mean 'Welcome'?\n"))
        #expect(run.errors.hasSuffix("tipc: 1 error in the input; no scenario ran\n"))
    }

    @Test func compileChecksScenariosAndEmitsNothingForThem() {
        let tips = CompilationInput(
            path: "App.tips", text: "tip Welcome {\n    title \"Welcome\"\n    maxDisplayCount 1\n}\n")
        let good = CompilationInput(path: "App.test.tips", text: "scenario \"S\" {\n    expect Welcome available\n}\n")
        let result = Compilation(inputs: [tips, good]).run()
        #expect(!result.hasErrors)
        #expect(result.outputs.map(\.fileName) == ["App.tips.swift", "App.test.tips.swift"])
        #expect(!(result.outputs.last?.text.contains("Welcome") ?? true))
        #expect(result.program?.scenarios.map(\.name) == ["S"])

        let renamed = CompilationInput(
            path: "App.test.tips", text: "scenario \"S\" {\n    expect Welcom available\n}\n")
        let failed = Compilation(inputs: [tips, renamed]).run()
        #expect(failed.hasErrors)
        #expect(failed.outputs.isEmpty)
    }

    @Test func usage() throws {
        #expect(
            try CommandLineArguments.parse(["test", "a.tips", "--filter", "x", "--junit-xml=r.xml"])
                == .test(files: ["a.tips"], filter: "x", junitXMLPath: "r.xml"))
        #expect(throws: UsageError.self) { try CommandLineArguments.parse(["test"]) }
        #expect(throws: UsageError.self) { try CommandLineArguments.parse(["test", "a.tips", "--filtr", "x"]) }
        #expect(throws: UsageError.self) { try CommandLineArguments.parse(["test", "a.tips", "--filter"]) }
    }
}
