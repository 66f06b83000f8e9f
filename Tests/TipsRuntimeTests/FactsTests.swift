import Foundation
import Testing

@testable import TipsRuntime

/// The facts' invariants: what is recorded is applied and queued in order;
/// what was recorded before `configure` is replayed onto the loaded store.
@Suite struct FactsTests {
    @Test func recordingAppliesAndQueuesInOrder() {
        var facts = Facts()
        facts.record(.setParameter(id: "count", value: .int(1)))
        facts.record(.setParameter(id: "count", value: .int(2)))
        #expect(facts.snapshot.parameters["count"] == .int(2))
        #expect(
            facts.takeOutbox() == [
                .setParameter(id: "count", value: .int(1)), .setParameter(id: "count", value: .int(2)),
            ])
        #expect(facts.takeOutbox().isEmpty)
    }

    @Test func outsideChangesAreAppliedButNotQueued() {
        var facts = Facts()
        facts.apply(outside: [.recordDisplayStart(tipID: "t", date: 5)])
        #expect(facts.snapshot.tips["t"]?.displayCount == 1)
        #expect(facts.outbox.isEmpty)
    }

    @Test func whatWasStashedIsReplayedOntoTheLoadedStoreAndQueued() {
        var facts = Facts()
        facts.record(.setParameter(id: "early", value: .bool(true)))
        facts.stash(facts.takeOutbox())
        var loaded = DatastoreSnapshot()
        loaded.parameters["stored"] = .int(7)
        facts.start(loaded: loaded)
        #expect(facts.snapshot.parameters == ["stored": .int(7), "early": .bool(true)])
        #expect(facts.stashed.isEmpty)
        #expect(facts.takeOutbox() == [.setParameter(id: "early", value: .bool(true))])
    }

    @Test func erasingForgetsTheStoreAndTheStashButNotTransientValues() {
        var facts = Facts()
        facts.transientParameters["editing"] = .bool(true)
        facts.record(.setParameter(id: "early", value: .bool(true)))
        facts.stash(facts.takeOutbox())
        facts.erase()
        #expect(facts.snapshot == DatastoreSnapshot())
        #expect(facts.stashed.isEmpty)
        #expect(facts.transientParameters["editing"] == .bool(true))
    }
}
