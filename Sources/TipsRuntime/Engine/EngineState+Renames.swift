import Foundation

extension EngineState {
    /// Moves the state stored under the old identities that a module
    /// renamed (`renamedFrom`) to the new ones, the first time the center
    /// meets those renames once configured (through a tip's
    /// `declaredRenames`, or a generated event or parameter that carries
    /// them, before the center first writes it; a read before then reads
    /// them met in a scratch copy, `read(meeting:_:)`), and reports each
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

    /// Runs a read of what `renames` (a generated parameter's or event's)
    /// may move: in place once the center has met them, or when there are
    /// none or it is not configured (nothing is loaded to move); otherwise
    /// in a scratch copy of the state in which they were just met, dropped
    /// after the read (`scratchForReading()`). The read sees the state as
    /// moved and moves nothing: the first write, registration or
    /// observation that meets the renames moves it and reports the move.
    mutating func read<Result>(meeting renames: Tips.Renames?, _ body: (EngineState) -> Result) -> Result {
        guard let renames, !renames.isEmpty, lifecycle.isConfigured, !facts.appliedRenames.contains(renames) else {
            return body(self)
        }
        var scratch = scratchForReading()
        scratch.meet(renames)
        return body(scratch)
    }
}
