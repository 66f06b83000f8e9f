import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

@Suite struct DatastoreLargeStoreTests {
    /// 100 events × 1000 donations with two small fields each.
    private static func largeStoreMutations() -> [DatastoreMutation] {
        var mutations: [DatastoreMutation] = []
        mutations.reserveCapacity(100_000)
        for event in 0..<100 {
            for index in 0..<1000 {
                let fields: [String: TipValue] = [
                    "screen": .enumCase(index % 2 == 0 ? "home" : "detail"), "count": .int(index % 7),
                ]
                mutations.append(
                    .donate(
                        eventID: "event\(event)",
                        donation: StoredDonation(date: 1_700_000_000 + Double(index), fields: fields),
                        keepCount: 1000, keepDuration: nil))
            }
        }
        return mutations
    }

    /// A large store is compacted into one snapshot and loads whole. How
    /// fast it loads is measured in `tipc-bench` ("store load"), never here.
    @Test func aLargeStoreCompactsAndLoadsWhole() async {
        let directory = StoreDirectoryFixture()
        let mutations = Self.largeStoreMutations()
        do {
            // A tiny threshold: the batch is compacted into the snapshot at once.
            let writer = DatastoreRecoveryLog().datastore(directory.url, compactionThreshold: 1)
            _ = writer.load()
            await writer.commit(mutations)
            #expect(writer.compactions == 1)
        }
        let log = DatastoreRecoveryLog()
        let loaded = log.datastore(directory.url).load()
        #expect(loaded.donations.count == 100)
        #expect(loaded.donations.values.allSatisfy { $0.count == 1000 })
        #expect(log.all.isEmpty)
    }

    /// A journal of 100,000 donations, never compacted, replays to the state
    /// its mutations describe.
    @Test func aLongJournalReplaysToItsState() async {
        let directory = StoreDirectoryFixture()
        let mutations = Self.largeStoreMutations()
        do {
            // No compaction: everything is replayed from the journal.
            let writer = DatastoreRecoveryLog().datastore(directory.url, compactionThreshold: Int.max)
            _ = writer.load()
            await writer.commit(mutations)
        }
        let loaded = DatastoreRecoveryLog().datastore(directory.url).load()
        #expect(loaded == stateAfter(mutations))
    }
}
