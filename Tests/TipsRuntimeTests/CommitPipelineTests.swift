import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// A backend whose first commit blocks until released, to see what the
/// pipeline queues meanwhile.
final class GatedDatastore: DatastoreBackend, @unchecked Sendable {
    // @unchecked: `batches` is guarded by its lock; the semaphores are thread-safe.
    let inner = InMemoryDatastore()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let batches = Locked<[Int]>([])

    /// The size of each batch committed, in order.
    var batchSizes: [Int] { batches.withLock { $0 } }

    func load() -> DatastoreSnapshot { inner.load() }
    func erase() { inner.erase() }
    func takeOutsideChanges() -> [DatastoreMutation] { inner.takeOutsideChanges() }

    func commitNow(_ mutations: [DatastoreMutation]) -> Bool {
        let isFirst = batches.withLock { batches in
            batches.append(mutations.count)
            return batches.count == 1
        }
        if isFirst {
            entered.signal()
            release.wait()
        }
        return inner.commitNow(mutations)
    }
}

@Suite struct CommitPipelineTests {
    @Test func donationsQueuedDuringACommitShareTheNextOne() async throws {
        let backend = GatedDatastore()
        let center = TipCenter(backend: backend)
        try await center.configure([
            .arguments([]), .environment([:]), .datastoreLocation(.url(URL(fileURLWithPath: "/nonexistent/tips"))),
        ])
        let first = Task { await Fixture.opened.donate(in: center) }
        await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                backend.entered.wait()
                entered.resume()
            }
        }
        // The writer is stuck in the first commit: these queue up behind it.
        let later = (0..<10).map { _ in Task { await Fixture.opened.donate(in: center) } }
        while Fixture.opened.donationCount(in: center) < 11 { await Task.yield() }
        backend.release.signal()
        await first.value
        for task in later { await task.value }
        #expect(backend.batchSizes == [1, 10])
        #expect(backend.inner.committed.donations["opened"]?.count == 11)
    }

    @Test func anAwaitedDonationIsCommittedWhenItReturns() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { await Fixture.opened.donate(in: center) } }
        }
        #expect(backend.committed.donations["opened"]?.count == 200)
    }

    @Test func sendDonationAppliesBeforeReturningAndCommitsLater() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let tip = TestTip("Opened", rules: [Fixture.openedAtLeast(1)])
        #expect(center.status(for: tip) == .pending)
        Fixture.opened.sendDonation(in: center)
        #expect(Fixture.opened.donationCount(in: center) == 1)
        #expect(center.status(for: tip) == .available)
        await Fixture.favorited.donate(in: center)  // durable, so everything before it is too
        #expect(backend.committed.donations["opened"]?.count == 1)
    }

    @Test func aChangeOnAnInMemoryStoreIsCommittedBeforeItReturns() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        Fixture.opened.sendDonation(in: center)
        // Written on the sender's thread, under the engine's lock, not by the writer.
        #expect(backend.committed.donations["opened"]?.count == 1)
        #expect(center.pipeline.isIdle)
    }

    @Test(.hangGuard) func waitingForAnEmptyBatchWaitsForEveryBatchSentBefore() async throws {
        let backend = GatedDatastore()
        let pipeline = CommitPipeline()
        pipeline.start(backend)
        let first = pipeline.send([.setParameter(id: "a", value: .int(1))])
        backend.entered.wait()
        let empty = pipeline.send([])
        #expect(empty == first)
        #expect(!pipeline.isDurable(empty))
        let resumed = DispatchSemaphore(value: 0)
        pipeline.whenDurable(empty) { resumed.signal() }
        #expect(resumed.wait(timeout: .now() + 0.05) == .timedOut)
        backend.release.signal()
        await pipeline.waitUntilDurable(empty)
        #expect(resumed.wait(timeout: .now() + 60) == .success)
        #expect(pipeline.isIdle)
    }

    @Test func anInMemoryLocationKeepsNothingOnDisk() async throws {
        let temporary = TemporaryDirectory("tips-inmemory")
        // A home the store would have to make.
        let home = temporary.appendingPathComponent("home")
        let environment = ["XDG_DATA_HOME": home.path, "HOME": home.path]
        let center = TipCenter()
        try await center.configure([.datastoreLocation(.inMemory), .arguments([]), .environment(environment)])
        await Fixture.opened.donate(in: center)
        #expect(Fixture.opened.donationCount(in: center) == 1)
        #expect(!FileManager.default.fileExists(atPath: home.path))
        let other = TipCenter()
        try await other.configure([.datastoreLocation(.inMemory), .arguments([]), .environment(environment)])
        #expect(Fixture.opened.donationCount(in: other) == 0)
    }
}
