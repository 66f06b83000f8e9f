import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// What every run of the whole pipeline must satisfy, whatever its input:
/// it returns; every diagnostic and note points inside an input file;
/// every diagnostic renders to text that names its file; and a run without
/// errors produces one non-empty output per input.
enum PipelineInvariants {
    /// Compiles `inputs` through parse, check, validate and emit, with `jobs`
    /// threads (by default one, as `tipc` does).
    static func compile(_ inputs: [CompilationInput], jobs: Int? = nil) -> CompilationResult {
        Compilation(inputs: inputs, options: CompilationOptions(emitsCode: true, jobs: jobs)).run()
    }

    /// The broken invariants of `result`, as messages; empty when all hold.
    static func violations(of result: CompilationResult, inputs: [CompilationInput]) -> [String] {
        var problems: [String] = []
        let renderer = DiagnosticRenderer(sources: result.sources)
        for diagnostic in result.diagnostics {
            let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
            for range in ranges {
                guard range.file.rawValue >= 0, Int(range.file.rawValue) < inputs.count else {
                    problems.append("'\(diagnostic.message)' points into no input (file \(range.file.rawValue))")
                    continue
                }
                let size = inputs[Int(range.file.rawValue)].bytes.count
                if range.start > range.end || Int(range.end) > size {
                    problems.append(
                        "'\(diagnostic.message)' has range \(range.start)..<\(range.end) in a file of \(size) bytes")
                }
            }
            let path = result.sources[diagnostic.range.file].path
            let text = renderer.render(diagnostic)
            if text.isEmpty || !text.hasPrefix(path + ":") {
                problems.append("'\(diagnostic.message)' rendered as '\(text.prefix(200))'")
            }
            if diagnostic.message.isEmpty { problems.append("a diagnostic without a message") }
        }
        if !result.diagnostics.isEmpty && result.renderedDiagnostics().isEmpty {
            problems.append("the diagnostics rendered to nothing")
        }
        if !result.hasErrors {
            if result.outputs.count != inputs.count || result.outputs.contains(where: \.text.isEmpty) {
                problems.append("no errors, but \(result.outputs.count) outputs for \(inputs.count) inputs")
            }
        } else if !result.outputs.isEmpty {
            problems.append("errors, yet outputs were produced")
        }
        return problems
    }

    /// Compiles `inputs` and records an issue for each broken invariant;
    /// returns the result for further expectations.
    @discardableResult
    static func check(
        _ inputs: [CompilationInput], _ comment: @autoclosure () -> String = "", jobs: Int? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> CompilationResult {
        let result = compile(inputs, jobs: jobs)
        for problem in violations(of: result, inputs: inputs) {
            Issue.record("\(comment()) \(problem)", sourceLocation: sourceLocation)
        }
        return result
    }
}
