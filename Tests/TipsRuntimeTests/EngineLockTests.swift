import Foundation
import Testing

@testable import TipsRuntime

/// The engine's lock: an operation handed over while the lock is held runs
/// exactly once, under the lock, before the holder lets go or on a later holder.
@Suite struct EngineLockTests {
    /// Holds `lock` on another thread until `release` is signalled; returns once it is held.
    private static func hold(_ lock: EngineLock<[Int]>, until release: DispatchSemaphore) -> DispatchSemaphore {
        let held = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            lock.withLock { _ in
                held.signal()
                release.wait()
            }
            done.signal()
        }
        held.wait()
        return done
    }

    @Test func anOperationHandedOverWhileTheLockIsHeldRunsBeforeTheHolderLetsGo() {
        let lock = EngineLock([Int](), afterHandedOver: {})
        let release = DispatchSemaphore(value: 0)
        let done = Self.hold(lock, until: release)
        lock.handOver { value in
            value.append(1)
            return false
        }
        #expect(lock.withLockIfAvailable { $0 } == nil)
        release.signal()
        done.wait()
        #expect(lock.withLock { $0 } == [1])
    }

    @Test func anOperationHandedOverWhenTheLockIsFreeRunsAtOnce() {
        let lock = EngineLock([Int](), afterHandedOver: {})
        lock.handOver { value in
            value.append(7)
            return false
        }
        #expect(lock.withLock { $0 } == [7])
    }

    @Test(.hangGuard) func operationsHandedOverFromManyThreadsEachRunOnce() {
        let lock = EngineLock([Int](), afterHandedOver: {})
        let threads = 8
        let each = 2_000
        let finished = DispatchGroup()
        for thread in 0..<threads {
            for _ in 0..<each { finished.enter() }
            Thread.detachNewThread {
                for index in 0..<each {
                    let id = thread * each + index
                    if index.isMultiple(of: 3) {
                        lock.withLock { $0.append(id) }
                        finished.leave()
                    } else {
                        lock.handOver { value in
                            value.append(id)
                            finished.leave()
                            return false
                        }
                    }
                }
            }
        }
        #expect(finished.wait(timeout: .now() + 120) == .success)
        #expect(lock.withLock { $0.sorted() } == Array(0..<threads * each))
    }

    @Test(.hangGuard) func aHolderRunsAtMostItsShareAndLeavesTheRestToAnotherThread() {
        let lock = EngineLock([Int](), afterHandedOver: {})
        let release = DispatchSemaphore(value: 0)
        let done = Self.hold(lock, until: release)
        let share = EngineLock<[Int]>.handedOverPerRelease
        let finished = DispatchGroup()
        for index in 0..<share + 10 {
            finished.enter()
            lock.handOver { value in
                value.append(index)
                finished.leave()
                return false
            }
        }
        release.signal()
        done.wait()
        #expect(finished.wait(timeout: .now() + 120) == .success)
        // In the order handed over: the rest went back ahead of nothing newer.
        #expect(lock.withLock { $0 } == Array(0..<share + 10))
    }

    @Test func afterHandedOverRunsOnceTheLockIsFree() {
        let sawLockFree = Locked<Bool?>(nil)
        let box = Locked<EngineLock<[Int]>?>(nil)
        let lock = EngineLock([Int]()) {
            let free = box.withLock { $0 }?.withLockIfAvailable { _ in true } ?? false
            sawLockFree.withLock { $0 = free }
        }
        box.withLock { $0 = lock }
        let release = DispatchSemaphore(value: 0)
        let done = Self.hold(lock, until: release)
        lock.handOver { value in
            value.append(1)
            return true
        }
        release.signal()
        done.wait()
        #expect(sawLockFree.withLock { $0 } == true)
    }
}

/// Awaited changes made while another operation holds the engine's lock are
/// handed to it, and each still gets its own result once durable.
@Suite struct HandedOverChangeTests {
    @Test(.hangGuard) func changesAwaitedWhileTheLockIsHeldEachGetTheirOwnResult() async throws {
        let backend = GatedDatastore()
        let center = TipCenter(backend: backend)
        try await center.configure([
            .arguments([]), .environment([:]), .datastoreLocation(.url(URL(fileURLWithPath: "/nonexistent/tips"))),
        ])
        let tip = TestTip("Snoozed")
        // The first commit blocks the writer, so every change below stays undurable until released.
        let first = Task { await Fixture.opened.donate(in: center) }
        await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                backend.entered.wait()
                entered.resume()
            }
        }
        let release = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            center.state.withLock { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
        // Each finds the lock held, so each is handed over to the holder.
        let results = (0..<50).map { index in Task { await center.withStateDurably { _ in index } } }
        let donors = (0..<20).map { _ in Task { await Fixture.opened.donate(in: center) } }
        let snoozed = Task { await center.snooze(tip) }
        try await Task.sleep(for: .milliseconds(50))
        release.signal()
        backend.release.signal()
        await first.value
        for (index, task) in results.enumerated() { #expect(await task.value == index) }
        for task in donors { await task.value }
        #expect(await snoozed.value)
        #expect(backend.inner.committed.donations["opened"]?.count == 21)
    }
}
