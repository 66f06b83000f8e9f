// A table keyed by names, for the lowering's and the back end's look-ups by
// name, which run once or more for every declaration and every name a rule
// reads.

import Foundation

/// Values by name, each name hashed over its UTF-8 bytes eight at a time
/// with a multiply and a rotate, and compared with `==`. A name that is not
/// ASCII is hashed over its canonical decomposition (NFD), which the
/// names `==` finds equal share. A `Dictionary` keyed by `String` hashes each
/// name with SipHash: for the benchmark's 10,000 tips, lowering the rules'
/// names and listing each file's costs 13 M instructions fewer this way
/// (callgrind, `tipc compile`). A value added is taken (`consuming`) and
/// moved into the table's entry, with no copy to retain and original to
/// release: lowering the benchmark's 6,000 parameters and 5,000 events into
/// their tables costs 5.3 M instructions fewer (callgrind, `tipc compile`).
struct NameTable<Value> {
    /// A name, its hash and its value.
    fileprivate struct Entry {
        var hash: UInt64
        var name: String
        var value: Value
    }

    /// For each slot, 0 when it is empty, else 1 + the index of its entry.
    /// Their count is 0 or a power of two, at least twice ``count``.
    private var slots: [Int32] = []
    /// The names in the order they were added.
    private var entries: [Entry] = []

    /// How many names the table holds.
    var count: Int { entries.count }

    /// Makes room for `count` names.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        if slots.count < 2 * count { rehash(slotCount: Self.slotCount(for: count)) }
    }

    /// Forgets every name, keeping the room.
    mutating func removeAll() {
        guard !entries.isEmpty else { return }
        entries.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// The value of `name`, if the table holds it.
    subscript(name: String) -> Value? {
        find(name, Self.hash(of: name)).entry.map { entries[$0].value }
    }

    /// Adds `value` for `name` unless the table holds `name`; returns the
    /// value it holds then, which stays.
    mutating func insertIfAbsent(_ value: consuming Value, for name: String) -> Value? {
        let hash = Self.hash(of: name)
        let (slot, entry) = find(name, hash)
        if let entry { return entries[entry].value }
        add(Entry(hash: hash, name: name, value: value), at: slot)
        return nil
    }

    /// Sets the value of `name`, adding it when the table does not hold it.
    mutating func updateValue(_ value: consuming Value, for name: String) {
        let hash = Self.hash(of: name)
        let (slot, entry) = find(name, hash)
        if let entry {
            entries[entry].value = value
        } else {
            add(Entry(hash: hash, name: name, value: value), at: slot)
        }
    }

    /// Adds an entry whose name the table does not hold, at `slot` (from
    /// ``find(_:_:)``) unless the slots grow.
    private mutating func add(_ entry: consuming Entry, at slot: Int) {
        var slot = slot
        if 2 * (count + 1) > slots.count {
            rehash(slotCount: Self.slotCount(for: count + 1))
            slot = find(entry.name, entry.hash).slot
        }
        entries.append(entry)
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
    }

    /// The slot that holds `name`, or the empty slot where it would go, and
    /// its entry when there is one; slot 0 and none while there are no slots.
    private func find(_ name: String, _ hash: UInt64) -> (slot: Int, entry: Int?) {
        guard !slots.isEmpty else { return (0, nil) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return (slot, nil) }
            if entries[stored - 1].hash == hash && entries[stored - 1].name == name { return (slot, stored - 1) }
            slot = (slot + 1) & mask
        }
    }

    /// Moves every entry into `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        var slots = [Int32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for index in entries.indices {
            var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
        self.slots = slots
    }

    /// The power of two, at least 16, that is at least twice `count`.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < 2 * count { slots *= 2 }
        return slots
    }

    /// The hash of `name`: of its UTF-8 when it is ASCII, else of the UTF-8
    /// of its canonical decomposition, which canonically equivalent names share.
    private static func hash(of name: String) -> UInt64 {
        if let (hash, isASCII) = name.utf8.withContiguousStorageIfAvailable(hash), isASCII { return hash }
        var decomposed = name.decomposedStringWithCanonicalMapping
        return decomposed.withUTF8 { hash($0).hash }
    }

    /// The hash of `bytes`, and whether they are all ASCII. The bytes are
    /// read eight at a time, the last eight (or the whole of a shorter name)
    /// in as few loads, never past their end.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, isASCII: Bool) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return (hash, true) }
        let raw = UnsafeRawPointer(base)
        var highBits: UInt64 = 0
        var index = 0
        while bytes.count - index > 8 {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            highBits |= word
            hash = ((hash ^ word) &* multiplier).rotated(by: 29)
            index += 8
        }
        let last =
            bytes.count >= 8
            ? raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) : short(raw, bytes.count)
        highBits |= last
        // A product's low bits depend on the factors' low bits alone: its
        // high bits are shifted down and multiplied in again, so that the
        // slot (the low bits) depends on every byte.
        hash = (hash ^ last) &* multiplier
        hash = (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return (hash, highBits & 0x8080_8080_8080_8080 == 0)
    }

    /// The `count` bytes at `raw` (fewer than eight) as one word, in three loads at most.
    @inline(__always)
    private static func short(_ raw: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(raw.loadUnaligned(as: UInt32.self))
            offset = 4
        }
        if count & 2 != 0 {
            word |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << UInt64(8 * offset)
            offset += 2
        }
        if count & 1 != 0 { word |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(8 * offset) }
        return word
    }
}

extension NameTable: Sendable where Value: Sendable {}

extension NameTable.Entry: Sendable where Value: Sendable {}

extension UInt64 {
    /// The bits rotated left by `count` (below 64).
    fileprivate func rotated(by count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
