/// A hold on every tip's display (`Tips.holdDisplays(reason:)`): until it is
/// released, no tip is available, and a tip on screen turns pending (so a
/// `TipPresenter` hides it).
///
/// ```swift
/// let hold = Tips.holdDisplays(reason: "checkout")
/// defer { hold.release() }
/// await presentCheckout()
/// ```
///
/// Holds nest (every one must be released) and belong to the process:
/// never persisted, so a relaunch starts without any. Any task or thread
/// may release a hold, not only the one that took it. Releasing it again
/// does nothing and returns false. A hold that goes away without
/// `release()` is released then, with a warning through `.onWarning` that
/// names its reason.
public final class TipDisplayHold: Sendable {
    /// Why the displays are held (shown in explanations).
    public let reason: String
    private let center: TipCenter
    private let token: UInt64
    private let released = Locked(false)

    init(reason: String, center: TipCenter, token: UInt64) {
        self.reason = reason
        self.center = center
        self.token = token
    }

    /// Releases the hold: once no hold is in force, tips are available
    /// again as their rules say. Returns false (and does nothing) when it
    /// was released already.
    @discardableResult
    public func release() -> Bool {
        guard markReleased() else { return false }
        return center.releaseHold(token, warning: nil)
    }

    /// Whether the hold is still in force.
    public var isReleased: Bool { released.withLock { $0 } }

    private func markReleased() -> Bool {
        released.withLock { released in
            defer { released = true }
            return !released
        }
    }

    deinit {
        if markReleased() {
            center.releaseHold(
                token, warning: "a display hold (\"\(reason)\") went away without release(); it is released now")
        }
    }
}
