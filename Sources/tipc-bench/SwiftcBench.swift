import Foundation

/// What the Swift compiler costs the user on tipc's output, each judged as a
/// ratio of two figures taken in one run or as a bound: `swiftc -typecheck`
/// of the Swift generated for 1,000 tips against a fixed reference workload
/// (``ReferenceWorkload``), the bytes of that Swift, its slowest expression,
/// and tipc's full compile of 10,000 tips against `swiftc -frontend -parse`
/// of the Swift it writes for them.
enum SwiftcBench {
    static let tipCount = 1_000
    /// Half of 3.24 MB, the Swift a tip's every part spelled out in full
    /// (3.3 KB a tip) makes of the 1,000-tip input: what a user's build reads.
    static let byteLimit = 1_620_000
    /// Half of 3.2x, what such spelled-out code takes to type-check against the reference.
    static let typeCheckRatioLimit = 1.6
    static let slowestExpressionLimit = 0.010
    static let parseRatioLimit = 0.3
    /// The languages of the String Catalog in the translated case, besides the source language.
    static let languages = ["ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "zh-Hans", "zh-Hant"]
    /// Every string in eleven languages may cost at most half again the plain code's type-check.
    static let translatedRatioLimit = 1.5

    static func run(options: Options, report: Report) async {
        await run(options: options, inputs: [], report: report)
    }

    static func run(options: Options, inputs: [BenchInput], report: Report) async {
        section("swiftc on the Swift generated for \(Format.count(tipCount)) tips, against a fixed reference")
        let input = SyntheticTips(tipCount: tipCount).bytes()
        guard let output = BenchCompiler.compile(input), output.errors == 0 else {
            report.fail("the input of \(tipCount) tips did not compile, so swiftc was not measured")
            return
        }
        guard let modules = runtimeModuleDirectory() else {
            report.fail("no TipsRuntime.swiftmodule next to \(MemoryProbe.executablePath): build with -c release")
            return
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tipc-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = directory.appendingPathComponent("Synthetic.swift")
        let reference = directory.appendingPathComponent("Reference.swift")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(output.swiftUTF8).write(to: generated)
            try Data(ReferenceWorkload.text().utf8).write(to: reference)
        } catch {
            report.fail("could not write the Swift to type-check: \(error)")
            return
        }
        let bytes = output.swiftFile?.byteCount ?? 0
        print(
            "  input: \(Format.megabytes(Double(input.count))) of .tips -> \(Format.megabytes(Double(bytes))) of Swift"
                + " (\(Format.count(bytes / tipCount)) bytes a tip)")
        report.judge(
            "Swift generated for 1,000 tips <= \(Format.megabytes(Double(byteLimit)))",
            measured: Format.megabytes(Double(bytes)), passed: bytes <= byteLimit)
        let base = ["swiftc", "-typecheck", "-swift-version", "6"]
        guard
            typeCheckRatio(
                generated: base + ["-I", modules, generated.path], reference: base + [reference.path],
                options: options, report: report)
        else { return }
        slowestExpressions(base + ["-I", modules, generated.path], swift: output.swift, report: report)
        translatedRatio(
            input: input, plain: base + ["-I", modules, generated.path], base: base + ["-I", modules],
            directory: directory, options: options, report: report)
        parseRatio(inputs: inputs, directory: directory, report: report)
    }

    /// Type-checks the reference and the generated code alternately and
    /// judges the median ratio of their CPU times, run by run; false when swiftc failed.
    private static func typeCheckRatio(
        generated: [String], reference: [String], options: Options, report: Report
    ) -> Bool {
        guard let (referenceTime, generatedTime) = alternately(reference, generated, options: options, report: report)
        else { return false }
        print("  swiftc -typecheck, CPU time, taken alternately:")
        print(
            "    reference workload (\(Format.count(ReferenceWorkload.entryCount)) entries): \(Format.spread(referenceTime))"
        )
        print("    generated code (\(Format.count(tipCount)) tips):     \(Format.spread(generatedTime))")
        let ratio = pairedRatio(generatedTime, referenceTime)
        report.judge(
            "swiftc -typecheck of 1,000 tips <= \(String(format: "%.1f", typeCheckRatioLimit))x the reference",
            measured: String(format: "x%.2f", ratio)
                + " (\(Format.time(generatedTime.median)) against \(Format.time(referenceTime.median)))",
            passed: ratio <= typeCheckRatioLimit)
        return true
    }

    /// The same tips with every string translated into ten languages
    /// (`--strings`), type-checked alternately with the plain code.
    private static func translatedRatio(
        input: [UInt8], plain: [String], base: [String], directory: URL, options: Options, report: Report
    ) {
        let target =
            "swiftc -typecheck of 1,000 tips in \(languages.count + 1) languages <= \(translatedRatioLimit)x plain"
        let catalog = BenchCompiler.catalog(for: input, languages: languages)
        let file = directory.appendingPathComponent("Translated.swift")
        guard let translated = BenchCompiler.compile(input, strings: catalog), translated.errors == 0,
            (try? Data(translated.swiftUTF8).write(to: file)) != nil
        else {
            report.fail("the input of \(tipCount) tips with its catalog did not compile, so swiftc was not measured")
            return
        }
        guard let (plainTime, translatedTime) = alternately(plain, base + [file.path], options: options, report: report)
        else { return }
        print(
            "  with a String Catalog of \(languages.count) languages: \(Format.megabytes(Double(translated.swiftUTF8.count))) of Swift"
        )
        print(
            "    swiftc -typecheck, CPU time: plain \(Format.spread(plainTime)), translated \(Format.spread(translatedTime))"
        )
        let ratio = pairedRatio(translatedTime, plainTime)
        report.judge(target, measured: String(format: "x%.2f", ratio), passed: ratio <= translatedRatioLimit)
    }

    /// The median of the ratios of `numerator`'s runs to `denominator`'s,
    /// run by run: each pair ran moments apart, so a change of the machine's
    /// load between pairs cancels out of its ratio, and one run slowed by
    /// other work moves the median of three ratios less than a median of
    /// two times (in a quick run the generated code took 1.69 s and then
    /// 2.82 s against a reference at 1.20 s and 1.24 s: 1.85x by medians of
    /// two, a ratio no other run gave).
    static func pairedRatio(_ numerator: Samples, _ denominator: Samples) -> Double {
        Samples(seconds: zip(numerator.seconds, denominator.seconds).map { $0 / Swift.max($1, 1e-9) }).median
    }

    /// Runs two swiftc commands in turn, three times each (five with
    /// `--full`), and returns their CPU times; nil (reported) when swiftc failed.
    private static func alternately(
        _ first: [String], _ second: [String], options: Options, report: Report
    ) -> (Samples, Samples)? {
        var runs: [[Double]] = [[], []]
        for _ in 0..<(options.scale == .quick ? 3 : 5) {
            for (index, arguments) in [first, second].enumerated() {
                let failure = "swiftc -typecheck rejected \(arguments.last ?? "")"
                guard let seconds = childCPUTime(arguments, report: report, failure: failure) else { return nil }
                runs[index].append(seconds)
            }
        }
        return (Samples(seconds: runs[0]), Samples(seconds: runs[1]))
    }

    /// Runs `arguments` as ``runTool(_:)`` does and returns the CPU time of
    /// the process; nil, reported as `failure` with the tool's output, when it failed.
    private static func childCPUTime(_ arguments: [String], report: Report, failure: String) -> Double? {
        let before = CPUTime.ofChildren
        let result = runTool(arguments)
        guard result.status == 0 else {
            report.fail("\(failure):\n\(result.output.prefix(4_000))")
            return nil
        }
        return CPUTime.ofChildren - before
    }

    /// Three more runs with swiftc's timing flags: the slowest expression
    /// and function body, each timed at the least of its three runs, shown
    /// with their lines. One run's times include any moment swiftc waited
    /// for a core: `.init(id: "plan27", defaultValue: .free)` took 10.94 ms
    /// in one benchmark run and 0.19 ms timed again on its own, where an
    /// expression the type checker finds hard is slow in every run.
    private static func slowestExpressions(_ arguments: [String], swift: String, report: Report) {
        // The warning's threshold also turns on the expressions' timer, which prints nothing without it.
        let timingFlags = [
            "-Xfrontend", "-warn-long-expression-type-checking=10",
            "-Xfrontend", "-debug-time-expression-type-checking",
            "-Xfrontend", "-debug-time-function-bodies",
        ]
        let timings = TypeCheckTimings(parsing: (0..<3).map { _ in runTool(arguments + timingFlags).output })
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false)
        func show(_ what: String, _ entry: TypeCheckTimings.Entry?) {
            guard let entry else {
                print("  slowest \(what): none reported")
                return
            }
            // The line and the next one: an array literal starts with a lone `[`.
            let text = (entry.line - 1..<min(entry.line + 1, lines.count)).filter { $0 >= 0 }
                .map { lines[$0].trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            print(
                "  slowest \(what): \(Format.time(entry.seconds)) at line \(entry.line):\(entry.column) \(entry.name)")
            print("      \(text.prefix(150))")
        }
        show("expression", timings.slowestExpression)
        show("function body", timings.slowestFunctionBody)
        print("  expressions over 10 ms in each of 3 runs: \(timings.longExpressions)")
        let slowest = timings.slowestExpression?.seconds ?? 0
        report.judge(
            "swiftc: no expression over 10 ms (1,000 tips)", measured: Format.time(slowest),
            passed: timings.slowestExpression == nil ? nil : slowest <= slowestExpressionLimit)
    }

    /// tipc's full compile of 10,000 tips against `swiftc -frontend -parse`
    /// of the Swift it writes for them, by CPU time: what tipc adds to a
    /// build, in units of the least the Swift compiler does with its output.
    private static func parseRatio(inputs: [BenchInput], directory: URL, report: Report) {
        let target = "tipc full compile <= \(parseRatioLimit)x swiftc -frontend -parse of its output"
        guard let input = inputs.first(where: { $0.tipCount == 10_000 }) ?? inputs.last,
            let output = BenchCompiler.compile(input.bytes)
        else {
            report.judge(target, measured: "not measured", passed: nil)
            return
        }
        let file = directory.appendingPathComponent("Parse.swift")
        let tips = directory.appendingPathComponent(BenchCompiler.fileName)
        guard (try? Data(output.swiftUTF8).write(to: file)) != nil, (try? Data(input.bytes).write(to: tips)) != nil
        else {
            report.fail("could not write the generated Swift of \(input.tipCount) tips, or its input")
            return
        }
        guard let runs = compilesAndParses(input, swift: file, tips: tips, report: report) else { return }
        print("  \(Format.count(input.tipCount)) tips, CPU time, taken alternately:")
        let jobs = BenchCompiler.defaultJobs
        print("    tipc full compile (\(jobs) \(jobs == 1 ? "job" : "jobs")): \(Format.spread(runs.tipc))")
        print(
            "    swiftc -frontend -parse of its \(Format.megabytes(Double(output.swiftUTF8.count))): "
                + Format.spread(runs.parse))
        for (name, samples) in [
            ("the same compile right after another", runs.warm), ("tipc compile as a process", runs.process),
        ] {
            print(
                "    \(name) (not judged): \(Format.spread(samples)); "
                    + String(format: "x%.2f of the parse", pairedRatio(samples, runs.parse)))
        }
        let ratio = pairedRatio(runs.tipc, runs.parse)
        report.judge(target, measured: String(format: "x%.2f", ratio), passed: ratio <= parseRatioLimit)
    }

    /// The parse ratio's runs, in turn: the judged compile in this process,
    /// the same compile again, `tipc compile` of `tips` as a process, and
    /// `swiftc -frontend -parse` of `swift`; nil (reported) when a child failed.
    ///
    /// The judged compile follows a `swiftc` process that has replaced its
    /// memory in the cache; the one right after it, not judged, has its
    /// memory still there, and the two tell apart what the row loses to the
    /// cache and what is the compile's own work. `tipc compile` as a
    /// process, not judged either, is what a build runs (this executable as
    /// `tipc`, see `Options.tipcArguments`), timed as `swiftc` is: beside
    /// the judged compile it pays the process's start, the first touch of
    /// each page of a fresh heap, reading the input and writing the Swift
    /// (see docs/Performance.md).
    private static func compilesAndParses(_ input: BenchInput, swift: URL, tips: URL, report: Report) -> (
        tipc: Samples, warm: Samples, parse: Samples, process: Samples
    )? {
        let compiled = tips.deletingLastPathComponent().appendingPathComponent("Compiled", isDirectory: true)
        let asProcess = [MemoryProbe.executablePath, "--as-tipc", "compile", tips.path, "--output-dir", compiled.path]
        let parseCommand = ["swiftc", "-frontend", "-parse", swift.path]
        // Five pairs in either mode: the median of three was left to one
        // noisy pair as often as not (0.29x to 0.36x in one hour of quick
        // runs on 2026-12-06, with no change to the compile that could move it
        // so far); five pairs cost about a second more.
        var (tipc, warm, process, parse): ([Double], [Double], [Double], [Double]) = ([], [], [], [])
        for _ in 0..<5 {
            tipc.append(CPUTime.measure { BenchCompiler.compile(input.bytes) })
            warm.append(CPUTime.measure { BenchCompiler.compile(input.bytes) })
            // The `swiftc` process last, so that the judged compile follows it.
            let failure = "failed on \(input.tipCount) tips"
            guard
                let processSeconds = childCPUTime(
                    asProcess, report: report, failure: "tipc compile as a process \(failure)"),
                let parseSeconds = childCPUTime(
                    parseCommand, report: report, failure: "swiftc -frontend -parse \(failure)")
            else { return nil }
            process.append(processSeconds)
            parse.append(parseSeconds)
        }
        return (Samples(seconds: tipc), Samples(seconds: warm), Samples(seconds: parse), Samples(seconds: process))
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

    /// Runs `arguments` (a tool found on the `PATH`, then its arguments)
    /// to its end; returns its exit status and its output and error output
    /// together. The tool's `TMPDIR` is a directory of its own, removed once
    /// it exits: `swiftc` leaves an empty directory in `TMPDIR` at each run
    /// (Swift 6.3's driver), about ten for each run of the benchmark.
    static func runTool(_ arguments: [String]) -> (status: Int32, output: String) {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tipc-bench-tool-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
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
/// (`12.3ms<TAB>file:line:col<TAB>kind name`), over runs of one compile:
/// each expression and body at the least of its times.
struct TypeCheckTimings {
    struct Entry {
        let seconds: Double
        let line: Int
        let column: Int
        let name: String
    }

    private(set) var slowestExpression: Entry?
    private(set) var slowestFunctionBody: Entry?
    /// Expressions over 10 ms in every run.
    private(set) var longExpressions = 0

    init(parsing outputs: [String]) {
        // Each place at its least time; a place some run did not print (none, for one compile) is left out.
        var expressions: [String: Entry] = [:]
        var bodies: [String: Entry] = [:]
        for (run, output) in outputs.enumerated() {
            var seen: Set<String> = []
            for (entry, isBody) in Self.entries(output) {
                let key = "\(isBody ? "body" : "expression") \(entry.line):\(entry.column)"
                seen.insert(key)
                let least = { (known: Entry?) in known.map { $0.seconds <= entry.seconds ? $0 : entry } }
                if isBody {
                    bodies[key] = run == 0 ? entry : least(bodies[key])
                } else {
                    expressions[key] = run == 0 ? entry : least(expressions[key])
                }
            }
            expressions = expressions.filter { seen.contains($0.key) }
            bodies = bodies.filter { seen.contains($0.key) }
        }
        // The slowest, the first in the file among equals: the same choice whatever the dictionaries' order.
        let slowest = { (entries: Dictionary<String, Entry>.Values) in
            entries.max { ($0.seconds, $1.line, $1.column) < ($1.seconds, $0.line, $0.column) }
        }
        slowestExpression = slowest(expressions.values)
        slowestFunctionBody = slowest(bodies.values)
        longExpressions = expressions.values.count { $0.seconds > 0.010 }
    }

    /// The timed expressions and bodies of one run's output.
    private static func entries(_ output: String) -> [(Entry, isBody: Bool)] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[0].hasSuffix("ms"), let milliseconds = Double(fields[0].dropLast(2)) else {
                return nil
            }
            let place = fields[1].split(separator: ":")
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]),
                let column = Int(place[place.count - 1])
            else { return nil }
            let entry = Entry(
                seconds: milliseconds / 1_000, line: lineNumber, column: column,
                name: fields.count >= 3 ? String(fields[2]) : "")
            return (entry, fields.count >= 3)
        }
    }
}
