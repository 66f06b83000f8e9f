import Foundation

/// The center's lifecycle: whether `configure` ran, and the datastore it
/// connected, through which other processes' changes arrive.
///
/// Invariants:
/// - `isConfigured` goes from false to true once and never back; while
///   `isConfiguring`, a second `configure` or a `resetDatastore` is refused.
/// - `backend` is set exactly when `isConfigured` is.
/// - `resetRequested` is only ever set before `configure`, which erases the
///   store once and clears it.
struct Lifecycle {
    private(set) var isConfigured = false
    var isConfiguring = false
    /// `resetDatastore()` ran before `configure`: the store is erased when it is opened.
    var resetRequested = false
    /// The datastore, once configured.
    private(set) var backend: (any DatastoreBackend)?
    /// Whether mutations this process applied in memory are still on their way to the datastore.
    private(set) var writesInFlight: @Sendable () -> Bool = { false }
    /// When other processes' changes were last taken in (system uptime, seconds).
    var lastOutsideLook = -Double.infinity

    /// Marks the center configured on `backend`; `writesInFlight` tells
    /// whether its commit pipeline still holds mutations.
    mutating func connect(_ backend: any DatastoreBackend, writesInFlight: @escaping @Sendable () -> Bool) {
        self.backend = backend
        self.writesInFlight = writesInFlight
        isConfigured = true
        isConfiguring = false
        resetRequested = false
    }
}
