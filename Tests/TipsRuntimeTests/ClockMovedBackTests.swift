import Foundation
import Testing

@testable import TipsRuntime

/// A device clock that is wrong for a while (a dead battery, a manual
/// change) leaves records dated in the future of the launches after it.
/// No acknowledged donation is lost to them, and none hides the present
/// (docs/DatastoreFormat.md, "A clock that moved back").
@Suite struct ClockMovedBackTests {
    static let day = 86_400.0
    /// The first launch's clock is this far ahead of the right one.
    static let fast = 30 * day

    /// One launch: a center on `store` reading `clock`.
    private static func launch(_ store: URL, _ clock: ManualClock, _ options: [Tips.ConfigurationOption] = [])
        async throws -> TipCenter
    {
        let center = TipCenter()
        try await center.configure(
            [
                .datastoreLocation(.url(store)), .arguments([]), .environment([:]), .clock(clock),
                .outsideChangeDetection(.off),
            ] + options)
        return center
    }

    /// `event.donations.count >= n`, or within `seconds` when given.
    private static func atLeast(_ count: Int, _ event: Tips.Event, within seconds: Double? = nil) -> RuleExpression {
        let steps = seconds.map { [EventQuery.Step.within(seconds: $0)] } ?? []
        return .binary(.greaterOrEqual, .count(EventQuery(event: event, steps: steps)), .literal(.int(count)))
    }

    private static func numbers(_ event: Tips.Event, in center: TipCenter) -> [Int?] {
        event.donations(in: center).map { $0.value("n", as: Int.self) }
    }

    @Test func donationsAfterTheClockMovedBackAreCountedNowAndAfterARestart() async throws {
        let store = StoreDirectoryFixture()
        let kept = Tips.Event(id: "kept", keepDuration: 7 * Self.day)
        let tip = TestTip("ThreeKept", rules: [Self.atLeast(3, kept)])
        let clock = ManualClock()
        clock.advance(by: Self.fast)
        await kept.donate(["n": .int(1)], in: try await Self.launch(store.url, clock))

        clock.advance(by: -Self.fast)
        let second = try await Self.launch(store.url, clock)
        await kept.donate(["n": .int(2)], in: second)
        clock.advance(by: 60)
        await kept.donate(["n": .int(3)], in: second)
        #expect(kept.donationCount(in: second) == 3)
        #expect(Self.numbers(kept, in: second) == [1, 2, 3])
        #expect(tip.status(in: second) == .available)

        let third = try await Self.launch(store.url, clock)
        #expect(kept.donationCount(in: third) == 3)
        #expect(tip.status(in: third) == .available)
    }

    @Test func aLaunchWithAFastClockForgetsNoDonationTheRightClockStillKeeps() async throws {
        let store = StoreDirectoryFixture()
        let kept = Tips.Event(id: "kept", keepDuration: 7 * Self.day)
        let clock = ManualClock()
        let first = try await Self.launch(store.url, clock)
        await kept.donate(["n": .int(1)], in: first)
        await kept.donate(["n": .int(2)], in: first)

        clock.advance(by: Self.fast)
        let fast = try await Self.launch(store.url, clock)
        // By this launch's clock the first two are a month old: not counted.
        #expect(kept.donationCount(in: fast) == 0)
        await kept.donate(["n": .int(3)], in: fast)
        #expect(kept.donationCount(in: fast) == 1)

        clock.advance(by: -Self.fast + 60)
        let right = try await Self.launch(store.url, clock)
        #expect(Self.numbers(kept, in: right) == [1, 2, 3])
    }

    @Test func theDonationJustStoredIsNeverTheOneTheKeepCountDrops() async throws {
        let store = StoreDirectoryFixture()
        let latest = Tips.Event(id: "latest", keepCount: 1)
        let clock = ManualClock()
        clock.advance(by: Self.fast)
        await latest.donate(["n": .int(1)], in: try await Self.launch(store.url, clock))

        clock.advance(by: -Self.fast)
        let right = try await Self.launch(store.url, clock)
        await latest.donate(["n": .int(2)], in: right)
        #expect(Self.numbers(latest, in: right) == [2])
        #expect(Self.numbers(latest, in: try await Self.launch(store.url, clock)) == [2])
    }

    @Test func aFutureDatedDonationCountsAsRecentUntilADonationOfThePresentDatesIt() async throws {
        let store = StoreDirectoryFixture()
        let tip = TestTip("OpenedToday", rules: [Self.atLeast(1, Fixture.opened, within: Self.day)])
        let clock = ManualClock()
        clock.advance(by: Self.fast)
        await Fixture.opened.donate(in: try await Self.launch(store.url, clock))

        clock.advance(by: -Self.fast)
        let right = try await Self.launch(store.url, clock)
        // When it happened cannot be known; not later than now.
        #expect(tip.status(in: right) == .available)
        await Fixture.opened.donate(in: right)
        #expect(Fixture.opened.donations(in: right).map(\.date) == [clock.now, clock.now])

        clock.advance(by: 2 * Self.day)
        #expect(tip.status(in: right) == .pending)
        #expect(tip.status(in: try await Self.launch(store.url, clock)) == .pending)
    }

    @Test func aLastDisplayDatedInTheFutureHoldsNoTipBackAndTheNextDisplayReplacesIt() async throws {
        let store = StoreDirectoryFixture()
        let daily = Tips.ConfigurationOption.displayFrequency(.daily)
        let (shown, new, later) = (TestTip("Shown"), TestTip("New"), TestTip("Later"))
        let clock = ManualClock()
        clock.advance(by: Self.fast)
        let fast = try await Self.launch(store.url, clock, [daily])
        await shown.didAppear(in: fast)
        await shown.didDisappear(in: fast)
        #expect(new.status(in: fast) == .pending)

        clock.advance(by: -Self.fast)
        let right = try await Self.launch(store.url, clock, [daily])
        #expect(new.status(in: right) == .available)
        #expect(!new.explanation(in: right).description.contains("display frequency"))
        await new.didAppear(in: right)
        await new.didDisappear(in: right)
        // Measured from that display again: a day.
        #expect(later.status(in: right) == .pending)
        clock.advance(by: Self.day + 1)
        #expect(later.status(in: right) == .available)
    }

    @Test func aDisplayDuringWhichTheClockMovesBackStillReachesItsDurationLimit() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("Brief", options: Tips.Options(maxDisplayDuration: 60))
        await tip.didAppear(in: center)
        clock.advance(by: 30)
        clock.advance(by: -Self.fast)
        #expect(tip.status(in: center) == .available)
        // Counted from when the move back was seen: the 30 s before it are lost.
        clock.advance(by: 61)
        #expect(tip.status(in: center) == .invalidated(.displayDurationExceeded))
    }

    @Test func theLatestDisplayAndTheLatestResetGiveTheirDatesEvenWhenEarlierOnesAreLater() {
        var snapshot = DatastoreSnapshot()
        let future = 1_700_000_000 + Self.fast
        snapshot.apply(.recordDisplayStart(tipID: "A", date: future))
        snapshot.apply(.resetTip(tipID: "A", date: future))
        snapshot.apply(.recordDisplayStart(tipID: "B", date: 1_700_000_000))
        snapshot.apply(.resetTip(tipID: "A", date: 1_700_000_100))
        #expect(snapshot.lastDisplayDate == 1_700_000_000)
        #expect(snapshot.tips["A"]?.eligibleSince == 1_700_000_100)
    }

    @Test func replayAgreesWithTheLiveStateAfterTheClockMovedBack() {
        var live = DatastoreSnapshot()
        let dates = [100.0, 5_000, 200, 300, 250, 9_000, 400]
        let mutations = dates.enumerated().map { index, date in
            DatastoreMutation.donate(
                eventID: "e", donation: StoredDonation(date: date, fields: ["n": .int(index)]), keepCount: 4,
                keepDuration: 50)
        }
        for mutation in mutations { live.applyDeferringTrim(mutation) }
        var replayed = DatastoreSnapshot()
        for mutation in mutations { replayed.apply(mutation) }
        // The newest four as stored, none dated after a later one.
        #expect(replayed.donations["e"]?.map(\.fields["n"]) == [3, 4, 5, 6].map { TipValue.int($0) })
        #expect(replayed.donations["e"]?.map(\.date) == [250, 250, 400, 400])
        #expect(Array(live.keptDonations(of: "e")) == replayed.donations["e"] ?? [])
    }

    /// A reset dated before an invalidating donation that came before it
    /// (the clock moved back between the two) does not outlast it: the
    /// donation is dated after the reset, so the tip reads as invalidated
    /// at once, as the next launch records it.
    @Test func aResetDatedBeforeTheInvalidatingDonationItUndoesLeavesTheTipInvalidated() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("Favorite", options: Tips.Options(invalidatedBy: [Fixture.favorited]))
        center.register([tip])
        await Fixture.favorited.donate(in: center)
        clock.advance(by: -60)
        await tip.resetEligibility(in: center)
        #expect(tip.status(in: center) == .invalidated(.actionPerformed))
        #expect(center.state.withLock { $0.facts.snapshot.tips["Favorite"]?.invalidation } == nil, "not recorded")
    }
}
