import Foundation

/// Hands datastore recoveries to the host's `onDatastoreRecovery` callback.
///
/// During `configure` the callback runs at once, so that it has run when
/// `configure` returns. Afterwards the datastore may report from inside a
/// status read (which holds the engine's lock while it takes in other
/// processes' changes), so the callback runs later, in order, on a queue of
/// its own: a callback that reads a tip's status must not deadlock.
final class RecoveryDelivery: Sendable {
    private let callback: @Sendable (Tips.DatastoreRecovery) -> Void
    private let deferred = Locked(false)
    private let queue = DispatchQueue(label: "TipsRuntime.TipCenter.recoveries")

    init(_ callback: @escaping @Sendable (Tips.DatastoreRecovery) -> Void) {
        self.callback = callback
    }

    /// Delivers `recovery`, at once or (after `deferFromNowOn()`) on the queue.
    @Sendable func deliver(_ recovery: Tips.DatastoreRecovery) {
        guard deferred.withLock({ $0 }) else { return callback(recovery) }
        queue.async { [callback] in callback(recovery) }
    }

    /// From now on, delivers on the queue.
    func deferFromNowOn() {
        deferred.withLock { $0 = true }
    }
}
