import Foundation

/// Front-end throughput, full-compile time and growth, and peak memory.
enum CompilerBench {
    static func run(options: Options, inputs: [BenchInput], report: Report) async {
        guard !inputs.isEmpty else {
            section("Compiler")
            print("  no input sizes: front end, compile and memory not measured")
            report.judge(frontEndTarget, measured: "not measured", passed: nil)
            return
        }
        guard checkInputsCompile(inputs, report: report) else { return }
        frontEnd(options: options, inputs: inputs)
        fullCompile(options: options, inputs: inputs, report: report)
        if let largest = inputs.last {
            frontEndRatio(options: options, input: largest, report: report)
            LockBench.run(options: options, input: largest, report: report)
            CatalogBench.run(options: options, input: largest, report: report)
        }
        memory(options: options, inputs: inputs, report: report)
        await SwiftcBench.run(options: options, inputs: inputs, report: report)
    }

    /// The lexer and parser take at most this share of a one-job full
    /// compile of the same input, the share the former targets (50 MB/s
    /// against 20 MB/s) gave them.
    static let frontEndRatioLimit = 0.4
    static let frontEndTarget = "front end (lex + parse) <= \(frontEndRatioLimit)x full compile (1 job)"

    /// The bench measures nothing if its input does not compile: it fails loudly instead.
    private static func checkInputsCompile(_ inputs: [BenchInput], report: Report) -> Bool {
        section("Validity of the synthetic input")
        var allClean = true
        for input in inputs {
            guard let output = BenchCompiler.compile(input.bytes) else { return false }
            print(
                "  \(Format.pad(Format.count(input.tipCount) + " tips", 14)) \(output.errors) errors,"
                    + " \(output.warnings) warnings, \(Format.megabytes(Double((output.swiftFile?.byteCount ?? 0)))) of Swift"
            )
            if output.errors > 0 {
                report.fail(
                    "the synthetic input of \(input.tipCount) tips has \(output.errors) errors:\n\(output.firstDiagnostics)"
                )
                allClean = false
            }
        }
        return allClean
    }

    private static func frontEnd(options: Options, inputs: [BenchInput]) {
        section("Front end (lex + parse)")
        for input in inputs {
            let bytes = Double(input.bytes.count)
            let lex = measure(runs: options.runs(for: input.tipCount)) { _ = BenchCompiler.lex(input.bytes) }
            let both = measure(runs: options.runs(for: input.tipCount)) { BenchCompiler.frontEnd(input.bytes) }
            print(
                "  \(Format.pad(Format.count(input.tipCount) + " tips", 14)) lex only:     \(Format.spread(lex))  \(Format.rate(bytes / lex.median))"
            )
            print("  \(Format.pad("", 14)) lex + parse:  \(Format.spread(both))  \(Format.rate(bytes / both.median))")
        }
    }

    /// The front end against a one-job full compile of the same input, by
    /// CPU time, taken alternately: what lexing and parsing weigh in a compile.
    private static func frontEndRatio(options: Options, input: BenchInput, report: Report) {
        var frontEndRuns: [Double] = []
        var compileRuns: [Double] = []
        for _ in 0..<options.runs(for: input.tipCount) {
            frontEndRuns.append(CPUTime.measure { BenchCompiler.frontEnd(input.bytes) })
            compileRuns.append(CPUTime.measure { BenchCompiler.compile(input.bytes, jobs: 1) })
        }
        let frontEnd = Samples(seconds: frontEndRuns)
        let compile = Samples(seconds: compileRuns)
        print("  \(Format.count(input.tipCount)) tips, CPU time, taken alternately:")
        print("    lex + parse:          \(Format.spread(frontEnd))")
        print("    full compile (1 job): \(Format.spread(compile))")
        let ratio = frontEnd.median / compile.median
        report.judge(frontEndTarget, measured: String(format: "x%.2f", ratio), passed: ratio <= frontEndRatioLimit)
    }

    private static func fullCompile(options: Options, inputs: [BenchInput], report: Report) {
        // One job is tipc's default; one per processor shows whether more would pay (see Parallel.defaultJobs).
        let jobs = max(2, ProcessInfo.processInfo.activeProcessorCount)
        section("Full compile (lex, parse, check, emit), \(jobs) jobs (one per processor) and 1 job (tipc's default)")
        var medians: [Double] = []
        var serialMedians: [Double] = []
        var stageMedians: [BenchCompiler.StageTimes] = []
        for input in inputs {
            // The validity check already compiled each input once; large inputs skip a second warm-up.
            let warmUp = input.tipCount < 10_000
            let runs = options.runs(for: input.tipCount)
            let samples = measure(runs: runs, warmUp: warmUp) { BenchCompiler.compile(input.bytes, jobs: jobs) }
            let serial = measure(runs: runs, warmUp: warmUp) { BenchCompiler.compile(input.bytes, jobs: 1) }
            let bytes = Double(input.bytes.count)
            var line =
                "  \(Format.pad(Format.count(input.tipCount) + " tips", 14)) \(jobs) jobs: \(Format.spread(samples))"
                + "  \(Format.rate(bytes / samples.median))"
            if let previous = medians.last {
                line += String(format: "  x%.1f the previous size", samples.median / previous)
            }
            print(line)
            print(
                "  \(Format.pad("", 14)) 1 job:  \(Format.spread(serial))  \(Format.rate(bytes / serial.median))"
                    + String(format: "  (%.2fx the time of %d jobs)", serial.median / samples.median, jobs))
            medians.append(samples.median)
            serialMedians.append(serial.median)
            let stages = BenchCompiler.StageTimes.median(
                of: (0..<runs).map { _ in BenchCompiler.stageTimes(input.bytes) })
            stageMedians.append(stages)
            print(
                "  \(Format.pad("", 14)) by stage (CPU, 1 job, medians): parse \(Format.time(stages.parse)),"
                    + " check \(Format.time(stages.check)), validate \(Format.time(stages.validate)),"
                    + " emit \(Format.time(stages.emit))")
        }
        if inputs.count >= 2, medians.count >= 2 {
            let big = inputs[inputs.count - 1].tipCount
            let small = inputs[inputs.count - 2].tipCount
            let ratio = medians[medians.count - 1] / medians[medians.count - 2]
            let serialRatio = serialMedians[serialMedians.count - 1] / serialMedians[serialMedians.count - 2]
            // Time growth measures the machine's caches and load as much as the compiler: information only.
            print(
                "  time growth \(Format.count(small)) -> \(Format.count(big)) tips: "
                    + String(format: "x%.2f (1 job: x%.2f)", ratio, serialRatio))
            printStageGrowth(stageMedians[stageMedians.count - 2], stageMedians[stageMedians.count - 1])
            instructionGrowth(from: small, to: big, report: report)
        }
    }

    /// Each stage's CPU time growth between the two largest inputs: set
    /// beside the instructions' growth, what exceeds it is the stage's data
    /// outgrowing the caches.
    private static func printStageGrowth(_ small: BenchCompiler.StageTimes, _ big: BenchCompiler.StageTimes) {
        func growth(_ stage: KeyPath<BenchCompiler.StageTimes, Double>) -> String {
            String(format: "x%.1f", big[keyPath: stage] / Swift.max(small[keyPath: stage], 1e-9))
        }
        print(
            "  time growth by stage (1 job): parse \(growth(\.parse)), check \(growth(\.check)),"
                + " validate \(growth(\.validate)), emit \(growth(\.emit))")
    }

    /// Growth judged by instructions counted under callgrind, one job.
    private static func instructionGrowth(from small: Int, to big: Int, report: Report) {
        let target = "compile \(Format.count(big)) tips <= 10.5x instructions of \(Format.count(small)) (1 job)"
        guard let valgrind = InstructionCount.valgrindPath else {
            print("  instruction growth not measured: valgrind is not installed (apt-get install -y valgrind)")
            report.judge(target, measured: "not measured (no valgrind)", passed: nil)
            return
        }
        switch (
            InstructionCount.compile(tipCount: small, valgrind: valgrind),
            InstructionCount.compile(tipCount: big, valgrind: valgrind)
        ) {
        case (.success(let smallCount), .success(let bigCount)):
            let ratio = Double(bigCount) / Double(max(1, smallCount))
            print(
                "  instructions (callgrind, 1 job): \(Format.count(small)) tips \(Format.count(smallCount)),"
                    + " \(Format.count(big)) tips \(Format.count(bigCount))")
            report.judge(target, measured: String(format: "x%.2f", ratio), passed: ratio <= 10.5)
        case (.failure(let error), _), (_, .failure(let error)):
            report.fail("counting instructions: \(error)")
        }
    }

    private static func memory(options: Options, inputs: [BenchInput], report: Report) {
        section("Peak memory of a full compile (child process, minus an idle child)")
        guard case .success(let idle) = MemoryProbe.peakBytes(of: .idle, tipCount: 0) else {
            report.fail("the idle memory probe failed")
            return
        }
        print("  idle child: \(Format.megabytes(Double(idle)))")
        for input in inputs {
            let size = Double(input.bytes.count)
            switch (
                MemoryProbe.peakBytes(of: .generate, tipCount: input.tipCount),
                MemoryProbe.peakBytes(of: .compile, tipCount: input.tipCount)
            ) {
            case (.success(let generate), .success(let compile)):
                let net = Double(compile - idle)
                let limit = 20 * size + 50_000_000
                print(
                    "  \(Format.pad(Format.count(input.tipCount) + " tips", 14)) input \(Format.megabytes(size)),"
                        + " compile peak \(Format.megabytes(net)) (\(String(format: "%.1f", net / size))x input;"
                        + " generating the input alone: \(Format.megabytes(Double(generate - idle))))")
                report.judge(
                    "peak memory \(Format.count(input.tipCount)) tips <= 20x input + 50 MB",
                    measured: "\(Format.megabytes(net)) (limit \(Format.megabytes(limit)))", passed: net <= limit)
            case (.failure(let error), _), (_, .failure(let error)):
                report.fail("memory probe at \(input.tipCount) tips: \(error)")
            }
        }
        denseMemory(idle: idle, report: report)
    }

    /// Token-dense input: one token per byte costs no more memory per byte than tips do.
    private static func denseMemory(idle: Int, report: Report) {
        let size = 16 << 20
        for (work, name) in [(MemoryProbe.Work.denseSemicolons, "';' lines"), (.denseNULs, "NUL bytes")] {
            switch MemoryProbe.peakBytes(of: work, tipCount: size) {
            case .success(let peak):
                let net = Double(peak - idle)
                let limit = 20 * Double(size) + 50_000_000
                print(
                    "  \(Format.pad("16 MiB of " + name, 20)) compile peak \(Format.megabytes(net))"
                        + " (\(String(format: "%.1f", net / Double(size)))x input)")
                report.judge(
                    "peak memory 16 MiB of \(name) <= 20x input + 50 MB",
                    measured: "\(Format.megabytes(net)) (limit \(Format.megabytes(limit)))", passed: net <= limit)
            case .failure(let error):
                report.fail("memory probe of 16 MiB of \(name): \(error)")
            }
        }
    }
}
