import Foundation

extension EngineState {
    /// Moves the state stored under the old identities that a module
    /// renamed (`renamedFrom`) to the new ones, the first time the center
    /// meets those renames once configured (through a tip's
    /// `declaredRenames`, or a generated event or parameter that carries
    /// them, before the center first reads or writes it, so that what was
    /// stored under an old name is not read as missing), and reports each
    /// move once through the warning channel. Met before `configure`, they
    /// are kept and moved there. The moves are queued together, so they
    /// reach the store as one journal record: a launch killed at any instant
    /// leaves each state under exactly one identity, and the next launch,
    /// finding nothing under an old identity, moves nothing again.
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
