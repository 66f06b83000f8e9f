import Foundation

// Displays, and what time alone changes.
//
// A `ManualClock` tells the center whenever it moves. The system clock does
// not, so the center works out when the next time-driven change can happen
// and asks for a time check then: a donation leaving a `within` window or
// the event's keep duration, the display frequency letting a tip through, a
// display reaching `maxDisplayDuration`. One check is pending at a time (the
// earliest; superseded ones do nothing). Either way, `timePassed()` records
// the display limits reached, publishes the time-dependent tips' changes,
// and asks for the next check.

extension EngineState {
    /// A display of the tip started (`tipDidAppear`): counts it, stamps the
    /// last display date the display frequency measures from, publishes, and
    /// asks for the time checks it calls for. Ignored while a display of the
    /// tip is in progress.
    mutating func beginDisplay(of registered: RegisteredTip) {
        guard let start = accounting.beginDisplay(of: registered.id) else { return }
        record(.recordDisplayStart(tipID: registered.id, date: start))
        report(.appeared, of: registered, at: start)
        let interval = settings.frequency.interval
        publishStatusChanges(of: interval > 0 || settings.limitsAcrossTips ? registry.ordered : [registered])
        // The display frequency lets never-displayed tips through, and the
        // display may reach its duration limit, with time alone.
        if interval > 0 { accounting.requestTimeCheck(at: start + interval) }
        let stored = facts.snapshot.tips[registered.id]
        if let reached = accounting.durationLimitDate(of: registered.id, options: registered.options, record: stored) {
            accounting.requestTimeCheck(at: reached)
        }
    }

    /// The tip's display ended (`tipDidDisappear`): adds its duration,
    /// records a display limit it reached, and publishes. Returns how long it
    /// lasted, nil when no display was in progress.
    mutating func endDisplay(of registered: RegisteredTip) -> Double? {
        guard let seconds = accounting.endDisplay(of: registered.id) else { return nil }
        record(.addDisplayDuration(tipID: registered.id, seconds: seconds))
        report(.disappeared(duration: seconds), of: registered)
        recordDueInvalidations(of: registered)
        // One tip at a time: the others may show now.
        publishStatusChanges(of: settings.oneAtATime ? registry.ordered : [registered])
        return seconds
    }

    /// Makes the tip eligible again (`resetEligibility`): forgets its
    /// invalidation, display count and duration, and a display in progress.
    mutating func resetEligibility(of registered: RegisteredTip) {
        record(.resetTip(tipID: registered.id, date: now))
        if let seconds = accounting.forgetDisplay(of: registered.id) {
            report(.disappeared(duration: seconds), of: registered)
        }
        report(.eligibilityReset, of: registered)
        publishStatusChanges(of: settings.oneAtATime ? registry.ordered : [registered])
    }

    /// Time passed (a time check came due, or a clock that reports its moves
    /// moved): a display during which the clock moved back counts from now
    /// on; then it records the display limits that displays in progress
    /// reached, publishes the time-dependent tips' changes, and asks for the
    /// next check.
    mutating func timePassed() {
        accounting.restartDisplaysBegunAfterNow()
        let tips = registry.timeDependent
        for registered in tips where accounting.displaysInProgress[registered.id] != nil {
            recordDueInvalidations(of: registered)
        }
        publishStatusChanges(of: tips)
        publishStatusChanges(of: snoozedTips.filter { !$0.dependsOnTime })
        if let next = nextTimeDrivenChange() { accounting.requestTimeCheck(at: next) }
    }

    /// The time check requested with `token` came due; one that a later
    /// request superseded does nothing.
    mutating func runTimeCheck(_ token: UInt64) {
        guard accounting.takeTimeCheck(token) else { return }
        timePassed()
    }

    /// A donation of `event` dated `date` was just recorded: it leaves its
    /// shortest window first, and no earlier than any donation before it.
    mutating func requestTimeCheck(afterDonationOf event: String, at date: Double) {
        guard accounting.timeCheckScheduler != nil, let shortest = registry.shortestTimeWindow[event] else { return }
        accounting.requestTimeCheck(at: date + shortest)
    }

    /// When the oldest donation of `event` still inside a window of `seconds` leaves it.
    func nextWindowExit(of event: String, seconds: Double) -> Double? {
        guard let list = facts.snapshot.donations[event], !list.isEmpty else { return nil }
        let index = RuleEvaluator.firstIndex(in: list, onOrAfter: now - seconds)
        return index < list.count ? list[index].date + seconds : nil
    }

    /// The earliest moment from now on at which time alone can change a
    /// registered tip's status (seconds since 1970), or nil if none can.
    func nextTimeDrivenChange() -> Double? {
        var next = Double.infinity
        if let last = facts.snapshot.lastDisplayDate, last <= now, settings.frequency.interval > 0 {
            let until = last + settings.frequency.interval
            if until >= now { next = until }
        }
        for id in accounting.displaysInProgress.keys {
            guard let registered = registry[id],
                let reached = accounting.durationLimitDate(
                    of: id, options: registered.options, record: facts.snapshot.tips[id])
            else { continue }
            if reached >= now { next = min(next, reached) }
        }
        for (event, windows) in registry.timeWindows {
            for seconds in windows {
                if let exit = nextWindowExit(of: event, seconds: seconds) { next = min(next, exit) }
            }
        }
        if let snoozeEnd = nextSnoozeEnd() { next = min(next, snoozeEnd) }
        return next.isFinite ? next : nil
    }
}
