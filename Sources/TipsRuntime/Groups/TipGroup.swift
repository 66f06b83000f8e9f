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
    /// The group's name in explanations: the `.tips` group's name in
    /// generated code, else the ids of its tips.
    public let name: String

    /// Creates a group and registers it and its tips with `center`, so that
    /// each tip's own explanation says when this group holds it back.
    public init(
        _ priority: Priority = .firstAvailable, _ tips: [any Tip], name: String? = nil, center: TipCenter = .shared
    ) {
        self.priority = priority
        self.tips = tips
        self.center = center
        self.name = name ?? "(" + tips.map(\.id).joined(separator: ", ") + ")"
        center.register(tips)
        center.register(self)
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
    /// The group's current tip. A read: it registers nothing (the group's
    /// tips registered when it was made).
    func currentTip(of group: TipGroup) -> (any Tip)? {
        let ids = group.tips.map(\.id)
        return withState { state in
            state.applyOutsideChanges()
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
            return state.publication.addGroupObserver(
                GroupObserver(priority: group.priority, tipIDs: ids, currentTipID: current, publish: publish),
                current: current.flatMap { state.registry[$0]?.tip })
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.publication.removeGroupObserver(token) }
        }
        return stream
    }

    /// Explains the group's choice: each tip's explanation already names the
    /// groups that hold it back. A read, like `currentTip(of:)`.
    func explanation(of group: TipGroup) -> TipGroupExplanation {
        let ids = group.tips.map(\.id)
        return withState { state in
            state.applyOutsideChanges()
            let current = state.currentTipID(priority: group.priority, tipIDs: ids)
            let explanations = group.tips.map { tip in state.read(tip) { $0.explanation(of: $1) } }
            return TipGroupExplanation(priority: group.priority, currentTipID: current, tips: explanations)
        }
    }

    /// Remembers the group, so that its tips' explanations name it.
    func register(_ group: TipGroup) {
        let registered = RegisteredGroup(name: group.name, priority: group.priority, tipIDs: group.tips.map(\.id))
        withState { state in state.registry.register(registered) }
    }
}

extension EngineState {
    /// The id of a group's current tip now: for `.ordered`, the first tip
    /// not yet done (invalidated, or held out for this install), if it is
    /// available; for `.firstAvailable`, the first available tip.
    mutating func currentTipID(priority: TipGroup.Priority, tipIDs: [String]) -> String? {
        for id in tipIDs {
            let status = self.status(ofID: id)
            switch priority {
            case .ordered:
                if isDone(id, status: status) { continue }
                return status == .available ? id : nil
            case .firstAvailable:
                if status == .available { return id }
            }
        }
        return nil
    }

    /// Tells each group observer whose group holds a tip whose published
    /// status changed what its current tip is now, when that changed.
    mutating func publishCurrentTipChanges() {
        let changed = publication.takeChangedTipIDs()
        guard !changed.isEmpty else { return }
        for (token, observer) in publication.groupObservers where observer.tipIDs.contains(where: changed.contains) {
            let current = currentTipID(priority: observer.priority, tipIDs: observer.tipIDs)
            guard current != observer.currentTipID else { continue }
            publication.publishCurrentTip(current.flatMap { registry[$0]?.tip }, id: current, to: token)
        }
    }

    /// What the groups holding the tip say about it: in an ordered group, the
    /// earlier tip it waits behind; in any group, the tip presented instead
    /// of this available one.
    mutating func groupGates(of id: String, status: Tips.Status) -> [TipExplanation.Gate] {
        var gates: [TipExplanation.Gate] = []
        for group in registry.groupsByTip[id] ?? [] {
            if group.priority == .ordered {
                let blocker = group.tipIDs.prefix { $0 != id }.first { earlier in
                    !isDone(earlier, status: self.status(ofID: earlier))
                }
                if let blocker {
                    gates.append(.waitingBehind(tipID: blocker, group: group.name))
                    continue
                }
            }
            if status == .available, let current = currentTipID(priority: group.priority, tipIDs: group.tipIDs),
                current != id
            {
                gates.append(.notCurrentInGroup(currentTipID: current, group: group.name))
            }
        }
        return gates
    }

    /// Whether an ordered group is done with the tip: invalidated, or held
    /// out for this install (it would otherwise hold later tips back for ever).
    private func isDone(_ id: String, status: Tips.Status) -> Bool {
        if case .invalidated = status { return true }
        return registry[id].map(isHeldOut) ?? false
    }
}
