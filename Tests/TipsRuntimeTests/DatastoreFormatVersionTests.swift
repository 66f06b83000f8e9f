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

    @Test func snoozesAndTheHoldoutSeedSurviveASnapshotAndAJournal() throws {
        let mutations: [DatastoreMutation] = [
            .snooze(tipID: "t", date: 10, until: 70),
            .snooze(tipID: "t", date: 80, until: 140),
            .invalidate(tipID: "u", reason: .tipClosed, date: 1),
            .snooze(tipID: "u", date: 2, until: 3),
            .resetTip(tipID: "u", date: 4),
            .setHoldoutSeed(7),
            .setHoldoutSeed(8),
        ]
        let state = stateAfter(mutations)
        #expect(state.tips["t"]?.snoozeCount == 2)
        #expect(state.tips["t"]?.snooze == StoredSnooze(date: 80, until: 140))
        #expect(state.tips["u"]?.snoozeCount == 0, "a reset forgets the snoozes")
        #expect(state.tips["u"]?.snooze == nil)
        #expect(state.holdoutSeed == 7, "the first seed committed wins")
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

    @Test func aVersionTwoSnapshotBodyReadsWithoutSnoozesOrSeed() throws {
        var state = stateAfter([.recordDisplayStart(tipID: "t", date: 1), .resetTip(tipID: "t", date: 2)])
        var writer = ByteWriter(capacity: 64)
        DatastoreCodec.encode(state, into: &writer)
        // Version 2 wrote everything up to the last display date: the body without the seed's byte.
        let versionTwo = Array(writer.bytes.dropLast())
        let read = try versionTwo.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            var cache = DecodingCache()
            return try DatastoreCodec.decodeSnapshot(&reader, &cache)
        }
        state.holdoutSeed = nil
        #expect(read == state)
        #expect(read.tips["t"]?.snoozeCount == 0)
    }

    /// Rewrites a file's header as version 1 wrote it: version 1, 0 where
    /// the header check now is, and the checksum that covers the header redone.
    private static func downgradeToVersionOne(_ url: URL, checksumAt offset: Int, coversBody: Bool) {
        var bytes = fileBytes(of: url)
        bytes[8] = 1
        bytes.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        let covered = Array(bytes[0..<offset]) + (coversBody ? Array(bytes[(offset + 4)...]) : [])
        let checksum = CRC32.checksum(covered)
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        writeFile(bytes, to: url)
    }

    private static func version(of url: URL) -> UInt8? { fileBytes(of: url).dropFirst(8).first }

    @Test func aStoreOfAnOlderVersionIsRewrittenInTheCurrentOneBeforeItsFirstWrite() {
        let store = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        do {
            let older = log.datastore(store.url)
            _ = older.load()
            #expect(older.commitNow([.setParameter(id: "p", value: .int(1))]))
        }
        Self.downgradeToVersionOne(store.snapshotURL, checksumAt: 40, coversBody: true)
        Self.downgradeToVersionOne(store.journalURL(1), checksumAt: 32, coversBody: false)
        let versionOneJournal = fileBytes(of: store.journalURL(1))

        let current = log.datastore(store.url)
        #expect(current.load().parameters["p"] == .int(1))
        // A mutation version 1 cannot read: it must never reach a version 1 file.
        #expect(current.commitNow([.resetTip(tipID: "t", date: 5)]))
        #expect(current.compactions == 1)
        #expect(Self.version(of: store.snapshotURL) == UInt8(DatastoreFileFormat.currentVersion))
        #expect(Self.version(of: store.journalURL(2)) == UInt8(DatastoreFileFormat.currentVersion))
        #expect(fileBytes(of: store.journalURL(1)) == versionOneJournal)
        #expect(log.all.isEmpty)
        let reopened = log.datastore(store.url).load()
        #expect(reopened.parameters["p"] == .int(1) && reopened.tips["t"]?.eligibleSince == 5)
    }

    @Test func aVersionOneSnapshotStillReads() {
        var record = TipRecord()
        record.displayCount = 2
        record.invalidation = StoredInvalidation(reason: .tipClosed, date: 5)
        var state = DatastoreSnapshot()
        state.tips["t"] = record
        state.parameters["p"] = .int(1)
        var bytes = DatastoreFileFormat.snapshotFile(state, identity: Self.identity)
        // What version 1 wrote: the same content (no reset date) under version 1,
        // with 0 where the header check now is, checksum redone.
        bytes[8] = 1
        bytes.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        let covered = Array(bytes[0..<40]) + Array(bytes[DatastoreFileFormat.snapshotHeaderSize...])
        let checksum = CRC32.checksum(covered)
        for index in 0..<4 { bytes[40 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        guard case .valid(_, let read) = DatastoreFileFormat.readSnapshot(bytes) else {
            Issue.record("a version 1 snapshot does not read")
            return
        }
        #expect(read == state)
    }

    /// Rewrites a file's header as version 2 wrote it: version 2, its header check and covering checksum redone.
    private static func downgradeToVersionTwo(_ url: URL, checksumAt offset: Int, coversBody: Bool) {
        var bytes = fileBytes(of: url)
        bytes[8] = 2
        let check = CRC32.checksum(Array(bytes[0..<12]))
        for index in 0..<4 { bytes[12 + index] = UInt8(truncatingIfNeeded: check >> (8 * index)) }
        let covered = Array(bytes[0..<offset]) + (coversBody ? Array(bytes[(offset + 4)...]) : [])
        let checksum = CRC32.checksum(covered)
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
        writeFile(bytes, to: url)
    }

    @Test func aVersion2StoreReadsAndIsRewrittenInVersion3BeforeAMoveReachesIt() {
        let store = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        do {
            let older = log.datastore(store.url)
            _ = older.load()
            #expect(older.commitNow([.setParameter(id: "isLoggedIn", value: .bool(true))]))
        }
        Self.downgradeToVersionTwo(store.snapshotURL, checksumAt: 40, coversBody: true)
        Self.downgradeToVersionTwo(store.journalURL(1), checksumAt: 32, coversBody: false)
        let current = log.datastore(store.url)
        #expect(current.load().parameters == ["isLoggedIn": .bool(true)])
        // A move, which version 2 cannot read, never reaches a version 2 file.
        #expect(current.commitNow([.move(.parameter(from: "isLoggedIn", to: "signedIn"))]))
        #expect(current.compactions == 1)
        #expect(Self.version(of: store.snapshotURL) == 3)
        #expect(Self.version(of: store.journalURL(1)) == 2)
        #expect(Self.version(of: store.journalURL(2)) == 3)
        #expect(log.all.isEmpty)
        #expect(log.datastore(store.url).load().parameters == ["signedIn": .bool(true)])
    }
}
