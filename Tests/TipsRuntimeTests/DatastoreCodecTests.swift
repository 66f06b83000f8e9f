import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreCodecTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    /// The eight-bytes-at-a-time CRC agrees with the textbook bit-at-a-time one.
    @Test func crc32AgreesWithTheBitwiseDefinition() {
        func bitwise(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        for length in [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 299] {
            let sample = Array(bytes.prefix(length))
            #expect(CRC32.checksum(sample) == bitwise(sample), "length \(length)")
        }
        let split = bytes.withUnsafeBufferPointer { buffer in
            CRC32.update(
                CRC32.checksum(UnsafeBufferPointer(rebasing: buffer[0..<13])),
                UnsafeBufferPointer(rebasing: buffer[13...]))
        }
        #expect(split == bitwise(bytes))
    }

    @Test func repeatedFieldsDecodeEqualToDistinctOnes() throws {
        let mutations = (0..<50).map { index in
            DatastoreMutation.donate(
                eventID: "e",
                donation: StoredDonation(
                    date: Double(index),
                    fields: ["screen": .enumCase(index % 3 == 0 ? "home" : "detail"), "n": .int(index % 2)]),
                keepCount: 10, keepDuration: nil)
        }
        #expect(try DatastoreCodec.decodeBatch(DatastoreCodec.encodeBatch(mutations)) == mutations)
    }

    @Test(arguments: [0, 1, -1, 63, -64, 64, 127, 128, 300, -300, Int(Int32.max), Int.max, Int.min])
    func integersRoundTrip(_ value: Int) throws {
        var writer = ByteWriter()
        writer.int(value)
        writer.varint(UInt64(bitPattern: Int64(value)))
        let decoded = try writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return (try reader.int(), try reader.varint(), reader.isAtEnd)
        }
        #expect(decoded.0 == value)
        #expect(decoded.1 == UInt64(bitPattern: Int64(value)))
        #expect(decoded.2)
    }

    @Test func overlongVarintIsRejected() {
        let bytes = [UInt8](repeating: 0xFF, count: 11)
        let result = bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return Result { () throws(DatastoreDecodingError) -> UInt64 in try reader.varint() }
        }
        #expect(throws: DatastoreDecodingError.self) { try result.get() }
    }

    @Test func everyMutationKindRoundTripsThroughABatch() throws {
        let payload = DatastoreCodec.encodeBatch(everyMutationKind)
        let decoded = try DatastoreCodec.decodeBatch(payload)
        #expect(decoded == everyMutationKind)
    }

    @Test func replaceAllRoundTrips() throws {
        let mutation = DatastoreMutation.replaceAll(stateAfter(everyMutationKind))
        let payload = DatastoreCodec.encodeBatch([mutation])
        let decoded = try DatastoreCodec.decodeBatch(payload)
        #expect(decoded == [mutation])
    }

    @Test func snapshotFileRoundTrips() {
        let snapshot = stateAfter(everyMutationKind)
        let identity = DatastoreFileFormat.Identity(storeID: 0xDEAD_BEEF, generation: 7)
        let file = DatastoreFileFormat.snapshotFile(snapshot, identity: identity)
        guard case .valid(let foundIdentity, let found) = DatastoreFileFormat.readSnapshot(file) else {
            Issue.record("snapshot did not read back")
            return
        }
        #expect(foundIdentity == identity)
        #expect(found == snapshot)
        #expect(DatastoreFileFormat.snapshotHeader(Array(file.prefix(44))) == .valid(identity))
    }

    @Test func aFlippedBitInASnapshotIsDetected() {
        let file = DatastoreFileFormat.snapshotFile(
            stateAfter(everyMutationKind), identity: .init(storeID: 1, generation: 1))
        for index in stride(from: 0, to: file.count, by: 7) {
            var damaged = file
            damaged[index] ^= 0x10
            if case .valid = DatastoreFileFormat.readSnapshot(damaged) {
                Issue.record("a flipped bit at \(index) went unnoticed")
            }
        }
    }

    @Test func recordsStopAtATornTail() {
        let first = DatastoreFileFormat.record(DatastoreCodec.encodeBatch(Array(everyMutationKind.prefix(3))))
        let second = DatastoreFileFormat.record(DatastoreCodec.encodeBatch(Array(everyMutationKind.suffix(3))))
        for cut in 0..<second.count {
            let tail = DatastoreFileFormat.readRecords(first + second.prefix(cut))
            #expect(tail.batches == [Array(everyMutationKind.prefix(3))])
            #expect(tail.validLength == first.count)
        }
        let whole = DatastoreFileFormat.readRecords(first + second)
        #expect(whole.batches.count == 2)
        #expect(whole.validLength == first.count + second.count)
    }
}
