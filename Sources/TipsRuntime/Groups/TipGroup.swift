/// Tips shown one at a time: the group's current tip is the one to present.
///
/// ```swift
/// let compass = TipGroup(.ordered, [ShowLocation(), RotateMap()])
/// for await tip in compass.currentTipUpdates {
///     present(tip)   // ShowLocation until it is invalidated, then RotateMap
/// }
/// ```
public final class TipGroup: Sendable {
    /// How the current tip is chosen.
    public enum Priority: Sendable, Hashable {
        /// The first available tip, in declaration order.
        case firstAvailable
        /// The first tip not yet invalidated, and only if it is available: later
        /// tips wait until every earlier one is invalidated (not merely displayed).
        case ordered
    }

    /// How the current tip is chosen.
    public let priority: Priority
    /// The tips, in order.
    public let tips: [any Tip]
    /// The center whose statuses decide.
    public let center: TipCenter

    /// Creates a group and registers its tips with `center`.
    public init(_ priority: Priority = .firstAvailable, _ tips: [any Tip], center: TipCenter = .shared) {
        self.priority = priority
        self.tips = tips
        self.center = center
        center.register(tips)
    }

    /// The tip to present now, if any.
    public var currentTip: (any Tip)? {
        center.currentTip(of: self)
    }

    /// The current tip now, then every change, until the stream is dropped.
    public var currentTipUpdates: AsyncStream<(any Tip)?> {
        center.currentTipUpdates(of: self)
    }

    /// Why the group shows the tip it shows; for an ordered group, which
    /// earlier tip each later one waits behind.
    public var explanation: TipGroupExplanation {
        center.explanation(of: self)
    }
}

extension TipCenter {
    /// The group's current tip.
    func currentTip(of group: TipGroup) -> (any Tip)? {
        let ids = group.tips.map(\.id)
        return withState { state in
            state.absorbExternalChanges()
            for tip in group.tips { state.register(tip) }
            return state.currentTipID(priority: group.priority, tipIDs: ids).flatMap { id in
                group.tips.first { $0.id == id }
            }
        }
    }

    /// The group's current tip, then every change.
    func currentTipUpdates(of group: TipGroup) -> AsyncStream<(any Tip)?> {
        let (stream, continuation) = AsyncStream.makeStream(of: (any Tip)?.self)
        let ids = group.tips.map(\.id)
        let tips = group.tips
        let publish: @Sendable ((any Tip)?) -> Void = { tip in
            // Hand out the group's own instance (the host may cast it to its type).
            continuation.yield(tip.flatMap { current in tips.first { $0.id == current.id } })
        }
        let token = withState { state in
            for tip in group.tips { state.register(tip) }
            let current = state.currentTipID(priority: group.priority, tipIDs: ids)
            let token = state.makeToken()
            state.groupObservers[token] = GroupObserver(
                priority: group.priority, tipIDs: ids, currentTipID: current, publish: publish)
            publish(current.flatMap { state.tips[$0]?.tip })
            return token
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.groupObservers[token] = nil }
        }
        return stream
    }

    /// Explains the group's choice.
    func explanation(of group: TipGroup) -> TipGroupExplanation {
        let ids = group.tips.map(\.id)
        return withState { state in
            for tip in group.tips { state.register(tip) }
            let current = state.currentTipID(priority: group.priority, tipIDs: ids)
            var explanations: [TipExplanation] = []
            var blocker: String?
            for id in ids {
                var explanation = state.explanation(of: id)
                if group.priority == .ordered, let blocker {
                    explanation.gates.append(.waitingBehind(tipID: blocker))
                } else if let current, current != id, explanation.status == .available {
                    explanation.gates.append(.notCurrentInGroup(currentTipID: current))
                }
                if blocker == nil, case .invalidated = explanation.status {
                } else if blocker == nil {
                    blocker = id
                }
                explanations.append(explanation)
            }
            return TipGroupExplanation(priority: group.priority, currentTipID: current, tips: explanations)
        }
    }
}
