import Foundation
import Testing

@testable import TipsRuntime

/// `Tips.FieldlessEvent`, which generated code names each event without
/// fields by: its donations, dated, are the event's own.
@Suite struct FieldlessEventTests {
    @Test func donationsAreTheEventsDatedOldestFirstAndDeleteEmptiesThem() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let opened = Tips.FieldlessEvent(id: "openedTrail", keepCount: 2)
        let start = clock.now
        await opened.donate(in: center)
        clock.advance(by: 60)
        opened.sendDonation(in: center)
        clock.advance(by: 60)
        await opened.donate(in: center)
        // keepCount 2: the first donation is no longer kept.
        #expect(
            opened.donations(in: center) == [
                .init(date: start.addingTimeInterval(60)), .init(date: start.addingTimeInterval(120)),
            ])
        #expect(opened.event.donationCount(in: center) == 2)
        #expect(opened.event == Tips.Event(id: "openedTrail", keepCount: 2))
        await opened.deleteDonations(in: center)
        #expect(opened.donations(in: center).isEmpty)
    }
}
