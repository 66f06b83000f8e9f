import Foundation
import Testing

@testable import TipsRuntime

/// Format version 2 adds a tip record's reset date and the journal's
/// mutations 8 (reset at a date) and 9 (delete donations); version 1 files
/// still read.
@Suite struct DatastoreFormatVersionTests {
    private static let identity = DatastoreFileFormat.Identity(storeID: 42, generation: 3)

    @Test func aResetDateAndDeletedDonationsSurviveASnapshotAndAJournal() throws {
        let mutations: [DatastoreMutation] = [
            .donate(eventID: "e", donation: StoredDonation(date: 1, fields: [:]), keepCount: 10, keepDuration: nil),
            .invalidate(tipID: "t", reason: .actionPerformed, date: 1),
            .resetTip(tipID: "t", date: 2),
            .resetTip(tipID: "u", date: 3),
            .invalidate(tipID: "u", reason: .tipClosed, date: 4),
            .deleteDonations(eventID: "e"),
        ]
        let state = stateAfter(mutations)
        #expect(state.tips["t"]?.eligibleSince == 2)
        #expect(state.tips["t"]?.invalidation == nil)
        #expect(state.tips["u"]?.eligibleSince == 3)
        #expect(state.donations["e"] == nil)
        guard
            case .valid(_, let read) = DatastoreFileFormat.readSnapshot(
                DatastoreFileFormat.snapshotFile(state, identity: Self.identity))
        else {
            Issue.record("the snapshot does not read back")
            return
        }
        #expect(read == state)
        #expect(try DatastoreCodec.decodeBatch(DatastoreCodec.encodeBatch(mutations)) == mutations)
    }

    @Test func aVersionOneSnapshotStillReads() {
        var record = TipRecord()
        record.displayCount = 2
        record.invalidation = StoredInvalidation(reason: .tipClosed, date: 5)
        var state = DatastoreSnapshot()
        state.tips["t"] = record
        state.parameters["p"] = .int(1)
        var bytes = DatastoreFileFormat.snapshotFile(state, identity: Self.identity)
        // What version 1 wrote: the same content (no reset date) under version 1, checksum redone.
        bytes[8] = 1
        let covered = Array(bytes[0..<40]) + Array(bytes[DatastoreFileFormat.snapshotHeaderSize...])
        let checksum = CRC32.checksum(covered)
        for index in 0..<4 { bytes[40 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        guard case .valid(_, let read) = DatastoreFileFormat.readSnapshot(bytes) else {
            Issue.record("a version 1 snapshot does not read")
            return
        }
        #expect(read == state)
    }
}
