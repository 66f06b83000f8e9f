import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreCodecTests {
    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
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
            return Result { () throws(FormatError) -> UInt64 in try reader.varint() }
        }
        #expect(throws: FormatError.self) { try result.get() }
    }

    @Test func everyMutationKindRoundTripsThroughABatch() throws {
        let payload = DatastoreCodec.encodeBatch(everyMutationKind)
        let decoded = try payload.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return try DatastoreCodec.decodeBatch(&reader)
        }
        #expect(decoded == everyMutationKind)
    }

    @Test func replaceAllRoundTrips() throws {
        let mutation = DatastoreMutation.replaceAll(applying(everyMutationKind))
        let payload = DatastoreCodec.encodeBatch([mutation])
        let decoded = try payload.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return try DatastoreCodec.decodeBatch(&reader)
        }
        #expect(decoded == [mutation])
    }

    @Test func snapshotFileRoundTrips() {
        let snapshot = applying(everyMutationKind)
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
        let file = DatastoreFileFormat.snapshotFile(applying(everyMutationKind), identity: .init(storeID: 1, generation: 1))
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
