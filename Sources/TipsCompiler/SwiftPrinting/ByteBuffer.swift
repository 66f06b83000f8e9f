/// UTF-8 text being written, appended to in place.
///
/// The bytes live in storage allocated longer than the text and never
/// zero-filled: a piece costs one check for room and one copy, where
/// `Array.append(contentsOf:)` goes through the generic sequence path for
/// each piece. Like an array it is a value: shared storage is copied before a
/// write, which is what makes it safe to send.
struct ByteBuffer: @unchecked Sendable {
    /// The bytes, the text being the first ``count`` of them; nil while there is no room.
    private var storage: ManagedBuffer<Void, UInt8>?
    /// How many bytes ``storage`` has room for.
    private var capacity = 0
    /// The length of the text, in bytes.
    private(set) var count = 0

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int = 0) {
        if capacity > 0 { reallocate(capacity) }
    }

    /// Creates a buffer holding `bytes`.
    init(_ bytes: [UInt8]) {
        self.init(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { append($0) }
    }

    var isEmpty: Bool { count == 0 }

    /// The byte at `index`, which is less than ``count``.
    subscript(index: Int) -> UInt8 {
        withBytes(index..<index + 1) { $0[0] }
    }

    /// Calls `body` with `self[range]`, a range within ``count``.
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range out of bounds")
        guard let storage else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return storage.withUnsafeMutablePointerToElements { elements in
            body(UnsafeBufferPointer(start: elements + range.lowerBound, count: range.count))
        }
    }

    /// Forgets the text, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Makes room for at least `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        guard capacity - count < extra else { return }
        reallocate(Swift.max(count + extra, 2 * capacity, 64))
    }

    /// Moves the text to new storage with room for `newCapacity` bytes.
    private mutating func reallocate(_ newCapacity: Int) {
        let new = ManagedBuffer<Void, UInt8>.create(minimumCapacity: newCapacity) { _ in }
        if count > 0 {
            withBytes(0..<count) { source in
                new.withUnsafeMutablePointerToElements { target in
                    if let from = source.baseAddress { target.initialize(from: from, count: source.count) }
                }
            }
        }
        storage = new
        capacity = newCapacity
    }

    /// Calls `write` with room for `extra` more bytes after the text, then
    /// counts them in: `write` must fill all of them.
    @inline(__always)
    mutating func appendBytes(_ extra: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        if capacity - count < extra || !isKnownUniquelyReferenced(&storage) { grow(extra) }
        guard let storage else { return }
        let start = count
        storage.withUnsafeMutablePointerToElements { write($0 + start) }
        count += extra
    }

    /// Moves the text to storage of its own with room for `extra` more bytes.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        reallocate(Swift.max(count + extra, 2 * capacity, 64))
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        appendBytes(1) { $0.initialize(to: byte) }
    }

    /// Appends bytes in one copy.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        appendBytes(bytes.count) { $0.initialize(from: source, count: bytes.count) }
    }

    /// Appends `other[range]`.
    mutating func append(_ other: ByteBuffer, _ range: Range<Int>) {
        other.withBytes(range) { append($0) }
    }

    /// Copies `self[range]` to `target`.
    func copy(_ range: Range<Int>, to target: UnsafeMutablePointer<UInt8>) {
        withBytes(range) { source in
            if let from = source.baseAddress { target.initialize(from: from, count: source.count) }
        }
    }

    /// Appends `count` copies of `byte`.
    mutating func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        appendBytes(repeats) { $0.initialize(repeating: byte, count: repeats) }
    }

    /// Whether `self[range]` is plain: ASCII without a carriage return, so
    /// that its width in characters is its byte count whatever its neighbours.
    func isPlain(_ range: Range<Int>) -> Bool {
        withBytes(range) { bytes in
            var flags: UInt8 = 0
            for byte in bytes { flags |= byte & 0x80 | (byte == 0x0D ? 0x80 : 0) }
            return flags == 0
        }
    }

    /// How many Unicode scalars `self[range]` holds: its bytes that do not continue a scalar.
    func scalarCount(_ range: Range<Int>) -> Int {
        withBytes(range) { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
    }

    /// `self[range]` decoded as a string.
    func string(_ range: Range<Int>) -> String {
        withBytes(range) { String(decoding: $0, as: UTF8.self) }
    }
}
