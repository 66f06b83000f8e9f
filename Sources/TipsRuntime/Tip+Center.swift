extension Tip {
    /// The tip's status in `TipCenter.shared`.
    public var status: Tips.Status { TipCenter.shared.status(for: self) }
    /// The tip's status in `center`.
    public func status(in center: TipCenter) -> Tips.Status { center.status(for: self) }

    /// Whether the host should show the tip now (`status == .available`), in `TipCenter.shared`.
    public var shouldDisplay: Bool { status == .available }
    /// Whether the host should show the tip now, in `center`.
    public func shouldDisplay(in center: TipCenter) -> Bool { center.status(for: self) == .available }

    /// The status now, then every change, in `TipCenter.shared`.
    ///
    /// ```swift
    /// for await status in tip.statusUpdates { isShowing = status == .available }
    /// ```
    public var statusUpdates: AsyncStream<Tips.Status> { TipCenter.shared.statusUpdates(for: self) }
    /// The status now, then every change, in `center`.
    public func statusUpdates(in center: TipCenter) -> AsyncStream<Tips.Status> {
        center.statusUpdates(for: self)
    }

    /// `shouldDisplay` now, then every change, in `TipCenter.shared`.
    public var shouldDisplayUpdates: AsyncStream<Bool> { TipCenter.shared.shouldDisplayUpdates(for: self) }
    /// `shouldDisplay` now, then every change, in `center`.
    public func shouldDisplayUpdates(in center: TipCenter) -> AsyncStream<Bool> {
        center.shouldDisplayUpdates(for: self)
    }

    /// Invalidates the tip for good (until `resetEligibility()`), in
    /// `center`; returns once the invalidation is durable, so it survives
    /// the process ending right after.
    ///
    /// ```swift
    /// await FavoriteTip().invalidateDurably(reason: .actionPerformed)
    /// ```
    ///
    /// A name of its own, not an `async` overload of `invalidate(reason:)`:
    /// where Swift may pick either overload (top-level code in `main.swift`),
    /// `await tip.invalidate(reason:)` would pick the synchronous one.
    public func invalidateDurably(reason: Tips.InvalidationReason, in center: TipCenter = .shared) async {
        await center.invalidateDurably(self, reason: reason)
    }

    /// Invalidates the tip for good, as TipKit's `invalidate(reason:)` does:
    /// synchronous, for a button's action; observers are told before it
    /// returns, and it is written with the next group commit (a process
    /// that ends right after may lose it: ``invalidateDurably(reason:in:)``
    /// returns once it is saved).
    ///
    /// ```swift
    /// Button("Close") { FavoriteTip().invalidate(reason: .tipClosed) }
    /// ```
    public func invalidate(reason: Tips.InvalidationReason, in center: TipCenter = .shared) {
        center.invalidate(self, reason: reason)
    }

    /// Makes the tip eligible again, forgetting its invalidation and displays, in `center`.
    public func resetEligibility(in center: TipCenter = .shared) async {
        await center.resetEligibility(of: self)
    }

    /// Why the tip is or is not shown, in `TipCenter.shared`.
    public var explanation: TipExplanation { TipCenter.shared.explanation(for: self) }
    /// Why the tip is or is not shown, in `center`.
    public func explanation(in center: TipCenter) -> TipExplanation { center.explanation(for: self) }

    /// Reports that the host started showing the tip, to `center`.
    public func didAppear(in center: TipCenter = .shared) async { await center.tipDidAppear(self) }
    /// Reports that the host stopped showing the tip, to `center`.
    public func didDisappear(in center: TipCenter = .shared) async { await center.tipDidDisappear(self) }
}

extension Tips {
    /// Configures `TipCenter.shared`, once, before any tip shows.
    ///
    /// ```swift
    /// try await Tips.configure()                        // the .tips files' config applies
    /// try await Tips.configure([.displayFrequency(.weekly)])   // overrides it
    /// ```
    ///
    /// The display frequency is the one the `.tips` files' `config` block
    /// declares unless `.displayFrequency(_:)` is given. Testing switches are
    /// read from the process's launch arguments and environment
    /// (`-com.apple.TipKit.ShowAllTips 1`, `TIPKIT_SHOW_ALL_TIPS=1`, ...);
    /// pass `.arguments([])` and `.environment([:])` to ignore them.
    public static func configure(_ options: [ConfigurationOption] = []) async throws {
        try await TipCenter.shared.configure(options)
    }

    /// Erases the shared datastore; must run before `configure`.
    public static func resetDatastore() throws { try TipCenter.shared.resetDatastore() }

    /// Shows every tip in `TipCenter.shared`, whatever its rules.
    public static func showAllTipsForTesting() { TipCenter.shared.showAllTipsForTesting() }

    /// Shows the tips of these types in `TipCenter.shared`, every instance
    /// of a reusable tip: `Tips.showTipsForTesting([FavoriteTrail.self])`.
    public static func showTipsForTesting(_ tips: [any Tip.Type]) { TipCenter.shared.showTipsForTesting(tips) }

    /// Shows the tips with these ids in `TipCenter.shared` (a likely misspelling is reported).
    public static func showTipsForTesting(_ ids: [String]) { TipCenter.shared.showTipsForTesting(ids) }

    /// Hides the tips of these types in `TipCenter.shared`, every instance of a reusable tip.
    public static func hideTipsForTesting(_ tips: [any Tip.Type]) { TipCenter.shared.hideTipsForTesting(tips) }

    /// Hides the tips with these ids in `TipCenter.shared` (a likely misspelling is reported).
    public static func hideTipsForTesting(_ ids: [String]) { TipCenter.shared.hideTipsForTesting(ids) }

    /// Hides every tip in `TipCenter.shared`.
    public static func hideAllTipsForTesting() { TipCenter.shared.hideAllTipsForTesting() }
}
