/// Hands mutation batches to the backend one at a time, in the order they were
/// applied in memory, so memory and disk never disagree about the order.
///
/// Batches are sent while the engine's lock is held (sending never blocks) and
/// committed by a single task; a caller that must wait for durability passes a
/// continuation that resumes once its batch is committed.
final class CommitPipeline: Sendable {
    struct Batch: Sendable {
        var mutations: [DatastoreMutation]
        var done: (@Sendable () -> Void)?
    }

    private let stream: AsyncStream<Batch>
    private let input: AsyncStream<Batch>.Continuation
    private let consumer = Locked<Task<Void, Never>?>(nil)
    /// Batches sent and not yet committed.
    private let inFlight = Locked(0)

    init() {
        (stream, input) = AsyncStream.makeStream(of: Batch.self)
    }

    deinit {
        input.finish()
    }

    /// Starts committing to `backend`; batches sent earlier wait until then.
    func start(_ backend: any DatastoreBackend) {
        let stream = self.stream
        consumer.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [inFlight] in
                for await batch in stream {
                    if !batch.mutations.isEmpty { await backend.commit(batch.mutations) }
                    inFlight.withLock { $0 -= 1 }
                    batch.done?()
                }
            }
        }
    }

    /// Queues a batch; `done` resumes once it is durable.
    func send(_ mutations: [DatastoreMutation], done: (@Sendable () -> Void)?) {
        inFlight.withLock { $0 += 1 }
        if case .terminated = input.yield(Batch(mutations: mutations, done: done)) {
            inFlight.withLock { $0 -= 1 }
            done?()
        }
    }

    /// Whether every batch sent so far is committed. Sends happen under the
    /// engine's lock, so while it is held this only goes from false to true.
    var isIdle: Bool { inFlight.withLock { $0 == 0 } }
}
