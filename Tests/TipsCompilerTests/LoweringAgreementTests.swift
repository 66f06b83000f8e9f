import Foundation
import Testing
import TipsRuntime

@testable import TipsCompiler
@testable import TipsSyntax

/// The lowering is what `tipc test` runs and what the back end prints: each
/// golden's generated Swift is compiled into a program with a `main.swift`
/// that writes what every declaration holds at run time (each parameter's
/// reference, each event, each tip and one instance of each reusable tip,
/// each group, each enum's raw values, the config, the renames the module
/// and each tip, event and parameter carry), and the program's output must be, line for line,
/// what `RuntimeLowering` gives for the same declarations.
/// `TipcRuntimeValueDump` writes both sides.
@Suite struct LoweringAgreementTests {
    @Test(arguments: GoldenCase.all)
    func goldenSwiftHoldsTheLoweredValuesAtRunTime(_ golden: GoldenCase) throws {
        try Self.expectAgreement(golden.compile(), named: golden.name)
    }

    /// Every storable type as a parameter's default and as a reusable tip's
    /// argument (in its id, copy and rules); a custom frequency, an event that keeps less.
    @Test func everyStorableTypeAgrees() throws {
        let text = """
            config { displayFrequency every 90m }
            enum Mood { calm, self, rawValue }
            parameter flag: Bool = true
            parameter count: Int = -3
            parameter ratio: Double = 2.5
            parameter word: String = "a \\"quoted\\" word \\u{1F426}"
            transient parameter mood: Mood = .self
            event seen(flag: Bool, count: Int, ratio: Double, word: String, mood: Mood) keep 5, 2w
            tip Every(flag: Bool, count: Int, ratio: Double, word: String, mood: Mood) {
                id "every-\\(word)-\\(count)"
                title "\\(flag) \\(count) \\(ratio) \\(word) \\(mood)"
                message "\\(mood)"
                image "\\(word)"
                action go "Go \\(word)"
                rule flag && count < 3 && ratio >= 2.5 && word != "x" && mood == .rawValue
                rule seen.donations.where(.mood == mood && .ratio < ratio).within(2d).largestSubset(by: .word).count >= count
                rule count * 2 + 1 > 3 || -ratio < 0.5 || 1d > 2h
                maxDisplayDuration 2h
                invalidatedBy seen
            }
            """
        let result = Compilation(inputs: [CompilationInput(path: "Every.tips", text: text)]).run()
        #expect(!result.hasErrors, "\(result.renderedDiagnostics())")
        try Self.expectAgreement(result, named: "Every")
    }

    /// With a String Catalog: each tip's title, message and action titles in
    /// every language, with slots filled and a backslash kept, agree with the lowering.
    @Test func translatedCopyAgreesInEveryLanguage() throws {
        let tips = try Data(contentsOf: Fixtures.url("Translations", "Generated.tips"))
        let catalog = try Data(contentsOf: Fixtures.url("Translations", "Generated.xcstrings"))
        let options = CompilationOptions(
            strings: CompilationInput(path: "Generated.xcstrings", bytes: Array(catalog)))
        let result = Compilation(
            inputs: [CompilationInput(path: "Generated.tips", bytes: Array(tips))], options: options
        ).run()
        #expect(!result.hasErrors, "\(result.renderedDiagnostics())")
        let lowered = try LoweredProgram(#require(result.program))
        let weather = try #require(lowered.tips["Weather"]).instance(
            ["mood": .enumCase("stormy"), "count": .int(3)], language: "ja")
        #expect(weather.title == "stormyの天気")
        #expect(weather.message == "3本の道がstormyです。")
        let favorite = try #require(lowered.tips["FavoriteTrail"]).instance(language: "de")
        #expect(favorite.message == "Ein Rück\\strich bleibt einer.")
        #expect(favorite.actions.map(\.title) == ["Mehr erfahren", "Nicht jetzt"])
        #expect(try #require(lowered.tips["Untranslated"]).instance(language: "ja").title == "Only in English")
        try Self.expectAgreement(result, named: "Generated")
    }

    /// Compiles `result`'s outputs with a program that writes their runtime
    /// values, runs it, and compares its output with the lowering's values.
    static func expectAgreement(_ result: CompilationResult, named name: String) throws {
        let program = try #require(result.program, "\(result.renderedDiagnostics())")
        let agreement = AgreementProgram(program)
        // The program's files import the runtime as the generated files do (`package import`, ...):
        // Swift rejects one module importing it at two implicit and explicit levels.
        let importLine =
            result.outputs.first?.text.split(separator: "\n").first { $0.hasSuffix("import TipsRuntime") }
            .map(String.init) ?? "import TipsRuntime"
        let dump = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent(
                "Tests/TipsCompilerTests/Support/RuntimeValueDump.swift"), encoding: .utf8)
        let programFiles = [("RuntimeValueDump.swift", dump), ("main.swift", agreement.main)].map { fileName, text in
            (fileName, text.replacingOccurrences(of: "import TipsRuntime\n", with: importLine + "\n"))
        }
        let (directory, files) = try SwiftCompiler.write(
            result.outputs.map { ($0.fileName, $0.text) } + programFiles, prefix: "tipc-lowering-\(name)")
        defer { withExtendedLifetime(directory) {} }
        let runtime = SwiftCompiler.runtimeObjects
        try #require(!runtime.isEmpty, "no TipsRuntime object files in the build directory")
        let executable = directory.appendingPathComponent("agreement")
        let (status, log) = try SwiftCompiler.run(
            ["-package-name", "goldens"] + (files + runtime).map(\.path) + ["-o", executable.path])
        try #require(status == 0, "\(name): the generated Swift does not build into a program:\n\(log.prefix(3000))")
        let run = try SwiftCompiler.process(executable, [])
        #expect(run.status == 0, "\(run.output.prefix(2000))")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(
            lines.count == agreement.expected.count, "\(name): \(lines.count) lines, not \(agreement.expected.count)")
        for (actual, expected) in zip(lines, agreement.expected) {
            #expect(actual == expected, "\(name): the generated Swift holds other values than the lowering")
        }
    }
}

/// A `main.swift` that writes what each declaration of a program holds at run
/// time, and the lines it must write: the lowering's values for the same declarations.
struct AgreementProgram {
    private(set) var main = "import TipsRuntime\n\nlet _tipcAgreementCenter = TipsRuntime.TipCenter()\n"
    private(set) var expected: [String] = []

    init(_ program: CheckedProgram) {
        let lowered = LoweredProgram(program)
        let lowering = lowered.lowering
        var enums: [String: [String]] = [:]
        for file in program.files {
            for declaration in file.declarations {
                if case .enumeration(let decl) = declaration { enums[decl.name] = decl.cases }
                add(lowering.lower(declaration), lowered, enums: enums)
            }
        }
        if let declared = lowering.declaredConfiguration {
            add(
                "TipcRuntimeValueDump.configuration(TipsRuntime.TipsConfiguration.declared ?? .init(displayFrequency: .immediate, file: \"none\"))",
                TipcRuntimeValueDump.configuration(declared))
            add(
                "TipcRuntimeValueDump.frequency(TipsRuntime.TipsConfiguration.displayFrequency)",
                TipcRuntimeValueDump.frequency(lowering.displayFrequency))
        }
        if !lowering.renames.isEmpty {
            add(
                "TipcRuntimeValueDump.renames(TipsRuntime.TipsConfiguration.renames)",
                TipcRuntimeValueDump.renames(lowering.renames))
        }
    }

    private mutating func add(_ swift: String, _ value: String) {
        main += "Swift.print(\(swift))\n"
        expected.append(value)
    }

    private mutating func add(_ declaration: LoweredDeclaration, _ lowered: LoweredProgram, enums: [String: [String]]) {
        switch declaration {
        case .enumeration(let decl):
            add(
                "TipcRuntimeValueDump.enumeration(\(String(reflecting: decl.name)), rawValues: "
                    + "\(SwiftNames.identifier(decl.name)).allCases.map { $0.rawValue })",
                TipcRuntimeValueDump.enumeration(decl.name, rawValues: decl.cases))
        case .parameter(let parameter):
            add(
                "TipcRuntimeValueDump.parameter(TipsRuntime.TipParameters.\(SwiftNames.identifier(parameter.declaration.name)).reference)",
                TipcRuntimeValueDump.parameter(parameter.reference))
        case .event(let event):
            add(
                "TipcRuntimeValueDump.event(TipsRuntime.TipEvents.\(SwiftNames.identifier(event.declaration.name)).event)",
                TipcRuntimeValueDump.event(event.event))
        case .tip(let tip):
            var call = SwiftNames.tipType(tip.declaration.name) + "("
            var values: [String: TipValue] = [:]
            for (index, argument) in (tip.declaration.arguments ?? []).enumerated() {
                let (swift, value) = Self.sample(of: argument.type, enums: enums)
                call += (index > 0 ? ", " : "") + SwiftNames.label(argument.name) + ": " + swift
                values[argument.name] = value
            }
            add("TipcRuntimeValueDump.tip(\(call)))", TipcRuntimeValueDump.tip(tip.instance(values)))
            if !lowered.lowering.renames.isEmpty {
                // Every generated tip carries the module's renames.
                add(
                    "TipcRuntimeValueDump.renames(\(call)).declaredRenames)",
                    TipcRuntimeValueDump.renames(lowered.lowering.renames))
            }
            for (wanted, served) in Self.languages(of: tip) {
                add(
                    "TipsRuntime.Tips.withLanguage(\(String(reflecting: wanted))) { TipcRuntimeValueDump.tip(\(call))) }",
                    TipcRuntimeValueDump.tip(tip.instance(values, language: served)))
            }
        case .group(let group):
            let type = SwiftNames.identifier(group.declaration.name)
            add(
                "TipcRuntimeValueDump.group(name: \(type).makeGroup(in: _tipcAgreementCenter).name, "
                    + "priority: \(type).priority, tips: \(type).tips)",
                TipcRuntimeValueDump.group(
                    name: group.declaration.name, priority: group.priority, tips: lowered.members(of: group)))
        }
    }

    /// With translations, the languages to show a tip in and the catalog
    /// language that serves each: every language, the same with a region
    /// (`de-CH` → `de`), and one the catalog lacks (the source text).
    static func languages(of tip: LoweredTip) -> [(wanted: String, served: String)] {
        guard let copy = tip.copy else { return [] }
        let languages = copy.translations.keys.sorted()
        return languages.map { ($0, $0) } + languages.map { ($0 + "-CH", $0) } + [("fr", "fr")]
    }

    /// A value of `type` for a reusable tip's argument: its Swift literal and its runtime value.
    static func sample(of type: TipsType, enums: [String: [String]]) -> (swift: String, value: TipValue) {
        let text = "Ünï \"x\" \\(y)"
        // An enum's last case: its raw value, not its position, is what the runtime sees.
        let last = if case .enumeration(let name) = type { enums[name]?.last ?? "" } else { "" }
        let samples: [TipsType: (String, TipValue)] = [
            .bool: ("true", .bool(true)), .int: ("-42", .int(-42)), .double: ("2.5", .double(2.5)),
            .string: (String(reflecting: text), .string(text)),
        ]
        return samples[type] ?? ("." + SwiftNames.enumCase(last), .enumCase(last))
    }
}
