import Foundation
import Testing

@testable import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A status read takes in other processes' changes without waiting for the
/// disk under the engine's lock: the reading happens in the background.
@Suite struct StatusReadLockTests {
    @Test(.timeLimit(.minutes(1)))
    func aStatusReadDoesNotWaitForAnotherProcessHoldingTheStoreLock() async throws {
        let store = StoreDirectoryFixture()
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]), .onDatastoreRecovery { _ in },
        ])
        let opened = Tips.Event(id: "opened")
        let tip = TestTip(
            "Opened", rules: [.binary(.greaterOrEqual, .count(EventQuery(event: opened, steps: [])), .literal(.int(1)))]
        )
        await opened.donate(in: center)

        // Another process holds the lock (an flock of its own open file), as
        // during a long compaction or a write stalled on a slow disk.
        let fd = open(store.url.appendingPathComponent(DatastoreDirectory.lockName).path, O_RDWR)
        #expect(fd >= 0)
        #expect(flock(fd, LOCK_EX) == 0)
        // Past the half second between two looks at the disk.
        try await Task.sleep(nanoseconds: 600_000_000)
        let reads = Locked(0)
        let reader = Thread {
            for _ in 0..<3 {
                _ = tip.status(in: center)
                reads.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.6)
            }
        }
        reader.start()
        let deadline = Date().addingTimeInterval(10)
        while reads.withLock({ $0 }) < 3 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(reads.withLock { $0 } == 3, "status reads waited for the store's lock")
        flock(fd, LOCK_UN)
        close(fd)
        #expect(tip.status(in: center) == .available)
    }
}
