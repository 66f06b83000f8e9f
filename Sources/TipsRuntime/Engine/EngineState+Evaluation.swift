import Foundation

/// A tip's status with the reasons for it.
struct TipEvaluation {
    var status: Tips.Status
    /// Every gate that applies, most decisive first; filled only when tracing.
    var gates: [TipExplanation.Gate] = []
    /// Every rule's result; filled only when tracing.
    var rules: [TipExplanation.Rule] = []
    /// Whether the tip would be available but for its holdout.
    var isHeldOut = false
}

extension EngineState {
    /// The tip's status now. Records and publishes nothing.
    mutating func status(of registered: RegisteredTip) -> Tips.Status {
        var evaluator: RuleEvaluator?
        return evaluate(registered, tracing: false, sharing: &evaluator).status
    }

    /// The status now of the registered tip with this id; pending for a tip not registered.
    mutating func status(ofID id: String) -> Tips.Status {
        registry[id].map { status(of: $0) } ?? .pending
    }

    /// Runs a read of the tip: `body` is given the state to read and the
    /// tip as registered. A registered tip is read in place. A tip not
    /// registered is registered in a scratch copy of the state, read there,
    /// and the copy dropped: the read sees exactly what it would right after
    /// registering (renamed state moved, the tip's `config` block and
    /// holdout, all decided by `register(_:checksTestingIDs:recordsDueInvalidations:)`
    /// itself; the invalidations stored facts imply, reported by the
    /// `dueInvalidation` gate as registering would record them), and the
    /// state is left as it was: nothing recorded, queued for the datastore,
    /// published, reported or warned, and the tip still unregistered. Only
    /// the evaluation cache the copy built is kept (`keepCache(of:)`), as
    /// any evaluation's is, and, when the copy recorded the install's
    /// holdout seed, that the next write is to record it
    /// (`Facts.holdoutSeedWasRead`).
    mutating func read<Result>(_ tip: any Tip, _ body: (inout EngineState, RegisteredTip) -> Result) -> Result {
        if let registered = registry[tip.id] { return body(&self, registered) }
        var scratch = scratchForReading()
        let registered = scratch.register(tip, checksTestingIDs: false, recordsDueInvalidations: false)
        let result = body(&scratch, registered)
        keepCache(of: scratch)
        // The copy recorded the seed its reads answered with: the next write here records it too.
        if scratch.facts.snapshot.holdoutSeed != nil, facts.snapshot.holdoutSeed == nil {
            facts.holdoutSeedWasRead = true
        }
        return result
    }

    /// The tip's status now, as a read (`read(_:_:)`). A tip not registered
    /// is evaluated once, by its registration in the scratch copy: the
    /// status that registration published there is the one a second
    /// evaluation would give, from the same state at the same instant. A
    /// read of a tip not registered whose rule filters 1,000 donations by a
    /// field then takes 5.4-5.7 µs rather than 8.3-9.1 µs, against 3.0-3.4 µs
    /// for the tip registered (`tipc-bench --only runtime`).
    mutating func readStatus(of tip: any Tip) -> Tips.Status {
        if let registered = registry[tip.id] { return status(of: registered) }
        return read(tip) { $0.publication.status(of: $1) }
    }

    /// Keeps what evaluation cached in a scratch copy read by `read(_:_:)`:
    /// the cache holds nothing but what evaluation derives from the stored
    /// donations (field columns), so a column built in the copy is the one
    /// evaluation would build here, unless the copy moved renamed state
    /// (its donations then differ). A read of a tip not registered whose
    /// rule filters or groups 1,000 donations by a field rebuilt the column
    /// at each read without it: 104-148 µs a read rather than 5.4-5.7 µs
    /// (`tipc-bench --only runtime`, "rule over 1,000 donations").
    private mutating func keepCache(of scratch: EngineState) {
        guard scratch.facts.appliedRenames == facts.appliedRenames else { return }
        cache = scratch.cache
    }

    /// A copy of the state to register a tip in (or meet renames in) for a
    /// read, then drop. Every room is a value whose storage the copy shares
    /// until it writes to it, so what registering writes stays in the copy;
    /// the references the rooms hold are not written through:
    /// `RegisteredTip` is immutable, and registering never calls the
    /// datastore or the clock but to read it.
    /// Three rooms start over:
    /// - the registry is empty: evaluating a tip reads no other registered
    ///   tip (a tip not registered is in no group, whose tips register when
    ///   it is made), and adding the tip to a copy of every registered tip's
    ///   indexes would copy them all at each read;
    /// - publication has no observers, so that nothing is built for them;
    ///   what it queues is dropped with the copy;
    /// - time checks have no scheduler, which would start a real task.
    func scratchForReading() -> EngineState {
        var scratch = self
        scratch.registry = TipRegistry()
        scratch.publication = Publication()
        scratch.accounting.timeCheckScheduler = nil
        return scratch
    }

    /// Why the tip has its status now, with what its groups say about it.
    mutating func explanation(of registered: RegisteredTip) -> TipExplanation {
        var evaluator: RuleEvaluator?
        let evaluation = evaluate(registered, tracing: true, sharing: &evaluator)
        let gates = evaluation.gates + groupGates(of: registered.id, status: evaluation.status)
        return TipExplanation(
            tipID: registered.id, status: evaluation.status, rules: evaluation.rules, gates: gates)
    }

    /// Decides a tip's status: the one place status is decided, for status
    /// reads, published changes and explanations alike. It changes nothing
    /// but the evaluation's cache.
    ///
    /// First the gates (`StatusGate`, in order), then the rules. Without
    /// tracing, it stops at the first decisive gate or failing rule; with
    /// tracing, it looks at every gate and rule and keeps what each saw.
    ///
    /// `shared` is the rule evaluator a previous tip of the same
    /// `publishStatusChanges(of:)` used, reused when there is one (and this
    /// tip's left there): building an evaluator retains every table it reads,
    /// and it remembers the last event it looked up. Nothing else an
    /// evaluation reads changes between two tips, except field columns:
    /// building any drops `shared`. Tracing never shares.
    mutating func evaluate(
        _ registered: RegisteredTip, tracing: Bool, sharing shared: inout RuleEvaluator?
    ) -> TipEvaluation {
        var result = TipEvaluation(status: .available)
        let decided = gateDecision(of: registered, tracing: tracing, gates: &result.gates)
        if let decided, !tracing {
            result.status = decided
            return result
        }
        cache.countEvaluation()
        if !registered.queriedFields.isEmpty,
            cache.prepare(for: registered.queriedFields, donations: facts.snapshot.donations)
        {
            shared = nil
        }
        if tracing || shared == nil { shared = makeRuleEvaluator(tracing: tracing) }
        var allHold = true
        // Used in place through optional chaining: copying an evaluator retains every table it holds.
        // Each rule's expression is read where it is stored: copying the rule
        // out retains its texts too, and reading in place takes a donation's
        // engine step with 10 dependents from 2.16 to 1.96 µs (tipc-bench --only donation).
        let rules = registered.rules
        for index in rules.indices {
            let holds = shared?.holds(rules[index].expression) ?? false
            if tracing {
                let rule = rules[index]
                result.rules.append(
                    TipExplanation.Rule(
                        source: rule.source, file: rule.file, line: rule.line, holds: holds,
                        observed: (rule.expression.argumentValues + (shared?.observations ?? [])
                            + rule.expression.requirement).map(rule.quotingWrittenWindows),
                        failure: shared?.failure))
            }
            if !holds {
                allHold = false
                if !tracing { break }
            }
        }
        result.status = decided ?? (allHold ? .available : .pending)
        if decided == nil, allHold, let heldOut = holdoutGate(of: registered) {
            result.status = .pending
            result.isHeldOut = true
            if tracing { result.gates.append(heldOut) }
        }
        return result
    }

    /// An evaluator of rules over the facts and field columns as they are now.
    private func makeRuleEvaluator(tracing: Bool) -> RuleEvaluator {
        RuleEvaluator(
            facts.snapshot, transientParameters: facts.transientParameters, now: now, fieldColumns: cache.fieldColumns,
            tracing: tracing)
    }
}

extension RuleExpression {
    /// What a top-level comparison with a constant needs, as `needs >= 3`.
    var requirement: [String] {
        guard case .binary(let op, _, .literal(let value)) = self, op.isComparison else { return [] }
        return ["needs \(op.rawValue) \(value.tipsLiteral())"]
    }
}
