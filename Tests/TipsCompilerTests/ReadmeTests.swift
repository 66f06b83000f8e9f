import Foundation
import Testing

@testable import TipsCompiler

/// Every code block of the README is checked: the `.tips` walkthrough is the
/// outside sample package's file and compiles cleanly, the Package.swift lines
/// are that package's, the Swift usage typechecks against the generated code,
/// and the two set-up commands are the ones CI runs.
@Suite struct ReadmeTests {
    static let readme =
        (try? String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    static let consumer = Fixtures.packageRoot.appendingPathComponent("Samples/PluginConsumer")

    /// The fenced blocks of the README with the given info string, in order.
    static func blocks(_ language: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        var indent = 0
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var lines = current {
                if trimmed == "```" {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    lines.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
                    current = lines
                }
            } else if trimmed == "```\(language)" {
                indent = line.prefix { $0 == " " }.count
                current = []
            }
        }
        return blocks
    }

    func consumerFile(_ path: String) throws -> String {
        try String(contentsOf: Self.consumer.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func tipsWalkthroughIsTheSamplePackagesFileAndCompilesCleanly() throws {
        let tips = try #require(Self.blocks("tips").first)
        #expect(try consumerFile("Sources/ConsumerApp/Café Tips/Café Menu.tips").contains(tips))
        let result = Compilation(inputs: [CompilationInput(path: "README.tips", text: tips)]).run()
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
    }

    @Test func packageManifestLinesAreTheSamplePackages() throws {
        let manifest = try #require(Self.blocks("swift").first)
        let consumer = try consumerFile("Package.swift")
        for line in manifest.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("dependencies:") || trimmed.isEmpty { continue }
            #expect(consumer.contains(trimmed), "README line not in the sample package: \(trimmed)")
        }
    }

    @Test func swiftUsageTypechecksAgainstTheGeneratedCode() throws {
        let tips = try #require(Self.blocks("tips").first)
        let usage = Self.blocks("swift").dropFirst()
        #expect(usage.count >= 2)
        let result = Compilation(inputs: [CompilationInput(path: "README.tips", text: tips)]).run()
        let generated = try #require(result.outputs.first)
        let body = usage.joined(separator: "\n").split(separator: "\n")
            .filter { !$0.hasPrefix("import ") }
            .map { "    " + $0 }.joined(separator: "\n")
        let example = "import TipsRuntime\n\nfunc readmeExample() async throws {\n\(body)\n}\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-readme-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [("README.swift", generated.text), ("Example.swift", example)].map { name, text in
            let url = directory.appendingPathComponent(name)
            try? Data(text.utf8).write(to: url)
            return url
        }
        let (status, log) = try SwiftCompiler.typecheck(files: files, extraArguments: ["-warnings-as-errors"])
        #expect(status == 0, "\(log)")
    }

    @Test func theTwoCommandsAreTheOnesCIRuns() throws {
        let ci = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let mainJob = "swift run tipc compile Samples/Trails/Tips/*.tips --output-dir .build/tips-out"
        #expect(Self.readme.contains("    \(mainJob)\n"))
        #expect(Self.readme.contains("    swift test\n"))
        #expect(ci.contains("\n\(mainJob)\n"))
        #expect(ci.contains("\nswift test\n"))
    }
}
