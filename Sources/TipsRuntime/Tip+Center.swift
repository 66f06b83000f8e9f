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

    /// Invalidates the tip for good (until `resetEligibility()`), in `center`.
    ///
    /// ```swift
    /// await FavoriteTip().invalidate(reason: .actionPerformed)
    /// ```
    public func invalidate(reason: Tips.InvalidationReason, in center: TipCenter = .shared) async {
        await center.invalidate(self, reason: reason)
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
    /// try await Tips.configure([.displayFrequency(TipsConfiguration.displayFrequency)])
    /// ```
    public static func configure(_ options: [ConfigurationOption] = []) async throws {
        try await TipCenter.shared.configure(options)
    }

    /// Erases the shared datastore; must run before `configure`.
    public static func resetDatastore() throws { try TipCenter.shared.resetDatastore() }

    /// Shows every tip in `TipCenter.shared`, whatever its rules.
    public static func showAllTipsForTesting() { TipCenter.shared.showAllTipsForTesting() }

    /// Shows the tips with these ids in `TipCenter.shared`.
    public static func showTipsForTesting(_ ids: [String]) { TipCenter.shared.showTipsForTesting(ids) }

    /// Hides the tips with these ids in `TipCenter.shared`.
    public static func hideTipsForTesting(_ ids: [String]) { TipCenter.shared.hideTipsForTesting(ids) }

    /// Hides every tip in `TipCenter.shared`.
    public static func hideAllTipsForTesting() { TipCenter.shared.hideAllTipsForTesting() }
}
