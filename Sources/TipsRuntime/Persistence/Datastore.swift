import Foundation

/// The durable store behind `TipCenter`: a snapshot plus an append-only
/// journal in one directory, shared safely by several processes (an app and
/// its extensions).
///
/// - `load()` reads the store, recovering a damaged one.
/// - `commitNow(_:)` writes one batch on the calling thread and says whether
///   it is durable. Grouping concurrent commits into one batch is the job of
///   the `CommitPipeline` in front of it (the engine's, or `commit(_:)`'s).
/// - `takeOutsideChanges()` returns what other processes appended since this one last
///   looked, without touching a file: the reading (`flock`, `pread`) happens
///   on a queue of its own, so that the engine, which asks under its lock,
///   never waits for the disk. What it reads is returned by the next call.
///
/// The engine keeps its own in-memory state: it applies its mutations itself
/// and those `takeOutsideChanges()` returns, with `DatastoreSnapshot.apply(_:)`.
final class Datastore: DatastoreBackend, Sendable {
    /// The journal size (bytes) past which it is folded into a new snapshot.
    static let defaultCompactionThreshold = 1 << 20

    private let files: Locked<DatastoreDirectory>
    private let onRecovery: @Sendable (Tips.DatastoreRecovery) -> Void
    /// Groups `commit(_:)` calls, as the engine's pipeline groups its donors'.
    private let pipeline = CommitPipeline()

    /// What was read from other processes and not yet returned by `takeOutsideChanges()`.
    private struct Inbox {
        var mutations: [DatastoreMutation] = []
        /// The whole state, when deltas cannot describe the change; it
        /// supersedes `mutations`, and this process's later writes are
        /// applied to it.
        var replacement: DatastoreSnapshot?
        var isReading = false
    }

    /// Its own lock, never held across file I/O: `takeOutsideChanges()` takes only this one.
    private let inbox = Locked(Inbox())
    private let reader = DispatchQueue(label: "TipsRuntime.Datastore.reader")

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
        pipeline.start { [weak self] batch in self?.commitNow(batch) ?? true }
    }

    deinit {
        files.withLock { $0.close() }
    }

    /// Reads the whole store. Never fails: a damaged store is set aside and
    /// reported, and what could be kept returned.
    func load() -> DatastoreSnapshot {
        let (snapshot, recoveries) = files.withLock { store in
            let snapshot = store.load()
            inbox.withLock { $0 = Inbox(isReading: $0.isReading) }
            return (snapshot, store.takeRecoveries())
        }
        report(recoveries)
        return snapshot
    }

    /// Makes `mutations` durable, grouped with concurrent calls; returns once
    /// they are on disk (while the disk refuses, it waits: the write is
    /// retried). On a store left read-only (written by a newer release) the
    /// mutations are dropped and it returns at once.
    func commit(_ mutations: [DatastoreMutation]) async {
        await pipeline.waitUntilDurable(pipeline.send(mutations))
    }

    /// Writes `mutations` as one batch on the calling thread. Returns whether
    /// they are durable (or deliberately dropped: a read-only store); false
    /// when the disk refused them, and nothing of them was written.
    func commitNow(_ mutations: [DatastoreMutation]) -> Bool {
        guard !mutations.isEmpty else { return true }
        let (written, recoveries) = files.withLock { store in
            let written = store.append(mutations)
            if written {
                // A replacement read earlier must hold what was written since.
                inbox.withLock { inbox in
                    for mutation in mutations { inbox.replacement?.apply(mutation) }
                }
            }
            // Appending took in what other processes wrote before it.
            collectOutsideChanges(&store)
            return (written, store.takeRecoveries())
        }
        report(recoveries)
        return written
    }

    /// Removes every file of the store (`resetDatastore`).
    func erase() {
        files.withLock { store in
            store.erase()
            inbox.withLock { $0 = Inbox(isReading: $0.isReading) }
        }
    }

    /// The mutations other processes appended, as read since the last call,
    /// oldest first; when those cannot be told as deltas (the store was
    /// erased or compacted twice meanwhile), a single `.replaceAll` with the
    /// whole current state. Never waits for the disk: it starts reading in
    /// the background what the next call returns.
    func takeOutsideChanges() -> [DatastoreMutation] {
        let (taken, startsReading) = inbox.withLock { inbox -> ([DatastoreMutation], Bool) in
            defer {
                inbox.mutations = []
                inbox.replacement = nil
                inbox.isReading = true
            }
            return (inbox.replacement.map { [.replaceAll($0)] } ?? inbox.mutations, !inbox.isReading)
        }
        if startsReading { reader.async { self.readOutsideChanges() } }
        return taken
    }

    /// `takeOutsideChanges()` after reading on the calling thread: what other processes
    /// appended up to now.
    func takeOutsideChangesNow() -> [DatastoreMutation] {
        readOutsideChanges()
        return takeOutsideChanges()
    }

    /// Reads what other processes appended, for the next `takeOutsideChanges()`.
    func readOutsideChanges() {
        let recoveries = files.withLock { store in
            store.readOutsideChanges()
            collectOutsideChanges(&store)
            return store.takeRecoveries()
        }
        inbox.withLock { $0.isReading = false }
        report(recoveries)
    }

    /// Moves what the directory read from other processes into the inbox.
    /// Called under `files`.
    private func collectOutsideChanges(_ store: inout DatastoreDirectory) {
        let (mutations, replacement) = store.takeOutsideChanges()
        guard replacement != nil || !mutations.isEmpty else { return }
        inbox.withLock { inbox in
            if let replacement {
                inbox.replacement = replacement
                inbox.mutations = []
            } else if inbox.replacement != nil {
                for mutation in mutations { inbox.replacement?.apply(mutation) }
            } else {
                inbox.mutations += mutations
            }
        }
    }

    // MARK: For tests

    /// How many batches were written, each with one fsync.
    var batchesWritten: Int { files.withLock { $0.batchesWritten } }
    /// How many snapshots compaction wrote.
    var compactions: Int { files.withLock { $0.compactions } }
    /// Whether the store is left alone because a newer release wrote it.
    var isReadOnly: Bool { files.withLock { $0.isReadOnly } }
    /// Makes every write fail, as on a full disk, until set back to false.
    func refuseWritesForTesting(_ refuses: Bool) { files.withLock { $0.refusesWritesForTesting = refuses } }

    private func report(_ recoveries: [Tips.DatastoreRecovery]) {
        for recovery in recoveries { onRecovery(recovery) }
    }
}
