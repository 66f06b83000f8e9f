import Foundation

extension TipCenter {
    /// The tip's status now. Registers the tip if needed.
    public func status(for tip: any Tip) -> Tips.Status {
        withState { state in
            state.absorbExternalChanges()
            state.register(tip)
            return state.currentStatus(of: tip.id)
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
            state.register(tip)
            let token = state.makeToken()
            observer(state.currentStatus(of: id))
            state.statusObservers[id, default: [:]][token] = observer
            return token
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.statusObservers[id]?[token] = nil }
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
    /// again, in this launch or a later one; a donation after it does.
    ///
    /// The tip is not new, though: it has appeared before, so the display
    /// frequency (which holds back only tips that never appeared) does not
    /// hold it back.
    public func resetEligibility(of tip: any Tip) async {
        await withStateDurably { state in
            state.register(tip)
            state.record(.resetTip(tipID: tip.id, date: state.now))
            state.sessions[tip.id] = nil
            state.settle([tip.id])
        }
    }

    /// Reports that the host started showing the tip: counts a display and
    /// stamps the last display date that the display frequency measures from.
    /// A second call before `tipDidDisappear` is ignored.
    public func tipDidAppear(_ tip: any Tip) async {
        await withStateDurably { state in
            state.register(tip)
            let id = tip.id
            guard state.sessions[id] == nil else { return }
            let now = state.now
            state.sessions[id] = now
            state.record(.recordDisplayStart(tipID: id, date: now))
            let interval = state.frequency.interval
            state.settle(interval > 0 ? Array(state.tips.keys) : [id])
            // The display frequency lets never-displayed tips through, and the
            // display may reach its duration limit, with time alone.
            if interval > 0 { state.requestTimeCheck(at: now + interval) }
            if let limit = state.tips[id]?.options.maxDisplayDuration {
                state.requestTimeCheck(at: now + max(0, limit - (state.snapshot.tips[id]?.displayDuration ?? 0)))
            }
        }
    }

    /// With a clock that does not report its moves (the system clock), runs
    /// the time check `token` after `seconds`.
    func scheduleTimeCheck(after seconds: Double, token: UInt64) {
        Task { [weak self] in
            // At most 10^9 seconds ahead, and never a NaN that `UInt64(_:)` would trap on.
            let delay = seconds > 0 ? min(seconds, 1e9) : 0
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9) + 1_000_000)
            self?.withState { $0.performTimeCheck(token) }
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
        await withStateDurably { state in
            state.register(tip)
            let id = tip.id
            guard let start = state.sessions.removeValue(forKey: id) else { return nil }
            let seconds = max(0, state.now - start)
            state.record(.addDisplayDuration(tipID: id, seconds: seconds))
            state.settle([id])
            return seconds
        }
    }

    /// Why the tip is or is not shown now.
    public func explanation(for tip: any Tip) -> TipExplanation {
        withState { state in
            state.absorbExternalChanges()
            state.register(tip)
            return state.explanation(of: tip.id)
        }
    }

    /// A parameter's current value (its default until set), including a value
    /// set by another process sharing the store.
    public func value(of parameter: Tips.ParameterReference) -> TipValue {
        withState { state in
            state.absorbExternalChanges()
            return RuleEvaluator.value(
                of: parameter, parameters: state.snapshot.parameters, transient: state.transientParameters)
        }
    }

    /// Sets a parameter and re-evaluates the tips that read it; returns once
    /// durable. A transient parameter is kept in memory only.
    public func setValue(_ value: TipValue, of parameter: Tips.ParameterReference) async {
        await withStateDurably { state in
            if parameter.isTransient {
                state.transientParameters[parameter.id] = value
            } else {
                state.record(.setParameter(id: parameter.id, value: value))
            }
            state.settle(state.parameterDependents[parameter.id] ?? [])
        }
    }

    /// Records a donation dated now; invalidates the tips the event
    /// invalidates and re-evaluates the tips that query it. Returns once durable.
    public func donate(_ event: Tips.Event, fields: [String: TipValue] = [:]) async {
        await withStateDurably { state in state.recordDonation(of: event, fields: fields) }
    }

    /// Records a donation dated now, like `donate(_:fields:)`, and returns
    /// as soon as it is applied in memory (tips re-evaluated, observers told)
    /// without waiting for it to be durable; it is written with the next group
    /// commit. TipKit's `sendDonation`.
    public func sendDonation(_ event: Tips.Event, fields: [String: TipValue] = [:]) {
        withState { state in state.recordDonation(of: event, fields: fields) }
    }

    /// How many donations of the event are kept now, including those donated
    /// by other processes sharing the store: the count a rule without a
    /// window or filter sees (the event's `keepCount` and `keepDuration`,
    /// measured from the center's clock).
    public func donationCount(of event: Tips.Event) -> Int {
        withState { state in
            state.absorbExternalChanges()
            return state.keptDonationRange(of: event).count
        }
    }

    /// The donations of the event kept now, oldest first: the ones a rule
    /// without a window or filter counts.
    public func donations(of event: Tips.Event) -> [Tips.Event.Donation] {
        withState { state in
            state.absorbExternalChanges()
            let list = state.snapshot.donations[event.id] ?? []
            return state.keptDonationRange(of: event).map { index in
                Tips.Event.Donation(date: Date(timeIntervalSince1970: list[index].date), fields: list[index].fields)
            }
        }
    }

    /// Deletes every donation of the event, in every process sharing the
    /// store, and re-evaluates the tips that query it; returns once durable.
    /// Tips the event already invalidated stay invalidated.
    public func deleteDonations(of event: Tips.Event) async {
        await withStateDurably { state in
            state.record(.deleteDonations(eventID: event.id))
            state.fieldColumns[event.id] = nil
            state.settle(state.eventDependents[event.id] ?? [])
        }
    }
}

extension EngineState {
    /// Where the event's kept donations are in its stored list now.
    func keptDonationRange(of event: Tips.Event) -> Range<Int> {
        RuleEvaluator.keptRange(
            of: event, in: snapshot.donations[event.id] ?? [], limit: snapshot.donationLimits[event.id], now: now)
    }

    /// The synchronous part of a donation: record it, invalidate, re-evaluate dependents.
    mutating func recordDonation(of event: Tips.Event, fields: [String: TipValue]) {
        let donation = StoredDonation(date: now, fields: fields)
        record(
            .donate(
                eventID: event.id, donation: donation, keepCount: event.keepCount,
                keepDuration: event.keepDuration))
        if let invalidated = invalidatingEvents[event.id] { invalidate(invalidated, reason: .actionPerformed) }
        settle(eventDependents[event.id] ?? [])
        requestTimeCheck(afterDonationOf: event.id, at: donation.date)
    }

    /// The full explanation of a registered tip, with what its groups say.
    mutating func explanation(of id: String) -> TipExplanation {
        let evaluation = evaluate(id, tracing: true)
        let gates = evaluation.gates + groupGates(of: id, status: evaluation.status)
        return TipExplanation(tipID: id, status: evaluation.status, rules: evaluation.rules, gates: gates)
    }
}
