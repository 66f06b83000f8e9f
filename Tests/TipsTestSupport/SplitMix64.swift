/// SplitMix64: a small, fast, seeded generator, so that a randomized test
/// replays the same inputs from the same seed and `tipc-bench` writes the
/// same input bytes on every run and machine.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, by the remainder of one draw: its slight bias
    /// does not matter to a test or a benchmark, and its values stay fixed.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }
}
