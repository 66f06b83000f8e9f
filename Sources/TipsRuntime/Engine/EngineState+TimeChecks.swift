import Foundation

// Status that time alone changes, with a clock that does not report its moves.
//
// A `ManualClock` tells the center whenever it moves. The system clock does
// not, so the center works out when the next time-driven change can happen
// and asks for a check then: a donation leaving a `within` window or the
// event's keep duration, the display frequency letting a tip through, a
// display reaching `maxDisplayDuration`. One check is pending at a time (the
// earliest, superseded ones do nothing); each check re-evaluates the time-dependent tips, publishes what
// changed, and asks for the next one.

extension RuleExpression {
    /// Calls `body` with (event id, seconds) for every time window the
    /// expression's queries count within: `within` steps and the event's keep duration.
    func visitTimeWindows(_ body: (String, Double) -> Void) {
        forEachQuery { query in
            if let keep = query.event.keepDuration { body(query.event.id, keep) }
            for case .within(let seconds) in query.steps { body(query.event.id, seconds) }
        }
    }
}

extension EngineState {
    /// Indexes the time windows of a tip being registered; with a pending-check
    /// scheduler, asks for a check when one of its windows next loses a donation.
    mutating func registerTimeWindows(of rules: [TipRule]) {
        var added: [(event: String, seconds: Double)] = []
        for rule in rules {
            rule.expression.visitTimeWindows { event, seconds in
                // A window that is not a positive finite length never lets a donation out.
                guard seconds.isFinite, seconds > 0, timeWindows[event, default: []].insert(seconds).inserted else {
                    return
                }
                shortestTimeWindow[event] = min(shortestTimeWindow[event] ?? seconds, seconds)
                added.append((event, seconds))
            }
        }
        guard isConfigured, timeCheckScheduler != nil else { return }
        for (event, seconds) in added {
            if let exit = nextWindowExit(of: event, seconds: seconds) { requestTimeCheck(at: exit) }
        }
    }

    /// When the oldest donation of `event` still inside a window of `seconds` leaves it.
    func nextWindowExit(of event: String, seconds: Double) -> Double? {
        guard let list = snapshot.donations[event], !list.isEmpty else { return nil }
        let index = RuleEvaluator.firstIndex(in: list, onOrAfter: now - seconds)
        return index < list.count ? list[index].date + seconds : nil
    }

    /// The earliest moment from now on at which time alone can change a
    /// registered tip's status (seconds since 1970), or nil if none can.
    func nextTimeDrivenChange() -> Double? {
        var next = Double.infinity
        if let last = snapshot.lastDisplayDate, last <= now, frequency.interval > 0 {
            let until = last + frequency.interval
            if until >= now { next = until }
        }
        for (id, start) in sessions {
            guard let limit = tips[id]?.options.maxDisplayDuration else { continue }
            let reached = start + max(0, limit - (snapshot.tips[id]?.displayDuration ?? 0))
            if reached >= now { next = min(next, reached) }
        }
        for (event, windows) in timeWindows {
            for seconds in windows {
                if let exit = nextWindowExit(of: event, seconds: seconds) { next = min(next, exit) }
            }
        }
        return next.isFinite ? next : nil
    }

    /// Asks for a time check at `date` (seconds since 1970), unless one is
    /// already pending by then. Does nothing for a clock that reports its moves.
    mutating func requestTimeCheck(at date: Double) {
        guard let schedule = timeCheckScheduler, date.isFinite else { return }
        if let pending = pendingTimeCheck, pending.date <= date { return }
        let token = makeToken()
        pendingTimeCheck = (date, token)
        schedule(date - now, token)
    }

    /// A donation of `event` was just recorded: it leaves its shortest window
    /// first, and no earlier than any donation before it.
    mutating func requestTimeCheck(afterDonationOf event: String, at date: Double) {
        guard timeCheckScheduler != nil, let shortest = shortestTimeWindow[event] else { return }
        requestTimeCheck(at: date + shortest)
    }

    /// The check requested with `token` came due: re-evaluates the
    /// time-dependent tips and asks for the next check. A check that an
    /// earlier request superseded does nothing.
    mutating func performTimeCheck(_ token: UInt64) {
        guard pendingTimeCheck?.token == token else { return }
        pendingTimeCheck = nil
        settleTimeDependentTips()
        if let next = nextTimeDrivenChange() { requestTimeCheck(at: next) }
    }
}
