import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreRecoveryTests {
    /// A store holding `everyMutationKind`, in its snapshot (compacted).
    private func makeStore(in directory: borrowing StoreDirectoryFixture) async {
        let store = DatastoreRecoveryLog().datastore(directory.url, compactionThreshold: 1)
        _ = store.load()
        await store.commit(everyMutationKind)
        await store.commit([numberedDonation("e", 1)])
    }

    private static let damages: [StoreDamage] = [
        .empty, .truncatedHeader(keeping: 20), .truncatedBody(dropping: 5),
        .garbage(count: 300, multiplier: 37, offset: 11), .magic("NOTTIPS!", named: "wrong magic"), .flippedBit,
        .versionZero(named: "version zero"),
    ]

    /// With `chain`, the journals of generations 1 and 2 are both there
    /// (what compaction leaves): from the first's empty start they replay to
    /// the whole state. Without it, journal 2 alone is changes over a lost
    /// snapshot: it is set aside, and the store starts empty.
    @Test(arguments: damages.indices, [true, false])
    func aDamagedSnapshotIsSetAsideReportedAndReplaced(_ damageIndex: Int, chain: Bool) async {
        let (name, damage) = (Self.damages[damageIndex].name, Self.damages[damageIndex].apply)
        let directory = StoreDirectoryFixture()
        await makeStore(in: directory)
        #expect(directory.fileNames().filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }.count == 2)
        let damaged = damage(fileBytes(of: directory.snapshotURL))
        writeFile(damaged, to: directory.snapshotURL)
        if !chain { try? FileManager.default.removeItem(at: directory.journalURL(1)) }

        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        let kept = chain ? stateAfter(everyMutationKind + [numberedDonation("e", 1)]) : DatastoreSnapshot()
        #expect(store.load() == kept, "\(name)")
        #expect(
            log.all.filter { $0.originalURL.lastPathComponent.hasPrefix(DatastoreDirectory.journalPrefix) }
                .allSatisfy { $0.movedTo != nil }, "\(name): journals are kept aside")
        let recovery = log.all.first { $0.originalURL.lastPathComponent == DatastoreDirectory.snapshotName }
        #expect(recovery != nil, "\(name): recovery reported")
        if let movedTo = recovery?.movedTo {
            #expect(movedTo.lastPathComponent.hasPrefix("Tips.store.corrupt-"))
            #expect(fileBytes(of: movedTo) == damaged, "\(name): the damaged bytes are kept")
        } else {
            Issue.record("\(name): the snapshot was not moved aside")
        }
        #expect(!store.isReadOnly)
        // The fresh store works and persists.
        await store.commit([numberedDonation("f", 1)])
        let again = DatastoreRecoveryLog()
        #expect(again.datastore(directory.url).load() == stateAfter([numberedDonation("f", 1)], from: kept))
        #expect(again.all.isEmpty)
    }

    @Test func aDamagedJournalHeaderIsSetAsideAndTheSnapshotKept() async {
        let directory = StoreDirectoryFixture()
        await makeStore(in: directory)
        // The snapshot holds the first batch; the journal the last donation.
        let expected = stateAfter(everyMutationKind)
        let journal = directory.fileNames().filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }.max() ?? ""
        writeFile(
            Array("garbage garbage garbage garbage garbage".utf8), to: directory.url.appendingPathComponent(journal))

        let log = DatastoreRecoveryLog()
        #expect(log.datastore(directory.url).load() == expected)
        #expect(log.all.count == 1)
        #expect(log.all.first?.movedTo != nil)
        #expect(directory.setAsideNames().count == 1)
    }

    @Test func aStoreFromANewerReleaseIsNeitherReadNorWritten() async {
        let directory = StoreDirectoryFixture()
        await makeStore(in: directory)
        let newer = fromNewerRelease(
            fileBytes(of: directory.snapshotURL), version: DatastoreFileFormat.currentVersion + 1)
        writeFile(newer, to: directory.snapshotURL)
        let before = directory.fileNames().map { ($0, fileBytes(of: directory.url.appendingPathComponent($0))) }

        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        #expect(store.load() == DatastoreSnapshot())
        #expect(store.isReadOnly)
        #expect(log.all.count == 1)
        #expect(log.all.first?.movedTo == nil)
        #expect(log.all.first?.reason.contains("version \(DatastoreFileFormat.currentVersion + 1)") == true)
        await store.commit([numberedDonation("e", 5)])
        #expect(store.takeOutsideChangesNow().isEmpty)
        _ = store.load()

        let after = directory.fileNames().map { ($0, fileBytes(of: directory.url.appendingPathComponent($0))) }
        #expect(after.map(\.0) == before.map(\.0))
        #expect(after.map(\.1) == before.map(\.1))
    }

    @Test func aJournalFromANewerReleaseLeavesTheStoreAlone() async {
        let directory = StoreDirectoryFixture()
        await makeStore(in: directory)
        let journal = directory.fileNames().filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }.max() ?? ""
        let journalURL = directory.url.appendingPathComponent(journal)
        let newer = fromNewerRelease(fileBytes(of: journalURL), version: 9)
        writeFile(newer, to: journalURL)

        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        #expect(store.load() == DatastoreSnapshot())
        #expect(store.isReadOnly)
        await store.commit([numberedDonation("e", 5)])
        #expect(fileBytes(of: journalURL) == newer)
        #expect(directory.setAsideNames().isEmpty)
    }

    @Test func theRecoveryCallbackMayCallBackIntoTheStore() async {
        let directory = StoreDirectoryFixture()
        writeFile(Array("not a store".utf8), to: directory.snapshotURL)
        let box = Locked<Datastore?>(nil)
        let calls = Locked(0)
        let store = Datastore(directory: directory.url) { _ in
            // Would deadlock if the callback ran under the store's lock.
            _ = box.withLock { $0 }?.takeOutsideChangesNow()
            calls.withLock { $0 += 1 }
        }
        box.withLock { $0 = store }
        _ = store.load()
        #expect(calls.withLock { $0 } == 1)
        await store.commit([numberedDonation("e", 1)])
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == stateAfter([numberedDonation("e", 1)]))
        box.withLock { $0 = nil }  // Breaks the cycle store → callback → box → store.
    }

    @Test func noByteSequenceTraps() async {
        let directory = StoreDirectoryFixture()
        await makeStore(in: directory)
        let original = fileBytes(of: directory.snapshotURL)
        let journalBytes =
            DatastoreFileFormat.journalHeader(.init(storeID: 1, generation: 1))
            + DatastoreFileFormat.record(DatastoreCodec.encodeBatch(everyMutationKind))
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            var sample = round % 2 == 0 ? original : journalBytes
            switch round % 4 {
            case 0, 1:
                sample = Array(sample.prefix(Int.random(in: 0...sample.count, using: &generator)))
            case 2:
                for _ in 0..<Int.random(in: 1...8, using: &generator) where !sample.isEmpty {
                    sample[Int.random(in: 0..<sample.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            default:
                sample = (0..<Int.random(in: 0...200, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            }
            // Straight through the decoders...
            _ = DatastoreFileFormat.readSnapshot(sample)
            _ = DatastoreFileFormat.journalHeader(sample)
            _ = DatastoreFileFormat.readRecords(sample)
            _ = try? DatastoreCodec.decodeBatch(sample)
            // ...and through a whole datastore now and then.
            if round % 20 == 0 {
                let scratch = StoreDirectoryFixture()
                writeFile(sample, to: scratch.snapshotURL)
                writeFile(sample, to: scratch.journalURL(1))
                let store = DatastoreRecoveryLog().datastore(scratch.url)
                _ = store.load()
                await store.commit([numberedDonation("e", round)])
                _ = store.takeOutsideChangesNow()
            }
        }
    }
}
