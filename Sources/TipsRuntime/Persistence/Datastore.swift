import Foundation

/// The durable store behind `TipCenter`: a snapshot plus an append-only
/// journal in one directory, shared safely by several processes (an app and
/// its extensions).
///
/// - `load()` reads the store, recovering a damaged one.
/// - `commit(_:)` returns once its mutations are durable. Commits are grouped:
///   one writer appends everything queued as one journal record with one
///   fsync, and commits arriving meanwhile join the next batch.
/// - `refresh()` returns what other processes appended since this one last
///   looked.
///
/// The engine keeps its own in-memory state: it applies its mutations itself
/// and those `refresh()` returns, with `DatastoreSnapshot.apply(_:)`.
final class Datastore: DatastoreBackend, Sendable {
    /// The journal size (bytes) past which it is folded into a new snapshot.
    static let defaultCompactionThreshold = 1 << 20

    private struct CommitQueue {
        var pending: [DatastoreMutation] = []
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// A batch whose write failed; retried with the next one.
        var retry: [DatastoreMutation] = []
        var isWriting = false
    }

    private let files: Locked<DatastoreDirectory>
    private let queue = Locked(CommitQueue())
    private let writer = DispatchQueue(label: "TipsRuntime.Datastore.writer")
    private let onRecovery: @Sendable (Tips.DatastoreRecovery) -> Void

    /// A store in `directory` (created if needed). `onRecovery` hears about
    /// every file set aside or left alone; it is never called with a lock held.
    convenience init(directory: URL, onRecovery: @escaping @Sendable (Tips.DatastoreRecovery) -> Void) {
        self.init(directory: directory, compactionThreshold: Self.defaultCompactionThreshold, onRecovery: onRecovery)
    }

    init(
        directory: URL, compactionThreshold: Int,
        onRecovery: @escaping @Sendable (Tips.DatastoreRecovery) -> Void
    ) {
        files = Locked(DatastoreDirectory(directory: directory, compactionThreshold: compactionThreshold))
        self.onRecovery = onRecovery
    }

    deinit {
        files.withLock { $0.close() }
    }

    /// Reads the whole store. Never fails: a damaged store is set aside and
    /// reported, and an empty state returned.
    func load() -> DatastoreSnapshot {
        let (snapshot, recoveries) = files.withLock { store in (store.load(), store.takeRecoveries()) }
        report(recoveries)
        return snapshot
    }

    /// Makes `mutations` durable, together with whatever other commits are
    /// queued; returns once they are on disk. On a store left read-only
    /// (written by a newer release) the mutations are dropped.
    func commit(_ mutations: [DatastoreMutation]) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let startsWriter = queue.withLock { queue in
                queue.pending.append(contentsOf: mutations)
                queue.waiters.append(continuation)
                guard !queue.isWriting else { return false }
                queue.isWriting = true
                return true
            }
            if startsWriter {
                writer.async { self.writeQueuedBatches() }
            }
        }
    }

    /// Makes `mutations` durable on the calling thread (after any batch whose
    /// write failed earlier); returns once they are on disk. The engine's
    /// commit pipeline calls this with everything its donors queued, so that
    /// concurrent donations share one journal record and one fsync.
    func commitNow(_ mutations: [DatastoreMutation]) {
        let recoveries = files.withLock { store in
            let batch = queue.withLock { queue in
                defer { queue.retry = [] }
                return queue.retry.isEmpty ? mutations : queue.retry + mutations
            }
            if !batch.isEmpty, !store.append(batch) {
                queue.withLock { $0.retry = batch + $0.retry }
            }
            return store.takeRecoveries()
        }
        report(recoveries)
    }

    /// Removes every file of the store (`resetDatastore`).
    func erase() {
        files.withLock { $0.erase() }
    }

    /// The mutations other processes appended since this one last loaded,
    /// refreshed or committed, oldest first. When those cannot be told as
    /// deltas (the store was erased or compacted twice meanwhile), a single
    /// `.replaceAll` with the whole current state.
    func refresh() -> [DatastoreMutation] {
        let (mutations, recoveries) = files.withLock { store in
            let pending = queue.withLock { $0.retry + $0.pending }
            return (store.takeUnreported(pending: pending), store.takeRecoveries())
        }
        report(recoveries)
        return mutations
    }

    // MARK: For tests

    /// How many batches were written, each with one fsync.
    var batchesWritten: Int { files.withLock { $0.batchesWritten } }
    /// How many snapshots compaction wrote.
    var compactions: Int { files.withLock { $0.compactions } }
    /// Whether the store is left alone because it cannot be written.
    var isReadOnly: Bool { files.withLock { $0.isReadOnly } }
    /// Makes every write fail, as on a full disk, until set back to false.
    func refuseWritesForTesting(_ refuses: Bool) { files.withLock { $0.refusesWritesForTesting = refuses } }

    // MARK: Group commit

    /// The writer loop: runs on `writer` while commits keep arriving.
    private func writeQueuedBatches() {
        while let (waiters, recoveries) = writeNextBatch() {
            report(recoveries)
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Takes everything queued and appends it as one record; nil when the
    /// queue is empty (and the writer stops).
    private func writeNextBatch() -> ([CheckedContinuation<Void, Never>], [Tips.DatastoreRecovery])? {
        files.withLock { store in
            // Taken under the store's lock, so `refresh()` sees a batch either
            // queued or written, never in between.
            let taken = queue.withLock { queue -> ([DatastoreMutation], [CheckedContinuation<Void, Never>])? in
                guard !queue.waiters.isEmpty else {
                    queue.isWriting = false
                    return nil
                }
                defer {
                    queue.pending = []
                    queue.retry = []
                    queue.waiters = []
                }
                return (queue.retry + queue.pending, queue.waiters)
            }
            guard let (batch, waiters) = taken else { return nil }
            if !batch.isEmpty, !store.append(batch) {
                // The disk refused (full, failing): the waiters cannot wait
                // forever, so they return, and the batch is retried next time.
                queue.withLock { $0.retry = batch + $0.retry }
            }
            return (waiters, store.takeRecoveries())
        }
    }

    private func report(_ recoveries: [Tips.DatastoreRecovery]) {
        for recovery in recoveries { onRecovery(recovery) }
    }
}
