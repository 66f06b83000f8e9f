import Foundation

/// The engine: holds the datastore, evaluates rules, accounts for displays,
/// and publishes status changes. Safe to call from any thread or task; status
/// reads are synchronous.
///
/// An awaited change (`donate`, `set`, `tipDidAppear`, `invalidate`, ...)
/// returns only once it is on disk: while the disk refuses writes (full,
/// read-only, failing), the call waits and the write is retried until it
/// succeeds, so that a call that returned is never lost; only a store left
/// to a newer release and `.inMemory` return without writing.
///
/// Apps use `TipCenter.shared` through `Tips.configure(_:)` and the `Tip`
/// extensions; tests make their own:
///
/// ```swift
/// let clock = ManualClock()
/// let center = TipCenter()
/// try await center.configure([.datastoreLocation(.url(temporaryDirectory)), .clock(clock)])
/// await TipParameters.isLoggedIn.set(true, in: center)
/// #expect(FavoriteTip().status(in: center) == .available)
/// ```
public final class TipCenter: Sendable {
    /// The center `Tips.configure(_:)` configures and the `Tip` extensions use by default.
    public static let shared = TipCenter()

    /// The engine's state, in rooms (`EngineState`); every operation runs under this lock.
    let state: EngineLock<EngineState>
    /// Hands what operations record to the datastore, in order.
    let pipeline = CommitPipeline()
    /// Runs what operations publish (observers, warnings), in order, after the lock.
    let deliveries: DeliveryQueue
    /// What hosts attached to tips' actions (`Actions/TipActions.swift`).
    let actionHandlers = Locked(ActionHandlers())
    private let makeBackend: DatastoreBackendFactory
    private let clockSubscription = Locked<(clock: ManualClock, token: UInt64)?>(nil)
    /// Tells the center when another process changes its datastore.
    let outsideChangeWatch = Locked<OutsideChangeWatch?>(nil)
    /// The languages of tips' text once configured (`Localization/TipCenter+Languages.swift`).
    let configuredLanguages = Locked<[String]?>(nil)

    /// Creates an unconfigured center; its tips are pending until `configure`.
    public convenience init() {
        self.init(backendFactory: TipCenter.defaultBackendFactory)
    }

    /// Creates a center whose datastore comes from `backendFactory`.
    init(backendFactory: @escaping DatastoreBackendFactory) {
        self.makeBackend = backendFactory
        let deliveries = DeliveryQueue()
        self.deliveries = deliveries
        self.state = EngineLock(EngineState(), afterHandedOver: { deliveries.deliver() })
    }

    /// Creates a center whose datastore is `backend`.
    convenience init(backend: any DatastoreBackend) {
        self.init(backendFactory: { _, _ in backend })
    }

    deinit {
        outsideChangeWatch.withLock { $0?.cancel() }
        if let subscription = clockSubscription.withLock({ $0 }) {
            subscription.clock.removeObserver(subscription.token)
        }
    }

    /// The datastore a center uses unless told otherwise: the durable one.
    static let defaultBackendFactory: DatastoreBackendFactory = { directory, onRecovery in
        Datastore(directory: directory, onRecovery: onRecovery)
    }

    /// Configures the center once: its datastore, display frequency, clock and
    /// testing switches. Until then every tip is pending.
    ///
    /// Changes made before it (parameters set, donations, invalidations,
    /// displays) are kept: TipKit drops parameter values set before
    /// configuration, this runtime applies them onto the loaded store, in
    /// order, and `configure` returns once they are durable. Those calls
    /// returned at once, since they could not wait for a `configure` that
    /// may come later in the same task.
    ///
    /// Without `.displayFrequency(_:)`, the display frequency is the one the
    /// `config` block of the tips' `.tips` files declares (generated tips
    /// carry it), else `.immediate`; an explicit option overrides it.
    ///
    /// `TipCenter.shared` (what `Tips.configure` configures) reads testing
    /// switches from the process's launch arguments and environment; any
    /// other center (a test's) reads them only from `.arguments` and
    /// `.environment`, so nothing in the process changes a test's tips. Pass
    /// `.arguments([])` and `.environment([:])` to start the shared center clean:
    /// `-com.apple.TipKit.ShowAllTips 1` / `TIPKIT_SHOW_ALL_TIPS=1`,
    /// `-com.apple.TipKit.ShowTips a,b` / `TIPKIT_SHOW_TIPS=a,b`,
    /// `-com.apple.TipKit.HideTips a,b` / `TIPKIT_HIDE_TIPS=a,b`,
    /// `-com.apple.TipKit.HideAllTips 1` / `TIPKIT_HIDE_ALL_TIPS=1`,
    /// `-com.apple.TipKit.ResetDatastore 1` / `TIPKIT_RESET_DATASTORE=1`.
    ///
    /// - Throws: `Tips.ConfigurationError.alreadyConfigured` on a second call;
    ///   `.groupContainerUnavailable` when a group container cannot be found.
    public func configure(_ options: [Tips.ConfigurationOption] = []) async throws {
        let isShared = self === TipCenter.shared
        let chosen = ConfigurationChoices(options, arguments: isShared ? ProcessInfo.processInfo.arguments : [])
        try state.withLock { state in
            guard !state.lifecycle.isConfigured && !state.lifecycle.isConfiguring else {
                throw Tips.ConfigurationError.alreadyConfigured
            }
            state.lifecycle.isConfiguring = true
            if let handler = chosen.onWarning { state.publication.warningHandler = handler }
            if let handler = chosen.onActivity { _ = state.publication.addActivityObserver(handler) }
        }
        configuredLanguages.withLock { $0 = chosen.languages }
        let directory: URL
        do {
            directory = try chosen.location.resolve(
                environment: chosen.environment ?? ProcessInfo.processInfo.environment)
        } catch {
            state.withLock { $0.lifecycle.isConfiguring = false }
            throw error
        }
        let switches = TestingSwitches(
            arguments: chosen.arguments,
            environment: chosen.environment ?? (isShared ? ProcessInfo.processInfo.environment : [:]))
        let backend = open(chosen, directory: directory, resetting: switches.resetDatastore)
        await withStateDurably { state in
            self.start(&state, loaded: backend.loaded, backend: backend.store, chosen: chosen, switches: switches)
        }
        watch(backend.store, in: directory, detection: chosen.detection, clock: chosen.clock)
    }

    /// Opens the datastore `configure` chose (erased first when a reset was
    /// asked for) and loads it; recoveries found while loading are reported
    /// before this returns, later ones on a queue of their own.
    private func open(
        _ chosen: ConfigurationChoices, directory: URL, resetting: Bool
    ) -> (store: any DatastoreBackend, loaded: DatastoreSnapshot) {
        let recoveries = RecoveryDelivery(chosen.onRecovery)
        let backend = chosen.location == .inMemory ? InMemoryDatastore() : makeBackend(directory, recoveries.deliver)
        if resetting || state.withLock({ $0.lifecycle.resetRequested }) { backend.erase() }
        let loaded = backend.load()
        recoveries.deferFromNowOn()
        pipeline.start(backend)
        return (backend, loaded)
    }

    /// Puts the loaded store and the chosen settings into the state, replays
    /// the changes made before `configure` onto it, records the
    /// invalidations the store implies, and publishes every tip registered
    /// so far.
    private func start(
        _ state: inout EngineState, loaded: DatastoreSnapshot, backend: any DatastoreBackend,
        chosen: ConfigurationChoices, switches: TestingSwitches
    ) {
        state.facts.start(loaded: loaded)
        state.cache.dropAll()
        state.accounting.clock = chosen.clock
        state.settings.choose(chosen.frequency)
        state.settings.choose(limits: chosen.limits)
        state.settings.holdouts = chosen.holdouts
        state.accounting.beginSession()
        state.settings.overrides.merge(switches)
        state.warnAboutTestingIDs(among: state.registry.tips.keys)
        state.lifecycle.connect(backend, writesInFlight: { [pipeline] in !pipeline.isIdle })
        for renames in state.facts.takeRenamesBeforeStart() { state.meet(renames) }
        for registered in state.registry.ordered {
            state.recordHoldoutSeedIfNeeded(for: registered)
            state.recordDueInvalidations(of: registered)
        }
        state.publishStatusChanges(of: state.registry.ordered)
        if !(chosen.clock is ManualClock) {
            state.accounting.timeCheckScheduler = { [weak self] seconds, token in
                self?.scheduleTimeCheck(after: seconds, token: token)
            }
            if let next = state.nextTimeDrivenChange() { state.accounting.requestTimeCheck(at: next) }
        }
    }

    /// Starts hearing about time passing and other processes' changes: a
    /// watch on a durable store's directory (only such a store can change
    /// behind this process's back), and a `ManualClock`'s moves.
    private func watch(
        _ backend: any DatastoreBackend, in directory: URL, detection: Tips.OutsideChangeDetection,
        clock: any TipClock
    ) {
        if backend is Datastore {
            let watch = OutsideChangeWatch(directory: directory, detection: detection) { [weak self] in
                self?.applyOutsideChangesNow()
            }
            outsideChangeWatch.withLock { $0 = watch }
        }
        if let manual = clock as? ManualClock {
            let token = manual.addObserver { [weak self] in self?.withState { $0.timePassed() } }
            clockSubscription.withLock { $0 = (manual, token) }
        }
    }

    /// Whether `configure` has completed.
    public var isConfigured: Bool { state.withLock { $0.lifecycle.isConfigured } }

    /// Erases the datastore when the center is configured: every parameter,
    /// donation and tip record. Must run before `configure`.
    ///
    /// - Throws: `Tips.ConfigurationError.resetAfterConfiguration` after `configure`.
    public func resetDatastore() throws {
        try state.withLock { state in
            guard !state.lifecycle.isConfigured && !state.lifecycle.isConfiguring else {
                throw Tips.ConfigurationError.resetAfterConfiguration
            }
            state.lifecycle.resetRequested = true
            state.facts.erase()
            state.cache.dropAll()
        }
    }

    /// Shows every tip regardless of rules, frequency and invalidation.
    public func showAllTipsForTesting() { changeOverrides { $0.showAll = true } }

    /// Shows the tips of these types regardless of rules, frequency and
    /// invalidation: every tip a type makes, so every instance of a reusable tip.
    ///
    /// ```swift
    /// center.showTipsForTesting([FavoriteTrail.self, NewTrail.self])
    /// ```
    public func showTipsForTesting(_ tips: [any Tip.Type]) {
        changeOverrides { $0.shownTypes.formUnion(tips.map(ObjectIdentifier.init)) }
    }

    /// Shows the tips with these ids regardless of rules, frequency and
    /// invalidation. An id that matches no tip in use but is close to one is
    /// reported through `.onWarning`; the form that takes types cannot be misspelled.
    public func showTipsForTesting(_ ids: [String]) { changeOverrides { $0.shown.formUnion(ids) } }

    /// Hides the tips of these types (every instance of a reusable tip).
    public func hideTipsForTesting(_ tips: [any Tip.Type]) {
        changeOverrides { $0.hiddenTypes.formUnion(tips.map(ObjectIdentifier.init)) }
    }

    /// Hides the tips with these ids; a likely misspelling is reported as for `showTipsForTesting(_:)`.
    public func hideTipsForTesting(_ ids: [String]) { changeOverrides { $0.hidden.formUnion(ids) } }

    /// Hides every tip.
    public func hideAllTipsForTesting() { changeOverrides { $0.hideAll = true } }

    private func changeOverrides(_ change: (inout TestingOverrides) -> Void) {
        withState { state in
            change(&state.settings.overrides)
            state.warnAboutTestingIDs(among: state.registry.tips.keys)
            state.publishStatusChanges(of: state.registry.ordered)
        }
    }

    /// Registers tips so that parameter changes and donations re-evaluate them
    /// and publish their changes. A tip also registers the first time its
    /// updates are observed (`statusUpdates`, `shouldDisplayUpdates`), or an
    /// operation writes about it (a display, an invalidation, a snooze); a
    /// read of its status or explanation does not register it. The first tip
    /// with an id wins.
    public func register(_ tips: [any Tip]) {
        withState { state in
            // The testing ids are checked once every tip is in: an instance of
            // a reusable tip registered later is not a misspelling of an earlier one.
            let ids = tips.map { state.register($0, checksTestingIDs: false).id }
            state.warnAboutTestingIDs(among: ids)
        }
    }

    /// Runs `body` as one operation: under the lock, then hands what it
    /// recorded to the datastore without waiting, and runs what it published.
    @discardableResult
    func withState<Result>(_ body: (inout EngineState) -> Result) -> Result {
        let (result, published) = state.withLock { state in
            let result = body(&state)
            return (result, state.finishOperation(pipeline, deliveries, durably: false).published)
        }
        if published { deliveries.deliver() }
        return result
    }

    /// Runs `body` as one operation, like `withState(_:)`, and returns what
    /// it returned once what it recorded is durable: without suspending when
    /// it already is (an `.inMemory` store is written before the lock is
    /// released). When another operation holds the lock, `body` is handed to
    /// the thread that holds it (`EngineLock`) rather than waiting for it.
    @discardableResult
    func withStateDurably<Result: Sendable>(_ body: @escaping @Sendable (inout EngineState) -> Result) async -> Result {
        let ran = state.withLockIfAvailable { state in
            let result = body(&state)
            return (result, state.finishOperation(pipeline, deliveries, durably: true))
        }
        if let (result, finished) = ran {
            if finished.published { deliveries.deliver() }
            if let ticket = finished.ticket { await pipeline.waitUntilDurable(ticket) }
            return result
        }
        // The lock runs a handed-over operation exactly once, and
        // `whenDurable` its closure exactly once. A checked continuation:
        // ThreadSanitizer reports an unsafe one resumed on the writer as a
        // race with the task it resumes (`.ci/tsan.sh`).
        return await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
            state.handOver { [pipeline, deliveries] state in
                let result = body(&state)
                let finished = state.finishOperation(pipeline, deliveries, durably: true)
                if let ticket = finished.ticket {
                    pipeline.whenDurable(ticket) { done.resume(returning: result) }
                } else {
                    done.resume(returning: result)
                }
                return finished.published
            }
        }
    }

    /// How many times tips' rules have been evaluated.
    var evaluationCount: Int { state.withLock { $0.cache.evaluationCount } }
}
