import Foundation

/// Display accounting and time: the clock, the displays in progress, what
/// displays add up to (display limits reached, the display frequency's
/// wait), and the time checks that publish what time alone changes.
///
/// The counts and durations themselves are facts (`TipRecord`, recorded by
/// the engine as displays start and end); this room knows which displays are
/// on screen now and reads those records against the clock.
///
/// Invariants:
/// - At most one display per tip is in progress; its start is the clock's
///   reading when it began. Displays in progress belong to this process and
///   are never persisted.
/// - At most one time check is pending, the earliest requested; a check
///   whose token is not the pending one's does nothing.
/// - Without a scheduler (a clock that reports its moves, such as
///   `ManualClock`, or before `configure`) no check is ever pending.
/// - `appearedThisSession` lists each tip that began a display in the
///   session in force once, in the order they first did; a new session
///   empties it. Sessions belong to this process: each launch starts one at
///   `configure`, so none outlives its process.
struct DisplayAccounting {
    /// The clock that dates displays and donations.
    var clock: any TipClock = SystemClock()
    /// Tip id → start of its display in progress (seconds since 1970).
    private(set) var displaysInProgress: [String: Double] = [:]
    /// Schedules a time check `seconds` from now with a token; nil for a
    /// clock that reports its moves.
    var timeCheckScheduler: (@Sendable (_ seconds: Double, _ token: UInt64) -> Void)?
    /// The time check pending, if any: when (seconds since 1970) and its token.
    private(set) var pendingTimeCheck: (date: Double, token: UInt64)?
    private var lastToken: UInt64 = 0
    /// The session in force: 0 before `configure`, then +1 at `configure` and at each `beginSession()`.
    private(set) var session = 0
    /// The tips that appeared in this session, in the order they first did.
    private(set) var appearedThisSession: [String] = []

    /// Starts a new session: no tip has appeared in it yet.
    mutating func beginSession() {
        session += 1
        appearedThisSession = []
    }

    /// The clock's reading, in seconds since 1970.
    var now: Double { clock.now.timeIntervalSince1970 }

    /// Starts a display of the tip now; its start, or nil when one is already in progress.
    mutating func beginDisplay(of id: String) -> Double? {
        guard displaysInProgress[id] == nil else { return nil }
        let start = now
        displaysInProgress[id] = start
        if !appearedThisSession.contains(id) { appearedThisSession.append(id) }
        return start
    }

    /// Ends the tip's display in progress; how long it lasted, or nil when none was.
    mutating func endDisplay(of id: String) -> Double? {
        guard let start = displaysInProgress.removeValue(forKey: id) else { return nil }
        return max(0, now - start)
    }

    /// Makes every display in progress that began after now (the clock moved
    /// back during it) count from now on.
    mutating func restartDisplaysBegunAfterNow() {
        let now = now
        for (id, start) in displaysInProgress where start > now { displaysInProgress[id] = now }
    }

    /// Forgets the tip's display in progress without counting it
    /// (`resetEligibility`); how long it had lasted, nil when none was in progress.
    @discardableResult
    mutating func forgetDisplay(of id: String) -> Double? {
        displaysInProgress.removeValue(forKey: id).map { max(0, now - $0) }
    }

    /// The tip on screen that holds `id` back when one tip shows at a time:
    /// another tip's display in progress, the earliest begun (nil when none).
    func otherTipOnScreen(than id: String) -> String? {
        displaysInProgress.filter { $0.key != id }.min { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// Whether the session limit holds the tip back: `limit` tips have
    /// appeared in this session, and it is not one of them.
    func sessionLimitReached(by id: String, limit: Int) -> Bool {
        appearedThisSession.count >= limit && !appearedThisSession.contains(id)
    }

    /// The display limit the tip has reached by now, given its stored
    /// record, as the invalidation it calls for: `maxDisplayDuration` counts
    /// the display in progress (dated when the limit was reached);
    /// `maxDisplayCount` applies once no display is in progress. A tip
    /// without a record has never been displayed and reached nothing.
    func displayLimitReached(of id: String, options: Tips.Options, record: TipRecord?) -> StoredInvalidation? {
        guard let record else { return nil }
        let start = displaysInProgress[id]
        let shown = record.displayDuration
        if let limit = options.maxDisplayDuration {
            let current = start.map { max(0, now - $0) } ?? 0
            if shown + current >= limit {
                let reachedAt = start.map { min(now, $0 + limit - shown) } ?? now
                return StoredInvalidation(reason: .displayDurationExceeded, date: reachedAt)
            }
        }
        if let limit = options.maxDisplayCount, start == nil, record.displayCount >= limit {
            return StoredInvalidation(reason: .displayCountExceeded, date: now)
        }
        return nil
    }

    /// When the tip's display in progress reaches its `maxDisplayDuration`
    /// (seconds since 1970), or nil without a display in progress or a limit.
    func durationLimitDate(of id: String, options: Tips.Options, record: TipRecord?) -> Double? {
        guard let start = displaysInProgress[id], let limit = options.maxDisplayDuration else { return nil }
        return start + max(0, limit - (record?.displayDuration ?? 0))
    }

    /// Until when the display frequency (`interval` seconds after any tip's
    /// last display, `lastDisplayDate`) holds back the tip, or nil when it
    /// does not: it holds back only tips that have never appeared (a reset
    /// tip has: `resetEligibility` keeps its display dates), and not those
    /// that ignore it. A last display dated after now (the clock moved back
    /// since) holds nothing back: waiting for its date could hide every new
    /// tip for as long as the clock was wrong.
    func displayFrequencyHold(
        options: Tips.Options, record: TipRecord?, lastDisplayDate: Double?, interval: Double
    ) -> Double? {
        guard interval > 0, !options.ignoresDisplayFrequency, record?.firstDisplayDate == nil,
            let last = lastDisplayDate, last <= now
        else { return nil }
        let until = last + interval
        return now < until ? until : nil
    }

    /// Asks for a time check at `date` (seconds since 1970), unless one is
    /// already pending by then. Does nothing without a scheduler.
    mutating func requestTimeCheck(at date: Double) {
        guard let schedule = timeCheckScheduler, date.isFinite else { return }
        if let pending = pendingTimeCheck, pending.date <= date { return }
        lastToken += 1
        pendingTimeCheck = (date, lastToken)
        schedule(date - now, lastToken)
    }

    /// Whether the check with `token` is the pending one; it is then no longer pending.
    mutating func takeTimeCheck(_ token: UInt64) -> Bool {
        guard pendingTimeCheck?.token == token else { return false }
        pendingTimeCheck = nil
        return true
    }
}
