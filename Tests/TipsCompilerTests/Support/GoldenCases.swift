import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// A golden case: one `.tips` file in `Fixtures/Goldens`, or a folder of them
/// compiled together, with the expected `.swift` beside each input.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// The case's name (file name without `.tips`, or the folder name).
    var name: String
    /// The inputs, in order.
    var inputs: [URL]

    var testDescription: String { name }

    /// Every case, sorted by name.
    static var all: [GoldenCase] {
        let root = Fixtures.root.appendingPathComponent("Goldens")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var cases: [GoldenCase] = []
        for entry in entries.sorted() {
            let url = root.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
                    .filter { $0.hasSuffix(".tips") }.sorted()
                cases.append(GoldenCase(name: entry, inputs: names.map { url.appendingPathComponent($0) }))
            } else if entry.hasSuffix(".tips") {
                cases.append(GoldenCase(name: String(entry.dropLast(5)), inputs: [url]))
            }
        }
        return cases
    }

    /// Options from a first line `// tipc-options: --access-level public`.
    var accessLevel: AccessLevel {
        guard let first = inputs.first, let text = try? String(contentsOf: first, encoding: .utf8),
            let line = text.split(separator: "\n").first, line.hasPrefix("// tipc-options:"),
            let range = line.range(of: "--access-level ")
        else { return .internal }
        return AccessLevel(rawValue: String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            ?? .internal
    }

    /// Compiles the case; inputs are named by file name only, so output never depends on the checkout path.
    func compile() throws -> CompilationResult {
        let inputs = try self.inputs.map { url in
            CompilationInput(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url)))
        }
        return Compilation(inputs: inputs, options: CompilationOptions(accessLevel: accessLevel)).run()
    }

    /// Where the expected output for `fileName` lives.
    func expectedURL(_ fileName: String) -> URL {
        (inputs.first?.deletingLastPathComponent() ?? Fixtures.root).appendingPathComponent(fileName)
    }
}
