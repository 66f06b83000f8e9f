// Bytes read eight at a time: short spellings compare as integers, and a
// scan tests eight bytes at once for the ones it stops at.

extension UnsafeBufferPointer<UInt8> {
    /// `count` bytes from `start` (none when `count` is not positive, at most
    /// 8) as one little-endian integer, zero past `count`. Where 8 bytes from
    /// `start` are in the buffer, they are read at once and the ones past
    /// `count` masked off.
    @inline(__always)
    func littleEndianWord(from start: Int, count: Int) -> UInt64 {
        guard count > 0 else { return 0 }
        if start + 8 <= self.count, let base = baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return count >= 8 ? word : word & ((1 << UInt64(8 * count)) - 1)
        }
        var value: UInt64 = 0
        for index in 0..<Swift.min(count, 8) { value |= UInt64(self[start + index]) << UInt64(8 * index) }
        return value
    }

    /// The index of the first byte from `start` up to `end` (at most
    /// `count`) that is not ASCII, or `end` when none is; eight bytes are
    /// tested at once. A column or an editor's position is counted through
    /// a run of ASCII this way rather than byte by byte.
    @inline(__always)
    package func asciiRunEnd(from start: Int, to end: Int) -> Int {
        var index = start
        if let base = baseAddress {
            while index + 8 <= end {
                if !ByteWord.isASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { break }
                index += 8
            }
        }
        while index < end, self[index] < 0x80 { index += 1 }
        return index
    }
}

/// Tests of the eight bytes of a word at once. A byte that the subtraction
/// borrows from shows in its high bit; a borrow can mark a byte above one
/// that matches, never when none does, so each answers for the word exactly.
enum ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether one of the 8 bytes of `word` is `byte`.
    @inline(__always)
    static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits != 0
    }

    /// Whether each of the 8 bytes of `word` is ASCII (below 0x80).
    @inline(__always)
    static func isASCII(_ word: UInt64) -> Bool { word & highBits == 0 }

    /// Whether one of the 8 bytes of `word` is below `limit` (at most 0x80).
    @inline(__always)
    static func holdsByte(in word: UInt64, below limit: UInt8) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    }
}
