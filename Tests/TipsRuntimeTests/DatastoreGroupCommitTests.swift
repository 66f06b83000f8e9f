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
        #expect(Set(loaded.donations["e"]?.map(\.date) ?? []) == Set((0..<1000).map(Double.init)))
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
                    // Another handle on the directory already sees it.
                    let seen = DatastoreRecoveryLog().datastore(url).load()
                    #expect(seen.donations["e"]?.contains { $0.date == Double(index) } == true)
                }
            }
        }
    }
}
