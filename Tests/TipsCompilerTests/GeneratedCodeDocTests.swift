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
        let runs = try #require(
            Self.excerptRuns(in: doc, after: "## What tipc generates", elision: "// ..."),
            "no ```swift block after '## What tipc generates'")
        #expect(runs.count >= 5)
        Self.expect(runs, in: output, of: "the Trails sample's generated Swift")
    }

    /// The excerpt under "## Translations" is the exact output it names,
    /// `Fixtures/Translations/Generated.swift` (which
    /// `GeneratedTranslationsTests` holds to the compiler's), abridged at its
    /// `...` lines.
    @Test func theTranslationsExcerptShowsTheGeneratedFixture() throws {
        let doc = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/GeneratedCode.md"), encoding: .utf8)
        let generated = try String(contentsOf: Fixtures.url("Translations", "Generated.swift"), encoding: .utf8)
        let runs = try #require(
            Self.excerptRuns(in: doc, after: "## Translations", elision: "..."),
            "no ```swift block after '## Translations'")
        #expect(runs.count >= 4)
        Self.expect(runs, in: generated, of: "Fixtures/Translations/Generated.swift")
    }

    /// Records an issue unless each run is consecutive lines of `text`, the runs in order.
    static func expect(_ runs: [[String]], in text: String, of name: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var next = 0
        for run in runs {
            guard let start = firstIndex(of: run, in: lines, from: next) else {
                let shown = run.joined(separator: "\n")
                Issue.record("docs/GeneratedCode.md shows lines \(name) lacks:\n\(shown)")
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
    /// heading that starts with `heading`, split at its lines that read
    /// `elision` (indentation aside).
    static func excerptRuns(in doc: String, after heading: String, elision: String) -> [[String]]? {
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix(heading) }),
            let open = lines[heading...].firstIndex(of: "```swift"),
            let close = lines[(open + 1)...].firstIndex(of: "```")
        else { return nil }
        var runs: [[String]] = [[]]
        for line in lines[(open + 1)..<close] {
            if line.trimmingCharacters(in: .whitespaces) == elision {
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
