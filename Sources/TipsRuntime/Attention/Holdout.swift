/// Holdout membership: whether an install is in the share of installs held
/// out of a tip, from the install's random seed mixed with the tip's id, so
/// that it is stable for an install and independent between tips.
enum Holdout {
    /// Whether the install with `seed` is held out of the tip with `tipID`
    /// whose holdout is `percent` (1 to 99; below 1 none, above 99 all).
    static func isHeldOut(tipID: String, percent: Int, seed: UInt64) -> Bool {
        bucket(tipID: tipID, seed: seed) < UInt64(max(0, min(100, percent))) * 100
    }

    /// The install's place for the tip, uniform in 0..<10_000: FNV-1a over
    /// the seed's bytes and the id's UTF-8, then SplitMix64's finalizer to
    /// spread ids that differ in one byte.
    static func bucket(tipID: String, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: seed >> UInt64(shift))) }
        for byte in tipID.utf8 { mix(byte) }
        var z = hash &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        z ^= z >> 31
        return z % 10_000
    }
}
