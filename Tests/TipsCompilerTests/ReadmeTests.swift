import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The README's quick start is `Samples/PluginConsumer`, file for file (CI's
/// `.ci/quickstart.sh` also follows it verbatim in a new folder and checks
/// what it prints), and its two set-up commands are the ones CI runs.
@Suite struct ReadmeTests {
    static let readme =
        (try? String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    static let consumer = Fixtures.packageRoot.appendingPathComponent("Samples/PluginConsumer")

    /// A fenced block that follows a `<!-- quickstart: KIND [PATH] -->` line.
    struct QuickStartBlock {
        let kind: String
        let path: String?
        let text: String
    }

    /// The README's quick-start blocks, in order.
    static var quickStart: [QuickStartBlock] {
        var blocks: [QuickStartBlock] = []
        var marker: (kind: String, path: String?)?
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line == "```" {
                    if let marker {
                        blocks.append(
                            QuickStartBlock(
                                kind: marker.kind, path: marker.path, text: lines.map { $0 + "\n" }.joined()))
                    }
                    current = nil
                    marker = nil
                } else {
                    current = lines + [String(line)]
                }
            } else if line.hasPrefix("<!-- quickstart: "), line.hasSuffix(" -->") {
                let words = line.dropFirst("<!-- quickstart: ".count).dropLast(" -->".count)
                let parts = words.split(separator: " ", maxSplits: 1).map(String.init)
                marker = (parts[0], parts.count > 1 ? parts[1] : nil)
            } else if marker != nil, line.hasPrefix("```") {
                current = []
            }
        }
        return blocks
    }

    @Test func quickStartFilesAreTheSamplePackagesFiles() throws {
        let files = Self.quickStart.filter { $0.kind == "file" }
        #expect(
            files.compactMap(\.path) == ["Package.swift", "Sources/CafeApp/Menu.tips", "Sources/CafeApp/CafeApp.swift"])
        for file in files {
            let path = try #require(file.path)
            let sample = try String(contentsOf: Self.consumer.appendingPathComponent(path), encoding: .utf8)
            // The one difference: the README's tipc is a clone beside the package, the sample's is this repository.
            let expected = file.text.replacingOccurrences(of: "path: \"../tipc\"", with: "path: \"../..\"")
            #expect(sample == expected, "README's \(path) is not Samples/PluginConsumer/\(path)")
        }
        let enumerator = FileManager.default.enumerator(atPath: Self.consumer.appendingPathComponent("Sources").path)
        let sampleFiles = (enumerator?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            let path = Self.consumer.appendingPathComponent("Sources/\($0)").path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(
            sampleFiles.map { "Sources/\($0)" }.sorted()
                == files.compactMap(\.path).filter { $0 != "Package.swift" }.sorted())
    }

    @Test func quickStartTipsCompileCleanly() throws {
        let tips = try #require(Self.quickStart.first { $0.path?.hasSuffix(".tips") == true })
        let result = Compilation(inputs: [CompilationInput(path: "Menu.tips", text: tips.text)]).run()
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
    }

    @Test func quickStartShowsItsCommandsAndOutputAndCIFollowsIt() throws {
        let kinds = Self.quickStart.map(\.kind)
        #expect(kinds == ["commands", "file", "file", "file", "commands", "output"])
        #expect(Self.quickStart.last?.text.contains("[Try today's special]") == true, "the first run shows the tip")
        let ci = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("bash .ci/quickstart.sh"))
    }

    @Test func theTwoCommandsAreTheOnesCIRuns() throws {
        let ci = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let mainJob = "swift run tipc compile Samples/Trails/Tips/*.tips --output-dir .build/tips-out"
        #expect(Self.readme.contains("    \(mainJob)\n"))
        #expect(Self.readme.contains("    swift test\n"))
        #expect(ci.contains("\n\(mainJob)\n"))
        #expect(ci.contains("\nswift test\n"))
    }

    /// The README's `compile` and `preview` commands write their build
    /// products under `.build/`, which git ignores, so that following them
    /// leaves the working tree clean (`strings` writes a catalog to keep).
    @Test func theREADMEsBuildProductsGoUnderBuild() {
        let commands = ["    swift run tipc compile ", "    swift run tipc preview "]
        let outputs = Self.readme.split(separator: "\n").filter { line in commands.contains { line.hasPrefix($0) } }
            .compactMap { line -> Substring? in
                let words = line.split(separator: " ")
                guard let flag = words.firstIndex(where: { $0 == "--output" || $0 == "--output-dir" }),
                    flag + 1 < words.endIndex
                else { return nil }
                return words[flag + 1]
            }
        #expect(outputs.count >= 2)
        for output in outputs { #expect(output.hasPrefix(".build/"), "\(output)") }
    }
}
