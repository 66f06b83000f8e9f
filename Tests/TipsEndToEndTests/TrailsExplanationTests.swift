import Foundation
import Testing
import TipsRuntime
import TrailsTips

/// What the generated Trails tips' explanations say about arguments and groups.
@Suite struct TrailsExplanationTests {
    let center = TipCenter()

    init() async throws {
        try await center.configure([.datastoreLocation(.inMemory), .clock(ManualClock())])
    }

    @Test func aNewTrailsExplanationShowsItsRegion() async {
        let andes = NewTrail(trailID: "inca", name: "Inca Trail", region: "Andes")
        for _ in 0..<2 { await TipEvents.visitedRegion.donate(region: "Andes", in: center) }
        let text = center.explanation(for: andes).description
        #expect(text.contains("(region = \"Andes\", visitedRegion.donations.where(.region == region).count = 2"))
    }

    @Test func rotateMapNamesCompassTipsAndTheTipItWaitsBehind() {
        _ = CompassTips.makeGroup(in: center)
        let text = center.explanation(for: RotateMap()).description
        #expect(text.contains("ordered group CompassTips: waiting until ShowLocation is invalidated"), "\(text)")
    }

    @Test func eventDonationsReadBackTyped() async {
        await TipEvents.visitedRegion.donate(region: "Andes", in: center)
        let donations = TipEvents.visitedRegion.event.donations(in: center)
        #expect(donations.map { $0.value("region", as: String.self) } == ["Andes"])
    }
}
