import Foundation

/// The group commit: hands mutation batches to the datastore in the order
/// they were applied in memory, so memory and disk never disagree about the
/// order, and lets concurrent commits share one write.
///
/// Batches are sent while the engine's lock is held (sending never blocks).
/// One writer drains the queue: it takes EVERY batch queued so far, writes
/// them together (one journal record, one fsync), then resumes all their
/// waiters. Donors that arrive while a write is in flight join the next one.
///
/// A waiter is resumed only once its batch is durable. When the disk refuses
/// a write, the batch goes back to the head of the queue and the writer
/// tries again after a pause (doubling up to a second); batches sent
/// meanwhile join it, and every waiter keeps waiting until a write succeeds.
final class CommitPipeline: Sendable {
    /// Writes one batch; whether it is durable.
    typealias Write = @Sendable ([DatastoreMutation]) -> Bool

    private struct Queue {
        var write: Write?
        var mutations: [DatastoreMutation] = []
        var waiters: [@Sendable () -> Void] = []
        var isDraining = false
        /// Writes refused in a row, for the pause before the next try.
        var refusals = 0

        var isEmpty: Bool { mutations.isEmpty && waiters.isEmpty }

        /// The write to drain with when a writer must start now; marks it started.
        mutating func claimWriter() -> Write? {
            guard let write, !isDraining, !isEmpty else { return nil }
            isDraining = true
            return write
        }
    }

    /// The longest pause between two tries of a refused write.
    static let longestRetryPause = 1.0

    private let queue = Locked(Queue())
    private let writer = DispatchQueue(label: "TipsRuntime.CommitPipeline.writer")

    /// Starts committing to `backend`; batches sent earlier wait until then.
    func start(_ backend: any DatastoreBackend) {
        start { backend.commitNow($0) }
    }

    /// Starts committing with `write`; batches sent earlier wait until then.
    func start(writingWith write: @escaping Write) {
        let claimed = queue.withLock { queue -> Write? in
            guard queue.write == nil else { return nil }
            queue.write = write
            return queue.claimWriter()
        }
        if let claimed { writer.async { self.drain(claimed) } }
    }

    /// Queues a batch; `done` runs once it is durable.
    func send(_ mutations: [DatastoreMutation], done: (@Sendable () -> Void)?) {
        let claimed = queue.withLock { queue -> Write? in
            queue.mutations.append(contentsOf: mutations)
            if let done { queue.waiters.append(done) }
            return queue.claimWriter()
        }
        if let claimed { writer.async { self.drain(claimed) } }
    }

    /// The writer loop: writes everything queued as one batch, resumes its
    /// waiters, and repeats until the queue is empty, or until a write is
    /// refused (then it comes back after a pause).
    private func drain(_ write: @escaping Write) {
        while true {
            let taken = queue.withLock { queue -> ([DatastoreMutation], [@Sendable () -> Void])? in
                guard !queue.isEmpty else {
                    queue.isDraining = false
                    return nil
                }
                defer {
                    queue.mutations = []
                    queue.waiters = []
                }
                return (queue.mutations, queue.waiters)
            }
            guard let (mutations, waiters) = taken else { return }
            guard mutations.isEmpty || write(mutations) else {
                let pause = queue.withLock { queue -> Double in
                    // Ahead of what was sent meanwhile: the order stays the order applied.
                    queue.mutations = mutations + queue.mutations
                    queue.waiters = waiters + queue.waiters
                    queue.refusals += 1
                    return min(Self.longestRetryPause, 0.01 * Double(1 << min(queue.refusals, 10)))
                }
                writer.asyncAfter(deadline: .now() + pause) { self.drain(write) }
                return
            }
            queue.withLock { $0.refusals = 0 }
            for waiter in waiters { waiter() }
        }
    }

    /// Whether every batch sent so far is durable. Sends happen under the
    /// engine's lock, so while it is held this only goes from false to true.
    var isIdle: Bool { queue.withLock { !$0.isDraining && $0.isEmpty } }
}
