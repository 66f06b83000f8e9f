import Foundation

// Attention: the gates across tips (holds, one at a time, the session
// limit), snoozes and holdouts, and the activities the engine reports.

extension EngineState {
    /// What a gate of attention says about the tip now (`record`: its stored
    /// record), or nil when it does not apply.
    func attentionVerdict(_ gate: StatusGate, of registered: RegisteredTip, record: TipRecord?) -> GateVerdict? {
        switch gate {
        case .hold:
            guard holds.isHolding else { return nil }
            return GateVerdict(status: .pending, explanation: .held(reasons: holds.reasons))
        case .snooze:
            guard let snooze = record?.snooze, snooze.holds(at: now) else { return nil }
            return GateVerdict(
                status: .pending, explanation: .snoozed(until: Date(timeIntervalSince1970: snooze.until)))
        case .oneAtATime:
            guard settings.oneAtATime, !registered.options.ignoresDisplayFrequency,
                let shown = accounting.otherTipOnScreen(than: registered.id)
            else { return nil }
            return GateVerdict(status: .pending, explanation: .oneAtATime(onScreenTipID: shown))
        case .sessionLimit:
            guard let limit = settings.sessionLimit, !registered.options.ignoresDisplayFrequency,
                accounting.sessionLimitReached(by: registered.id, limit: limit)
            else { return nil }
            return GateVerdict(
                status: .pending,
                explanation: .sessionLimit(limit: limit, appearedTipIDs: accounting.appearedThisSession))
        default:
            return nil
        }
    }

    /// Whether this install is held out of the tip: its `holdout` and the
    /// install's seed, or the membership `configure` chose. A testing
    /// switch that shows the tip beats it.
    func isHeldOut(_ registered: RegisteredTip) -> Bool {
        if let override = settings.overrides.decision(for: registered.id, ofType: registered.type), override.shows {
            return false
        }
        switch settings.holdouts {
        case .none: return false
        case .only(let ids): return ids.contains(registered.id)
        case .stored:
            guard let percent = registered.options.holdoutPercent, let seed = facts.snapshot.holdoutSeed else {
                return false
            }
            return Holdout.isHeldOut(tipID: registered.id, percent: percent, seed: seed)
        }
    }

    /// The holdout's gate when this install is held out of the tip.
    func holdoutGate(of registered: RegisteredTip) -> TipExplanation.Gate? {
        guard isHeldOut(registered) else { return nil }
        if case .only = settings.holdouts { return .heldOut(percent: nil) }
        return .heldOut(percent: registered.options.holdoutPercent)
    }

    /// Records the install's holdout seed, the one this center drew when it
    /// was made (`Facts.holdoutSeedToRecord`), once a configured store
    /// without one meets a registered tip with a holdout; it is written with
    /// the next commit.
    mutating func recordHoldoutSeedIfNeeded(for registered: RegisteredTip) {
        guard lifecycle.isConfigured, registered.options.holdoutPercent != nil, facts.snapshot.holdoutSeed == nil
        else { return }
        record(.setHoldoutSeed(facts.holdoutSeedToRecord))
    }

    /// Reports an activity of the tip, dated now unless `date` says when.
    mutating func report(_ kind: TipActivity.Kind, of registered: RegisteredTip, at date: Double? = nil) {
        guard publication.isReportingActivity else { return }
        publication.report(
            TipActivity(
                kind: kind, date: Date(timeIntervalSince1970: date ?? now), tipID: registered.id,
                arguments: registered.arguments))
    }

    /// Reports an activity of the tip with this id (registered or not).
    mutating func report(_ kind: TipActivity.Kind, ofID id: String, at date: Double? = nil) {
        guard publication.isReportingActivity else { return }
        publication.report(
            TipActivity(
                kind: kind, date: Date(timeIntervalSince1970: date ?? now), tipID: id,
                arguments: registry[id]?.arguments ?? [:]))
    }

    /// Starts a new session and publishes what the session limit let through.
    mutating func beginSession() {
        accounting.beginSession()
        if settings.sessionLimit != nil { publishStatusChanges(of: registry.ordered) }
    }

    /// Takes a hold: every tip turns pending. Returns its token.
    mutating func takeHold(reason: String) -> UInt64 {
        let token = holds.take(reason: reason)
        publishStatusChanges(of: registry.ordered)
        return token
    }

    /// Releases a hold; false when it was released already.
    mutating func releaseHold(_ token: UInt64) -> Bool {
        guard holds.release(token) else { return false }
        if !holds.isHolding { publishStatusChanges(of: registry.ordered) }
        return true
    }

    /// Snoozes the tip (`snooze()`): ends its display in progress, then
    /// hides it for its snooze's duration, or invalidates it with
    /// `.tipClosed` when it has been snoozed as often as allowed. Does
    /// nothing to an invalidated tip. Returns whether the tip is snoozed.
    mutating func snooze(_ registered: RegisteredTip) -> Bool {
        guard facts.snapshot.tips[registered.id]?.invalidation == nil else { return false }
        _ = endDisplay(of: registered)
        let snooze = registered.options.snooze ?? .standard
        if let limit = snooze.maxCount, (facts.snapshot.tips[registered.id]?.snoozeCount ?? 0) >= limit {
            invalidate([registered.id], reason: .tipClosed)
            return false
        }
        let date = now
        let until = date + max(0, snooze.duration)
        record(.snooze(tipID: registered.id, date: date, until: until))
        report(.snoozed(until: Date(timeIntervalSince1970: until)), of: registered)
        publishStatusChanges(of: [registered])
        accounting.requestTimeCheck(at: until)
        return true
    }

    /// The registered tips a snooze holds back now or held back until a
    /// moment time can reach (for time checks).
    var snoozedTips: [RegisteredTip] {
        registry.ordered.filter { facts.snapshot.tips[$0.id]?.snooze != nil }
    }

    /// When the earliest snooze in force ends (seconds since 1970).
    func nextSnoozeEnd() -> Double? {
        let now = now
        return registry.ordered.compactMap { registered -> Double? in
            guard let snooze = facts.snapshot.tips[registered.id]?.snooze, snooze.holds(at: now) else { return nil }
            return snooze.until
        }.min()
    }
}
