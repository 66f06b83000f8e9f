import Foundation
import Testing

@testable import TipsRuntime

/// The codec writes the bytes docs/DatastoreFormat.md describes, pinned here
/// as format 3 wrote them: a change to the codec that changes a byte of the
/// files users already have fails these tests.
@Suite struct DatastoreFormatBytesTests {
    /// Each of ``everyMutationKind``, as a batch of one writes it after its count byte, in hex.
    private static let mutationBytes: [String] = [
        "010a69734c6f67676564496e0101",
        "0104666c61670100",
        "0105636f756e740253",
        "010362696702feffffffffffffffff01",
        "0105736d616c6c02ffffffffffffffffff01",
        "0105726174696f03000000000000c0bf",
        "01046e616d6504144772c3bcc39f652c20e4b896e7958c20f09f8cb2",
        "0105656d7074790400",
        "01047761697405000000000018f540",
        "01057468656d6506046461726b",
        "020b6f70656e6564547261696c00002040fc54d9411a02026b6d03000000000000294005747261696c04055269646765d00f00",
        "020b6f70656e6564547261696c00000059fc54d94100d00f01000000000020ac40",
        "03086661766f7269746500000072fc54d941",
        "04086661766f726974650000000000001140",
        "03056f746865720000008bfc54d941",
        "05086661766f7269746501000000a4fc54d941",
        "05016100000000000000f03f",
        "050162020000000000000040",
        "050163030000000000000840",
        "06056f74686572",
        "0301620000000000001040",
        "0801620000000000001440",
        "050162010000000000001840",
        "0204676f6e650000000000001c40001400",
        "0904676f6e65",
        "03066f6c645469700000000000002040",
        "0a01066f6c64546970086661766f72697465",
        "01076f6c64466c61670101",
        "0a02076f6c64466c61670b72656e616d6564466c6167",
        "02086f6c644576656e740000000000002240001400",
        "0a03086f6c644576656e740b6f70656e6564547261696cd00f",
        "0a04057468656d65046461726b056e69676874",
        "0a050b6f70656e6564547261696c05747261696c057269646765056372657374",
        "0b086661766f7269746500000000000024400000000000002640",
        "0b06736e6f6f7a790000000000002840000000000038ac40",
        "0c0df0ad0befbeadde",
        "0c0100000000000000",
    ]

    /// The body of a snapshot of the state after ``everyMutationKind``, in hex.
    private static let snapshotBody = [
        "0b0362696702feffffffffffffffff0105636f756e74025305656d707479040004666c616701000a69734c6f67676564",
        "496e0101046e616d6504144772c3bcc39f652c20e4b896e7958c20f09f8cb205726174696f03000000000000c0bf0b72",
        "656e616d6564466c6167010105736d616c6c02ffffffffffffffffff01057468656d6506056e69676874047761697405",
        "000000000018f540010b6f70656e6564547261696c0300000000000022400000002040fc54d9411a02026b6d03000000",
        "000000294005747261696c0405526964676500000059fc54d94100050161000000000000000000000001000000000000",
        "00f03f016200000000000000000001000000000000104001000000000000104003010000000000001840000000000000",
        "14400163000000000000000000000001030000000000000840086661766f726974650400000000000011400100000000",
        "000020400100000072fc54d9410501000000a4fc54d94102010000000000002440000000000000264006736e6f6f7a79",
        "00000000000000000000000402010000000000002840000000000038ac40010000000000002040010df0ad0befbeadde",
    ].joined()

    @Test func everyMutationKindEncodesToThePinnedBytesAndDecodesFromThem() throws {
        #expect(Self.mutationBytes.count == everyMutationKind.count)
        for (mutation, hex) in zip(everyMutationKind, Self.mutationBytes) {
            let bytes = DatastoreCodec.encodeBatch([mutation])
            #expect(bytes.first == 1, "a batch starts with its count")
            #expect(Self.hex(bytes.dropFirst()) == hex, "\(mutation)")
            #expect(try DatastoreCodec.decodeBatch(bytes) == [mutation])
        }
    }

    @Test func aSnapshotBodyAndReplaceAllEncodeToThePinnedBytes() throws {
        let state = stateAfter(everyMutationKind)
        var writer = ByteWriter(capacity: 512)
        DatastoreCodec.encode(state, into: &writer)
        #expect(Self.hex(writer.bytes[...]) == Self.snapshotBody)
        let replaceAll = DatastoreCodec.encodeBatch([.replaceAll(state)])
        #expect(Self.hex(replaceAll[...]) == "0107" + Self.snapshotBody, "replaceAll is tag 7, then a snapshot body")
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
