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
        meet(tip.declaredRenames)
    }

    /// Moves the state the renames name, as for a tip, when a generated
    /// event or parameter carries them (its module has renames): before the
    /// center first reads or writes it, so that what was stored under an old
    /// name is not read as missing. Met before `configure`, they are kept
    /// and moved there.
    mutating func meet(_ renames: Tips.Renames?) {
        guard let renames, !renames.isEmpty else { return }
        guard lifecycle.isConfigured else {
            facts.keepUntilStart(renames)
            return
        }
        let moved = facts.move(renames)
        guard !moved.isEmpty else { return }
        for (move, report) in moved {
            for event in move.changedEvents { cache.drop(event) }
            publication.warn(report)
        }
        publishStatusChanges(of: registry.ordered)
    }
}
