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

    let state = Locked(EngineState())
    let pipeline = CommitPipeline()
    /// What hosts attached to tips' actions (`Actions/TipActions.swift`).
    let actionHandlers = Locked(ActionHandlers())
    private let makeBackend: DatastoreBackendFactory
    private let clockSubscription = Locked<(clock: ManualClock, token: UInt64)?>(nil)
    /// Tells the center when another process changes its datastore.
    let outsideChangeWatch = Locked<OutsideChangeWatch?>(nil)
    /// The languages of tips' text once configured (`Localization/TipCenter+Languages.swift`).
    let configuredLanguages = Locked<[String]?>(nil)
    /// Where warnings go (`.onWarning`); called outside the lock.
    private let warningHandler = Locked<@Sendable (String) -> Void>(TipCenter.writeWarningToStandardError)

    /// Creates an unconfigured center; its tips are pending until `configure`.
    public convenience init() {
        self.init(backendFactory: TipCenter.defaultBackendFactory)
    }

    /// Creates a center whose datastore comes from `backendFactory`.
    init(backendFactory: @escaping DatastoreBackendFactory) {
        self.makeBackend = backendFactory
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
        if let handler = chosen.onWarning { warningHandler.withLock { $0 = handler } }
        try state.withLock { state in
            guard !state.isConfigured && !state.isConfiguring else { throw Tips.ConfigurationError.alreadyConfigured }
            state.isConfiguring = true
        }
        configuredLanguages.withLock { $0 = chosen.languages }
        let directory: URL
        do {
            directory = try chosen.location.resolve(
                environment: chosen.environment ?? ProcessInfo.processInfo.environment)
        } catch {
            state.withLock { $0.isConfiguring = false }
            throw error
        }
        let switches = TestingSwitches(
            arguments: chosen.arguments,
            environment: chosen.environment ?? (isShared ? ProcessInfo.processInfo.environment : [:]))
        let recoveries = RecoveryDelivery(chosen.onRecovery)
        let backend = chosen.location == .inMemory ? InMemoryDatastore() : makeBackend(directory, recoveries.deliver)
        if switches.resetDatastore || state.withLock({ $0.resetRequested }) { backend.erase() }
        let loaded = backend.load()
        recoveries.deferFromNowOn()
        pipeline.start(backend)
        let (clock, frequency) = (chosen.clock, chosen.frequency)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            state.withLock { state in
                start(&state, loaded: loaded, backend: backend, clock: clock, frequency: frequency, switches: switches)
                state.finishOperation(pipeline, done: { done.resume() })
            }
        }
        // Only a durable store in a directory can change behind this process's back.
        if backend is Datastore {
            let watch = OutsideChangeWatch(directory: directory, detection: chosen.detection) { [weak self] in
                self?.noticeOutsideChanges()
            }
            outsideChangeWatch.withLock { $0 = watch }
        }
        if let manual = clock as? ManualClock {
            let token = manual.addObserver { [weak self] in self?.clockDidChange() }
            clockSubscription.withLock { $0 = (manual, token) }
        }
        deliver(state.withLock { $0.takeWarnings() })
    }

    /// Puts the loaded store and the chosen settings into the state, replays
    /// the changes made before `configure` onto it, and settles every tip
    /// registered so far.
    private func start(
        _ state: inout EngineState, loaded: DatastoreSnapshot, backend: any DatastoreBackend, clock: any TipClock,
        frequency: Tips.DisplayFrequency?, switches: TestingSwitches
    ) {
        state.snapshot = loaded
        state.fieldColumns = [:]
        for mutation in state.stashed { state.snapshot.apply(mutation) }
        state.outbox = state.stashed
        state.stashed = []
        state.clock = clock
        state.explicitFrequency = frequency != nil
        state.frequency = frequency ?? .immediate
        _ = state.applyDeclaredFrequency()
        state.overrides.merge(switches)
        state.checkTestingIDs(among: state.tips.keys)
        state.backend = backend
        state.writesInFlight = { [pipeline] in !pipeline.isIdle }
        state.isConfigured = true
        state.isConfiguring = false
        state.resetRequested = false
        let ids = Array(state.tips.keys)
        for id in ids { state.catchUpInvalidation(of: id) }
        state.settle(ids)
        if !(clock is ManualClock) {
            state.timeCheckScheduler = { [weak self] seconds, token in
                self?.scheduleTimeCheck(after: seconds, token: token)
            }
            if let next = state.nextTimeDrivenChange() { state.requestTimeCheck(at: next) }
        }
    }

    /// Whether `configure` has completed.
    public var isConfigured: Bool { state.withLock { $0.isConfigured } }

    /// Erases the datastore when the center is configured: every parameter,
    /// donation and tip record. Must run before `configure`.
    ///
    /// - Throws: `Tips.ConfigurationError.resetAfterConfiguration` after `configure`.
    public func resetDatastore() throws {
        try state.withLock { state in
            guard !state.isConfigured && !state.isConfiguring else {
                throw Tips.ConfigurationError.resetAfterConfiguration
            }
            state.resetRequested = true
            state.snapshot = DatastoreSnapshot()
            state.fieldColumns = [:]
            state.stashed = []
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
            change(&state.overrides)
            state.checkTestingIDs(among: state.tips.keys)
            state.settle(Array(state.tips.keys))
        }
    }

    /// Registers tips so that parameter changes and donations re-evaluate them
    /// and publish their changes. A tip also registers the first time its
    /// status, updates or explanation are asked for. The first tip with an id wins.
    public func register(_ tips: [any Tip]) {
        withState { state in
            for tip in tips { state.register(tip) }
        }
    }

    /// Re-checks time-dependent status after the clock moved.
    func clockDidChange() {
        withState { $0.settleTimeDependentTips() }
    }

    /// Runs `body` under the lock, then sends what it recorded to the datastore
    /// without waiting.
    @discardableResult
    func withState<Result>(_ body: (inout EngineState) -> Result) -> Result {
        var warnings: [String] = []
        let result = state.withLock { state in
            let result = body(&state)
            state.finishOperation(pipeline, done: nil)
            warnings = state.takeWarnings()
            return result
        }
        if !warnings.isEmpty { deliver(warnings) }
        return result
    }

    /// Runs `body` under the lock, then returns what it returned once what it
    /// recorded is durable.
    @discardableResult
    func withStateDurably<Result: Sendable>(_ body: (inout EngineState) -> Result) async -> Result {
        var warnings: [String] = []
        let result = await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
            state.withLock { state in
                let result = body(&state)
                state.finishOperation(pipeline, done: { done.resume(returning: result) })
                warnings = state.takeWarnings()
            }
        }
        if !warnings.isEmpty { deliver(warnings) }
        return result
    }

    /// Hands warnings to the host's handler, outside the lock (it may read tips).
    private func deliver(_ warnings: [String]) {
        guard !warnings.isEmpty else { return }
        let handler = warningHandler.withLock { $0 }
        for warning in warnings { handler(warning) }
    }

    /// The default `.onWarning` handler.
    static let writeWarningToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("TipsRuntime: warning: \(message)\n".utf8))
    }

    /// How many times tips' rules have been evaluated.
    var evaluationCount: Int { state.withLock { $0.evaluationCount } }
}
