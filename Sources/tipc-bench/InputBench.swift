/// The synthetic inputs, generated once per size.
struct BenchInput {
    let tipCount: Int
    let bytes: [UInt8]
}

/// Generates each size's input and reports its size and generation time.
enum InputBench {
    static func run(options: Options) -> [BenchInput] {
        section("Synthetic input")
        var inputs: [BenchInput] = []
        for size in options.sizes {
            var bytes: [UInt8] = []
            let samples = measure(runs: 1, warmUp: false) { bytes = SyntheticTips(tipCount: size).bytes() }
            let lines = bytes.reduce(into: 0) { count, byte in if byte == 0x0A { count += 1 } }
            print(
                "  \(Format.pad(Format.count(size) + " tips", 14)) \(Format.pad(Format.megabytes(Double(bytes.count)), 10))"
                    + " \(Format.count(lines)) lines, generated in \(Format.time(samples.median))")
            inputs.append(BenchInput(tipCount: size, bytes: bytes))
        }
        return inputs
    }
}
