import Foundation

/// The spread of one measurement over several runs, in seconds.
struct Samples {
    /// Every run, in the order taken.
    let seconds: [Double]

    var median: Double {
        let sorted = seconds.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    var min: Double { seconds.min() ?? 0 }
    var max: Double { seconds.max() ?? 0 }
}

/// Times a body several times after one warm-up run. What the body returns
/// is freed after the clock is read (see ``BenchCompiler/Output/compilation``).
func measure<Result>(runs: Int, warmUp: Bool = true, _ body: () throws -> Result) rethrows -> Samples {
    let clock = ContinuousClock()
    if warmUp { _ = try body() }
    var seconds: [Double] = []
    for _ in 0..<Swift.max(1, runs) {
        let start = clock.now
        let result = try body()
        seconds.append((clock.now - start).seconds)
        withExtendedLifetime(result) {}
    }
    return Samples(seconds: seconds)
}

/// The CPU times of `first` and `second`, taken in turn `runs` times, so
/// that a change of the machine's load falls on both of a pair alike:
/// judge them by ``SwiftcBench/pairedRatio(_:_:)``.
func measureInTurn<First, Second>(
    runs: Int, _ first: () -> First, _ second: () -> Second
) -> (first: Samples, second: Samples) {
    var (firstRuns, secondRuns): ([Double], [Double]) = ([], [])
    for _ in 0..<Swift.max(1, runs) {
        firstRuns.append(CPUTime.measure(first))
        secondRuns.append(CPUTime.measure(second))
    }
    return (Samples(seconds: firstRuns), Samples(seconds: secondRuns))
}

/// Times an async body several times after one warm-up run.
func measureAsync(runs: Int, warmUp: Bool = true, _ body: () async throws -> Void) async rethrows -> Samples {
    let clock = ContinuousClock()
    if warmUp { try await body() }
    var seconds: [Double] = []
    for _ in 0..<Swift.max(1, runs) {
        let start = clock.now
        try await body()
        seconds.append((clock.now - start).seconds)
    }
    return Samples(seconds: seconds)
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Human-readable figures.
enum Format {
    static func time(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f µs", seconds * 1e6)
    }
    static func megabytes(_ bytes: Double) -> String { String(format: "%.2f MB", bytes / 1_000_000) }
    static func rate(_ bytesPerSecond: Double) -> String { String(format: "%.1f MB/s", bytesPerSecond / 1_000_000) }
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return out
    }
    static func spread(_ samples: Samples) -> String {
        "median \(time(samples.median))  min \(time(samples.min))  max \(time(samples.max))  (\(samples.seconds.count) runs)"
    }
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// One target of the issue, judged against a measured figure.
struct Verdict: Codable {
    let target: String
    let measured: String
    /// nil when the figure could not be measured.
    let passed: Bool?

    var line: String {
        let word = passed.map { $0 ? "PASS" : "MISS" } ?? "N/A "
        return "\(word)  \(Format.pad(target, 58)) measured: \(measured)"
    }
}

/// Collects verdicts and prints them at the end; remembers hard failures.
final class Report {
    private(set) var verdicts: [Verdict] = []
    private(set) var failures: [String] = []

    func judge(_ target: String, measured: String, passed: Bool?) {
        let verdict = Verdict(target: target, measured: measured, passed: passed)
        verdicts.append(verdict)
        print("  -> " + verdict.line)
    }

    func fail(_ message: String) {
        failures.append(message)
        FileHandle.standardError.write(Data("tipc-bench: error: \(message)\n".utf8))
    }

    /// What a child measured for this report (see ``ChildRun``): its
    /// verdicts and failures, which it printed already.
    struct Taken: Codable {
        var verdicts: [Verdict]
        var failures: [String]
    }

    /// This report's verdicts and failures, for a parent to take.
    var taken: Taken { Taken(verdicts: verdicts, failures: failures) }

    /// Adds what a child measured, without printing it again.
    func take(_ child: Taken) {
        verdicts += child.verdicts
        failures += child.failures
    }

    func printSummary() {
        print("\n== Targets")
        for verdict in verdicts { print(verdict.line) }
        for failure in failures { print("FAIL  \(failure)") }
    }
}

/// Writes one line to standard output at once (unbuffered), so a long run
/// piped to a file shows its progress. Shadows `Swift.print` in this target.
func print(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints a section heading.
func section(_ title: String) {
    print("\n== \(title)")
}
