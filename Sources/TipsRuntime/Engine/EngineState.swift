import Foundation

/// A tip the center knows, with what it derived from it once at registration.
///
/// A class, so that reading one during an evaluation retains one reference
/// instead of copying every field (a donation re-evaluates its dependents).
final class RegisteredTip {
    let id: String
    let tip: any Tip
    let rules: [TipRule]
    let options: Tips.Options
    /// Event id → fields its rules filter or group by, for the field columns.
    let queriedFields: [String: Set<String>]
    /// Whether time passing alone can change its status (windows, display limits, display frequency).
    let dependsOnTime: Bool
    /// The status last computed, to publish changes only.
    var lastStatus: Tips.Status = .pending

    /// Reads the tip's rules and options once, and derives what they query.
    init(id: String, tip: any Tip) {
        self.id = id
        self.tip = tip
        rules = tip.rules
        options = tip.options
        var queriedFields: [String: Set<String>] = [:]
        for rule in rules {
            rule.expression.visitQueriedFields { event, field in queriedFields[event, default: []].insert(field) }
        }
        self.queriedFields = queriedFields
        dependsOnTime =
            options.maxDisplayDuration != nil || options.maxDisplayCount != nil || !options.ignoresDisplayFrequency
            || rules.contains { $0.expression.dependsOnTime }
    }
}

/// Someone watching a group's current tip.
struct GroupObserver {
    let priority: TipGroup.Priority
    let tipIDs: [String]
    var currentTipID: String?
    let publish: @Sendable ((any Tip)?) -> Void
}

/// Everything a `TipCenter` holds, guarded by its lock. The persisted part
/// is `snapshot`, changed only through `record(_:)`, which applies a mutation
/// and queues the same mutation for the datastore.
struct EngineState {
    var isConfigured = false
    var isConfiguring = false
    var resetRequested = false
    var snapshot = DatastoreSnapshot()
    var transientParameters: [String: TipValue] = [:]
    var clock: any TipClock = SystemClock()
    var frequency: Tips.DisplayFrequency = .immediate
    /// Whether `configure` was given the frequency (else the `.tips` files' applies).
    var explicitFrequency = false
    /// The distinct `config` blocks of the registered tips, in registration order.
    var declaredConfigurations: [Tips.DeclaredConfiguration] = []
    /// Warnings not yet handed to the host's handler (that happens outside the lock).
    var pendingWarnings: [String] = []
    /// Testing ids already reported as likely misspellings.
    var reportedTestingIDs: Set<String> = []
    var overrides = TestingOverrides()
    var backend: (any DatastoreBackend)?
    var lastRefresh = -Double.infinity
    /// Whether mutations this process applied in memory are still on their way to the datastore.
    var writesInFlight: @Sendable () -> Bool = { false }

    /// Mutations recorded before configuration, replayed onto the loaded store.
    var stashed: [DatastoreMutation] = []
    /// Mutations recorded by the current operation, not yet sent to the datastore.
    var outbox: [DatastoreMutation] = []

    var tips: [String: RegisteredTip] = [:]
    /// Parameter id → registered tips whose rules read it (tips are never unregistered).
    var parameterDependents: [String: [RegisteredTip]] = [:]
    /// Event id → registered tips whose rules query it (tips are never unregistered).
    var eventDependents: [String: [RegisteredTip]] = [:]
    /// Event id → ids of registered tips it invalidates.
    var invalidatingEvents: [String: [String]] = [:]
    /// Event id → field → the field's value in each stored donation, aligned
    /// with `snapshot.donations`, for the fields registered rules filter or
    /// group by. Kept up to date by `record(_:)`; dropped whenever donations
    /// change any other way; rebuilt on demand.
    var fieldColumns: [String: [String: FieldColumn]] = [:]
    /// Tip id → start of the display in progress (seconds since 1970).
    var sessions: [String: Double] = [:]
    /// Event id → the lengths of the time windows registered rules count its
    /// donations within (`within` steps, keep durations), for time checks.
    var timeWindows: [String: Set<Double>] = [:]
    /// Event id → the shortest of its ``timeWindows``.
    var shortestTimeWindow: [String: Double] = [:]
    /// Schedules a time check `seconds` from now with a token; nil for a
    /// clock that reports its moves (see `EngineState+TimeChecks.swift`).
    var timeCheckScheduler: (@Sendable (_ seconds: Double, _ token: UInt64) -> Void)?
    /// The time check pending, if any: when (seconds since 1970) and its token.
    var pendingTimeCheck: (date: Double, token: UInt64)?

    var statusObservers: [String: [UInt64: @Sendable (Tips.Status) -> Void]] = [:]
    var groupObservers: [UInt64: GroupObserver] = [:]
    /// Tip id → the groups made with it, for its explanation.
    var groupsByTip: [String: [RegisteredGroup]] = [:]
    /// Tips whose published status changed during this operation.
    var changedTipIDs: Set<String> = []
    var nextToken: UInt64 = 0
    /// How many times a tip's rules were evaluated (for tests of dependency tracking).
    var evaluationCount = 0

    var now: Double { clock.now.timeIntervalSince1970 }

    mutating func makeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }

    /// Applies the mutation in memory and queues it for the datastore.
    mutating func record(_ mutation: DatastoreMutation) {
        if case .donate(let eventID, let donation, _, _) = mutation, fieldColumns[eventID] != nil {
            let oldCount = snapshot.donations[eventID]?.count ?? 0
            snapshot.applyDeferringTrim(mutation)
            updateFieldColumns(of: eventID, appending: donation, oldCount: oldCount)
        } else {
            snapshot.applyDeferringTrim(mutation)
        }
        outbox.append(mutation)
    }

    /// Keeps an event's field columns aligned after a donation: the common case
    /// appends at the end and trims the oldest; anything else drops the columns.
    private mutating func updateFieldColumns(of eventID: String, appending donation: StoredDonation, oldCount: Int) {
        let list = snapshot.donations[eventID] ?? []
        let dropped = oldCount + 1 - list.count
        let aligned = fieldColumns[eventID]?.values.allSatisfy { $0.count == oldCount } ?? false
        guard aligned, dropped >= 0, dropped <= oldCount, list.last == donation else {
            fieldColumns[eventID] = nil
            return
        }
        let fields = fieldColumns[eventID].map { Array($0.keys) } ?? []
        for field in fields {
            fieldColumns[eventID]?[field]?.removeFirst(dropped)
            fieldColumns[eventID]?[field]?.append(donation.fields[field])
        }
    }

    /// Builds the missing or stale field columns a tip's rules use; whether it built any.
    @discardableResult
    mutating func prepareFieldColumns(for queriedFields: [String: Set<String>]) -> Bool {
        var built = false
        for (eventID, fields) in queriedFields {
            let list = snapshot.donations[eventID] ?? []
            for field in fields where fieldColumns[eventID]?[field]?.count != list.count {
                fieldColumns[eventID, default: [:]][field] = FieldColumn(list.lazy.map { $0.fields[field] })
                built = true
            }
        }
        return built
    }

    /// Registers the tip unless a tip with its id already is; builds its dependency index.
    mutating func register(_ tip: any Tip) {
        let id = tip.id
        guard tips[id] == nil else { return }
        let registered = RegisteredTip(id: id, tip: tip)
        let (rules, options) = (registered.rules, registered.options)
        tips[id] = registered
        var parameters: Set<String> = []
        var events: Set<String> = []
        for rule in rules {
            rule.expression.visitDependencies(parameter: { parameters.insert($0) }, event: { events.insert($0) })
        }
        for parameter in parameters { parameterDependents[parameter, default: []].append(registered) }
        for event in events { eventDependents[event, default: []].append(registered) }
        for event in Set(options.invalidatedBy.map(\.id)) { invalidatingEvents[event, default: []].append(id) }
        registerTimeWindows(of: rules)
        catchUpInvalidation(of: id)
        // A new frequency may hold back (or let through) every other tip.
        let frequencyChanged = tip.declaredConfiguration.map { adopt($0) } ?? false
        let status = evaluate(id, tracing: false).status
        tips[id]?.lastStatus = status
        if frequencyChanged { settle(tips.keys.filter { $0 != id }) }
        checkTestingIDs(among: CollectionOfOne(id))
    }

    /// A tip registered after its invalidating event was donated (by an
    /// earlier launch or another process) is invalidated now, unless its
    /// eligibility was reset after that donation.
    mutating func catchUpInvalidation(of id: String) {
        guard isConfigured, let registered = tips[id], snapshot.tips[id]?.invalidation == nil else { return }
        let eligibleSince = snapshot.tips[id]?.eligibleSince ?? -Double.infinity
        let donated = registered.options.invalidatedBy.compactMap { snapshot.keptDonations(of: $0.id).last?.date }
        if let date = donated.max(), date > eligibleSince {
            record(.invalidate(tipID: id, reason: .actionPerformed, date: date))
        }
    }

    /// The tip's status now; publishes it to observers when it changed.
    mutating func currentStatus(of id: String) -> Tips.Status {
        var evaluator: RuleEvaluator?
        return currentStatus(of: id, sharing: &evaluator)
    }

    /// `currentStatus(of:)` sharing one rule evaluator across the tips of one `settle`.
    mutating func currentStatus(of id: String, sharing evaluator: inout RuleEvaluator?) -> Tips.Status {
        guard let registered = tips[id] else { return evaluate(id, tracing: false).status }
        return currentStatus(of: registered, sharing: &evaluator)
    }

    /// `currentStatus(of:sharing:)` for a tip already looked up: a donation
    /// re-evaluates every dependent this way, without hashing its id.
    mutating func currentStatus(of registered: RegisteredTip, sharing evaluator: inout RuleEvaluator?) -> Tips.Status {
        let id = registered.id
        let status = evaluate(registered, id: id, tracing: false, sharing: &evaluator).status
        guard registered.lastStatus != status else { return status }
        registered.lastStatus = status
        publish(status, for: id)
        return status
    }

    mutating func publish(_ status: Tips.Status, for id: String) {
        changedTipIDs.insert(id)
        for observer in statusObservers[id, default: [:]].values { observer(status) }
    }

    /// Re-evaluates the tips and publishes the changes.
    mutating func settle<S: Sequence<String>>(_ ids: S) {
        var evaluator: RuleEvaluator?
        for id in ids { _ = currentStatus(of: id, sharing: &evaluator) }
    }

    /// Re-evaluates the registered tips (dependents) and publishes the changes.
    mutating func settle(_ dependents: [RegisteredTip]) {
        var evaluator: RuleEvaluator?
        for registered in dependents { _ = currentStatus(of: registered, sharing: &evaluator) }
    }

    /// Re-evaluates every registered tip whose status may change with time alone.
    mutating func settleTimeDependentTips() {
        settle(tips.compactMap { id, registered in registered.dependsOnTime ? id : nil })
    }

    /// Invalidates the tip when a display limit is reached: the count once no
    /// display is in progress, the duration even during a display.
    mutating func enforceDisplayLimits(of id: String, options: Tips.Options) {
        guard options.maxDisplayDuration != nil || options.maxDisplayCount != nil else { return }
        guard isConfigured, let tipRecord = snapshot.tips[id], tipRecord.invalidation == nil else { return }
        if let begun = sessions[id], begun > now {
            // The clock moved back during the display: it counts from now on.
            sessions[id] = now
        }
        let start = sessions[id]
        if let limit = options.maxDisplayDuration {
            let current = start.map { max(0, now - $0) } ?? 0
            if tipRecord.displayDuration + current >= limit {
                let reachedAt = start.map { min(now, $0 + limit - tipRecord.displayDuration) } ?? now
                record(.invalidate(tipID: id, reason: .displayDurationExceeded, date: reachedAt))
                return
            }
        }
        if let limit = options.maxDisplayCount, start == nil, tipRecord.displayCount >= limit {
            record(.invalidate(tipID: id, reason: .displayCountExceeded, date: now))
        }
    }

    /// Sends what the operation recorded to the datastore, and tells group
    /// observers about current tips that changed. `done` is called once the
    /// mutations are durable.
    mutating func finishOperation(_ pipeline: CommitPipeline, done: (@Sendable () -> Void)?) {
        publishGroupChanges()
        let mutations = outbox
        outbox = []
        if !isConfigured {
            stashed += mutations
            done?()
        } else if mutations.isEmpty && done == nil {
            return
        } else {
            pipeline.send(mutations, done: done)
        }
    }

    /// Recomputes the current tip of every observed group that holds a changed tip.
    mutating func publishGroupChanges() {
        var rounds = 0
        while !changedTipIDs.isEmpty && rounds < 4 {
            let changed = changedTipIDs
            changedTipIDs = []
            rounds += 1
            for (token, observer) in groupObservers where observer.tipIDs.contains(where: changed.contains) {
                let current = currentTipID(priority: observer.priority, tipIDs: observer.tipIDs)
                guard current != observer.currentTipID else { continue }
                groupObservers[token]?.currentTipID = current
                observer.publish(current.flatMap { tips[$0]?.tip })
            }
        }
        changedTipIDs = []
    }

    /// The id of a group's current tip: for `.ordered`, the first tip not yet
    /// invalidated, if it is available; for `.firstAvailable`, the first available tip.
    mutating func currentTipID(priority: TipGroup.Priority, tipIDs: [String]) -> String? {
        for id in tipIDs {
            let status = currentStatus(of: id)
            switch priority {
            case .ordered:
                if case .invalidated = status { continue }
                return status == .available ? id : nil
            case .firstAvailable:
                if status == .available { return id }
            }
        }
        return nil
    }

    /// Takes in what other processes appended to a shared store (at most
    /// twice a second when `throttled`: reads call it; the outside-change
    /// watch calls it unthrottled). Returns false when it had to wait.
    ///
    /// Waits while this process's own writes are in flight: the datastore may
    /// answer with a whole replacement state, which would not hold the
    /// mutations already applied here but not yet handed to it.
    @discardableResult
    mutating func absorbExternalChanges(throttled: Bool = true) -> Bool {
        guard isConfigured, let backend else { return true }
        guard !writesInFlight() else { return false }
        let uptime = ProcessInfo.processInfo.systemUptime
        guard !throttled || uptime - lastRefresh >= 0.5 else { return true }
        lastRefresh = uptime
        let external = backend.refresh()
        guard !external.isEmpty else { return true }
        for mutation in external { snapshot.apply(mutation) }
        fieldColumns = [:]
        // Another process's donation invalidates the tips it invalidates here
        // too, unless that process (or this one) reset them after it.
        var invalidated: Set<String> = []
        for case .donate(let eventID, _, _, _) in external {
            for id in invalidatingEvents[eventID] ?? [] where invalidated.insert(id).inserted {
                catchUpInvalidation(of: id)
            }
        }
        settle(Array(tips.keys))
        return true
    }

    /// Invalidates the tips (those not already invalidated) and publishes.
    mutating func invalidate(_ ids: [String], reason: Tips.InvalidationReason) {
        let date = now
        for id in ids {
            if snapshot.tips[id]?.invalidation == nil {
                record(.invalidate(tipID: id, reason: reason, date: date))
            }
            if let override = overrides.decision(for: id, of: tips[id]?.tip), override.shows {
                // A tip shown by an override returns to available after invalidation.
                publish(.invalidated(reason), for: id)
                publish(.available, for: id)
            }
        }
        settle(ids)
    }
}
