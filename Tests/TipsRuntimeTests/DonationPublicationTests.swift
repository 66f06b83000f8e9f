import Foundation
import Testing

@testable import TipsRuntime

/// A donation re-evaluates its dependents with one shared rule evaluator;
/// these pin that each dependent still gets its own verdict.
@Suite struct DonationPublicationTests {
    private let first = Tips.Event(id: "published.first")
    private let second = Tips.Event(id: "published.second")

    private func atLeast(_ count: Int, _ event: Tips.Event, _ steps: [EventQuery.Step] = []) -> RuleExpression {
        .binary(.greaterOrEqual, .count(EventQuery(event: event, steps: steps)), .literal(.int(count)))
    }

    private var north: EventQuery.Step { .filter(.binary(.equal, .field("region"), .literal(.string("north")))) }

    /// The status each tip last published (what its observers were told), by id.
    private func published(_ center: TipCenter, _ ids: [String]) -> [Tips.Status?] {
        center.state.withLock { state in ids.map { id in state.registry[id].map { state.publication.status(of: $0) } } }
    }

    @Test func eachDependentGetsItsOwnVerdict() async throws {
        let center = try await makeCenter()
        let both = RuleExpression.binary(.and, atLeast(1, second), atLeast(2, first))
        let tips = [
            TestTip("One", rules: [atLeast(1, first)]),
            TestTip("North", rules: [atLeast(1, first, [north])]),
            TestTip("Both", rules: [both]),
            TestTip("Three", rules: [atLeast(3, first)]),
        ]
        center.register(tips)
        let ids = tips.map(\.id)
        #expect(published(center, ids) == [.pending, .pending, .pending, .pending])

        first.sendDonation(["region": .string("south")], in: center)
        #expect(published(center, ids) == [.available, .pending, .pending, .pending])

        second.sendDonation(in: center)
        #expect(published(center, ids) == [.available, .pending, .pending, .pending])

        first.sendDonation(["region": .string("north")], in: center)
        #expect(published(center, ids) == [.available, .available, .available, .pending])

        first.sendDonation(["region": .string("south")], in: center)
        #expect(published(center, ids) == [.available, .available, .available, .available])
        #expect(tips.map { $0.status(in: center) } == [.available, .available, .available, .available])
    }

    @Test func anInvalidatedDependentDoesNotDisturbTheOthers() async throws {
        let center = try await makeCenter()
        let tips = [
            TestTip("Gone", rules: [atLeast(1, first)], options: Tips.Options(invalidatedBy: [first])),
            TestTip("Stays", rules: [atLeast(1, first)]),
        ]
        center.register(tips)
        first.sendDonation(in: center)
        #expect(published(center, tips.map(\.id)) == [.invalidated(.actionPerformed), .available])
    }
}
