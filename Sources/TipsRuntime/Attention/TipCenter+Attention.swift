import Foundation

extension TipCenter {
    /// How many activities ``activityUpdates`` keeps for a consumer that
    /// has not read them yet.
    public static let activityBufferLimit = 1024

    /// Starts a new session: the `sessionLimit` counts again from zero.
    /// `configure` starts the first; call this when the app comes back to
    /// the foreground after a while (SwiftUI: on `scenePhase` becoming
    /// `.active`; UIKit: in `sceneWillEnterForeground`). Before `configure`
    /// it changes nothing that `configure` does not (every tip is pending,
    /// and `configure` starts a session of its own).
    public func beginSession() {
        withState { $0.beginSession() }
    }

    /// Holds every tip's display until the returned hold is released: no tip
    /// is available meanwhile, `ignoresDisplayFrequency` ones included, and
    /// each explanation names `reason`. For a sheet, onboarding, a checkout.
    /// See ``TipDisplayHold``.
    public func holdDisplays(reason: String) -> TipDisplayHold {
        let token = withState { $0.takeHold(reason: reason) }
        return TipDisplayHold(reason: reason, center: self, token: token)
    }

    /// Releases a hold; `warning` (a hold dropped without `release()`) goes to `.onWarning`.
    @discardableResult
    func releaseHold(_ token: UInt64, warning: String?) -> Bool {
        withState { state in
            if let warning { state.publication.warn(warning) }
            return state.releaseHold(token)
        }
    }

    /// "Remind me later": ends the tip's display in progress and hides it
    /// for its `snooze` duration (one day without the option); returns once
    /// durable, true when the tip is snoozed. With a count (`snooze 1d, 3`)
    /// the snooze after the last one allowed invalidates the tip with
    /// `.tipClosed` instead (false). A snooze is not a display: it adds no
    /// display count and does not start the display frequency's wait. An
    /// invalidated tip is left as it is (false). Before `configure` the
    /// snooze is kept and applied to the loaded store, like any change.
    @discardableResult
    public func snooze(_ tip: any Tip) async -> Bool {
        await withStateDurably { state in state.snooze(state.register(tip)) }
    }

    /// Everything tips do from now on (``TipActivity``), in order, exactly
    /// once each, until the stream is dropped. The engine never waits for
    /// the consumer: a consumer that falls behind finds at most
    /// ``activityBufferLimit`` activities waiting; the ones that arrive while
    /// that many wait are dropped, and a warning through `.onWarning` says
    /// so once per stream.
    public var activityUpdates: AsyncStream<TipActivity> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TipActivity.self, bufferingPolicy: .bufferingOldest(Self.activityBufferLimit))
        let warnedFull = Locked(false)
        let token = withState { state in
            let warn = state.publication.warningHandler
            return state.publication.addActivityObserver { activity in
                guard case .dropped = continuation.yield(activity) else { return }
                let first = warnedFull.withLock { warned in
                    defer { warned = true }
                    return !warned
                }
                if first {
                    warn(
                        "an activityUpdates consumer is \(Self.activityBufferLimit) activities behind; "
                            + "activities are dropped until it catches up")
                }
            }
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.publication.removeActivityObserver(token) }
        }
        return stream
    }

    /// Starts the display of the tip if it is available now, in one
    /// operation (so that two presenters never both start one while one tip
    /// shows at a time); whether it started or was already in progress.
    func beginDisplayIfAvailable(_ tip: any Tip) async -> Bool {
        await withStateDurably { state in
            let registered = state.register(tip)
            guard state.status(of: registered) == .available else { return false }
            state.beginDisplay(of: registered)
            return true
        }
    }

    /// Reports a chosen action as an activity, in order with the engine's.
    func reportActionChosen(_ actionID: String, of tip: any Tip) {
        withState { state in state.report(.actionChosen(actionID: actionID), of: state.register(tip)) }
    }
}

extension Tip {
    /// "Remind me later" in `center`: see ``TipCenter/snooze(_:)``.
    @discardableResult
    public func snooze(in center: TipCenter = .shared) async -> Bool { await center.snooze(self) }
}

extension Tips {
    /// Starts a new session of `TipCenter.shared`: see ``TipCenter/beginSession()``.
    public static func beginSession() { TipCenter.shared.beginSession() }

    /// Holds every tip's display in `TipCenter.shared` until the hold is
    /// released: see ``TipCenter/holdDisplays(reason:)``.
    public static func holdDisplays(reason: String) -> TipDisplayHold {
        TipCenter.shared.holdDisplays(reason: reason)
    }

    /// How a tip snoozes ("remind me later"): `snooze 2d, 3` in a `.tips` file.
    public struct Snooze: Sendable, Hashable {
        /// How long a snooze hides the tip, in seconds.
        public let duration: Double
        /// How many snoozes are allowed; the one after the last invalidates
        /// the tip with `.tipClosed`. Nil: as many as asked.
        public let maxCount: Int?

        /// Creates a snooze.
        public init(duration: Double, maxCount: Int? = nil) {
            self.duration = duration
            self.maxCount = maxCount
        }

        /// What `snooze()` does for a tip without the option: one day, as often as asked.
        public static let standard = Snooze(duration: 86_400)
    }
}
