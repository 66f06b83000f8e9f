/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), as used by zlib and PNG.
///
/// Guards every journal record and snapshot so that a torn or damaged write is
/// detected instead of decoded.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
        }
        return value
    }

    /// Extends a running checksum with `bytes`; start from 0.
    static func update(_ crc: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var value = ~crc
        table.withUnsafeBufferPointer { table in
            for byte in bytes {
                value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8)
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
