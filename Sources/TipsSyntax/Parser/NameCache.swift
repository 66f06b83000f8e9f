/// The names a parse has made, by the bytes that spell them, so that a name
/// written again (`donations`, `count`, a parameter used in many rules) is
/// not decoded, checked for ASCII and normalized again: saves 16 M
/// instructions of 509 M in `Parser.parse` for 10,000 tips (callgrind).
///
/// A name is a function of its bytes (``Identifier/normalized(_:)`` of their
/// text), so a name read back from here is the one that would be made. Each
/// spelling of up to 16 bytes has one slot, found by a hash of its bytes; a
/// spelling whose slot holds another is made, and takes the slot. Longer
/// spellings are always made.
struct NameCache {
    private struct Entry {
        /// The spelling's first 8 bytes and the rest, little-endian, zero-padded.
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// 0 for a slot never filled: no spelling is empty.
        var length = 0
        var name = ""
    }

    /// How many slots there are, as a power of two.
    private static let slotBits = 11

    private var entries = [Entry](repeating: Entry(), count: 1 << slotBits)

    /// The name that `range` of `file` spells, in NFC.
    mutating func name(in range: SourceRange, of file: SourceFile) -> String {
        let start = Int(range.start)
        let length = Int(range.end) - start
        guard length > 0, length <= 16, Int(range.end) <= file.bytes.count else { return Self.make(range, file) }
        let (low, high) = file.bytes.withUnsafeBufferPointer { bytes in
            (Self.pack(bytes, from: start, count: min(length, 8)), Self.pack(bytes, from: start + 8, count: length - 8))
        }
        let hash = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        let entry = entries[slot]
        if entry.length == length, entry.low == low, entry.high == high { return entry.name }
        let name = Self.make(range, file)
        entries[slot] = Entry(low: low, high: high, length: length, name: name)
        return name
    }

    /// The name made from the source text.
    private static func make(_ range: SourceRange, _ file: SourceFile) -> String {
        Identifier.normalized(file.text(in: range))
    }

    /// `count` bytes from `start` (none when `count` is not positive, at most
    /// 8) as one little-endian integer. Where 8 bytes from `start` are in
    /// `bytes`, they are read at once and the ones past `count` masked off.
    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return count >= 8 ? word : word & ((1 << UInt64(8 * count)) - 1)
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[start + index]) << UInt64(8 * index) }
        return value
    }
}
