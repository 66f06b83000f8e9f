import Foundation

/// Someone watching a group's current tip.
struct GroupObserver {
    let priority: TipGroup.Priority
    let tipIDs: [String]
    /// The current tip the observer was last told.
    var currentTipID: String?
    let publish: @Sendable ((any Tip)?) -> Void
}

/// Publication: who watches what, what each was last told, and the
/// deliveries waiting for the engine's lock to be released.
///
/// Status is decided by evaluation; publication only hears the verdicts of
/// the steps that change something (`EngineState.publishStatusChanges(of:)`)
/// and turns those that differ from what was last published into
/// deliveries. A read never publishes.
///
/// Invariants:
/// - `published[tip.index]` is the status the tip's observers were last
///   told: its status when it was registered, then each one published.
/// - Observers are told each change of their tip's published status (and a
///   group observer each change of its current tip) exactly once, in the
///   order the changes were published. They are called only through
///   `takeDeliveries()`, which the center runs in order after releasing the
///   engine's lock (`DeliveryQueue`), never under it.
/// - A new observer is told the current published status before any later change.
/// - Activity observers are told each activity reported while they are
///   registered, exactly once, in the order reported, through the same
///   deliveries as status changes.
/// - `heldOut[tip.index]` is whether the tip was last published as held out
///   (it would be available but for its holdout): `heldOut` is reported each
///   time that turns true.
struct Publication {
    /// What each tip's observers were last told, by `RegisteredTip.index`.
    private(set) var published: [Tips.Status] = []
    /// Tip id → token → status observer.
    private var statusObservers: [String: [UInt64: @Sendable (Tips.Status) -> Void]] = [:]
    /// Token → group observer.
    private(set) var groupObservers: [UInt64: GroupObserver] = [:]
    /// Tips whose published status changed since the groups were last looked at.
    private var changedTipIDs: Set<String> = []
    /// Calls to make once the engine's lock is released, in order.
    private var deliveries: [@Sendable () -> Void] = []
    /// Token → activity observer (`activityUpdates`, `.onActivity`).
    private var activityObservers: [UInt64: @Sendable (TipActivity) -> Void] = [:]
    /// Whether each tip was last published as held out, by `RegisteredTip.index`.
    private var heldOut: [Bool] = []
    /// Where warnings about misuse go (`.onWarning`).
    var warningHandler: @Sendable (String) -> Void = Publication.writeWarningToStandardError
    private var lastToken: UInt64 = 0

    /// Starts publishing a tip just registered, whose status is `status`.
    mutating func add(_ registered: RegisteredTip, status: Tips.Status) {
        assert(registered.index == published.count, "tips are added in registration order")
        published.append(status)
        heldOut.append(false)
    }

    /// Publishes whether the tip is held out now; true when it just became so
    /// (the moment to report `heldOut`).
    mutating func publishHeldOut(_ isHeldOut: Bool, for registered: RegisteredTip) -> Bool {
        defer { heldOut[registered.index] = isHeldOut }
        return isHeldOut && !heldOut[registered.index]
    }

    /// Whether anyone watches activities (so that none is built for nobody).
    var isReportingActivity: Bool { !activityObservers.isEmpty }

    /// Queues the activity for every activity observer.
    mutating func report(_ activity: TipActivity) {
        for observer in activityObservers.values { deliveries.append { observer(activity) } }
    }

    /// Adds an activity observer; returns its token.
    mutating func addActivityObserver(_ observer: @escaping @Sendable (TipActivity) -> Void) -> UInt64 {
        let token = makeToken()
        activityObservers[token] = observer
        return token
    }

    /// Removes an activity observer.
    mutating func removeActivityObserver(_ token: UInt64) {
        activityObservers[token] = nil
    }

    /// The status last published for the tip.
    func status(of registered: RegisteredTip) -> Tips.Status {
        published[registered.index]
    }

    /// Publishes the tip's status: its observers are told when it differs
    /// from what they were last told.
    mutating func publish(_ status: Tips.Status, for registered: RegisteredTip) {
        guard published[registered.index] != status else { return }
        announce(status, for: registered)
    }

    /// Tells the tip's observers `status` even when it is what they were
    /// last told (a tip shown by a testing override reports its
    /// invalidation, then its return to available).
    mutating func announce(_ status: Tips.Status, for registered: RegisteredTip) {
        published[registered.index] = status
        if !groupObservers.isEmpty { changedTipIDs.insert(registered.id) }
        guard let observers = statusObservers[registered.id] else { return }
        for observer in observers.values { deliveries.append { observer(status) } }
    }

    /// Adds an observer of the tip, told its published status first; returns its token.
    mutating func addStatusObserver(
        of registered: RegisteredTip, _ observer: @escaping @Sendable (Tips.Status) -> Void
    ) -> UInt64 {
        let token = makeToken()
        statusObservers[registered.id, default: [:]][token] = observer
        let status = published[registered.index]
        deliveries.append { observer(status) }
        return token
    }

    /// Removes a status observer.
    mutating func removeStatusObserver(of id: String, token: UInt64) {
        statusObservers[id]?[token] = nil
    }

    /// Adds an observer of a group, told `current` (its current tip) first; returns its token.
    mutating func addGroupObserver(_ observer: GroupObserver, current: (any Tip)?) -> UInt64 {
        let token = makeToken()
        groupObservers[token] = observer
        deliveries.append { observer.publish(current) }
        return token
    }

    /// Removes a group observer.
    mutating func removeGroupObserver(_ token: UInt64) {
        groupObservers[token] = nil
    }

    /// The tips whose published status changed since the last call, emptied.
    mutating func takeChangedTipIDs() -> Set<String> {
        defer { changedTipIDs = [] }
        return changedTipIDs
    }

    /// Tells a group observer its group's current tip is now `tip` (id `currentTipID`).
    mutating func publishCurrentTip(_ tip: (any Tip)?, id currentTipID: String?, to token: UInt64) {
        guard let observer = groupObservers[token] else { return }
        groupObservers[token]?.currentTipID = currentTipID
        deliveries.append { observer.publish(tip) }
    }

    /// Queues a warning for the host's warning handler.
    mutating func warn(_ message: String) {
        let handler = warningHandler
        deliveries.append { handler(message) }
    }

    /// The deliveries queued so far, emptied.
    mutating func takeDeliveries() -> [@Sendable () -> Void] {
        guard !deliveries.isEmpty else { return [] }
        defer { deliveries = [] }
        return deliveries
    }

    private mutating func makeToken() -> UInt64 {
        lastToken += 1
        return lastToken
    }

    /// The default `.onWarning` handler.
    static let writeWarningToStandardError: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("TipsRuntime: warning: \(message)\n".utf8))
    }
}
