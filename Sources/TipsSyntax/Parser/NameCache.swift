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
            (
                bytes.littleEndianWord(from: start, count: min(length, 8)),
                bytes.littleEndianWord(from: start + 8, count: length - 8)
            )
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
}
