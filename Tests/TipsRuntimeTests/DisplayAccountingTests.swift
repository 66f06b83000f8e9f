import Foundation
import Testing

@testable import TipsRuntime

/// Display accounting's invariants: one display in progress per tip, limits
/// read from the record and the clock, one time check pending at a time.
@Suite struct DisplayAccountingTests {
    private func accounting(_ clock: ManualClock) -> DisplayAccounting {
        var accounting = DisplayAccounting()
        accounting.clock = clock
        return accounting
    }

    @Test func aSecondStartBeforeTheEndIsIgnored() {
        let clock = ManualClock()
        var accounting = accounting(clock)
        let start = clock.now.timeIntervalSince1970
        #expect(accounting.beginDisplay(of: "t") == start)
        clock.advance(by: 5)
        #expect(accounting.beginDisplay(of: "t") == nil)
        clock.advance(by: 5)
        #expect(accounting.endDisplay(of: "t") == 10)
        #expect(accounting.endDisplay(of: "t") == nil)
    }

    @Test func theDurationLimitCountsTheDisplayInProgressAndIsDatedWhenReached() {
        let clock = ManualClock()
        var accounting = accounting(clock)
        let options = Tips.Options(maxDisplayDuration: 10)
        let record = TipRecord(displayCount: 1, displayDuration: 4)
        let start = accounting.beginDisplay(of: "t") ?? 0
        clock.advance(by: 5)
        #expect(accounting.displayLimitReached(of: "t", options: options, record: record) == nil)
        #expect(accounting.durationLimitDate(of: "t", options: options, record: record) == start + 6)
        clock.advance(by: 20)
        #expect(
            accounting.displayLimitReached(of: "t", options: options, record: record)
                == StoredInvalidation(reason: .displayDurationExceeded, date: start + 6))
    }

    @Test func theCountLimitAppliesOnlyOnceNoDisplayIsInProgress() {
        let clock = ManualClock()
        var accounting = accounting(clock)
        let options = Tips.Options(maxDisplayCount: 2)
        let record = TipRecord(displayCount: 2)
        _ = accounting.beginDisplay(of: "t")
        #expect(accounting.displayLimitReached(of: "t", options: options, record: record) == nil)
        _ = accounting.endDisplay(of: "t")
        #expect(
            accounting.displayLimitReached(of: "t", options: options, record: record)
                == StoredInvalidation(reason: .displayCountExceeded, date: clock.now.timeIntervalSince1970))
        #expect(accounting.displayLimitReached(of: "t", options: options, record: nil) == nil, "never displayed")
    }

    @Test func theDisplayFrequencyHoldsBackOnlyTipsThatNeverAppeared() {
        let clock = ManualClock()
        let accounting = accounting(clock)
        let now = clock.now.timeIntervalSince1970
        let hold = { (options: Tips.Options, record: TipRecord?) in
            accounting.displayFrequencyHold(options: options, record: record, lastDisplayDate: now, interval: 100)
        }
        #expect(hold(Tips.Options(), nil) == now + 100)
        #expect(hold(Tips.Options(), TipRecord(firstDisplayDate: now - 5)) == nil, "it appeared before")
        #expect(hold(Tips.Options(ignoresDisplayFrequency: true), nil) == nil)
        #expect(
            accounting.displayFrequencyHold(options: Tips.Options(), record: nil, lastDisplayDate: now, interval: 0)
                == nil)
    }

    @Test func oneTimeCheckIsPendingTheEarliestAndASupersededOneDoesNothing() {
        let clock = ManualClock()
        var accounting = accounting(clock)
        let now = clock.now.timeIntervalSince1970
        accounting.requestTimeCheck(at: now + 10)
        #expect(accounting.pendingTimeCheck == nil, "no scheduler: nothing is ever pending")
        let scheduled = Locked<[(Double, UInt64)]>([])
        accounting.timeCheckScheduler = { seconds, token in scheduled.withLock { $0.append((seconds, token)) } }
        accounting.requestTimeCheck(at: now + 10)
        accounting.requestTimeCheck(at: now + 20)
        accounting.requestTimeCheck(at: .nan)
        accounting.requestTimeCheck(at: now + 5)
        #expect(scheduled.withLock { $0.map(\.0) } == [10, 5])
        let (first, second) = scheduled.withLock { ($0[0].1, $0[1].1) }
        let tookFirst = accounting.takeTimeCheck(first)
        #expect(!tookFirst, "superseded")
        let tookSecond = accounting.takeTimeCheck(second)
        #expect(tookSecond)
        #expect(accounting.pendingTimeCheck == nil)
    }
}
