import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// `snooze()`: hides a tip for a while, a count of them invalidates it.
@Suite struct SnoozeTests {
    @Test func aSnoozeHidesTheTipForItsDurationAndIsNotADisplay() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [.displayFrequency(.daily)])
        let tip = TestTip("A", options: Tips.Options(snooze: Tips.Snooze(duration: 3600)))
        let never = TestTip("Never")
        #expect(await tip.snooze(in: center))
        #expect(tip.status(in: center) == .pending)
        #expect(
            tip.explanation(in: center).gates == [.snoozed(until: clock.now.addingTimeInterval(3600))])
        #expect(tip.explanation(in: center).description.contains("snoozed until"))
        #expect(never.status(in: center) == .available, "a snooze does not start the display frequency's wait")
        clock.advance(by: 3599)
        #expect(tip.status(in: center) == .pending)
        clock.advance(by: 1)
        #expect(tip.status(in: center) == .available)
    }

    @Test func theSnoozeAfterTheLastAllowedInvalidatesWithTipClosed() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("A", options: Tips.Options(snooze: Tips.Snooze(duration: 60, maxCount: 2)))
        #expect(await tip.snooze(in: center))
        clock.advance(by: 60)
        #expect(await tip.snooze(in: center))
        clock.advance(by: 60)
        #expect(tip.status(in: center) == .available)
        #expect(!(await tip.snooze(in: center)))
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
        #expect(!(await tip.snooze(in: center)), "a snooze of an invalidated tip changes nothing")
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
        await tip.resetEligibility(in: center)
        #expect(await tip.snooze(in: center), "a reset starts the count over")
    }

    @Test func aSnoozeEndsTheDisplayInProgressAndWithoutTheOptionLastsOneDay() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("A")
        let slot = TipPresenter(tip, center: center)
        #expect(await slot.update().count == 1)
        clock.advance(by: 5)
        let changes = await slot.snooze()
        guard case .hidden(let hidden)? = changes.first else {
            Issue.record("snoozing did not hide the tip")
            return
        }
        #expect(hidden.duration == 5)
        clock.advance(by: 86_399)
        #expect(tip.status(in: center) == .pending)
        clock.advance(by: 1)
        #expect(tip.status(in: center) == .available)
    }

    @Test func aSnoozeEndsByItselfWithTheSystemClock() async throws {
        let clock = SilentClock()
        let center = try await makeCenter(clock: ManualClock(), [.clock(clock)])
        let tip = TestTip("A", options: Tips.Options(snooze: Tips.Snooze(duration: 0.05)))
        #expect(await tip.snooze(in: center))
        var updates = center.statusUpdates(for: tip).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        clock.advance(by: 1)
        #expect(await updates.next() == .available)
    }

    @Test func aSnoozeSurvivesARelaunchAndItsCountToo() async throws {
        let store = TemporaryDirectory("snooze")
        let clock = ManualClock()
        let tip = TestTip("A", options: Tips.Options(snooze: Tips.Snooze(duration: 600, maxCount: 1)))
        do {
            let center = TipCenter()
            try await center.configure(
                [.datastoreLocation(.url(store.url)), .clock(clock), .arguments([]), .environment([:])])
            #expect(await tip.snooze(in: center))
        }
        let center = TipCenter()
        try await center.configure(
            [.datastoreLocation(.url(store.url)), .clock(clock), .arguments([]), .environment([:])])
        #expect(tip.status(in: center) == .pending)
        clock.advance(by: 600)
        #expect(tip.status(in: center) == .available)
        #expect(!(await tip.snooze(in: center)))
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
    }

    /// Beside `ClockMovedBackTests`: a snooze asked for by a clock that was
    /// fast never holds the tip back until that clock's date comes round.
    @Test func aSnoozeDatedAfterNowHoldsNothingBack() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("A", options: Tips.Options(snooze: Tips.Snooze(duration: 3600)))
        let start = clock.now
        #expect(await tip.snooze(in: center))
        clock.set(start.addingTimeInterval(-86_400))
        #expect(tip.status(in: center) == .available)
        clock.set(start.addingTimeInterval(60))
        #expect(tip.status(in: center) == .pending, "back on the right clock, the snooze holds again")
    }
}
