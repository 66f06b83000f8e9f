import Foundation

/// The group commit: hands mutation batches to the datastore in the order
/// they were applied in memory, so memory and disk never disagree about the
/// order, and lets concurrent commits share one write.
///
/// Batches are sent while the engine's lock is held (sending never blocks).
/// Each send returns a ticket: its place in that order. One writer drains the
/// queue: it takes EVERY batch queued so far, writes them together (one
/// journal record, one fsync), then resumes the waiters whose tickets that
/// write made durable. Donors that arrive while a write is in flight join the
/// next one.
///
/// A waiter is resumed only once its batch, and so every batch sent before
/// it, is durable. When the disk refuses a write, the batch goes back to the
/// head of the queue and the writer tries again after a pause (doubling up
/// to a second); batches sent meanwhile join it, and every waiter keeps
/// waiting until a write succeeds.
///
/// A backend that writes in memory (`DatastoreBackend.writesInline`) is
/// written on the sender's thread, under the engine's lock, so the order is
/// kept without the writer: a batch is durable when `send` returns, and an
/// awaited change on `.inMemory` returns without leaving its thread. Each
/// hop between threads would move a display's CPU time by tens of µs from
/// one run to the next on a 2-core machine (`tipc-bench --only attention`
/// measured it with four hops a display).
final class CommitPipeline: Sendable {
    /// Writes one batch; whether it is durable.
    typealias Write = @Sendable ([DatastoreMutation]) -> Bool

    /// A batch's place in the order of sends: durable once `durable` reaches it.
    typealias Ticket = UInt64

    private struct Queue {
        var write: Write?
        /// Whether `write` runs on the sender's thread.
        var writesInline = false
        var mutations: [DatastoreMutation] = []
        /// The ticket of the last batch sent, and of the last one durable.
        var sent: Ticket = 0
        var durable: Ticket = 0
        /// Who waits for which ticket, in no particular order.
        var waiters: [(ticket: Ticket, resume: @Sendable () -> Void)] = []
        var isDraining = false
        /// Writes refused in a row, for the pause before the next try.
        var refusals = 0

        /// The write to drain with when a writer must start now; marks it started.
        mutating func claimWriter() -> Write? {
            guard let write, !isDraining, sent > durable || !mutations.isEmpty else { return nil }
            isDraining = true
            return write
        }

        /// Takes the waiters `durable` has reached.
        mutating func takeResumable() -> [@Sendable () -> Void] {
            guard !waiters.isEmpty else { return [] }
            var resumable: [@Sendable () -> Void] = []
            waiters.removeAll { waiter in
                guard waiter.ticket <= durable else { return false }
                resumable.append(waiter.resume)
                return true
            }
            return resumable
        }
    }

    /// The longest pause between two tries of a refused write.
    static let longestRetryPause = 1.0

    private let queue = Locked(Queue())
    private let writer = DispatchQueue(label: "TipsRuntime.CommitPipeline.writer")

    /// Starts committing to `backend`; batches sent earlier wait until then.
    func start(_ backend: any DatastoreBackend) {
        start(writingInline: backend.writesInline) { backend.commitNow($0) }
    }

    /// Starts committing with `write`, on the sender's thread when
    /// `writingInline`, else on the writer; batches sent earlier wait until then.
    func start(writingInline: Bool = false, writingWith write: @escaping Write) {
        let claimed = queue.withLock { queue -> Write? in
            guard queue.write == nil else { return nil }
            queue.write = write
            queue.writesInline = writingInline
            return queue.claimWriter()
        }
        if let claimed { writer.async { self.drain(claimed) } }
    }

    /// Queues a batch; returns its ticket (for `whenDurable(_:run:)`). An
    /// empty batch takes the ticket of the last one sent, so that waiting for
    /// it waits for everything sent before.
    @discardableResult
    func send(_ mutations: [DatastoreMutation]) -> Ticket {
        var (ticket, claimed, inline) = queue.withLock { queue -> (Ticket, Write?, Write?) in
            guard !mutations.isEmpty else { return (queue.sent, nil, nil) }
            queue.sent += 1
            if queue.writesInline, let write = queue.write, !queue.isDraining, queue.mutations.isEmpty {
                return (queue.sent, nil, write)
            }
            queue.mutations.append(contentsOf: mutations)
            return (queue.sent, queue.claimWriter(), nil)
        }
        // The sender holds the engine's lock: nothing can be sent between
        // this batch and its write, so the order holds without the writer.
        // A refused write is queued for the writer, as any batch is.
        if let inline {
            if inline(mutations) {
                queue.withLock { $0.durable = max($0.durable, ticket) }
            } else {
                claimed = queue.withLock { queue -> Write? in
                    queue.mutations.append(contentsOf: mutations)
                    return queue.claimWriter()
                }
            }
        }
        if let claimed { writer.async { self.drain(claimed) } }
        return ticket
    }

    /// Whether the batch of `ticket`, and every batch sent before it, is durable.
    func isDurable(_ ticket: Ticket) -> Bool { queue.withLock { $0.durable >= ticket } }

    /// Runs `resume` once the batch of `ticket` is durable: on the writer
    /// when it is not yet, else at once, on the calling thread.
    func whenDurable(_ ticket: Ticket, run resume: @escaping @Sendable () -> Void) {
        let now = queue.withLock { queue -> Bool in
            guard queue.durable < ticket else { return true }
            queue.waiters.append((ticket, resume))
            return false
        }
        if now { resume() }
    }

    /// Returns once the batch of `ticket` is durable, without suspending when it already is.
    func waitUntilDurable(_ ticket: Ticket) async {
        guard !isDurable(ticket) else { return }
        // `whenDurable` runs `resume` exactly once. A checked continuation:
        // ThreadSanitizer reports an unsafe one resumed on the writer as a
        // race with the task it resumes (`.ci/tsan.sh`).
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            whenDurable(ticket) { done.resume() }
        }
    }

    /// The writer loop: writes everything queued as one batch, resumes the
    /// waiters it made durable, and repeats until the queue is empty, or
    /// until a write is refused (then it comes back after a pause).
    private func drain(_ write: @escaping Write) {
        while true {
            let taken = queue.withLock { queue -> (mutations: [DatastoreMutation], upTo: Ticket)? in
                guard queue.sent > queue.durable else {
                    queue.isDraining = false
                    return nil
                }
                defer { queue.mutations = [] }
                return (queue.mutations, queue.sent)
            }
            guard let (mutations, upTo) = taken else { return }
            guard mutations.isEmpty || write(mutations) else {
                let pause = queue.withLock { queue -> Double in
                    // Ahead of what was sent meanwhile: the order stays the order applied.
                    queue.mutations = mutations + queue.mutations
                    queue.refusals += 1
                    return min(Self.longestRetryPause, 0.01 * Double(1 << min(queue.refusals, 10)))
                }
                writer.asyncAfter(deadline: .now() + pause) { self.drain(write) }
                return
            }
            let resumable = queue.withLock { queue -> [@Sendable () -> Void] in
                queue.refusals = 0
                queue.durable = max(queue.durable, upTo)
                return queue.takeResumable()
            }
            for resume in resumable { resume() }
        }
    }

    /// Whether every batch sent so far is durable. Sends happen under the
    /// engine's lock, so while it is held this only goes from false to true.
    var isIdle: Bool { queue.withLock { $0.durable >= $0.sent } }
}
