import Foundation
import Testing

@testable import TipsCompiler

/// `docs/GeneratedCode.md` shows what tipc generates for the Trails sample.
/// The excerpt is the sample's generated Swift, abridged: each run of lines
/// between two `// ...` lines is a run of lines of that Swift, and the runs
/// come in its order. So the reference cannot show a name, a type or a
/// shape the sample's generated code does not have.
@Suite struct GeneratedCodeDocTests {
    @Test func theReferenceShowsTheSamplesGeneratedSwift() throws {
        let root = Fixtures.packageRoot
        let doc = try String(contentsOf: root.appendingPathComponent("docs/GeneratedCode.md"), encoding: .utf8)
        let sample = try String(
            contentsOf: root.appendingPathComponent("Samples/Trails/Tips/Trails.tips"), encoding: .utf8)
        let result = Compilation(inputs: [CompilationInput(path: "Trails.tips", text: sample)]).run()
        let output = try #require(result.outputs.first?.text, "\(result.renderedDiagnostics())")
        let generated = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let runs = try #require(Self.excerptRuns(in: doc), "no ```swift block after '## What tipc generates'")
        #expect(runs.count >= 5)
        var next = 0
        for run in runs {
            guard let start = Self.firstIndex(of: run, in: generated, from: next) else {
                let shown = run.joined(separator: "\n")
                Issue.record("docs/GeneratedCode.md shows lines the Trails sample's generated Swift lacks:\n\(shown)")
                return
            }
            next = start + run.count
        }
    }

    /// The runtime API the reference lists (its first ```swift block, under
    /// "## Runtime API") is a summary written by hand, so it is held to
    /// names: every type, function and static property it declares public
    /// is declared by that name in `Sources/TipsRuntime`, with the same kind.
    @Test func theRuntimeAPIItListsExists() throws {
        let root = Fixtures.packageRoot
        let doc = try String(contentsOf: root.appendingPathComponent("docs/GeneratedCode.md"), encoding: .utf8)
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("## Runtime API") })
        let open = try #require(lines[heading...].firstIndex(of: "```swift"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        let runtime = try Self.sources(under: root.appendingPathComponent("Sources/TipsRuntime"))
        let kinds = "enum|struct|protocol|class|typealias|func|let|var"
        let declaration = try Regex(#"public (?:final |static )*("# + kinds + #") `?(\w+)"#)
        var checked = 0
        for line in lines[(open + 1)..<close] {
            for match in line.matches(of: declaration) {
                let (kind, name) = (String(match.output[1].substring ?? ""), String(match.output[2].substring ?? ""))
                checked += 1
                #expect(
                    runtime.contains("\(kind) \(name)"),
                    "docs/GeneratedCode.md lists \(kind) \(name), which TipsRuntime does not declare")
            }
        }
        #expect(checked >= 40)
    }

    /// The text of every Swift file under `directory`.
    static func sources(under directory: URL) throws -> String {
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
        var text = ""
        for case let file as URL in files where file.pathExtension == "swift" {
            text += try String(contentsOf: file, encoding: .utf8)
        }
        return text
    }

    /// The excerpt's runs of lines: the first ```swift block after the
    /// heading, split at its `// ...` lines.
    static func excerptRuns(in doc: String) -> [[String]]? {
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("## What tipc generates") }),
            let open = lines[heading...].firstIndex(of: "```swift"),
            let close = lines[(open + 1)...].firstIndex(of: "```")
        else { return nil }
        var runs: [[String]] = [[]]
        for line in lines[(open + 1)..<close] {
            if line.trimmingCharacters(in: .whitespaces) == "// ..." {
                runs.append([])
            } else {
                runs[runs.count - 1].append(line)
            }
        }
        return runs.filter { !$0.isEmpty }
    }

    /// Where `run` starts as consecutive lines of `lines`, at or after `from`.
    static func firstIndex(of run: [String], in lines: [String], from: Int) -> Int? {
        guard run.count <= lines.count else { return nil }
        var start = from
        while start + run.count <= lines.count {
            if Array(lines[start..<(start + run.count)]) == run { return start }
            start += 1
        }
        return nil
    }
}
