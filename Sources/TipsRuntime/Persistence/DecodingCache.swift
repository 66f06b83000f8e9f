import Foundation

/// Shares decoded strings and donation fields between equal encodings while
/// one buffer is decoded.
///
/// Field names, event ids and enum cases repeat, and so do whole sets of
/// donation fields (the same screen, the same enum case): reusing one string,
/// or one dictionary (copy-on-write storage), instead of building another
/// saves much of the time and memory of loading a large store. The caches are
/// direct-mapped and bounded: a miss just decodes.
///
/// Holds pointers into the buffer being decoded: create one per decode, inside
/// the `withUnsafeBufferPointer` call, and let it go with it.
struct DecodingCache {
    private struct Entry<Value> {
        var hash: UInt64
        var bytes: UnsafeBufferPointer<UInt8>
        var value: Value
    }

    /// Sized to the buffer: a large snapshot holds many distinct field sets,
    /// and a direct-mapped cache much smaller than that keeps evicting the
    /// ones that collide (a third of them missed with 1,000 distinct sets in
    /// 1,024 slots); a short journal tail needs few.
    private let fieldSlotCount: Int
    private static let stringSlotCount = 256
    /// Longer strings are rarely repeated and cost more to compare.
    private static let longestCachedString = 32

    // Allocated at first use.
    private var fieldEntries: [Entry<[String: TipValue]>?] = []
    private var stringEntries: [Entry<String>?] = []

    /// A cache for decoding a buffer of `byteCount` bytes.
    init(byteCount: Int = 0) {
        // One slot per 128 bytes, a power of two between 1,024 and 16,384.
        var slots = 1_024
        while slots < 16_384, slots * 128 < byteCount { slots *= 2 }
        fieldSlotCount = slots
    }

    /// FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// Whether two buffers hold the same bytes (`memcmp`, not a generic
    /// element-by-element comparison).
    private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let a = first.baseAddress, let b = second.baseAddress else { return true }
        return memcmp(a, b, first.count) == 0
    }

    /// The string whose UTF-8 is `bytes` (invalid sequences repaired).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= Self.longestCachedString else { return String(decoding: bytes, as: UTF8.self) }
        if stringEntries.isEmpty { stringEntries = Array(repeating: nil, count: Self.stringSlotCount) }
        let hash = Self.hash(bytes)
        let index = Int(truncatingIfNeeded: hash % UInt64(Self.stringSlotCount))
        if let entry = stringEntries[index], entry.hash == hash, Self.equal(entry.bytes, bytes) {
            return entry.value
        }
        let string = String(decoding: bytes, as: UTF8.self)
        stringEntries[index] = Entry(hash: hash, bytes: bytes, value: string)
        return string
    }

    /// The fields encoded in `bytes`, from the cache or from `decode`.
    mutating func fields(
        encodedIn bytes: UnsafeBufferPointer<UInt8>,
        decode: (UnsafeBufferPointer<UInt8>, inout DecodingCache) throws(DatastoreDecodingError) -> [String: TipValue]
    ) throws(DatastoreDecodingError) -> [String: TipValue] {
        if fieldEntries.isEmpty { fieldEntries = Array(repeating: nil, count: fieldSlotCount) }
        let hash = Self.hash(bytes)
        let index = Int(truncatingIfNeeded: hash % UInt64(fieldSlotCount))
        if let entry = fieldEntries[index], entry.hash == hash, Self.equal(entry.bytes, bytes) {
            return entry.value
        }
        let fields = try decode(bytes, &self)
        fieldEntries[index] = Entry(hash: hash, bytes: bytes, value: fields)
        return fields
    }
}
