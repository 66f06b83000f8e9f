import Foundation

/// The engine's one lock (an `NSLock`), with a way for an awaited change to
/// avoid waiting for it: when the lock is held, the change is handed to the
/// thread that holds it, which runs it before it lets go, and the change's
/// own task suspends until its result is durable, as it would anyway.
///
/// Why: an `NSLock` that is held puts a thread that asks for it to sleep,
/// and the holder wakes it on releasing: two trips through the kernel for
/// each change made while another one runs. Ten thousand concurrent awaited
/// donations on two cores spent about a sixth of their CPU time switching
/// and waking threads (`perf record -e cpu-clock -g`), mostly from the
/// futex wait under `withStateDurably` and the wake on unlock. With the
/// hand-over, `tipc-bench --only donation` measured 3.0-4.6 µs a donation
/// (three runs, load 1.3); with a plain lock, 3.9-8.0 µs (five runs, load
/// 1.5-1.7), tmpfs store.
///
/// Invariant: an operation handed over is run exactly once, under the lock.
/// Whoever hands one over then tries the lock; whoever releases the lock
/// looks again for operations handed over after it last looked, and runs
/// them if it can take the lock back. So an operation handed over while the
/// lock was held is run by that holder or a later one, never left behind.
/// A holder runs at most `handedOverPerRelease` before it lets go; what is
/// left goes to a thread of the system's, so that a synchronous call (a
/// status read on the main thread) never carries a whole burst of others'
/// work. The share is 1,024 (about 2 ms of donations): at 64, a fifth of a
/// burst's CPU time ran on those threads, a third runner on two cores, and
/// the burst measured
/// 5.3-5.7 µs a donation; at 1,024, 3.1-4.2 µs; with no limit, 3.9-4.8 µs
/// (30 bursts of 10,000 a run, three runs each, load 1.2-1.5).
final class EngineLock<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    /// An operation handed over; whether it queued deliveries to run after the lock.
    typealias HandedOver = @Sendable (inout Value) -> Bool

    private let lock = NSLock()
    private var value: Value
    private let handedOver = Locked<[HandedOver]>([])
    /// Runs after the lock is released when an operation handed over queued deliveries.
    private let afterHandedOver: @Sendable () -> Void

    /// The most operations handed over that one holder runs before it lets go.
    static var handedOverPerRelease: Int { 1024 }

    init(_ value: Value, afterHandedOver: @escaping @Sendable () -> Void) {
        self.value = value
        self.afterHandedOver = afterHandedOver
    }

    /// Runs `body` under the lock, waiting for it if need be.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { release() }
        return try body(&value)
    }

    /// Runs `body` under the lock if it is free now; nil when it is held.
    func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard lock.try() else { return nil }
        defer { release() }
        return try body(&value)
    }

    /// Runs `operation` under the lock: now, if the lock is free, else on the
    /// thread that holds it, before that thread releases it.
    func handOver(_ operation: @escaping HandedOver) {
        handedOver.withLock { $0.append(operation) }
        if lock.try() { release() }
    }

    /// Runs the operations handed over, then releases the lock; looks again
    /// once it is released (see the type's invariant).
    private func release() {
        var ran = 0
        var delivers = false
        while true {
            var batch = handedOver.withLock { waiting -> [HandedOver] in
                defer { waiting = [] }
                return waiting
            }
            let budget = Self.handedOverPerRelease - ran
            if batch.count > budget {
                // Back at the head, ahead of what was handed over meanwhile.
                let rest = batch[budget...]
                handedOver.withLock { $0.insert(contentsOf: rest, at: 0) }
                batch.removeLast(rest.count)
            }
            for operation in batch where operation(&value) { delivers = true }
            ran += batch.count
            if !batch.isEmpty && ran < Self.handedOverPerRelease { continue }
            lock.unlock()
            let left = handedOver.withLock { !$0.isEmpty }
            if left, ran >= Self.handedOverPerRelease {
                DispatchQueue.global().async { if self.lock.try() { self.release() } }
                break
            }
            guard left, lock.try() else { break }
        }
        if delivers { afterHandedOver() }
    }
}
