import Foundation

/// The facts: what the datastore holds as this process sees it (parameter
/// values, donations, tip records), the transient parameter values, and the
/// mutations recorded but not yet handed to the commit pipeline.
///
/// Invariants:
/// - `snapshot` changes only by `record(_:)`, which queues the same mutation
///   in the outbox, or by what the datastore already holds: the store
///   loaded at `configure` (`start(loaded:)`) and other processes' mutations
///   (`apply(outside:)`).
/// - Mutations leave the outbox in the order they were recorded: to the
///   commit pipeline once configured, to `stashed` before.
/// - `stashed` is replayed, in order, onto the store loaded at `configure`,
///   and then committed with the first batch.
/// - Transient parameter values are never recorded: they live as long as the center.
struct Facts {
    /// The datastore's content as this process sees it, with what it recorded applied.
    private(set) var snapshot = DatastoreSnapshot()
    /// Values of transient parameters, by parameter id.
    var transientParameters: [String: TipValue] = [:]
    /// Mutations recorded by the current operation, not yet sent to the datastore.
    private(set) var outbox: [DatastoreMutation] = []
    /// Mutations recorded before configuration, replayed onto the loaded store.
    private(set) var stashed: [DatastoreMutation] = []
    /// The renames already applied to `snapshot` (each module's once per center).
    /// A list compared with `==`, not a set: every donation or read of a
    /// renamed event or parameter meets its module's renames again, and
    /// renames from the one declaration share their arrays' storage, which
    /// `==` recognizes at once where hashing would read every rename.
    private(set) var appliedRenames: [Tips.Renames] = []
    /// The renames met before configuration (through a tip, an event or a
    /// parameter), in the order met: applied once the store is loaded.
    private(set) var renamesBeforeStart: [Tips.Renames] = []
    /// The id a plain tip has now, when a module this center met renamed it
    /// from `oldID` (`renamedFrom`); nil otherwise. For the warning about a
    /// testing switch that names a tip by its former id.
    func tipID(renamedFrom oldID: String) -> String? {
        for renames in appliedRenames + renamesBeforeStart {
            for rename in renames.tips where rename.from.isPlain && rename.to.isPlain {
                if rename.from.filled(with: [:]) == oldID, let new = rename.to.filled(with: [:]) { return new }
            }
        }
        return nil
    }

    /// The holdout seed this center records when a configured store
    /// without one first meets a registered tip with a holdout; drawn once,
    /// when the center is made, so that a read of a tip with a holdout that
    /// is not registered yet answers with the seed its registration would
    /// record, the same at every read.
    let holdoutSeedToRecord: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// Whether a read answered with `holdoutSeedToRecord` while the store
    /// held no seed (a tip with a holdout read before any registered): the
    /// next mutation recorded, whatever it is, records the seed before it,
    /// so that the membership those reads showed is the one kept.
    var holdoutSeedWasRead = false

    /// Applies the mutation and queues it for the datastore; first the
    /// holdout seed reads answered with, when none is stored yet.
    mutating func record(_ mutation: DatastoreMutation) {
        if holdoutSeedWasRead {
            holdoutSeedWasRead = false
            let setsSeed = if case .setHoldoutSeed = mutation { true } else { false }
            if snapshot.holdoutSeed == nil, !setsSeed {
                let seed = DatastoreMutation.setHoldoutSeed(holdoutSeedToRecord)
                snapshot.applyDeferringTrim(seed)
                outbox.append(seed)
            }
        }
        snapshot.applyDeferringTrim(mutation)
        outbox.append(mutation)
    }

    /// Applies mutations other processes made durable.
    mutating func apply(outside mutations: [DatastoreMutation]) {
        for mutation in mutations { snapshot.apply(mutation) }
    }

    /// The mutations recorded since the last call, emptied.
    mutating func takeOutbox() -> [DatastoreMutation] {
        defer { outbox = [] }
        return outbox
    }

    /// Keeps mutations recorded before configuration, for `start(loaded:)`.
    mutating func stash(_ mutations: [DatastoreMutation]) {
        stashed += mutations
    }

    /// Keeps renames met before configuration, for `configure` to apply.
    mutating func keepUntilStart(_ renames: Tips.Renames) {
        if !renamesBeforeStart.contains(renames) { renamesBeforeStart.append(renames) }
    }

    /// The renames met before configuration, emptied.
    mutating func takeRenamesBeforeStart() -> [Tips.Renames] {
        defer { renamesBeforeStart = [] }
        return renamesBeforeStart
    }

    /// Takes in the store loaded at `configure` and replays onto it what was
    /// recorded before, queueing that for the first commit.
    mutating func start(loaded: DatastoreSnapshot) {
        snapshot = loaded
        for mutation in stashed { snapshot.apply(mutation) }
        outbox = stashed + outbox
        stashed = []
    }

    /// Moves what the snapshot holds under the renames' old identities to
    /// the new ones and queues the moves, once per renames; returns each move
    /// with the warning that reports it.
    mutating func move(_ renames: Tips.Renames) -> [(move: DatastoreMove, report: String)] {
        guard !renames.isEmpty, !appliedRenames.contains(renames) else { return [] }
        appliedRenames.append(renames)
        let found = renames.moves(applyingTo: &snapshot)
        outbox += found.map { .move($0.move) }
        return found
    }

    /// Forgets everything persisted and stashed (`resetDatastore`, before `configure`).
    mutating func erase() {
        snapshot = DatastoreSnapshot()
        stashed = []
    }

    /// Where the event's kept donations are in its stored list at `now`.
    func keptDonationRange(of event: Tips.Event, now: Double) -> Range<Int> {
        RuleEvaluator.keptRange(
            of: event, in: snapshot.donations[event.id] ?? [], limit: snapshot.donationLimits[event.id], now: now)
    }
}
