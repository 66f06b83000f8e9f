/// What a memory-probe child does: the work, then a report of its own peak.
enum ProbeChild {
    /// Does `work` and returns the exit status.
    static func run(_ work: MemoryProbe.Work, tipCount: Int) -> Int32 {
        switch work {
        case .idle:
            MemoryProbe.reportOwnPeak()
            return 0
        case .generate:
            let bytes = SyntheticTips(tipCount: tipCount).bytes()
            withExtendedLifetime(bytes) { MemoryProbe.reportOwnPeak() }
            return 0
        case .denseSemicolons, .denseNULs:
            // The tip count is a byte count here; the input has errors (NULs) or nothing to emit.
            let bytes: [UInt8] =
                work == .denseNULs
                ? [UInt8](repeating: 0, count: tipCount)
                : (0..<tipCount).map { $0 % 2 == 0 ? UInt8(ascii: ";") : 0x0A }
            guard let result = BenchCompiler.compile(bytes) else { return 3 }
            withExtendedLifetime((bytes, result.errors)) { MemoryProbe.reportOwnPeak() }
            return 0
        case .frontEnd:
            let bytes = SyntheticTips(tipCount: tipCount).bytes()
            guard BenchCompiler.frontEnd(bytes).errors == 0 else { return 1 }
            MemoryProbe.reportOwnPeak()
            return 0
        case .compile, .compileOneJob:
            let bytes = SyntheticTips(tipCount: tipCount).bytes()
            guard let result = BenchCompiler.compile(bytes, jobs: work == .compileOneJob ? 1 : nil) else {
                print("the compiler is not available in this build")
                return 3
            }
            guard result.errors == 0 else {
                print("the synthetic input of \(tipCount) tips has \(result.errors) errors: \(result.firstDiagnostics)")
                return 1
            }
            withExtendedLifetime(bytes) { MemoryProbe.reportOwnPeak() }
            return 0
        }
    }
}
