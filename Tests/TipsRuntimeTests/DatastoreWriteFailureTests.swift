import Foundation
import Testing

@testable import TipsRuntime

/// A disk that refuses writes (full, failing): nothing is lost while the
/// process runs, the failure is reported once, an awaited commit waits until
/// it is durable, and writing resumes by itself once the disk accepts it.
@Suite(.timeLimit(.minutes(1))) struct DatastoreWriteFailureTests {
    @Test func aRefusedWriteIsReportedOnceRetriedAndAwaitedUntilWritten() async throws {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        await store.commit([numberedDonation("e", 1)])

        store.refuseWritesForTesting(true)
        let returned = Locked(0)
        let commits = (2...3).map { index in
            Task {
                await store.commit([numberedDonation("e", index)])
                returned.withLock { $0 += 1 }
            }
        }
        // Until the refusal is reported (the writer's first try), however loaded the machine.
        let deadline = Date().addingTimeInterval(30)
        while log.all.isEmpty && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(returned.withLock { $0 } == 0, "a commit does not return before it is durable")
        #expect(store.batchesWritten == 1)
        #expect(log.all.count == 1, "reported once, not at every retry")
        let report = log.all.first
        #expect(report?.originalURL == directory.url)
        #expect(report?.movedTo == nil)
        #expect(report?.reason.contains("no space left on device") == true)
        #expect(report?.reason.contains("retried") == true)
        // Nothing refused reached the disk.
        #expect(DatastoreRecoveryLog().datastore(directory.url).load() == stateAfter([numberedDonation("e", 1)]))

        store.refuseWritesForTesting(false)
        for commit in commits { await commit.value }
        let loaded = DatastoreRecoveryLog().datastore(directory.url).load()
        // By their numbers: 2 and 3 land in either order, and one stored after a later-dated one re-dates it.
        #expect(Set(loaded.donations["e"]?.map { $0.fields["i"] } ?? []) == [.int(1), .int(2), .int(3)])
        #expect(log.all.count == 1)
    }

    @Test func aSecondFailureAfterARecoveryIsReportedAgain() async throws {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let store = log.datastore(directory.url)
        _ = store.load()
        for index in 1...2 {
            store.refuseWritesForTesting(true)
            let commit = Task { await store.commit([numberedDonation("e", index)]) }
            while log.all.count < index { try await Task.sleep(nanoseconds: 5_000_000) }
            store.refuseWritesForTesting(false)
            await commit.value
        }
        #expect(log.all.count == 2)
        let expected = stateAfter((1...2).map { numberedDonation("e", $0) })
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
        Fixture.opened.sendDonation(in: center)
        let awaited = Task { await Fixture.opened.donate(in: center) }
        while Fixture.opened.donationCount(in: center) < 2 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(tip.status(in: center) == .available, "applied in memory before it is durable")
        while log.all.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(log.all.count == 1)
        store.refuseWritesForTesting(false)
        await awaited.value
        #expect(DatastoreRecoveryLog().datastore(directory.url).load().donations["opened"]?.count == 2)
    }
}
