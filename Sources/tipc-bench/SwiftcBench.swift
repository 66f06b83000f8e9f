import Foundation

/// `swiftc -typecheck` of the Swift generated for 1,000 tips against
/// TipsRuntime, next to tipc's own time for the same input, and the slowest
/// expression and function body the Swift type checker saw.
enum SwiftcBench {
    static let tipCount = 1_000
    /// The languages of the String Catalog in the translated case, besides the source language.
    static let languages = ["ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "zh-Hans", "zh-Hant"]

    static func run(options: Options, report: Report) async {
        section("swiftc -typecheck of the Swift generated for \(Format.count(tipCount)) tips")
        let input = SyntheticTips(tipCount: tipCount).bytes()
        guard let output = BenchCompiler.compile(input), output.errors == 0 else {
            report.fail("the input of \(tipCount) tips did not compile, so swiftc was not measured")
            return
        }
        let tipcTime = measure(runs: 5) { _ = BenchCompiler.compile(input) }
        guard let modules = runtimeModuleDirectory() else {
            report.fail("no TipsRuntime.swiftmodule next to \(MemoryProbe.executablePath): build with -c release")
            return
        }
        print(
            "  input: \(Format.megabytes(Double(input.count))) of .tips -> \(Format.megabytes(Double(output.swiftUTF8.count))) of Swift"
        )
        guard let plain = typecheck(output.swiftUTF8, modules: modules, options: options, report: report) else {
            return
        }
        print("  tipc (full compile of the same input): \(Format.spread(tipcTime))")
        print(String(format: "  swiftc / tipc: x%.0f", plain.median / tipcTime.median))
        report.judge(
            "swiftc -typecheck of 1,000 tips < 30 s",
            measured: "\(Format.time(plain.median)) (tipc: \(Format.time(tipcTime.median)))",
            passed: plain.median < 30)

        // The same tips with every string translated into ten languages (`--strings`).
        print("  with a String Catalog of \(languages.count) languages:")
        let catalog = BenchCompiler.catalog(for: input, languages: languages)
        guard let translated = BenchCompiler.compile(input, strings: catalog), translated.errors == 0 else {
            report.fail("the input of \(tipCount) tips with its catalog did not compile, so swiftc was not measured")
            return
        }
        print("    \(Format.megabytes(Double(translated.swiftUTF8.count))) of Swift")
        guard
            let whole = typecheck(
                translated.swiftUTF8, modules: modules, options: options, report: report, indent: "    ")
        else { return }
        print(String(format: "    translated / plain: x%.2f", whole.median / plain.median))
        report.judge(
            "swiftc -typecheck of 1,000 tips in \(languages.count + 1) languages < 30 s",
            measured: Format.time(whole.median), passed: whole.median < 30)
    }

    /// Type-checks `swift` against TipsRuntime and prints the time and the
    /// slowest expression and function body; judges that no expression takes
    /// over 100 ms. Returns the whole runs' times, nil when swiftc failed.
    static func typecheck(
        _ swift: [UInt8], modules: String, options: Options, report: Report, indent: String = "  "
    ) -> Samples? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tipc-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        let file = directory.appendingPathComponent("Synthetic.swift")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(swift).write(to: file)
        } catch {
            report.fail("could not write the generated Swift: \(error)")
            return nil
        }
        defer { try? FileManager.default.removeItem(at: directory) }

        let base = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules, file.path]
        let timingFlags = [
            "-Xfrontend", "-warn-long-expression-type-checking=50",
            "-Xfrontend", "-debug-time-expression-type-checking",
            "-Xfrontend", "-debug-time-function-bodies",
        ]
        // --quick: one run with the timing flags gives both figures; --full
        // times plain runs and makes one more run for the per-expression times.
        var wholeRuns: [Double] = []
        var timed: (status: Int32, output: String)?
        let clock = ContinuousClock()
        for _ in 0..<(options.scale == .quick ? 1 : 3) {
            let start = clock.now
            let result = runTool(options.scale == .quick ? base + timingFlags : base)
            wholeRuns.append((clock.now - start).seconds)
            guard result.status == 0 else {
                report.fail("swiftc -typecheck rejected the generated Swift:\n\(result.output.prefix(4_000))")
                return nil
            }
            if options.scale == .quick { timed = result }
        }
        let whole = Samples(seconds: wholeRuns)
        let flagsNote = options.scale == .quick ? " (with the timing flags)" : ""
        print("\(indent)swiftc -typecheck\(flagsNote): \(Format.spread(whole))")
        let timings = TypeCheckTimings(parsing: (timed ?? runTool(base + timingFlags)).output)
        timings.show(in: String(decoding: swift, as: UTF8.self), indent: indent)
        let slowest = timings.slowestExpression?.seconds ?? 0
        report.judge(
            "swiftc: no expression over 100 ms (1,000 tips\(indent == "  " ? "" : ", translated"))",
            measured: Format.time(slowest), passed: timings.slowestExpression == nil ? nil : slowest <= 0.100)
        return whole
    }

    /// The directory holding TipsRuntime.swiftmodule, found from the bench's own path.
    static func runtimeModuleDirectory() -> String? {
        let executable = URL(fileURLWithPath: MemoryProbe.executablePath).resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent()
        for candidate in [directory.appendingPathComponent("Modules"), directory] {
            let module = candidate.appendingPathComponent("TipsRuntime.swiftmodule")
            if FileManager.default.fileExists(atPath: module.path) { return candidate.path }
        }
        return nil
    }

    /// Runs a tool found on the PATH; returns its status and merged output.
    static func runTool(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "could not run \(arguments[0]): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The timings swiftc prints with `-debug-time-expression-type-checking`
/// (`12.3ms<TAB>file:line:col`) and `-debug-time-function-bodies`
/// (`12.3ms<TAB>file:line:col<TAB>kind name`).
struct TypeCheckTimings {
    struct Entry {
        let seconds: Double
        let line: Int
        let column: Int
        let name: String
    }

    private(set) var slowestExpression: Entry?
    private(set) var slowestFunctionBody: Entry?
    private(set) var longExpressionWarnings = 0

    /// Prints the slowest expression and function body with their source line, and the count of long expressions.
    func show(in swift: String, indent: String) {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        func show(_ what: String, _ entry: Entry?) {
            guard let entry else {
                print("\(indent)slowest \(what): none reported")
                return
            }
            // The line and the next one: an array literal starts with a lone `[`.
            let text = (entry.line - 1..<min(entry.line + 1, lines.count)).filter { $0 >= 0 }
                .map { lines[$0].trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            print(
                "\(indent)slowest \(what): \(Format.time(entry.seconds)) at line \(entry.line):\(entry.column) \(entry.name)"
            )
            print("\(indent)    \(text.prefix(150))")
        }
        show("expression", slowestExpression)
        show("function body", slowestFunctionBody)
        print("\(indent)expressions over 50 ms (swiftc warnings): \(longExpressionWarnings)")
    }

    init(parsing output: String) {
        for line in output.split(separator: "\n") {
            if line.contains("warning: expression took") && line.contains("to type-check") && !line.contains("`-") {
                longExpressionWarnings += 1
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[0].hasSuffix("ms"), let milliseconds = Double(fields[0].dropLast(2)) else {
                continue
            }
            let place = fields[1].split(separator: ":")
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]),
                let column = Int(place[place.count - 1])
            else { continue }
            let entry = Entry(
                seconds: milliseconds / 1_000, line: lineNumber, column: column,
                name: fields.count >= 3 ? String(fields[2]) : "")
            if fields.count >= 3 {
                if entry.seconds > (slowestFunctionBody?.seconds ?? -1) { slowestFunctionBody = entry }
            } else if entry.seconds > (slowestExpression?.seconds ?? -1) {
                slowestExpression = entry
            }
        }
    }
}
