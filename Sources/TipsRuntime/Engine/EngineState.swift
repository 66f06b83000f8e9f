import Foundation

/// Everything a `TipCenter` holds, guarded by its one lock, in rooms that
/// each keep their own invariants (see each type's documentation and
/// `docs/Architecture.md`):
///
/// | room | holds |
/// |---|---|
/// | `lifecycle` | whether `configure` ran; the datastore and the look at other processes' changes |
/// | `settings` | the display frequency in force, the testing overrides, the `.tips` files' `config` blocks |
/// | `registry` | the registered tips and groups, and indexes of what their rules read |
/// | `facts` | what the datastore holds, transient parameter values, mutations on their way to the datastore |
/// | `cache` | what evaluation keeps between evaluations (field columns) |
/// | `accounting` | the clock, displays in progress, display limits and frequency, time checks |
/// | `publication` | observers, what each was last told, activity observers, deliveries for after the lock |
/// | `holds` | the holds in force (`holdDisplays(reason:)`), per process |
///
/// Each operation of the center runs under the lock, in three steps:
/// 1. it records what happened (`record(_:)`: facts, kept in step with the cache);
/// 2. it publishes the changes of the tips that may have changed
///    (`publishStatusChanges(of:)`: evaluation decides, publication compares);
/// 3. `finishOperation` publishes groups' current tips, hands the recorded
///    mutations to the commit pipeline and the deliveries to the center's
///    delivery queue, which runs them once the lock is released.
///
/// A read (status, explanation, value, donations, a group's current tip)
/// records and publishes nothing, except what taking in other processes'
/// changes does (`applyOutsideChanges(throttled:)`). A read of a tip not
/// registered leaves it unregistered: it reads a scratch copy in which the
/// tip was just registered (`read(_:_:)`).
struct EngineState {
    var lifecycle = Lifecycle()
    var settings = Settings()
    var registry = TipRegistry()
    var facts = Facts()
    var cache = EvaluationCache()
    var accounting = DisplayAccounting()
    var publication = Publication()
    var holds = DisplayHolds()

    /// The clock's reading, in seconds since 1970.
    var now: Double { accounting.now }

    /// Applies the mutation in memory, queues it for the datastore, and keeps
    /// the evaluation's field columns in step.
    mutating func record(_ mutation: DatastoreMutation) {
        if case .invalidate(let tipID, let reason, let date) = mutation,
            facts.snapshot.tips[tipID]?.invalidation == nil
        {
            report(.invalidated(reason), ofID: tipID, at: date)
        }
        guard case .donate(let eventID, let donation, _, _) = mutation, cache.fieldColumns[eventID] != nil else {
            return facts.record(mutation)
        }
        let oldCount = facts.snapshot.donations[eventID]?.count ?? 0
        facts.record(mutation)
        cache.follow(
            donation: donation, of: eventID, oldCount: oldCount, list: facts.snapshot.donations[eventID] ?? [])
    }

    /// Registers the tip unless a tip with its id already is; returns the
    /// registered one. A new tip's config block is adopted, the invalidations
    /// stored facts imply for it are recorded, and its status becomes its
    /// first published one.
    /// Unless `checksTestingIDs` is false (the caller checks once it has
    /// registered every tip of a batch), the testing ids are checked against it.
    /// `recordsDueInvalidations` is false for a read's scratch registration
    /// (`read(_:_:)`): the `dueInvalidation` gate reports the invalidation
    /// that recording would, and recording it would copy every tip's record
    /// at each read.
    @discardableResult
    mutating func register(
        _ tip: any Tip, checksTestingIDs: Bool = true, recordsDueInvalidations: Bool = true
    ) -> RegisteredTip {
        if let known = registry[tip.id] { return known }
        meet(tip.declaredRenames)
        let (registered, newWindows) = registry.add(tip)
        if lifecycle.isConfigured {
            for (event, seconds) in newWindows {
                if let exit = nextWindowExit(of: event, seconds: seconds) { accounting.requestTimeCheck(at: exit) }
            }
        }
        if recordsDueInvalidations { recordDueInvalidations(of: registered) }
        // A new frequency may hold back (or let through) every other tip.
        let frequencyChanged = tip.declaredConfiguration.map { adopt($0) } ?? false
        recordHoldoutSeedIfNeeded(for: registered)
        var evaluator: RuleEvaluator?
        let evaluation = evaluate(registered, tracing: false, sharing: &evaluator)
        publication.add(registered, status: evaluation.status)
        if evaluation.status == .available { report(.becameAvailable, of: registered) }
        if publication.publishHeldOut(evaluation.isHeldOut, for: registered) { report(.heldOut, of: registered) }
        if frequencyChanged { publishStatusChanges(of: registry.ordered.filter { $0 !== registered }) }
        if checksTestingIDs { warnAboutTestingIDs(among: CollectionOfOne(registered.id)) }
        return registered
    }

    /// Takes in a registered tip's `config` block; whether the frequency changed.
    private mutating func adopt(_ declared: Tips.DeclaredConfiguration) -> Bool {
        let (changed, warning) = settings.adopt(declared)
        if let warning { publication.warn(warning) }
        return changed
    }

    /// Warns about testing ids that look like misspellings of `candidates`.
    mutating func warnAboutTestingIDs<C: Collection<String>>(among candidates: C) {
        // The usual case, no testing id: the closures below, which copy the registry and facts, are not made.
        guard settings.hasTestingIDs else { return }
        let warnings = settings.misspelledTestingIDs(
            among: candidates, isRegistered: { registry[$0] != nil },
            reusableType: { [registry] id in registry[id].flatMap { Self.reusableTypeName(of: $0, in: registry) } },
            renamedTo: { [facts] id in facts.tipID(renamedFrom: id) })
        for warning in warnings { publication.warn(warning) }
    }

    /// The name of `registered`'s type when the tip is reusable: another
    /// registered tip, with another id, is of the same type.
    static func reusableTypeName(of registered: RegisteredTip, in registry: TipRegistry) -> String? {
        let hasSibling = registry.ordered.contains { $0.id != registered.id && $0.type == registered.type }
        return hasSibling ? String(describing: Swift.type(of: registered.tip)) : nil
    }

    /// Re-evaluates the tips and publishes the statuses that changed. Every
    /// step that changes what a status depends on ends with it, for the
    /// tips the change can affect.
    mutating func publishStatusChanges<S: Sequence<RegisteredTip>>(of tips: S) {
        var evaluator: RuleEvaluator?
        for registered in tips {
            let evaluation = evaluate(registered, tracing: false, sharing: &evaluator)
            let wasAvailable = publication.status(of: registered) == .available
            publication.publish(evaluation.status, for: registered)
            if evaluation.status == .available, !wasAvailable { report(.becameAvailable, of: registered) }
            if publication.publishHeldOut(evaluation.isHeldOut, for: registered) { report(.heldOut, of: registered) }
        }
    }

    /// `publishStatusChanges(of:)` for the registered tips with these ids.
    mutating func publishStatusChanges(ofIDs ids: [String]) {
        publishStatusChanges(of: ids.compactMap { registry[$0] })
    }

    /// Records the invalidation that stored facts already imply for the tip
    /// (`dueInvalidation(of:record:)`). Runs wherever those facts change:
    /// registration, `configure`, the end of a display, time passing, other
    /// processes' changes.
    mutating func recordDueInvalidations(of registered: RegisteredTip) {
        guard let due = dueInvalidation(of: registered, record: facts.snapshot.tips[registered.id]) else { return }
        record(.invalidate(tipID: registered.id, reason: due.reason, date: due.date))
    }

    /// The invalidation that stored facts imply for the tip (`stored`: its
    /// record) once configured, if it is not invalidated: an invalidating
    /// event (`invalidatedBy`) donated since its eligibility was last reset
    /// (by an earlier launch, another process, or before it registered),
    /// dated as that donation, or a display limit reached. Decided here
    /// alone, for the invalidation recorded and for the `dueInvalidation`
    /// gate that reports it before it is.
    func dueInvalidation(of registered: RegisteredTip, record stored: TipRecord?) -> StoredInvalidation? {
        guard lifecycle.isConfigured, registered.hasDisplayLimit || !registered.options.invalidatedBy.isEmpty,
            stored?.invalidation == nil
        else { return nil }
        // A loop, not `compactMap(_:).max()`: a gate runs at every evaluation and builds no array.
        var donated = -Double.infinity
        for event in registered.options.invalidatedBy {
            if let date = facts.snapshot.keptDonations(of: event.id).last?.date, date > donated { donated = date }
        }
        if donated > (stored?.eligibleSince ?? -Double.infinity) {
            return StoredInvalidation(reason: .actionPerformed, date: donated)
        }
        return accounting.displayLimitReached(of: registered.id, options: registered.options, record: stored)
    }

    /// Invalidates the tips (those not already invalidated) and publishes.
    mutating func invalidate(_ ids: [String], reason: Tips.InvalidationReason) {
        let date = now
        for id in ids {
            if facts.snapshot.tips[id]?.invalidation == nil {
                record(.invalidate(tipID: id, reason: reason, date: date))
            }
            if let registered = registry[id],
                let override = settings.overrides.decision(for: id, ofType: registered.type),
                override.shows
            {
                // A tip shown by an override returns to available after invalidation.
                publication.announce(.invalidated(reason), for: registered)
                publication.announce(.available, for: registered)
            }
        }
        publishStatusChanges(ofIDs: ids)
    }

    /// Ends an operation: publishes groups' current tips that changed, sends
    /// what the operation recorded to the datastore (stashes it before
    /// `configure`), and queues the deliveries for after the lock. Returns
    /// whether it queued any delivery, and, when `durably`, the ticket to wait
    /// for until what it recorded, and everything sent before, is durable
    /// (nil when there is nothing to wait for).
    mutating func finishOperation(
        _ pipeline: CommitPipeline, _ deliveries: DeliveryQueue, durably: Bool
    ) -> (published: Bool, ticket: CommitPipeline.Ticket?) {
        publishCurrentTipChanges()
        let published = publication.takeDeliveries()
        deliveries.enqueue(published)
        return (!published.isEmpty, sendOutbox(pipeline, durably: durably))
    }

    /// Hands the recorded mutations to the commit pipeline, or stashes them before `configure`.
    private mutating func sendOutbox(_ pipeline: CommitPipeline, durably: Bool) -> CommitPipeline.Ticket? {
        let mutations = facts.takeOutbox()
        if !lifecycle.isConfigured {
            facts.stash(mutations)
            return nil
        }
        guard !mutations.isEmpty || durably else { return nil }
        return pipeline.send(mutations)
    }
}
