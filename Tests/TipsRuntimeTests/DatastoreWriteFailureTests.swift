import Foundation
import Testing

@testable import TipsRuntime

/// A disk that refuses writes (full, failing): nothing is lost while the
/// process runs, the failure is reported once, and writing resumes.
@Suite struct DatastoreWriteFailureTests {
    @Test func aRefusedWriteIsReportedOnceAndRetriedWithTheNextCommit() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        await store.commit([numberedDonation("e", 1)])

        store.refuseWritesForTesting(true)
        await store.commit([numberedDonation("e", 2)])
        await store.commit([numberedDonation("e", 3)])
        #expect(store.batchesWritten == 1)
        #expect(log.all.count == 1)
        let report = log.all.first
        #expect(report?.originalURL == directory.url)
        #expect(report?.movedTo == nil)
        #expect(report?.reason.contains("no space left on device") == true)
        #expect(report?.reason.contains("kept in memory") == true)
        // Nothing refused reached the disk.
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == stateAfter([numberedDonation("e", 1)]))

        store.refuseWritesForTesting(false)
        await store.commit([numberedDonation("e", 4)])
        #expect(store.batchesWritten == 2)
        let expected = stateAfter((1...4).map { numberedDonation("e", $0) })
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == expected)
        #expect(log.all.count == 1)
    }

    @Test func aSecondFailureAfterARecoveryIsReportedAgain() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        store.refuseWritesForTesting(true)
        await store.commit([numberedDonation("e", 1)])
        store.refuseWritesForTesting(false)
        await store.commit([numberedDonation("e", 2)])
        store.refuseWritesForTesting(true)
        await store.commit([numberedDonation("e", 3)])
        #expect(log.all.count == 2)
        store.refuseWritesForTesting(false)
        await store.commit([])
        let expected = stateAfter((1...3).map { numberedDonation("e", $0) })
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == expected)
    }

    @Test func theEngineKeepsWorkingInMemoryAndReportsThroughItsCallback() async throws {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        let center = TipCenter(backend: store)
        try await center.configure([.arguments([]), .environment([:]), .clock(ManualClock())])
        store.refuseWritesForTesting(true)
        let tip = TestTip("Opened", rules: [Fixture.openedAtLeast(2)])
        await Fixture.opened.donate(in: center)
        await Fixture.opened.donate(in: center)
        #expect(tip.status(in: center) == .available)
        #expect(log.all.count == 1)
        store.refuseWritesForTesting(false)
        await Fixture.opened.donate(in: center)
        #expect(DatastoreRecoveryLog().datastore(directory.url).load().donations["opened"]?.count == 3)
    }
}
