import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreJournalTests {
    @Test func aFreshDirectoryLoadsEmptyWithoutRecovery() {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url.appendingPathComponent("nested/store"))
        #expect(store.load() == DatastoreSnapshot())
        #expect(log.all.isEmpty)
        #expect(!store.isReadOnly)
    }

    @Test func everyMutationKindSurvivesReopening() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let expected = stateAfter(everyMutationKind)
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
            for mutation in everyMutationKind { await store.commit([mutation]) }
        }
        let reopened = log.datastore(directory.url)
        #expect(reopened.load() == expected)
        #expect(log.all.isEmpty)
    }

    @Test func aBatchIsOneRecord() async {
        let directory = StoreDirectoryFixture()
        let store = DatastoreRecoveryLog().datastore(directory.url)
        _ = store.load()
        await store.commit(everyMutationKind)
        #expect(store.batchesWritten == 1)
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == stateAfter(everyMutationKind))
    }

    @Test func anEmptyCommitWritesNothing() async {
        let directory = StoreDirectoryFixture()
        let store = DatastoreRecoveryLog().datastore(directory.url)
        _ = store.load()
        await store.commit([])
        #expect(store.batchesWritten == 0)
    }

    @Test func aTornTailIsIgnoredAndCutOff() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
            await store.commit([numberedDonation("e", 1)])
            await store.commit([numberedDonation("e", 2)])
        }
        let journal = directory.journalURL(1)
        let whole = fileBytes(of: journal)
        // A third record cut short, as a crash mid-write leaves it.
        let torn = DatastoreFileFormat.record(DatastoreCodec.encodeBatch([numberedDonation("e", 3)]))
        writeFile(whole + torn.prefix(torn.count - 3), to: journal)

        let reopened = log.datastore(directory.url)
        #expect(reopened.load() == stateAfter([numberedDonation("e", 1), numberedDonation("e", 2)]))
        #expect(fileBytes(of: journal) == whole)
        // Appending after the cut keeps the journal readable.
        await reopened.commit([numberedDonation("e", 4)])
        #expect(
            log.datastore(directory.url).load()
                == stateAfter([numberedDonation("e", 1), numberedDonation("e", 2), numberedDonation("e", 4)]))
        #expect(log.all.isEmpty)
    }

    @Test func compactionKeepsEverything() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        var mutations: [DatastoreMutation] = []
        do {
            let store = log.datastore(directory.url, compactionThreshold: 512)
            _ = store.load()
            for index in 0..<300 {
                let mutation =
                    index % 50 == 0
                    ? everyMutationKind[index / 50 % everyMutationKind.count] : numberedDonation("e\(index % 3)", index)
                mutations.append(mutation)
                await store.commit([mutation])
            }
            #expect(store.compactions >= 3)
        }
        let files = directory.fileNames()
        let journals = files.filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }
        #expect(journals.count <= 2, "old journals are removed: \(files)")
        #expect(!files.contains { $0.hasSuffix(".tmp") })
        #expect(log.datastore(directory.url).load() == stateAfter(mutations))
        #expect(log.all.isEmpty)
    }

    @Test func aCompactionInterruptedBeforeItsRenameLeavesTheOldStore() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
            await store.commit([numberedDonation("e", 1), numberedDonation("e", 2)])
        }
        // What a crash between creating the next journal and renaming the
        // snapshot leaves: a stray empty journal of generation 2 and a temp file.
        writeFile(DatastoreFileFormat.journalHeader(.init(storeID: 99, generation: 2)), to: directory.journalURL(2))
        writeFile([1, 2, 3], to: directory.url.appendingPathComponent("Tips.store.tmp"))
        let store = log.datastore(directory.url)
        #expect(store.load() == stateAfter([numberedDonation("e", 1), numberedDonation("e", 2)]))
        #expect(log.all.isEmpty)
    }

    @Test func eraseRemovesTheFilesAndStartsOver() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        await store.commit(everyMutationKind)
        store.erase()
        #expect(directory.fileNames() == [DatastoreDirectory.lockName])
        #expect(store.load() == DatastoreSnapshot())
        await store.commit([numberedDonation("e", 1)])
        #expect(log.datastore(directory.url).load() == stateAfter([numberedDonation("e", 1)]))
    }

    @Test func aMissingJournalIsRecreated() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
        }
        try? FileManager.default.removeItem(at: directory.journalURL(1))
        let store = log.datastore(directory.url)
        #expect(store.load() == DatastoreSnapshot())
        await store.commit([numberedDonation("e", 1)])
        #expect(log.datastore(directory.url).load() == stateAfter([numberedDonation("e", 1)]))
        #expect(log.all.isEmpty)
    }
}
