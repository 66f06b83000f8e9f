import Foundation

// Actions with handlers: the host attaches what a tip's actions do, a
// presenter (or the host itself) reports which action of which tip a person
// chose, and the center runs the handlers and tells its observers.

extension Tips {
    /// A person chose one of a tip's actions.
    public struct ActionSelection: Sendable, Hashable {
        /// The tip's id.
        public let tipID: String
        /// The action chosen.
        public let action: Tips.Action

        /// Creates a selection.
        public init(tipID: String, action: Tips.Action) {
            self.tipID = tipID
            self.action = action
        }
    }

    /// Identifies an attached action handler, to remove it.
    public struct ActionHandlerToken: Sendable, Hashable {
        let value: UInt64
    }
}

/// The handlers attached to a center, and the streams watching selections.
struct ActionHandlers {
    var nextToken: UInt64 = 0
    /// Token → (tip id or nil for every tip, handler).
    var handlers: [(token: UInt64, tipID: String?, handler: @Sendable (Tips.ActionSelection) -> Void)] = []
    var streams: [UInt64: AsyncStream<Tips.ActionSelection>.Continuation] = [:]

    mutating func makeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }
}

extension TipCenter {
    /// Attaches what `tip`'s actions do: `handler` runs, with the action,
    /// each time a person chooses one of them (`chooseAction(_:of:)`).
    ///
    /// ```swift
    /// center.onAction(of: FavoriteTrail()) { action in
    ///     if action.id == "learnMore" { openHelp() }
    /// }
    /// ```
    @discardableResult
    public func onAction(of tip: any Tip, _ handler: @escaping @Sendable (Tips.Action) -> Void)
        -> Tips.ActionHandlerToken
    {
        addActionHandler(tipID: tip.id) { handler($0.action) }
    }

    /// Attaches a handler that runs for every action of every tip.
    @discardableResult
    public func onAction(_ handler: @escaping @Sendable (Tips.ActionSelection) -> Void) -> Tips.ActionHandlerToken {
        addActionHandler(tipID: nil, handler)
    }

    /// Detaches a handler.
    public func removeActionHandler(_ token: Tips.ActionHandlerToken) {
        actionHandlers.withLock { $0.handlers.removeAll { $0.token == token.value } }
    }

    /// Every action chosen from now on, until the stream is dropped.
    public var actionSelections: AsyncStream<Tips.ActionSelection> {
        let (stream, continuation) = AsyncStream.makeStream(of: Tips.ActionSelection.self)
        let token = actionHandlers.withLock { handlers in
            let token = handlers.makeToken()
            handlers.streams[token] = continuation
            return token
        }
        continuation.onTermination = { [weak self] _ in
            self?.actionHandlers.withLock { _ = $0.streams.removeValue(forKey: token) }
        }
        return stream
    }

    /// Reports that a person chose the action with `actionID` of `tip`: runs
    /// the action's `perform`, then the handlers attached to the tip, then
    /// those attached to every tip, in the order they were attached, and
    /// publishes the selection on `actionSelections`. Choosing an action does
    /// not invalidate the tip; a handler does that when the action teaches
    /// what the tip is about. Returns false (and runs nothing) when the tip
    /// has no such action.
    @discardableResult
    public func chooseAction(_ actionID: String, of tip: any Tip) -> Bool {
        guard let action = tip.actions.first(where: { $0.id == actionID }) else { return false }
        let selection = Tips.ActionSelection(tipID: tip.id, action: action)
        let (handlers, streams) = actionHandlers.withLock { attached in
            (
                attached.handlers.filter { $0.tipID == tip.id } + attached.handlers.filter { $0.tipID == nil },
                Array(attached.streams.values)
            )
        }
        reportActionChosen(actionID, of: tip)
        // Outside the lock: a handler may attach handlers or choose actions.
        action.perform?()
        for entry in handlers { entry.handler(selection) }
        for stream in streams { stream.yield(selection) }
        return true
    }

    private func addActionHandler(
        tipID: String?, _ handler: @escaping @Sendable (Tips.ActionSelection) -> Void
    ) -> Tips.ActionHandlerToken {
        actionHandlers.withLock { handlers in
            let token = handlers.makeToken()
            handlers.handlers.append((token, tipID, handler))
            return Tips.ActionHandlerToken(value: token)
        }
    }
}

extension Tip {
    /// Attaches what this tip's actions do, in `center`.
    @discardableResult
    public func onAction(in center: TipCenter = .shared, _ handler: @escaping @Sendable (Tips.Action) -> Void)
        -> Tips.ActionHandlerToken
    {
        center.onAction(of: self, handler)
    }

    /// Reports that a person chose the action with `actionID`, to `center`.
    @discardableResult
    public func chooseAction(_ actionID: String, in center: TipCenter = .shared) -> Bool {
        center.chooseAction(actionID, of: self)
    }
}
