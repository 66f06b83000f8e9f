import Foundation
import Testing

@testable import TipsRuntime

@Suite struct TipGroupTests {
    @Test func orderedGroupWaitsUntilEarlierTipsAreInvalidatedNotMerelyDisplayed() async throws {
        let center = try await makeCenter()
        let first = TestTip("ShowLocation")
        let second = TestTip("RotateMap")
        let group = TipGroup(.ordered, [first, second], center: center)
        #expect(group.currentTip?.id == "ShowLocation")
        await first.didAppear(in: center)
        await first.didDisappear(in: center)
        #expect(group.currentTip?.id == "ShowLocation")
        await first.invalidateDurably(reason: .actionPerformed, in: center)
        #expect(group.currentTip?.id == "RotateMap")
    }

    @Test func orderedGroupShowsNothingWhileTheFirstTipIsPending() async throws {
        let center = try await makeCenter()
        let group = TipGroup(
            .ordered, [TestTip("Gated", rules: [Fixture.loggedInRule]), TestTip("Free")], center: center)
        #expect(group.currentTip == nil)
        let explanation = group.explanation
        #expect(explanation.tips[1].gates.contains(.waitingBehind(tipID: "Gated", group: "(Gated, Free)")))
        #expect(explanation.description.contains("waiting until Gated is invalidated"))
    }

    @Test func firstAvailableGroupShowsTheFirstAvailableTip() async throws {
        let center = try await makeCenter()
        let group = TipGroup(
            .firstAvailable, [TestTip("Gated", rules: [Fixture.loggedInRule]), TestTip("Free")], center: center)
        #expect(group.currentTip?.id == "Free")
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(group.currentTip?.id == "Gated")
    }

    @Test func currentTipUpdatesPublishChanges() async throws {
        let center = try await makeCenter()
        let first = TestTip("One")
        let group = TipGroup(.ordered, [first, TestTip("Two")], center: center)
        var updates = group.currentTipUpdates.makeAsyncIterator()
        #expect(await updates.next()??.id == "One")
        await first.invalidateDurably(reason: .tipClosed, in: center)
        #expect(await updates.next()??.id == "Two")
        #expect(group.currentTip is TestTip)
    }
}
