import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreGroupCommitTests {
    @Test func concurrentCommitsShareWrites() async {
        let directory = StoreDirectoryFixture()
        let store = DatastoreRecoveryLog().datastore(directory.url)
        _ = store.load()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<1000 {
                group.addTask { await store.commit([numberedDonation("e", index)]) }
            }
        }
        let batches = store.batchesWritten
        #expect(batches >= 1)
        #expect(batches <= 250, "1000 commits took \(batches) writes")
        let loaded = DatastoreRecoveryLog().datastore(directory.url).load()
        // By their numbers: commits land in any order, and one stored after a later-dated one re-dates it.
        #expect(Set(loaded.donations["e"]?.map { $0.fields["i"] } ?? []) == Set((0..<1000).map { TipValue.int($0) }))
    }

    @Test func aCommitReturnsOnlyOnceItsBatchIsWritten() async {
        let directory = StoreDirectoryFixture()
        let url = directory.url
        let store = DatastoreRecoveryLog().datastore(url)
        _ = store.load()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    await store.commit([numberedDonation("e", index)])
                    // Another handle on the directory already sees it, by its number: a commit stored
                    // after a later-dated one is re-dated, so its date may not be its index.
                    let seen = DatastoreRecoveryLog().datastore(url).load()
                    #expect(seen.donations["e"]?.contains { $0.fields["i"] == .int(index) } == true)
                }
            }
        }
    }
}
