import Foundation
import Testing

@testable import TipsRuntime

/// `Tips.TypedEvent`, which generated code names each event with fields by,
/// and `Tips.text`, which writes a tip's text that holds its arguments.
@Suite struct TypedEventTests {
    private struct Visit: Sendable, Equatable {
        let date: Date
        let region: String
    }

    @Test func donationsAreTypedOldestFirstAndThoseOfAnotherShapeAreLeftOut() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let visited = Tips.TypedEvent<Visit>(id: "visited", keepCount: 3) { donation in
            donation.value("region", as: String.self).map { Visit(date: donation.date, region: $0) }
        }
        let start = clock.now
        await visited.event.donate(["region": .string("Alps")], in: center)
        clock.advance(by: 60)
        // Stored by another version: the field has another type.
        await visited.event.donate(["region": .int(3)], in: center)
        clock.advance(by: 60)
        visited.event.sendDonation(["region": .string("Andes")], in: center)
        #expect(
            visited.donations(in: center) == [
                Visit(date: start, region: "Alps"), Visit(date: start.addingTimeInterval(120), region: "Andes"),
            ])
        #expect(visited.event == Tips.Event(id: "visited", keepCount: 3))
        await visited.deleteDonations(in: center)
        #expect(visited.donations(in: center).isEmpty)
        #expect(visited.event.donationCount(in: center) == 0)
    }

    @Test func textIsThePiecesInOrder() {
        #expect(Tips.text("new-trail-", "42") == "new-trail-42")
        #expect(Tips.text("Tap ", "Alps", " on the map.") == "Tap Alps on the map.")
        #expect(Tips.text() == "")
        // What generated code passes for a number: the text Swift's interpolation writes.
        let score = 2.5
        #expect(Tips.text("score ", score.description) == "score \(score)")
    }
}
