import Foundation
import Testing

@testable import TipsRuntime

/// With a clock that does not report its moves (like the system clock), the
/// center schedules its own checks for changes that time alone makes.
@Suite struct TimeCheckTests {
    /// `event.donations.within(seconds).count >= 1`
    static func donatedWithin(_ event: Tips.Event, seconds: Double) -> RuleExpression {
        .binary(
            .greaterOrEqual, .count(EventQuery(event: event, steps: [.within(seconds: seconds)])), .literal(.int(1)))
    }

    @Test(.hangGuard)
    func aDonationLeavingAWithinWindowIsPublished() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        let tip = TestTip("Recent", rules: [Self.donatedWithin(Fixture.opened, seconds: 0.05)])
        var updates = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        await Fixture.opened.donate(in: center)
        #expect(await updates.next() == .available)
        clock.advance(by: 1)
        #expect(await updates.next() == .pending)
    }

    @Test(.hangGuard)
    func withTheSystemClockAWindowThatEndsIsPublished() async throws {
        let center = try await makeCenter([.clock(SystemClock())])
        let tip = TestTip("Real", rules: [Self.donatedWithin(Fixture.opened, seconds: 0.05)])
        var updates = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        await Fixture.opened.donate(in: center)
        #expect(await updates.next() == .available)
        // Nobody moves any clock: the center's own check, 50 ms later, publishes the change.
        #expect(await updates.next() == .pending)
    }

    @Test(.hangGuard)
    func aDonationOlderThanTheKeepDurationIsPublished() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        let brief = Tips.Event(id: "brief", keepDuration: 0.05)
        let kept = RuleExpression.count(EventQuery(event: brief, steps: []))
        let rule = RuleExpression.binary(.greaterOrEqual, kept, .literal(.int(1)))
        let tip = TestTip("Brief", rules: [rule])
        var updates = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        await brief.donate(in: center)
        #expect(await updates.next() == .available)
        clock.advance(by: 1)
        #expect(await updates.next() == .pending)
    }

    @Test(.hangGuard)
    func aDisplayFrequencyWaitCarriedOverFromTheLastLaunchEndsOnItsOwn() async throws {
        let backend = InMemoryDatastore()
        let frequency = Tips.ConfigurationOption.displayFrequency(.custom(seconds: 0.05))
        let first = try await makeCenter(backend: backend, [.clock(SilentClock()), frequency])
        await TestTip("Shown").didAppear(in: first)
        await TestTip("Shown").didDisappear(in: first)

        // The next launch, at the same moment: the wait is read from the store.
        let clock = SilentClock()
        let center = try await makeCenter(backend: backend, [.clock(clock), frequency])
        let waiting = TestTip("Waiting")
        var updates = waiting.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        clock.advance(by: 1)
        #expect(await updates.next() == .available)
    }

    @Test func aBurstOfDonationsLeavesOneCheckPendingAtTheEarliestExit() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        center.register([
            TestTip("Day", rules: [Self.donatedWithin(Fixture.opened, seconds: 86_400)]),
            TestTip("Hour", rules: [Self.donatedWithin(Fixture.opened, seconds: 3_600)]),
        ])
        let start = clock.now.timeIntervalSince1970
        for _ in 0..<100 {
            Fixture.opened.sendDonation(in: center)
            clock.advance(by: 1)
        }
        let pending = center.state.withLock { $0.accounting.pendingTimeCheck?.date }
        #expect(pending == start + 3_600)
        let next = center.state.withLock { $0.nextTimeDrivenChange() }
        #expect(next == start + 3_600)
    }

    @Test func aCheckThatCameDueRequestsTheNextExit() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        center.register([TestTip("Hour", rules: [Self.donatedWithin(Fixture.opened, seconds: 3_600)])])
        let start = clock.now.timeIntervalSince1970
        Fixture.opened.sendDonation(in: center)
        clock.advance(by: 600)
        Fixture.opened.sendDonation(in: center)
        clock.advance(by: 3_100)
        // The first donation left at start + 3,600; the check for it asks for the second's exit.
        let (token, next) = center.state.withLock { state in
            let token = state.accounting.pendingTimeCheck?.token ?? 0
            state.runTimeCheck(token)
            return (token, state.accounting.pendingTimeCheck?.date)
        }
        #expect(token != 0)
        #expect(next == start + 600 + 3_600)
        // A superseded check changes nothing.
        center.state.withLock { $0.runTimeCheck(token) }
        #expect(center.state.withLock { $0.accounting.pendingTimeCheck?.date } == start + 600 + 3_600)
    }

    @Test func windowsThatNeverLetADonationOutScheduleNothing() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        center.register([
            TestTip("Nan", rules: [Self.donatedWithin(Fixture.opened, seconds: .nan)]),
            TestTip("Forever", rules: [Self.donatedWithin(Fixture.opened, seconds: .infinity)]),
            TestTip("Never", rules: [Self.donatedWithin(Fixture.opened, seconds: -1)]),
        ])
        Fixture.opened.sendDonation(in: center)
        #expect(center.state.withLock { $0.accounting.pendingTimeCheck } == nil)
    }

    @Test func aManualClockNeedsNoTimeChecks() async throws {
        let center = try await makeCenter()
        center.register([TestTip("Hour", rules: [Self.donatedWithin(Fixture.opened, seconds: 3_600)])])
        Fixture.opened.sendDonation(in: center)
        #expect(center.state.withLock { $0.accounting.pendingTimeCheck } == nil)
    }
}
