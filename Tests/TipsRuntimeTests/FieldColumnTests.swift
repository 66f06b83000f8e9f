import Foundation
import Testing

@testable import TipsRuntime

/// The field columns are a cache of donation fields; these pin that they stay
/// aligned with the stored donations however those change.
@Suite struct FieldColumnTests {
    private let event = Tips.Event(id: "regions", keepCount: 3)

    private func regionRule(_ region: String, atLeast count: Int) -> RuleExpression {
        .binary(
            .greaterOrEqual,
            .count(
                EventQuery(event: event, steps: [.filter(.binary(.equal, .field("region"), .literal(.string(region))))])
            ),
            .literal(.int(count)))
    }

    private func expectAligned(_ center: TipCenter, sourceLocation: SourceLocation = #_sourceLocation) {
        center.state.withLock { state in
            let expected = (state.facts.snapshot.donations["regions"] ?? []).map { $0.fields["region"] }
            let column = state.cache.fieldColumns["regions"]?["region"]
            let decoded = column.map { column in (0..<column.count).map { column.value(at: $0) } }
            #expect(decoded == nil || decoded == expected, sourceLocation: sourceLocation)
        }
    }

    @Test func columnsFollowDonationsThroughTrimming() async throws {
        let center = try await makeCenter()
        let tip = TestTip("North", rules: [regionRule("north", atLeast: 2)])
        // Registered, so that its evaluations build the column in the center's cache.
        center.register([tip])
        #expect(tip.status(in: center) == .pending)
        for region in ["north", "north", "south", "south"] {
            await event.donate(["region": .string(region)], in: center)
            expectAligned(center)
        }
        // The column follows the stored list, which may keep the oldest a
        // while past the keep count (deferred trimming); only 3 are kept.
        #expect(
            center.state.withLock {
                $0.cache.fieldColumns["regions"]?["region"]?.count == $0.facts.snapshot.donations["regions"]?.count
            }
        )
        #expect(event.donationCount(in: center) == 3)
        #expect(tip.status(in: center) == .pending, "only one north donation is still kept")
        await event.donate(["region": .string("north")], in: center)
        #expect(tip.status(in: center) == .pending)
        await event.donate(["region": .string("north")], in: center)
        #expect(tip.status(in: center) == .available)
        expectAligned(center)
        // Past the deferred-trim slack: the oldest are dropped in one go.
        for index in 0..<40 {
            await event.donate(["region": .string(index % 3 == 0 ? "north" : "south")], in: center)
            expectAligned(center)
            // The 3 kept hold two north donations only while the two before the loop still count.
            #expect(tip.status(in: center) == (index < 2 ? .available : .pending))
        }
    }

    /// A read of a tip not registered evaluates it in a scratch copy of the
    /// engine's state (`EngineState.read(_:_:)`); the column it builds there
    /// is kept, as any evaluation's is, and stays aligned through the
    /// donations that follow, while the tip stays unregistered.
    @Test func aReadOfATipNotRegisteredKeepsTheColumnItBuilt() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Read", rules: [regionRule("north", atLeast: 2)])
        await event.donate(["region": .string("north")], in: center)
        #expect(center.state.withLock { $0.cache.fieldColumns["regions"] == nil })
        #expect(tip.status(in: center) == .pending)
        #expect(center.state.withLock { $0.cache.fieldColumns["regions"]?["region"]?.count == 1 })
        expectAligned(center)
        for region in ["south", "north", "north"] {
            await event.donate(["region": .string(region)], in: center)
            expectAligned(center)
        }
        #expect(tip.status(in: center) == .available)
        #expect(center.state.withLock { $0.registry["Read"] == nil })
    }

    @Test func columnsSurviveADonationDatedBeforeTheLatest() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("South", rules: [regionRule("south", atLeast: 2)])
        center.register([tip])
        await event.donate(["region": .string("north")], in: center)
        clock.advance(by: -60)
        await event.donate(["region": .string("south")], in: center)
        expectAligned(center)
        await event.donate(["region": .string("south")], in: center)
        expectAligned(center)
        #expect(tip.status(in: center) == .available)
    }

    @Test func donationsWithoutTheFieldAreNotSelected() async throws {
        // Stored before the event had the field (docs/StateLock.md): they do not satisfy a `where` on it.
        let center = try await makeCenter()
        let tip = TestTip("Missing", rules: [regionRule("north", atLeast: 1)])
        await event.donate([:], in: center)
        #expect(tip.status(in: center) == .pending)
        #expect(tip.explanation(in: center).rules.first?.failure == nil)
        await event.donate(["region": .string("north")], in: center)
        #expect(tip.status(in: center) == .available)
    }

    @Test func donationsWithoutAFieldAPredicateReadsAreNotSelected() async throws {
        // A predicate of several fields: a donation lacking one of them is not selected, the others are counted.
        let center = try await makeCenter()
        let both = RuleExpression.binary(
            .and, .binary(.equal, .field("region"), .literal(.string("north"))),
            .binary(.greater, .field("size"), .literal(.int(1))))
        let rule = RuleExpression.binary(
            .greaterOrEqual, .count(EventQuery(event: event, steps: [.filter(both)])), .literal(.int(2)))
        let tip = TestTip("Both", rules: [rule])
        await event.donate(["region": .string("north")], in: center)
        await event.donate(["region": .string("north"), "size": .int(2)], in: center)
        #expect(tip.status(in: center) == .pending)
        #expect(tip.explanation(in: center).rules.first?.failure == nil)
        await event.donate(["region": .string("north"), "size": .int(3)], in: center)
        #expect(tip.status(in: center) == .available)
    }
}

@Suite struct FieldColumnEncodingTests {
    @Test func encodesDistinctValuesOnceAndDecodesEveryDonation() {
        var column = FieldColumn([.int(1), nil, .int(2), .int(1)])
        #expect(column.values == [.int(1), .int(2)])
        #expect((0..<column.count).map { column.value(at: $0) } == [.int(1), nil, .int(2), .int(1)])
        column.removeFirst(2)
        column.append(.string("x"))
        #expect((0..<column.count).map { column.value(at: $0) } == [.int(2), .int(1), .string("x")])
    }

    @Test func reEncodesWhenMostDistinctValuesAreGone() {
        var column = FieldColumn((0..<200).map { TipValue.int($0) })
        column.removeFirst(190)
        #expect(column.values.count == 10)
        #expect(column.value(at: 0) == .int(190))
    }
}
