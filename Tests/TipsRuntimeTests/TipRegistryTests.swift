import Foundation
import Testing

@testable import TipsRuntime

/// The registry's invariants: the first tip with an id is kept, indexes list
/// each registered tip once per key, and only usable time windows are kept.
@Suite struct TipRegistryTests {
    private static let hourWindow = RuleExpression.binary(
        .greaterOrEqual, .count(EventQuery(event: Fixture.opened, steps: [.within(seconds: 3_600)])),
        .literal(.int(1)))

    @Test func theFirstTipWithAnIdIsKeptAndIndexedInRegistrationOrder() {
        var registry = TipRegistry()
        let first = registry.add(TestTip("A", rules: [Fixture.loggedInRule])).tip
        let second = registry.add(TestTip("B")).tip
        #expect(registry.ordered.map(\.id) == ["A", "B"])
        #expect(registry.ordered.map(\.index) == [0, 1])
        #expect(registry["A"] === first)
        #expect(registry["B"] === second)
        #expect(first.rules.count == 1, "the rules are read once, at registration")
    }

    @Test func dependentsListEachTipOncePerKey() {
        var registry = TipRegistry()
        let both = RuleExpression.binary(.and, Fixture.loggedInRule, Fixture.loggedInRule)
        let tip = registry.add(
            TestTip(
                "Reader", rules: [both, Fixture.openedAtLeast(1), Fixture.openedAtLeast(2)],
                options: Tips.Options(invalidatedBy: [Fixture.favorited, Fixture.favorited]))
        ).tip
        #expect(registry.parameterDependents["isLoggedIn"]?.map(\.id) == ["Reader"])
        #expect(registry.eventDependents["opened"]?.map(\.id) == ["Reader"])
        #expect(registry.invalidatingEvents["favorited"] == ["Reader"])
        #expect(registry.eventDependents["opened"]?.first === tip)
    }

    @Test func onlyPositiveFiniteWindowsAreKeptAndTheShortestIsKnown() {
        var registry = TipRegistry()
        let day = RuleExpression.binary(
            .greaterOrEqual, .count(EventQuery(event: Fixture.opened, steps: [.within(seconds: 86_400)])),
            .literal(.int(1)))
        let unusable = [Double.nan, .infinity, -1, 0].map { seconds in
            RuleExpression.binary(
                .greaterOrEqual, .count(EventQuery(event: Fixture.opened, steps: [.within(seconds: seconds)])),
                .literal(.int(1)))
        }
        let added = registry.add(TestTip("Day", rules: [day] + unusable)).newWindows
        #expect(added.map(\.seconds) == [86_400])
        let again = registry.add(TestTip("Hour", rules: [Self.hourWindow, day])).newWindows
        #expect(again.map(\.seconds) == [3_600], "a window already known is not new")
        #expect(registry.timeWindows["opened"] == [86_400, 3_600])
        #expect(registry.shortestTimeWindow["opened"] == 3_600)
    }

    @Test func aGroupIsListedOnceForEachTipItHolds() {
        var registry = TipRegistry()
        let group = RegisteredGroup(name: "G", priority: .ordered, tipIDs: ["A", "B", "A"])
        registry.register(group)
        registry.register(group)
        #expect(registry.groupsByTip["A"] == [group])
        #expect(registry.groupsByTip["B"] == [group])
    }

    @Test func timeDependenceComesFromWindowsLimitsAndTheDisplayFrequency() {
        var registry = TipRegistry()
        let exempt = Tips.Options(ignoresDisplayFrequency: true)
        registry.add(TestTip("Plain", options: exempt))
        registry.add(TestTip("Windowed", rules: [Self.hourWindow], options: exempt))
        registry.add(TestTip("Limited", options: Tips.Options(maxDisplayCount: 1, ignoresDisplayFrequency: true)))
        registry.add(TestTip("Frequency"))
        #expect(registry.timeDependent.map(\.id) == ["Windowed", "Limited", "Frequency"])
    }
}
