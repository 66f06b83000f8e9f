import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// A module's `config` block travels with its own tips only. Three modules of
/// public generated tips, A and B with a config each, C re-exporting both
/// (`@_exported import`), are compiled with swiftc and run: each tip carries
/// its own module's config, and C's tips C's or none.
@Suite(.serialized) struct ConfigurationAcrossModulesTests {
    static let config = ["A": "weekly", "B": "monthly"]

    /// Compiles `name`'s tips as public Swift into `directory`.
    static func generate(_ name: String, frequency: String?, in directory: URL) throws -> URL {
        let config = frequency.map { "config {\n    displayFrequency \($0)\n}\n" } ?? ""
        let text = config + "tip \(name)Tip {\n    title \"\(name)\"\n    maxDisplayCount 1\n}\n"
        let result = Compilation(
            inputs: [CompilationInput(path: "\(name).tips", text: text)],
            options: CompilationOptions(accessLevel: .public)
        ).run()
        let output = try #require(result.outputs.first, "\(result.renderedDiagnostics())")
        let url = directory.appendingPathComponent("\(name).swift")
        try Data(output.text.utf8).write(to: url)
        return url
    }

    /// Builds `name` as a library module of `files` in `directory`: its `.swiftmodule` and one object file.
    static func buildModule(_ name: String, _ files: [URL], in directory: URL) throws {
        let (status, log) = try SwiftCompiler.run(
            [
                "-parse-as-library", "-wmo", "-c", "-warnings-as-errors", "-module-name", name, "-I", directory.path,
                "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
                "-o", directory.appendingPathComponent("\(name).o").path,
            ] + files.map(\.path))
        #expect(status == 0, "module \(name) does not compile:\n\(log.prefix(3000))")
    }

    @Test(arguments: [nil, "daily"])
    func eachModulesTipsCarryItsOwnConfig(_ frequencyOfC: String?) throws {
        let temporary = TemporaryDirectory("tipc-config-modules")
        let directory = temporary.url
        for name in ["A", "B"] {
            try Self.buildModule(
                name, [Self.generate(name, frequency: Self.config[name], in: directory)], in: directory)
        }
        let exports = directory.appendingPathComponent("Exports.swift")
        try Data("@_exported import A\n@_exported import B\n".utf8).write(to: exports)
        try Self.buildModule("C", [Self.generate("C", frequency: frequencyOfC, in: directory), exports], in: directory)

        let main = directory.appendingPathComponent("main.swift")
        try Data(
            """
            import C
            import TipsRuntime

            for configuration in [ATip().declaredConfiguration, BTip().declaredConfiguration, CTip().declaredConfiguration] {
                print(configuration.map { "\\($0.file) \\($0.displayFrequency)" } ?? "none")
            }

            """.utf8
        ).write(to: main)
        let program = directory.appendingPathComponent("program")
        let objects = ["A", "B", "C"].map { directory.appendingPathComponent("\($0).o") }
        let runtime = SwiftCompiler.runtimeObjects
        #expect(!runtime.isEmpty, "no TipsRuntime object files in the build directory")
        let (status, log) = try SwiftCompiler.run(
            ["-I", directory.path, main.path] + (objects + runtime).map(\.path) + ["-o", program.path])
        try #require(status == 0, "the program does not link:\n\(log.prefix(3000))")

        let run = try SwiftCompiler.process(program, [])
        #expect(run.status == 0)
        let expected = ["A.tips weekly", "B.tips monthly", frequencyOfC.map { "C.tips \($0)" } ?? "none"]
        #expect(run.output.split(separator: "\n").map(String.init) == expected)
    }
}
