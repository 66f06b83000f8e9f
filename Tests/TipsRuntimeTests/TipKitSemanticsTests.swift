import Foundation
import Testing

@testable import TipsRuntime

/// Resets, donation reads, explanations of arguments and groups, and changes
/// made before configuration: TipKit's semantics, through the public API.
@Suite struct TipKitSemanticsTests {
    /// Options for a center on `store` that reads no launch arguments and watches nothing.
    private static func options(_ store: URL, _ clock: ManualClock) -> [Tips.ConfigurationOption] {
        [
            .datastoreLocation(.url(store)), .arguments([]), .environment([:]), .clock(clock),
            .outsideChangeDetection(.off),
        ]
    }

    @Test func aResetOutlivesTheInvalidationItUndoesAcrossLaunches() async throws {
        let store = StoreDirectoryFixture()
        let clock = ManualClock()
        let tip = TestTip("Favorite", options: Tips.Options(invalidatedBy: [Fixture.favorited]))

        let first = TipCenter()
        try await first.configure(Self.options(store.url, clock))
        await Fixture.favorited.donate(in: first)
        #expect(tip.status(in: first) == .invalidated(.actionPerformed))
        clock.advance(by: 60)
        await tip.resetEligibility(in: first)
        #expect(tip.status(in: first) == .available)

        // A new launch registers the tip again and finds the donation: the reset came after it.
        let second = TipCenter()
        try await second.configure(Self.options(store.url, clock))
        #expect(tip.status(in: second) == .available)

        // A donation after the reset invalidates it again, and that lasts too.
        clock.advance(by: 60)
        await Fixture.favorited.donate(in: second)
        #expect(tip.status(in: second) == .invalidated(.actionPerformed))
        let third = TipCenter()
        try await third.configure(Self.options(store.url, clock))
        #expect(tip.status(in: third) == .invalidated(.actionPerformed))
    }

    @Test func aResetStartsTheDisplayLimitsOverButTheTipIsNotNewToTheDisplayFrequency() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [.displayFrequency(.daily)])
        let once = TestTip("Once", options: Tips.Options(maxDisplayCount: 1))
        let other = TestTip("Other")
        await once.didAppear(in: center)
        await once.didDisappear(in: center)
        #expect(once.status(in: center) == .invalidated(.displayCountExceeded))
        clock.advance(by: 3600)
        await once.resetEligibility(in: center)

        // It appeared before, so the daily frequency does not hold it back...
        #expect(once.status(in: center) == .available)
        // ...while a tip that never appeared waits a day after the last display, which was Once's.
        #expect(other.status(in: center) == .pending)
        let text = other.explanation(in: center).description
        #expect(
            text.contains(
                "display frequency: this tip has never appeared, and Once appeared at 2024-01-01T00:00:00Z;"
                    + " waiting until 2024-01-02T00:00:00Z"), "\(text)")
        #expect(!once.explanation(in: center).description.contains("display frequency"))

        // Its count started over: one more display reaches the limit again.
        await once.didAppear(in: center)
        await once.didDisappear(in: center)
        #expect(once.status(in: center) == .invalidated(.displayCountExceeded))
    }

    @Test func donationCountsAndReadsCutAtNowWithTheEventsKeepDurationAsRulesDo() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let recent = Tips.Event(id: "recent", keepDuration: 3600)
        let everything = RuleExpression.count(EventQuery(event: recent, steps: []))
        let tip = TestTip("TwoRecent", rules: [.binary(.greaterOrEqual, everything, .literal(.int(2)))])
        await recent.donate(["n": .int(1)], in: center)
        clock.advance(by: 1800)
        await recent.donate(["n": .int(2)], in: center)
        #expect(recent.donationCount(in: center) == 2)
        #expect(tip.status(in: center) == .available)

        // No donation since: the first is now older than the hour the event keeps.
        clock.advance(by: 1900)
        #expect(recent.donationCount(in: center) == 1)
        #expect(tip.status(in: center) == .pending)
        #expect(tip.explanation(in: center).description.contains("recent.donations.count = 1"))
        let kept = recent.donations(in: center)
        #expect(kept.map(\.date) == [clock.now.addingTimeInterval(-1900)])
        #expect(kept.map { $0.value("n", as: Int.self) } == [2])
    }

    @Test func donationsAreReadWithTheirDatesAndTypedFieldsAndDeletedDurably() async throws {
        let store = StoreDirectoryFixture()
        let clock = ManualClock()
        let center = TipCenter()
        try await center.configure(Self.options(store.url, clock))
        let tip = TestTip(
            "Visited",
            rules: [.binary(.greaterOrEqual, .count(EventQuery(event: Fixture.visited, steps: [])), .literal(.int(2)))])
        await Fixture.visited.donate(["region": .string("Andes"), "km": .double(4.5)], in: center)
        clock.advance(by: 10)
        await Fixture.visited.donate(["region": .string("Alps")], in: center)
        #expect(tip.status(in: center) == .available)

        let donations = Fixture.visited.donations(in: center)
        #expect(donations.map(\.date) == [clock.now.addingTimeInterval(-10), clock.now])
        #expect(donations.map { $0.value("region", as: String.self) } == ["Andes", "Alps"])
        #expect(donations.first?.value("km", as: Double.self) == 4.5)
        #expect(donations.first?.value("km", as: String.self) == nil, "a field of another type reads as nil")
        #expect(donations.last?.fields["km"] == nil)

        await Fixture.visited.deleteDonations(in: center)
        #expect(Fixture.visited.donations(in: center).isEmpty)
        #expect(Fixture.visited.donationCount(in: center) == 0)
        #expect(tip.status(in: center) == .pending, "the tips that query the event are re-evaluated")

        let relaunched = TipCenter()
        try await relaunched.configure(Self.options(store.url, clock))
        #expect(Fixture.visited.donationCount(in: relaunched) == 0, "the deletion is durable")
        await Fixture.visited.donate(in: relaunched)
        #expect(Fixture.visited.donationCount(in: relaunched) == 1)
    }

    @Test func anExplanationShowsTheReusableTipsArgumentValues() async throws {
        let center = try await makeCenter()
        let region = RuleExpression.argument(name: "region", value: .string("Andes"))
        let inRegion = EventQuery(event: Fixture.visited, steps: [.filter(.binary(.equal, .field("region"), region))])
        let tip = TestTip("NewTrail-andes", rules: [.binary(.greater, .count(inRegion), .literal(.int(3)))])
        let text = tip.explanation(in: center).description
        #expect(text.contains("(region = \"Andes\", visited.donations"), "\(text)")
        #expect(text.contains("count = 0, needs > 3)"), "\(text)")
    }

    @Test func aTipHeldByAnOrderedGroupNamesTheGroupAndTheTipItWaitsBehind() async throws {
        let center = try await makeCenter()
        let gated = TestTip("ShowLocation", rules: [Fixture.loggedInRule])
        let later = TestTip("RotateMap")
        let group = TipGroup(.ordered, [gated, later], name: "CompassTips", center: center)
        #expect(group.currentTip == nil)

        let explanation = later.explanation(in: center)
        #expect(explanation.status == .available, "a group does not change a tip's status")
        #expect(explanation.gates.contains(.waitingBehind(tipID: "ShowLocation", group: "CompassTips")))
        #expect(explanation.isHeldByGroup)
        let text = explanation.description
        #expect(text.hasPrefix("RotateMap: available, but its group does not present it"), "\(text)")
        #expect(text.contains("ordered group CompassTips: waiting until ShowLocation is invalidated"))

        await gated.invalidateDurably(reason: .actionPerformed, in: center)
        #expect(!later.explanation(in: center).isHeldByGroup)
        #expect(group.currentTip?.id == "RotateMap")
    }

    @Test func aFirstAvailableGroupNamesTheTipItPresentsInstead() async throws {
        let center = try await makeCenter()
        let first = TestTip("OfflineMaps")
        let second = TestTip("FavoriteTrail")
        _ = TipGroup(.firstAvailable, [first, second], name: "MapTips", center: center)
        let text = second.explanation(in: center).description
        #expect(text.contains("group MapTips: OfflineMaps is presented instead"), "\(text)")
        #expect(!first.explanation(in: center).isHeldByGroup)
    }

    @Test func changesBeforeConfigureAreKeptAndDurableOnceConfigureReturns() async throws {
        let store = StoreDirectoryFixture()
        let clock = ManualClock()
        let early = TipCenter()
        await Fixture.savedCount.set(7, in: early)
        await Fixture.opened.donate(in: early)
        #expect(Fixture.savedCount.value(in: early) == 7, "applied in memory at once")
        try await early.configure(Self.options(store.url, clock))
        #expect(Fixture.savedCount.value(in: early) == 7)

        // Another center on the store reads them from disk: configure returned once they were durable.
        let reader = TipCenter()
        try await reader.configure(Self.options(store.url, clock))
        #expect(Fixture.savedCount.value(in: reader) == 7)
        #expect(Fixture.opened.donationCount(in: reader) == 1)
    }
}
