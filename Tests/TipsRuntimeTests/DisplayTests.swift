import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DisplayTests {
    @Test func maxDisplayCountAppliesWhenTheNthDisplayEnds() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Counted", options: Tips.Options(maxDisplayCount: 2))
        await tip.didAppear(in: center)
        await tip.didDisappear(in: center)
        #expect(tip.status(in: center) == .available)
        await tip.didAppear(in: center)
        #expect(tip.status(in: center) == .available, "never pulled off screen by its count")
        await tip.didDisappear(in: center)
        #expect(tip.status(in: center) == .invalidated(.displayCountExceeded))
    }

    @Test func maxDisplayDurationInvalidatesWhileOnScreen() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("Timed", options: Tips.Options(maxDisplayDuration: 10))
        var statuses = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await statuses.next() == .available)
        await tip.didAppear(in: center)
        clock.advance(by: 6)
        await tip.didDisappear(in: center)
        #expect(tip.status(in: center) == .available)
        await tip.didAppear(in: center)
        clock.advance(by: 5)
        #expect(await statuses.next() == .invalidated(.displayDurationExceeded))
        let explanation = tip.explanation(in: center)
        #expect(explanation.gates.contains(.invalidated(.displayDurationExceeded, clock.now.addingTimeInterval(-1))))
    }

    @Test func maxDisplayDurationIsCheckedOnStatusReads() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("TimedRead", options: Tips.Options(maxDisplayDuration: 10))
        await tip.didAppear(in: center)
        clock.set(clock.now.addingTimeInterval(10))
        #expect(tip.status(in: center) == .invalidated(.displayDurationExceeded))
    }

    @Test func displaysAreRecordedInTheStore() async throws {
        let clock = ManualClock()
        let backend = InMemoryDatastore()
        let center = try await makeCenter(clock: clock, backend: backend)
        let tip = TestTip("Recorded")
        await tip.didAppear(in: center)
        await tip.didAppear(in: center)
        clock.advance(by: 30)
        await tip.didDisappear(in: center)
        let record = backend.committed.tips["Recorded"]
        #expect(record?.displayCount == 1)
        #expect(record?.displayDuration == 30)
        #expect(backend.committed.lastDisplayDate == clock.now.timeIntervalSince1970 - 30)
    }

    @Test func displayFrequencyHoldsBackOnlyNeverDisplayedTips() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [.displayFrequency(.daily)])
        let first = TestTip("First")
        let second = TestTip("Second")
        let exempt = TestTip("Exempt", options: Tips.Options(ignoresDisplayFrequency: true))
        center.register([first, second, exempt])
        await first.didAppear(in: center)
        await first.didDisappear(in: center)
        #expect(first.status(in: center) == .available, "a displayed tip keeps showing")
        #expect(second.status(in: center) == .pending)
        #expect(exempt.status(in: center) == .available)
        clock.advance(by: 3600)
        #expect(first.status(in: center) == .available)
        #expect(second.status(in: center) == .pending)
        clock.advance(by: 86_400 - 3600)
        #expect(second.status(in: center) == .available)
    }

    @Test func displayFrequencyChangesArePublishedWhenTheClockMoves() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [.displayFrequency(.custom(seconds: 100))])
        let shown = TestTip("Shown")
        let waiting = TestTip("Waiting")
        var updates = waiting.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await shown.didAppear(in: center)
        #expect(await updates.next() == .pending)
        clock.advance(by: 100)
        #expect(await updates.next() == .available)
    }

    @Test func displayFrequencyIntervals() {
        #expect(Tips.DisplayFrequency.immediate.interval == 0)
        #expect(Tips.DisplayFrequency.hourly.interval == 3600)
        #expect(Tips.DisplayFrequency.weekly.interval == 604_800)
        #expect(Tips.DisplayFrequency.monthly.interval == 30 * 86_400)
        #expect(Tips.DisplayFrequency.custom(seconds: 42).interval == 42)
    }
}

@Suite struct SilentClockTests {
    @Test func aClockThatDoesNotReportMovesGetsATimerForDisplayDurations() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        let tip = TestTip("Timer", options: Tips.Options(maxDisplayDuration: 0.01))
        var updates = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await tip.didAppear(in: center)
        clock.advance(by: 1)
        #expect(await updates.next() == .invalidated(.displayDurationExceeded))
    }
}
