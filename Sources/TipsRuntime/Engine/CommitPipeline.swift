import Foundation

/// Hands mutation batches to the backend in the order they were applied in
/// memory, so memory and disk never disagree about the order.
///
/// Batches are sent while the engine's lock is held (sending never blocks).
/// One writer drains the queue: it takes EVERY batch queued so far, commits
/// them together (one journal record, one fsync), then resumes all their
/// waiters. Donors that arrive while a commit is in flight join the next one,
/// so concurrent donations share their flushes (group commit).
final class CommitPipeline: Sendable {
    private struct Queue {
        var backend: (any DatastoreBackend)?
        var mutations: [DatastoreMutation] = []
        var waiters: [@Sendable () -> Void] = []
        var isDraining = false

        var isEmpty: Bool { mutations.isEmpty && waiters.isEmpty }

        /// The backend to drain into when a writer must start now; marks it started.
        mutating func claimWriter() -> (any DatastoreBackend)? {
            guard let backend, !isDraining, !isEmpty else { return nil }
            isDraining = true
            return backend
        }
    }

    private let queue = Locked(Queue())
    private let writer = DispatchQueue(label: "TipsRuntime.CommitPipeline.writer")

    /// Starts committing to `backend`; batches sent earlier wait until then.
    func start(_ backend: any DatastoreBackend) {
        let claimed = queue.withLock { queue -> (any DatastoreBackend)? in
            guard queue.backend == nil else { return nil }
            queue.backend = backend
            return queue.claimWriter()
        }
        if let claimed { writer.async { self.drain(claimed) } }
    }

    /// Queues a batch; `done` runs once it is durable.
    func send(_ mutations: [DatastoreMutation], done: (@Sendable () -> Void)?) {
        let claimed = queue.withLock { queue -> (any DatastoreBackend)? in
            queue.mutations.append(contentsOf: mutations)
            if let done { queue.waiters.append(done) }
            return queue.claimWriter()
        }
        if let claimed { writer.async { self.drain(claimed) } }
    }

    /// The writer loop: commits everything queued as one batch, resumes its
    /// waiters, and repeats until the queue is empty.
    private func drain(_ backend: any DatastoreBackend) {
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
            if !mutations.isEmpty { backend.commitNow(mutations) }
            for waiter in waiters { waiter() }
        }
    }

    /// Whether every batch sent so far is committed. Sends happen under the
    /// engine's lock, so while it is held this only goes from false to true.
    var isIdle: Bool { queue.withLock { !$0.isDraining && $0.isEmpty } }
}
