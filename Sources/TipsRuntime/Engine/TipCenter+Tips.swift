import Foundation

extension TipCenter {
    /// The tip's status now. A read: it records, publishes and reports
    /// nothing (other processes' changes it takes in are published), and
    /// leaves a tip not registered unregistered, answering what it would
    /// answer right after registering it (`EngineState.readStatus(of:)`).
    public func status(for tip: any Tip) -> Tips.Status {
        withState { state in
            state.applyOutsideChanges()
            return state.readStatus(of: tip)
        }
    }

    /// The tip's status now, then every change, until the stream is dropped.
    public func statusUpdates(for tip: any Tip) -> AsyncStream<Tips.Status> {
        let (stream, continuation) = AsyncStream.makeStream(of: Tips.Status.self)
        observeStatus(of: tip, continuation: continuation) { continuation.yield($0) }
        return stream
    }

    /// Whether the tip should show now, then every change, until the stream is dropped.
    public func shouldDisplayUpdates(for tip: any Tip) -> AsyncStream<Bool> {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        let last = Locked<Bool?>(nil)
        observeStatus(of: tip, continuation: continuation) { status in
            let shows = status == .available
            let changed = last.withLock { last in
                defer { last = shows }
                return last != shows
            }
            if changed { continuation.yield(shows) }
        }
        return stream
    }

    private func observeStatus<Element>(
        of tip: any Tip, continuation: AsyncStream<Element>.Continuation,
        _ observer: @escaping @Sendable (Tips.Status) -> Void
    ) {
        let id = tip.id
        let token = withState { state in
            let registered = state.register(tip)
            state.publishStatusChanges(of: [registered])
            return state.publication.addStatusObserver(of: registered, observer)
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.publication.removeStatusObserver(of: id, token: token) }
        }
    }

    /// Invalidates the tip for good (until `resetEligibility` or a datastore
    /// reset); returns once durable. A tip shown by a testing override reports
    /// the invalidation, then returns to available. Named apart from the
    /// synchronous `invalidate(_:reason:)` so that `await` never picks that one.
    public func invalidateDurably(_ tip: any Tip, reason: Tips.InvalidationReason) async {
        await withStateDurably { state in
            state.register(tip)
            state.invalidate([tip.id], reason: reason)
        }
    }

    /// Invalidates the tip, as TipKit's synchronous `invalidate(reason:)`
    /// does: applied (observers told) before it returns, written with the
    /// next group commit. `invalidateDurably(_:reason:)` returns once it is saved.
    public func invalidate(_ tip: any Tip, reason: Tips.InvalidationReason) {
        withState { state in
            state.register(tip)
            state.invalidate([tip.id], reason: reason)
        }
    }

    /// Makes the tip eligible again: forgets its invalidation, display count
    /// and display duration (its display limits start over). Returns once
    /// durable. The reset outlives the invalidation it undoes: a donation of an
    /// `invalidatedBy` event made before the reset never invalidates the tip
    /// again, in this launch or a later one; a donation after it does. (Both
    /// are told apart by their dates: a reset dated before the donation it
    /// undoes, the clock having moved back, does not outlive it.)
    ///
    /// The tip is not new, though: it has appeared before, so the display
    /// frequency (which holds back only tips that never appeared) does not
    /// hold it back.
    public func resetEligibility(of tip: any Tip) async {
        await withStateDurably { state in state.resetEligibility(of: state.register(tip)) }
    }

    /// Reports that the host started showing the tip: counts a display and
    /// stamps the last display date that the display frequency measures from.
    /// A second call before `tipDidDisappear` is ignored.
    public func tipDidAppear(_ tip: any Tip) async {
        await withStateDurably { state in state.beginDisplay(of: state.register(tip)) }
    }

    /// With a clock that does not report its moves (the system clock), runs
    /// the time check `token` after `seconds`.
    func scheduleTimeCheck(after seconds: Double, token: UInt64) {
        Task { [weak self] in
            // At most 10^9 seconds ahead, and never a NaN that `UInt64(_:)` would trap on.
            let delay = seconds > 0 ? min(seconds, 1e9) : 0
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9) + 1_000_000)
            self?.withState { $0.runTimeCheck(token) }
        }
    }

    /// Reports that the host stopped showing the tip: adds the display's
    /// duration, and applies `maxDisplayCount` and `maxDisplayDuration`.
    public func tipDidDisappear(_ tip: any Tip) async {
        await endDisplay(of: tip)
    }

    /// `tipDidDisappear(_:)`, returning how long the display lasted (nil when
    /// no display was in progress).
    @discardableResult
    func endDisplay(of tip: any Tip) async -> Double? {
        await withStateDurably { state in state.endDisplay(of: state.register(tip)) }
    }

    /// Why the tip is or is not shown now. A read, like `status(for:)`: it
    /// changes nothing, and leaves a tip not registered unregistered.
    public func explanation(for tip: any Tip) -> TipExplanation {
        withState { state in
            state.applyOutsideChanges()
            return state.read(tip) { $0.explanation(of: $1) }
        }
    }

    /// A parameter's current value (its default until set), including a value
    /// set by another process sharing the store.
    public func value(of parameter: Tips.ParameterReference) -> TipValue {
        withState { state in
            state.applyOutsideChanges()
            return state.read(meeting: parameter.renames) { state in
                RuleEvaluator.value(
                    of: parameter, parameters: state.facts.snapshot.parameters,
                    transient: state.facts.transientParameters)
            }
        }
    }

    /// Sets a parameter and re-evaluates the tips that read it; returns once
    /// durable. A transient parameter is kept in memory only.
    public func setValue(_ value: TipValue, of parameter: Tips.ParameterReference) async {
        await withStateDurably { state in
            state.meet(parameter.renames)
            if parameter.isTransient {
                state.facts.transientParameters[parameter.id] = value
            } else {
                state.record(.setParameter(id: parameter.id, value: value))
            }
            state.publishStatusChanges(of: state.registry.parameterDependents[parameter.id] ?? [])
        }
    }

    /// Records a donation dated now; invalidates the tips the event
    /// invalidates and re-evaluates the tips that query it. Returns once durable.
    public func donate(_ event: Tips.Event, fields: [String: TipValue] = [:]) async {
        await withStateDurably { state in
            state.meet(event.renames)
            state.recordDonation(of: event, fields: fields)
        }
    }

    /// Records a donation dated now, like `donate(_:fields:)`, and returns
    /// as soon as it is applied in memory (tips re-evaluated, observers told)
    /// without waiting for it to be durable; it is written with the next group
    /// commit. TipKit's `sendDonation`.
    public func sendDonation(_ event: Tips.Event, fields: [String: TipValue] = [:]) {
        withState { state in
            state.meet(event.renames)
            state.recordDonation(of: event, fields: fields)
        }
    }

    /// How many donations of the event are kept now, including those donated
    /// by other processes sharing the store: the count a rule without a
    /// window or filter sees (the event's `keepCount` and `keepDuration`,
    /// measured from the center's clock).
    public func donationCount(of event: Tips.Event) -> Int {
        withState { state in
            state.applyOutsideChanges()
            return state.read(meeting: event.renames) { $0.facts.keptDonationRange(of: event, now: $0.now).count }
        }
    }

    /// The donations of the event kept now, oldest first: the ones a rule
    /// without a window or filter counts.
    public func donations(of event: Tips.Event) -> [Tips.Event.Donation] {
        withState { state in
            state.applyOutsideChanges()
            return state.read(meeting: event.renames) { state in
                let list = state.facts.snapshot.donations[event.id] ?? []
                return state.facts.keptDonationRange(of: event, now: state.now).map { index in
                    Tips.Event.Donation(date: Date(timeIntervalSince1970: list[index].date), fields: list[index].fields)
                }
            }
        }
    }

    /// Deletes every donation of the event, in every process sharing the
    /// store, and re-evaluates the tips that query it; returns once durable.
    /// Tips the event already invalidated stay invalidated.
    public func deleteDonations(of event: Tips.Event) async {
        await withStateDurably { state in
            state.meet(event.renames)
            state.record(.deleteDonations(eventID: event.id))
            state.cache.drop(event.id)
            state.publishStatusChanges(of: state.registry.eventDependents[event.id] ?? [])
        }
    }
}

extension EngineState {
    /// A donation dated now: records it, invalidates the tips the event
    /// invalidates, publishes the changes of the tips that query it, and asks
    /// for the time check of its leaving the shortest window.
    mutating func recordDonation(of event: Tips.Event, fields: [String: TipValue]) {
        let donation = StoredDonation(date: now, fields: fields)
        record(
            .donate(
                eventID: event.id, donation: donation, keepCount: event.keepCount,
                keepDuration: event.keepDuration))
        if let invalidated = registry.invalidatingEvents[event.id] {
            invalidate(invalidated, reason: .actionPerformed)
        }
        publishStatusChanges(of: registry.eventDependents[event.id] ?? [])
        requestTimeCheck(afterDonationOf: event.id, at: donation.date)
    }
}
