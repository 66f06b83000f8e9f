// A repeatable release-mode measurement of the front end and the full compile.
// Built and run by run.sh; the generator is a copy of tipc-bench's (branch `bench`).
//
// usage: frontperf [tips...] [--runs N] [--only lex|parse|compile] [--once]
//        frontperf --write-input <path> <tips>
import Foundation
import TipsCompiler

var tipCounts: [Int] = []
var runs = 5
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = Int(arguments.popFirst() ?? "") ?? runs
    case "--only": only = arguments.popFirst()
    case "--once": runs = 1
    case "--write-input":
        // Writes the synthetic input of the first size, to diff the output of two builds of tipc.
        let path = arguments.popFirst() ?? "Synthetic.tips"
        let count = Int(arguments.popFirst() ?? "") ?? 2_000
        _ = FileManager.default.createFile(atPath: path, contents: Data(SyntheticTips(tipCount: count).bytes()))
        exit(0)
    default: if let count = Int(argument) { tipCounts.append(count) }
    }
}
if tipCounts.isEmpty { tipCounts = [2_000, 20_000] }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// CPU time of this thread, in seconds: on a shared machine it does not count
/// the time other processes hold the core (wall-clock does).
func threadCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// The best of `runs` CPU timings of `body`.
func best(_ body: () -> Void) -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = threadCPUTime()
        body()
        fastest = min(fastest, threadCPUTime() - start)
    }
    return fastest
}

func rate(_ bytes: Int, _ time: Double) -> String {
    String(format: "%7.1f MB/s (%.3f s)", Double(bytes) / 1e6 / time, time)
}

for tipCount in tipCounts {
    let bytes = SyntheticTips(tipCount: tipCount).bytes()
    print(String(format: "%d tips, %.2f MB", tipCount, Double(bytes.count) / 1e6))
    if only == nil || only == "lex" {
        let time = best {
            var sources = SourceManager()
            var diagnostics = DiagnosticEngine()
            let file = sources.add(path: "Synthetic.tips", bytes: bytes)
            precondition(Lexer.tokenize(file, diagnostics: &diagnostics).count > 0)
        }
        print("  lex:         \(rate(bytes.count, time))")
    }
    if only == nil || only == "parse" {
        let time = best {
            var sources = SourceManager()
            var diagnostics = DiagnosticEngine()
            let file = sources.add(path: "Synthetic.tips", bytes: bytes)
            let syntax = Parser.parse(file, diagnostics: &diagnostics)
            precondition(!syntax.declarations.isEmpty && !diagnostics.hasErrors)
        }
        print("  lex + parse: \(rate(bytes.count, time))")
        // The same, with the tree freed outside the timing.
        var kept: [SourceFileSyntax] = []
        let withoutFree = best {
            var sources = SourceManager()
            var diagnostics = DiagnosticEngine()
            let file = sources.add(path: "Synthetic.tips", bytes: bytes)
            kept.append(Parser.parse(file, diagnostics: &diagnostics))
        }
        let freeStart = threadCPUTime()
        kept.removeAll()
        let free = (threadCPUTime() - freeStart) / Double(runs)
        print("  (not counting freeing the tree: \(rate(bytes.count, withoutFree)); freeing one tree: \(String(format: "%.3f", free)) s)")
    }
    if only == nil || only == "compile" {
        var outputBytes = 0
        let time = best {
            let result = Compilation(inputs: [CompilationInput(path: "Synthetic.tips", bytes: bytes)]).run()
            precondition(!result.hasErrors, result.renderedDiagnostics())
            outputBytes = result.outputs.first?.text.utf8.count ?? 0
        }
        print("  compile:     \(rate(bytes.count, time)), \(outputBytes) bytes of Swift")
    }
}
