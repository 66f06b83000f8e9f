/// A datastore that lives in memory and outlives the centers that use it, so
/// that a simulation can relaunch an app: a new `TipCenter` on the same store
/// finds every parameter, donation and tip record the previous one persisted,
/// and none of its transient parameters or displays in progress.
///
/// ```swift
/// let store = TipsMemoryDatastore()
/// let first = TipCenter(datastore: store)
/// try await first.configure([.clock(clock)])
/// await TipEvents.openedMenu.donate(in: first)
/// let relaunched = TipCenter(datastore: store)     // the app was quit and opened again
/// try await relaunched.configure([.clock(clock)])
/// ```
///
/// Use one center at a time on a store: the next one starts once the previous
/// one's awaited changes have returned. `tipc test` runs `restart` this way.
public final class TipsMemoryDatastore: Sendable {
    let backend = InMemoryDatastore()

    /// Creates an empty store.
    public init() {}
}

extension TipCenter {
    /// Creates an unconfigured center whose datastore is `datastore`; the
    /// `.datastoreLocation` given to `configure` is then not used, except
    /// that `.inMemory` asks for a fresh store of its own.
    public convenience init(datastore: TipsMemoryDatastore) {
        self.init(backend: datastore.backend)
    }
}
