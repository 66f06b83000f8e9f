// Bytes read eight at a time, so that short spellings compare as integers.

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
}
