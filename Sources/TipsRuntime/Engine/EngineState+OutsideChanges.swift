import Foundation

// Other processes sharing the datastore (an app and its extensions) append
// to it. Their changes reach this process in three steps, named for what
// each does:
// 1. `DatastoreBackend.readOutsideChanges()` reads them from the disk, off
//    the engine's lock (the outside-change watch's callback, or the
//    datastore's own reader queue);
// 2. `DatastoreBackend.takeOutsideChanges()` hands over what was read,
//    never waiting for the disk;
// 3. `applyOutsideChanges(throttled:)` applies them to the facts, records
//    the invalidations they imply here, and publishes what changed.

extension EngineState {
    /// Takes in what other processes appended to the shared store: applies
    /// it, records the invalidations it implies, and publishes the changes.
    /// Reads call it throttled (at most twice a second); the outside-change
    /// watch unthrottled. Returns false when it had to wait.
    ///
    /// Waits while this process's own writes are in flight: the datastore may
    /// answer with a whole replacement state, which would not hold the
    /// mutations already applied here but not yet handed to it.
    @discardableResult
    mutating func applyOutsideChanges(throttled: Bool = true) -> Bool {
        guard lifecycle.isConfigured, let backend = lifecycle.backend else { return true }
        guard !lifecycle.writesInFlight() else { return false }
        let uptime = ProcessInfo.processInfo.systemUptime
        guard !throttled || uptime - lifecycle.lastOutsideLook >= 0.5 else { return true }
        lifecycle.lastOutsideLook = uptime
        let outside = backend.takeOutsideChanges()
        guard !outside.isEmpty else { return true }
        facts.apply(outside: outside)
        cache.dropAll()
        // Another process's donation invalidates the tips it invalidates here
        // too, unless that process (or this one) reset them after it.
        for registered in registry.ordered { recordDueInvalidations(of: registered) }
        publishStatusChanges(of: registry.ordered)
        return true
    }
}
