import Foundation

/// What the engine needs from a datastore. `Datastore` (in Persistence)
/// is the durable one; `InMemoryDatastore` serves tests and simulations.
protocol DatastoreBackend: AnyObject, Sendable {
    /// Everything stored; never throws: an unreadable store is recovered.
    func load() -> DatastoreSnapshot
    /// Writes the mutations as one batch, in order, on the calling thread.
    /// Returns whether they are durable; false when the disk refused them
    /// and nothing of them was written (the engine's commit pipeline, which
    /// calls this from its writer, then retries them).
    func commitNow(_ mutations: [DatastoreMutation]) -> Bool
    /// Whether `commitNow(_:)` only touches memory, so that the engine may
    /// call it under its lock, on the thread of the change, rather than on
    /// the commit pipeline's writer.
    var writesInline: Bool { get }
    /// Deletes everything stored.
    func erase()
    /// Hands over the mutations other processes appended, as read so far
    /// (by `readOutsideChanges()`, or in the background); never waits for
    /// the disk, since the engine calls it under its lock.
    func takeOutsideChanges() -> [DatastoreMutation]
    /// Reads, on the calling thread, what other processes appended, for the
    /// next `takeOutsideChanges()`; called off the engine's lock.
    func readOutsideChanges()
}

extension DatastoreBackend {
    func readOutsideChanges() {}
    var writesInline: Bool { false }
}

/// Makes the backend for a datastore directory.
typealias DatastoreBackendFactory =
    @Sendable (URL, @escaping @Sendable (Tips.DatastoreRecovery) -> Void) -> any DatastoreBackend

/// A datastore that lives in memory only.
final class InMemoryDatastore: DatastoreBackend, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `state`.
    private let state = Locked((snapshot: DatastoreSnapshot(), external: [DatastoreMutation](), commits: 0))

    init(_ snapshot: DatastoreSnapshot = DatastoreSnapshot()) {
        state.withLock { $0.snapshot = snapshot }
    }

    func load() -> DatastoreSnapshot { committed }

    /// Writes in memory only: the engine commits on the thread of the change.
    var writesInline: Bool { true }

    func commitNow(_ mutations: [DatastoreMutation]) -> Bool {
        state.withLock {
            for mutation in mutations { $0.snapshot.applyDeferringTrim(mutation) }
            $0.commits += 1
        }
        return true
    }

    func erase() { state.withLock { $0.snapshot = DatastoreSnapshot() } }

    func takeOutsideChanges() -> [DatastoreMutation] {
        state.withLock {
            let external = $0.external
            $0.external = []
            return external
        }
    }

    /// Simulates another process appending mutations to the shared store.
    func appendFromAnotherProcess(_ mutations: [DatastoreMutation]) {
        state.withLock {
            for mutation in mutations { $0.snapshot.apply(mutation) }
            $0.external += mutations
        }
    }

    /// What has been committed so far.
    var committed: DatastoreSnapshot {
        var snapshot = state.withLock { $0.snapshot }
        snapshot.trimDeferredDonations()
        return snapshot
    }
}
