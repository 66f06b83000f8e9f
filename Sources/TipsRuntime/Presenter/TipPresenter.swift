import Foundation

/// One place on screen that shows tips: what TipKit's `TipView` and
/// `popoverTip` do, without a view.
///
/// A presenter is fed by one tip or by a group. It shows the tip while the
/// tip should display (for a group, the group's current tip), reports each
/// display to the center (so display counts, durations, `maxDisplayCount`,
/// `maxDisplayDuration` and the display frequency work), hides the tip when
/// its status changes (a hold, one tip at a time and a snooze included,
/// without the host doing anything), turns the close button into
/// `invalidateDurably(reason: .tipClosed)` and "remind me later" into
/// `snooze()`, and hands action taps to the app. A
/// SwiftUI, UIKit or terminal layer only draws what it is told:
///
/// ```swift
/// let slot = TipPresenter(FavoriteTrail(), onAction: { selection in open(selection.action.id) })
/// Task {
///     for await change in slot.changes() {
///         switch change {
///         case .shown(let tip): draw(tip)
///         case .hidden: erase()
///         }
///     }
/// }
/// // The close button:     await slot.close()
/// // An action's button:   await slot.chooseAction("learnMore")
/// ```
///
/// A host that draws at moments of its own (a command-line program between
/// two commands) calls ``update()`` instead, which brings the slot up to
/// date and returns what changed.
public final class TipPresenter: Sendable {
    /// What the slot should do on screen.
    public enum Change: Sendable {
        /// Draw this tip: its display has started.
        case shown(any Tip)
        /// Remove the tip: its display has ended.
        case hidden(Hidden)
    }

    /// A display that ended.
    public struct Hidden: Sendable {
        /// The tip that was on screen.
        public let tip: any Tip
        /// Why it left the screen.
        public let reason: HideReason
        /// How long it was on screen, by the center's clock (seconds).
        public let duration: Double
    }

    /// Why a tip left the screen.
    public enum HideReason: Sendable, Hashable {
        /// Its status changed (invalidated, or pending again); this is the new status.
        case statusChanged(Tips.Status)
        /// Its group now presents another tip (or none) while it stays available.
        case groupMovedOn
        /// The host stopped the presenter (its view went away).
        case stopped
    }

    private enum Source: Sendable {
        case tip(any Tip)
        case group(TipGroup)
    }

    /// The tip on screen, and the update in progress (updates run one at a time).
    private struct State {
        var shown: (any Tip)?
        var tail: Task<[Change], Never>?
        var isStopped = false
        /// The streams ``changes()`` handed out, told every change whoever caused it.
        var listeners: [UInt64: AsyncStream<Change>.Continuation] = [:]
        var nextListener: UInt64 = 0
    }

    /// The center that decides and counts.
    public let center: TipCenter
    private let source: Source
    private let onAction: (@Sendable (Tips.ActionSelection) -> Void)?
    private let state = Locked(State())

    /// A slot that shows `tip` while it should display. `onAction` runs when
    /// a person chooses one of its actions (after the handlers attached to
    /// the center).
    public init(
        _ tip: any Tip, center: TipCenter = .shared, onAction: (@Sendable (Tips.ActionSelection) -> Void)? = nil
    ) {
        self.center = center
        self.source = .tip(tip)
        self.onAction = onAction
    }

    /// A slot that shows a group's current tip, one at a time.
    public init(_ group: TipGroup, onAction: (@Sendable (Tips.ActionSelection) -> Void)? = nil) {
        self.center = group.center
        self.source = .group(group)
        self.onAction = onAction
    }

    /// The tip on screen now, if any.
    public var tip: (any Tip)? { state.withLock { $0.shown } }

    /// Brings the slot up to date now: hides the tip on screen if it should
    /// no longer show, shows the one that should, reports both to the center,
    /// and returns what changed (nothing, a hide, a show, or a hide then a
    /// show). Updates run one after another, never interleaved.
    @discardableResult
    public func update() async -> [Change] {
        await enqueue { presenter in await presenter.step(stopping: false) }
    }

    /// Every change from now on, those ``close()``, ``update()`` and
    /// ``stop()`` make included: the slot updates itself whenever its tip's
    /// status (or its group's current tip) changes, until the stream is
    /// dropped or ``stop()`` is called. Iterate it from one task.
    public func changes() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self)
        let token: UInt64? = state.withLock { state in
            guard !state.isStopped else { return nil }
            state.nextListener += 1
            state.listeners[state.nextListener] = continuation
            return state.nextListener
        }
        guard let token else {
            continuation.finish()
            return stream
        }
        let watcher = Task { [weak self] in
            guard let self else { return }
            switch self.source {
            case .tip(let tip):
                for await _ in center.statusUpdates(for: tip) {
                    guard await self.updateUnlessStopped() else { break }
                }
            case .group(let group):
                for await _ in group.currentTipUpdates {
                    guard await self.updateUnlessStopped() else { break }
                }
            }
        }
        continuation.onTermination = { [weak self] _ in
            watcher.cancel()
            self?.state.withLock { _ = $0.listeners.removeValue(forKey: token) }
        }
        return stream
    }

    /// The close button: invalidates the tip on screen with `.tipClosed`
    /// (returns once durable) and hides it.
    @discardableResult
    public func close() async -> [Change] {
        guard let shown = tip else { return [] }
        await center.invalidateDurably(shown, reason: .tipClosed)
        return await update()
    }

    /// The "remind me later" button: snoozes the tip on screen (see
    /// `TipCenter.snooze(_:)`; returns once durable) and hides it.
    @discardableResult
    public func snooze() async -> [Change] {
        await enqueue { presenter in
            guard let shown = presenter.tip else { return [] }
            // Ended here, so that the hide reports how long it was on screen.
            let duration = await presenter.center.endDisplay(of: shown)
            await presenter.center.snooze(shown)
            return await presenter.step(stopping: false, endedAfter: duration)
        }
    }

    /// An action's button: runs the handlers of the action with `actionID` of
    /// the tip on screen (see `TipCenter.chooseAction(_:of:)`), then the
    /// presenter's `onAction`. Returns false when no tip is shown or it has no
    /// such action.
    @discardableResult
    public func chooseAction(_ actionID: String) -> Bool {
        guard let shown = tip, center.chooseAction(actionID, of: shown) else { return false }
        if let action = shown.actions.first(where: { $0.id == actionID }) {
            onAction?(Tips.ActionSelection(tipID: shown.id, action: action))
        }
        return true
    }

    /// The view went away: ends the display in progress (reporting it) and
    /// stops updating; ``changes()`` finishes.
    @discardableResult
    public func stop() async -> [Change] {
        await enqueue { presenter in await presenter.step(stopping: true) }
    }

    // MARK: Updating

    /// Runs `body` after every update queued before it.
    private func enqueue(_ body: @escaping @Sendable (TipPresenter) async -> [Change]) async -> [Change] {
        let task = state.withLock { state -> Task<[Change], Never> in
            let previous = state.tail
            let task = Task {
                _ = await previous?.value
                return await body(self)
            }
            state.tail = task
            return task
        }
        return await task.value
    }

    /// Updates; false once stopped.
    private func updateUnlessStopped() async -> Bool {
        await update()
        return !state.withLock { $0.isStopped }
    }

    /// What should be on screen now, and the status of what is.
    private func wanted() -> (any Tip)? {
        switch source {
        case .tip(let tip): center.status(for: tip) == .available ? tip : nil
        case .group(let group): group.currentTip
        }
    }

    /// One update (run by `enqueue` only, so never two at once).
    /// `endedAfter`: how long the display lasted when the caller already ended it.
    private func step(stopping: Bool, endedAfter: Double? = nil) async -> [Change] {
        let (shown, stopped) = state.withLock { ($0.shown, $0.isStopped) }
        if stopped { return [] }
        let next = stopping ? nil : wanted()
        if let shown, let next, shown.id == next.id { return [] }
        var changes: [Change] = []
        if let shown {
            let status = center.status(for: shown)
            let reason: HideReason =
                stopping ? .stopped : status == .available ? .groupMovedOn : .statusChanged(status)
            let duration = await center.endDisplay(of: shown) ?? endedAfter ?? 0
            changes.append(.hidden(Hidden(tip: shown, reason: reason, duration: duration)))
        }
        // Started only if still available: another slot may have just shown
        // a tip while one shows at a time, or a hold may have begun.
        var started: (any Tip)?
        if let next, await center.beginDisplayIfAvailable(next) {
            started = next
            changes.append(.shown(next))
        }
        let listeners = state.withLock { state in
            state.shown = started
            if stopping { state.isStopped = true }
            return Array(state.listeners.values)
        }
        for listener in listeners {
            for change in changes { listener.yield(change) }
            if stopping { listener.finish() }
        }
        return changes
    }
}
