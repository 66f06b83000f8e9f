import Foundation

extension EngineState {
    /// Moves the state stored under the old identities that the tip's
    /// module renamed (`renamedFrom`) to the new ones, the first time the
    /// center meets those renames once configured, and reports each move
    /// once through the warning channel. The moves are queued together, so
    /// they reach the store as one journal record: a launch killed at any
    /// instant leaves each state under exactly one identity, and the next
    /// launch, finding nothing under an old identity, moves nothing again.
    mutating func moveRenamedState(of tip: any Tip) {
        guard lifecycle.isConfigured else { return }
        let moved = facts.move(tip.declaredRenames)
        guard !moved.isEmpty else { return }
        for (move, report) in moved {
            for event in move.changedEvents { cache.drop(event) }
            publication.warn(report)
        }
        publishStatusChanges(of: registry.ordered)
    }
}
