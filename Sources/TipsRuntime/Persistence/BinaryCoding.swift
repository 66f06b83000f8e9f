/// The primitives of the datastore's binary format: little-endian fixed-width
/// integers, LEB128 varints (zigzag for signed values), IEEE doubles by bit
/// pattern, and length-prefixed UTF-8 strings.

/// Why bytes could not be decoded.
enum DatastoreDecodingError: Error, Equatable {
    /// The bytes ended in the middle of a value.
    case truncated
    /// The bytes hold something no writer produces.
    case invalid(String)
}

/// Appends encoded values to a byte array.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Writes a tag (``DatastoreCodec/MutationTag``, say) as its byte.
    mutating func tag<Tag: RawRepresentable<UInt8>>(_ tag: Tag) {
        bytes.append(tag.rawValue)
    }

    mutating func raw(_ values: [UInt8]) {
        bytes.append(contentsOf: values)
    }

    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func uint64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Unsigned LEB128: seven bits a byte, low bits first.
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A count or length; never negative.
    mutating func count(_ value: Int) {
        varint(UInt64(max(0, value)))
    }

    /// A signed integer, zigzag-encoded so that small negatives stay short.
    mutating func int(_ value: Int) {
        let wide = Int64(value)
        varint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    mutating func double(_ value: Double) {
        uint64(value.bitPattern)
    }

    mutating func optionalDouble(_ value: Double?) {
        if let value {
            bytes.append(1)
            double(value)
        } else {
            bytes.append(0)
        }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }
}

/// Reads encoded values from a byte buffer, checking every bound.
///
/// Only valid inside the `withUnsafeBufferPointer` call that produced the buffer.
struct ByteReader {
    let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.buffer = buffer
        self.position = position
    }

    var remaining: Int { buffer.count - position }
    var isAtEnd: Bool { position >= buffer.count }

    mutating func byte() throws(DatastoreDecodingError) -> UInt8 {
        guard position < buffer.count else { throw .truncated }
        defer { position += 1 }
        return buffer[position]
    }

    mutating func bytes(_ count: Int) throws(DatastoreDecodingError) -> UnsafeBufferPointer<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated }
        defer { position += count }
        return UnsafeBufferPointer(rebasing: buffer[position..<position + count])
    }

    mutating func uint32() throws(DatastoreDecodingError) -> UInt32 {
        let raw = try bytes(4)
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(raw[index]) << UInt32(index * 8) }
        return value
    }

    mutating func uint64() throws(DatastoreDecodingError) -> UInt64 {
        let raw = try bytes(8)
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(raw[index]) << UInt64(index * 8) }
        return value
    }

    mutating func varint() throws(DatastoreDecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            if shift == 63, next > 1 { throw .invalid("varint overflows 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
            if shift > 63 { throw .invalid("varint longer than 10 bytes") }
        }
    }

    /// A count of items that each take at least `minimumSize` bytes: capped
    /// by what is left, so garbage cannot ask for a huge allocation.
    mutating func count(minimumSize: Int = 1) throws(DatastoreDecodingError) -> Int {
        let value = try varint()
        guard value <= UInt64(remaining / max(1, minimumSize)) else { throw .truncated }
        return Int(value)
    }

    mutating func int() throws(DatastoreDecodingError) -> Int {
        let raw = try varint()
        let decoded = Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        return Int(truncatingIfNeeded: decoded)
    }

    mutating func double() throws(DatastoreDecodingError) -> Double {
        Double(bitPattern: try uint64())
    }

    mutating func optionalDouble() throws(DatastoreDecodingError) -> Double? {
        switch try byte() {
        case 0: return nil
        case 1: return try double()
        case let flag: throw .invalid("optional flag \(flag)")
        }
    }

    mutating func string() throws(DatastoreDecodingError) -> String {
        let length = try count()
        return String(decoding: try bytes(length), as: UTF8.self)
    }
}
