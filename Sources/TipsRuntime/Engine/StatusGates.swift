import Foundation

/// Something other than a tip's rules that decides or delays its status.
///
/// Evaluation checks the gates in the order of `inOrder` before the rules:
/// the first that decides gives the status, and an explanation lists every
/// one that applies. A new gate is a case here (in its place in the
/// order), its check in `EngineState.check(_:of:tracing:)`, and the
/// `TipExplanation.Gate` that explains it.
enum StatusGate: CaseIterable {
    /// `configure` has not run: pending.
    case configuration
    /// A testing switch shows or hides the tip.
    case testingOverride
    /// The tip's invalidation is recorded.
    case invalidation
    /// Stored facts imply an invalidation that is not recorded yet
    /// (`EngineState.dueInvalidation(of:record:)`): a display limit reached
    /// since the last time check (time moved on), or an `invalidatedBy`
    /// event donated since the tip's last reset (a tip a read evaluates
    /// without registering it; a reset dated before the donation it undid).
    /// Invalidated, as it will be recorded.
    case dueInvalidation
    /// A hold (`holdDisplays(reason:)`) is in force: pending.
    case hold
    /// The tip is snoozed: pending until the snooze ends.
    case snooze
    /// `oneAtATime`: another tip is on screen: pending.
    case oneAtATime
    /// `sessionLimit`: that many other tips appeared in this session: pending.
    case sessionLimit
    /// The display frequency holds back a tip that has never appeared: pending.
    case displayFrequency

    /// Every gate, in the order evaluation checks them (stored once: the
    /// synthesized `allCases` builds an array at each call).
    static let inOrder = allCases
}

/// What a gate says about a tip: the status it decides, and the gate for the
/// explanation (built only when tracing, where building it costs).
struct GateVerdict {
    let status: Tips.Status
    let explanation: TipExplanation.Gate?
}

extension EngineState {
    /// The status the gates decide, if any; when tracing, each gate that
    /// applies is appended to `gates`; without tracing, it stops at the
    /// first that decides.
    func gateDecision(
        of registered: RegisteredTip, tracing: Bool, gates: inout [TipExplanation.Gate]
    ) -> Tips.Status? {
        var decided: Tips.Status?
        // Looked up once for the four gates that read it.
        let record = facts.snapshot.tips[registered.id]
        for gate in StatusGate.inOrder {
            guard let verdict = check(gate, of: registered, record: record, tracing: tracing) else { continue }
            if tracing, let explanation = verdict.explanation { gates.append(explanation) }
            decided = decided ?? verdict.status
            if !tracing { break }
        }
        return decided
    }

    /// What `gate` says about the tip now, or nil when it does not apply;
    /// `record` is the tip's stored record (`facts.snapshot.tips`).
    func check(_ gate: StatusGate, of registered: RegisteredTip, record: TipRecord?, tracing: Bool) -> GateVerdict? {
        switch gate {
        case .configuration:
            return lifecycle.isConfigured ? nil : GateVerdict(status: .pending, explanation: .notConfigured)
        case .testingOverride:
            guard let override = settings.overrides.decision(for: registered.id, ofType: registered.type) else {
                return nil
            }
            return GateVerdict(status: override.shows ? .available : .pending, explanation: .testingOverride(override))
        case .invalidation:
            return record?.invalidation.map(Self.verdict)
        case .dueInvalidation:
            return dueInvalidation(of: registered, record: record).map(Self.verdict)
        case .displayFrequency:
            return displayFrequencyVerdict(of: registered, record: record, tracing: tracing)
        case .hold, .snooze, .oneAtATime, .sessionLimit:
            return attentionVerdict(gate, of: registered, record: record)
        }
    }

    /// An invalidation as a gate's verdict.
    private static func verdict(_ invalidation: StoredInvalidation) -> GateVerdict {
        // A NaN date (read from disk or from a host's clock) would trap in `Date.description`.
        let date = Date(timeIntervalSince1970: invalidation.date.isNaN ? 0 : invalidation.date)
        return GateVerdict(
            status: .invalidated(invalidation.reason), explanation: .invalidated(invalidation.reason, date))
    }

    /// Whether the display frequency holds back the tip, explained with the
    /// tip shown last and until when.
    private func displayFrequencyVerdict(of registered: RegisteredTip, record: TipRecord?, tracing: Bool)
        -> GateVerdict?
    {
        guard
            let until = accounting.displayFrequencyHold(
                options: registered.options, record: record,
                lastDisplayDate: facts.snapshot.lastDisplayDate, interval: settings.frequency.interval)
        else { return nil }
        guard tracing else { return GateVerdict(status: .pending, explanation: nil) }
        let (shownTipID, shownAt) = lastDisplayedTip()
        return GateVerdict(
            status: .pending,
            explanation: .displayFrequency(
                lastShownTipID: shownTipID, shownAt: Date(timeIntervalSince1970: shownAt),
                until: Date(timeIntervalSince1970: until)))
    }

    /// The tip displayed last, if its record says so, and when any tip was
    /// (what the display frequency measures from).
    func lastDisplayedTip() -> (id: String?, date: Double) {
        let last = facts.snapshot.lastDisplayDate ?? 0
        let tipID = facts.snapshot.tips.first { $0.value.lastDisplayDate == last }?.key
        return (tipID, last)
    }
}
