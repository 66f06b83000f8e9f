import TipsCompiler

/// `tipc check --lock` against `tipc check` of the same tips: what checking
/// a program against its state lock adds to a check. The lock is the one
/// `tipc lock` writes for the program, so that nothing is reported and the
/// whole lock is read and compared.
enum LockBench {
    /// A check against the lock reads the lock, whose text is about a seventh
    /// of the input's, and compares each identity once; a lock check that
    /// made the lock's tables again for each enum slot took 300 times a check.
    static let ratioLimit = 3.0
    static let target = "check against its lock <= \(ratioLimit)x check alone (1 job, median of the pairs)"

    static func run(options: Options, input: BenchInput, report: Report) {
        section("State lock: check against the program's own lock")
        let alone = CompilationOptions(emitsCode: false, jobs: 1)
        guard let program = check(input, options: alone).program else {
            return report.fail("the synthetic input of \(input.tipCount) tips does not check")
        }
        let lockText = LockFile.updated(for: program, from: nil).lock.text
        var locked = alone
        locked.lock = CompilationInput(path: LockFile.defaultFileName, text: lockText)
        let (aloneRuns, lockedRuns) = measureInTurn(
            runs: options.runs(for: input.tipCount), { check(input, options: alone) },
            { check(input, options: locked) })
        if check(input, options: locked).hasErrors {
            return report.fail("the synthetic input of \(input.tipCount) tips has errors against its own lock")
        }
        print(
            "  \(Format.count(input.tipCount)) tips, a lock of \(Format.megabytes(Double(lockText.utf8.count))), CPU time, taken alternately:"
        )
        print("    check alone:         \(Format.spread(aloneRuns))")
        print("    check with the lock: \(Format.spread(lockedRuns))")
        let ratio = SwiftcBench.pairedRatio(lockedRuns, aloneRuns)
        report.judge(target, measured: String(format: "x%.2f", ratio), passed: ratio <= ratioLimit)
    }

    private static func check(_ input: BenchInput, options: CompilationOptions) -> CompilationResult {
        var options = options
        options.recordsSymbols = false
        return Compilation(inputs: [CompilationInput(path: "Synthetic.tips", bytes: input.bytes)], options: options)
            .run()
    }
}
