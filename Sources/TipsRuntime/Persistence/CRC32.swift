/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as used by zlib and PNG.
///
/// Guards every journal record and snapshot so that a torn or damaged write is
/// detected instead of decoded. Computed eight bytes at a time ("slicing by
/// 8") because it runs over the whole snapshot at every load.
enum CRC32 {
    /// Eight tables of 256 entries: table k gives the CRC of a byte followed
    /// by k zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// Extends a running checksum with `bytes`; start from 0.
    static func update(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        var value = ~crc
        tables.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while count - index >= 8 {
                let raw = UnsafeRawPointer(base + index)
                let low = raw.loadUnaligned(as: UInt32.self).littleEndian ^ value
                let high = raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian
                value =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                value = table[Int((value ^ UInt32(base[index])) & 0xFF)] ^ (value >> 8)
                index += 1
            }
        }
        return ~value
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        update(0, bytes)
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { update(0, $0) }
    }
}
