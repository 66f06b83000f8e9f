/// Inputs whose size is all on one line, or on lines that the lexer joins
/// into one after an operator at their end: the parser's lookahead and the
/// recovery after an error must stay linear in a line's length. Judged by
/// the ratio of two lengths' CPU times (linear: 2x; quadratic: 4x), which
/// the machine's load moves far less than a time. The two lengths are
/// compiled in turn and the median of the run-by-run ratios taken, so that a
/// burst of other work falls on both lengths rather than on one.
enum LongLineBench {
    /// The shapes, each made from a count of repetitions.
    static let shapes: [(name: String, text: @Sendable (Int) -> String)] = [
        ("words after 'title'", { "tip A {\n    title" + String(repeating: " word", count: $0) + "\n}\n" }),
        ("'tip T {' on one line", { String(repeating: "tip T { ", count: $0) + "\n" }),
        ("lines ending in '>'", { String(repeating: "tip T {tip T { >\n", count: $0) }),
    ]

    static func run(options: Options, report: Report) {
        let count = options.scale == .quick ? 50_000 : 100_000
        section("Long lines: \(Format.count(count / 2)) and \(Format.count(count)) repetitions of each shape")
        let runs = options.scale == .quick ? 5 : 9
        for shape in shapes {
            let short = Array(shape.text(count / 2).utf8)
            let long = Array(shape.text(count).utf8)
            var (shortTimes, longTimes): ([Double], [Double]) = ([], [])
            for run in 0...runs {
                let shortTime = CPUTime.measure { BenchCompiler.compile(short, jobs: 1) }
                let longTime = CPUTime.measure { BenchCompiler.compile(long, jobs: 1) }
                // The first pair warms up.
                if run > 0 {
                    shortTimes.append(shortTime)
                    longTimes.append(longTime)
                }
            }
            let longTime = Samples(seconds: longTimes).median
            let ratio = SwiftcBench.pairedRatio(Samples(seconds: longTimes), Samples(seconds: shortTimes))
            print(
                "  \(Format.pad(shape.name, 24)) \(Format.megabytes(Double(long.count))): \(Format.time(longTime))"
                    + "  \(Format.rate(Double(long.count) / longTime))"
                    + String(format: "  x%.2f the time of half as many", ratio))
            report.judge(
                "\(shape.name): twice as long <= 2.5x the time", measured: String(format: "x%.2f", ratio),
                passed: ratio <= 2.5)
        }
    }
}
