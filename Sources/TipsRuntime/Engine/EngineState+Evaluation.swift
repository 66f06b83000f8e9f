import Foundation

/// A tip's status with the reasons for it.
struct TipEvaluation {
    var status: Tips.Status
    var gates: [TipExplanation.Gate] = []
    /// Every rule's result; filled only when tracing.
    var rules: [TipExplanation.Rule] = []
}

extension EngineState {
    /// Decides a tip's status. The one place status is decided, for status
    /// reads, published updates and explanations alike.
    ///
    /// Order: unconfigured → pending; a testing override; an invalidation
    /// (display limits are enforced first); then the rules and the display
    /// frequency. Without tracing, stops at the first decisive gate or failing rule.
    mutating func evaluate(_ id: String, tracing: Bool) -> TipEvaluation {
        guard let registered = tips[id] else { return TipEvaluation(status: .pending) }
        return evaluate(registered, id: id, tracing: tracing)
    }

    /// `evaluate(_:tracing:)` for a tip already looked up.
    mutating func evaluate(_ registered: RegisteredTip, id: String, tracing: Bool) -> TipEvaluation {
        var evaluator: RuleEvaluator?
        return evaluate(registered, id: id, tracing: tracing, sharing: &evaluator)
    }

    /// `evaluate(_:tracing:)` for a tip already looked up, reusing `shared`
    /// (the evaluator a previous tip of the same `settle` used) when there is
    /// one and leaving its own there: building an evaluator retains every
    /// table it reads, and it remembers the last event it looked up. Nothing
    /// an evaluation changes (invalidations) is read by the evaluator, except
    /// field columns: building any drops `shared`. Tracing never shares.
    mutating func evaluate(
        _ registered: RegisteredTip, id: String, tracing: Bool, sharing shared: inout RuleEvaluator?
    ) -> TipEvaluation {
        var result = TipEvaluation(status: .available)
        let decided = gateDecision(of: registered, id: id, tracing: tracing, gates: &result.gates)
        if let decided, !tracing {
            result.status = decided
            return result
        }
        evaluationCount += 1
        if !registered.queriedFields.isEmpty, prepareFieldColumns(for: registered.queriedFields) { shared = nil }
        if tracing || shared == nil {
            shared = RuleEvaluator(
                donations: snapshot.donations, parameters: snapshot.parameters,
                transientParameters: transientParameters, now: now, fieldColumns: fieldColumns,
                donationLimits: snapshot.donationLimits, tracing: tracing)
        }
        var allHold = true
        // Used in place through optional chaining: copying an evaluator retains every table it holds.
        for rule in registered.rules {
            let holds = shared?.holds(rule.expression) ?? false
            if tracing {
                result.rules.append(
                    TipExplanation.Rule(
                        source: rule.source, file: rule.file, line: rule.line, holds: holds,
                        observed: rule.expression.argumentValues + (shared?.observations ?? [])
                            + rule.expression.requirement,
                        failure: shared?.failure))
            }
            if !holds {
                allHold = false
                if !tracing { break }
            }
        }
        result.status = decided ?? (allHold ? .available : .pending)
        return result
    }

    /// The status the gates before the rules decide (not configured, a
    /// testing override, an invalidation, the display frequency), each that
    /// applies appended to `gates`; without tracing, stops at the first
    /// decisive one.
    private mutating func gateDecision(
        of registered: RegisteredTip, id: String, tracing: Bool, gates: inout [TipExplanation.Gate]
    ) -> Tips.Status? {
        var decided: Tips.Status?
        if !isConfigured {
            gates.append(.notConfigured)
            decided = .pending
        }
        if let override = overrides.decision(for: id, of: registered.tip) {
            gates.append(.testingOverride(override))
            decided = decided ?? (override.shows ? .available : .pending)
        }
        enforceDisplayLimits(of: id, options: registered.options)
        if let invalidation = snapshot.tips[id]?.invalidation {
            // A NaN date (read from disk or from a host's clock) would trap in `Date.description`.
            let date = Date(timeIntervalSince1970: invalidation.date.isNaN ? 0 : invalidation.date)
            gates.append(.invalidated(invalidation.reason, date))
            decided = decided ?? .invalidated(invalidation.reason)
        }
        if let decided, !tracing { return decided }
        if let until = displayFrequencyHold(of: id, options: registered.options) {
            if tracing {
                let (shownTipID, shownAt) = lastDisplayedTip()
                gates.append(
                    .displayFrequency(
                        lastShownTipID: shownTipID, shownAt: Date(timeIntervalSince1970: shownAt),
                        until: Date(timeIntervalSince1970: until)))
            }
            decided = decided ?? .pending
        }
        return decided
    }

    /// Until when the display frequency holds back the tip (seconds since
    /// 1970), or nil when it does not: it holds back only tips that have
    /// never appeared (a reset tip has: `resetEligibility` keeps its display
    /// dates), and not those that ignore it. A last display dated after now
    /// (the clock moved back since) holds nothing back: waiting for its date
    /// could hide every new tip for as long as the clock was wrong.
    func displayFrequencyHold(of id: String, options: Tips.Options) -> Double? {
        let interval = frequency.interval
        guard interval > 0, !options.ignoresDisplayFrequency,
            snapshot.tips[id]?.firstDisplayDate == nil,
            let last = snapshot.lastDisplayDate, last <= now
        else { return nil }
        let until = last + interval
        return now < until ? until : nil
    }

    /// The tip displayed last, if its record says so, and when any tip was
    /// (what the display frequency measures from).
    func lastDisplayedTip() -> (id: String?, date: Double) {
        let last = snapshot.lastDisplayDate ?? 0
        let tipID = snapshot.tips.first { $0.value.lastDisplayDate == last }?.key
        return (tipID, last)
    }
}

extension RuleExpression {
    /// What a top-level comparison with a constant needs, as `needs >= 3`.
    var requirement: [String] {
        guard case .binary(let op, _, .literal(let value)) = self, op.isComparison else { return [] }
        return ["needs \(op.rawValue) \(value.tipsLiteral())"]
    }
}
