import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreJournalTests {
    @Test func aFreshDirectoryLoadsEmptyWithoutRecovery() {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        let store = log.datastore(directory.url.appendingPathComponent("nested/store"))
        #expect(store.load() == DatastoreSnapshot())
        #expect(log.all.isEmpty)
        #expect(!store.isReadOnly)
    }

    @Test func everyMutationKindSurvivesReopening() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        let expected = applying(everyMutationKind)
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
        let directory = TemporaryDirectory()
        let store = RecoveryLog().datastore(directory.url)
        _ = store.load()
        await store.commit(everyMutationKind)
        #expect(store.batchesWritten == 1)
        #expect(RecoveryLog().datastore(directory.url).load() == applying(everyMutationKind))
    }

    @Test func anEmptyCommitWritesNothing() async {
        let directory = TemporaryDirectory()
        let store = RecoveryLog().datastore(directory.url)
        _ = store.load()
        await store.commit([])
        #expect(store.batchesWritten == 0)
    }

    @Test func aTornTailIsIgnoredAndCutOff() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
            await store.commit([donation("e", 1)])
            await store.commit([donation("e", 2)])
        }
        let journal = directory.journalURL(1)
        let whole = bytes(of: journal)
        // A third record cut short, as a crash mid-write leaves it.
        let torn = DatastoreFileFormat.record(DatastoreCodec.encodeBatch([donation("e", 3)]))
        write(whole + torn.prefix(torn.count - 3), to: journal)

        let reopened = log.datastore(directory.url)
        #expect(reopened.load() == applying([donation("e", 1), donation("e", 2)]))
        #expect(bytes(of: journal) == whole)
        // Appending after the cut keeps the journal readable.
        await reopened.commit([donation("e", 4)])
        #expect(
            log.datastore(directory.url).load() == applying([donation("e", 1), donation("e", 2), donation("e", 4)]))
        #expect(log.all.isEmpty)
    }

    @Test func compactionKeepsEverything() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        var mutations: [DatastoreMutation] = []
        do {
            let store = log.datastore(directory.url, compactionThreshold: 512)
            _ = store.load()
            for index in 0..<300 {
                let mutation =
                    index % 50 == 0
                    ? everyMutationKind[index / 50 % everyMutationKind.count] : donation("e\(index % 3)", index)
                mutations.append(mutation)
                await store.commit([mutation])
            }
            #expect(store.compactions >= 3)
        }
        let files = directory.fileNames()
        let journals = files.filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }
        #expect(journals.count <= 2, "old journals are removed: \(files)")
        #expect(!files.contains { $0.hasSuffix(".tmp") })
        #expect(log.datastore(directory.url).load() == applying(mutations))
        #expect(log.all.isEmpty)
    }

    @Test func aCompactionInterruptedBeforeItsRenameLeavesTheOldStore() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
            await store.commit([donation("e", 1), donation("e", 2)])
        }
        // What a crash between creating the next journal and renaming the
        // snapshot leaves: a stray empty journal of generation 2 and a temp file.
        write(DatastoreFileFormat.journalHeader(.init(storeID: 99, generation: 2)), to: directory.journalURL(2))
        write([1, 2, 3], to: directory.url.appendingPathComponent("Tips.store.tmp"))
        let store = log.datastore(directory.url)
        #expect(store.load() == applying([donation("e", 1), donation("e", 2)]))
        #expect(log.all.isEmpty)
    }

    @Test func eraseRemovesTheFilesAndStartsOver() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        await store.commit(everyMutationKind)
        store.erase()
        #expect(directory.fileNames() == [DatastoreDirectory.lockName])
        #expect(store.load() == DatastoreSnapshot())
        await store.commit([donation("e", 1)])
        #expect(log.datastore(directory.url).load() == applying([donation("e", 1)]))
    }

    @Test func aMissingJournalIsRecreated() async {
        let directory = TemporaryDirectory()
        let log = RecoveryLog()
        do {
            let store = log.datastore(directory.url)
            _ = store.load()
        }
        try? FileManager.default.removeItem(at: directory.journalURL(1))
        let store = log.datastore(directory.url)
        #expect(store.load() == DatastoreSnapshot())
        await store.commit([donation("e", 1)])
        #expect(log.datastore(directory.url).load() == applying([donation("e", 1)]))
        #expect(log.all.isEmpty)
    }
}
