import Testing
import TipsRuntime
import TrailsTips

/// The Trails sample: random timelines agree between its generated Swift and `tipc test`.
@Suite struct TrailsScenarioAgreementTests {
    static let model = AgreementModel(
        sampleDirectory: "Samples/Trails/Tips", displayFrequency: TipsConfiguration.displayFrequency,
        tips: [
            .init(scenarioName: "FavoriteTrail") { FavoriteTrail() },
            .init(scenarioName: "OfflineMaps") { OfflineMaps() },
            .init(scenarioName: "ShowLocation") { ShowLocation() },
            .init(scenarioName: "RotateMap") { RotateMap() },
            .init(scenarioName: #"NewTrail(trailID: "a", name: "Matterhorn", region: "Alps")"#) {
                NewTrail(trailID: "a", name: "Matterhorn", region: "Alps")
            },
            .init(scenarioName: #"NewTrail(trailID: "b", name: "Tofana", region: "Dolomites")"#) {
                NewTrail(trailID: "b", name: "Tofana", region: "Dolomites")
            },
        ],
        groups: [
            .init(name: "MapTips") { MapTips.makeGroup(in: $0) },
            .init(name: "CompassTips") { CompassTips.makeGroup(in: $0) },
        ],
        actions: [
            .init(scenarioText: "set isSignedIn = true") { await TipParameters.isSignedIn.set(true, in: $0) },
            .init(scenarioText: "set isSignedIn = false") { await TipParameters.isSignedIn.set(false, in: $0) },
            .init(scenarioText: "set savedTrails = 2") { await TipParameters.savedTrails.set(2, in: $0) },
            .init(scenarioText: "set tier = .member") { await TipParameters.tier.set(.member, in: $0) },
            .init(scenarioText: "set tier = .basic") { await TipParameters.tier.set(.basic, in: $0) },
            .init(scenarioText: "set isEditingMap = true") { await TipParameters.isEditingMap.set(true, in: $0) },
            .init(scenarioText: "donate openedTrailDetail") { await TipEvents.openedTrailDetail.donate(in: $0) },
            .init(scenarioText: "donate openedTrailDetail") { await TipEvents.openedTrailDetail.donate(in: $0) },
            .init(scenarioText: #"donate visitedRegion(region: "Alps")"#) {
                await TipEvents.visitedRegion.donate(region: "Alps", in: $0)
            },
            .init(scenarioText: #"donate visitedRegion(region: "Dolomites")"#) {
                await TipEvents.visitedRegion.donate(region: "Dolomites", in: $0)
            },
            .init(scenarioText: #"donate favoritedTrail(trailID: "a")"#) {
                await TipEvents.favoritedTrail.donate(trailID: "a", in: $0)
            },
        ])

    @Test func randomTimelinesGiveTheSameStatusesThroughTheGeneratedSwiftAndTipcTest() async throws {
        var scenarios: [String] = []
        for seed in UInt64(1)...40 { scenarios.append(try await Self.model.timeline(seed: seed, length: 40)) }
        let (ran, failures) = try await Self.model.runThroughTipcTest(scenarios)
        #expect(ran == 40)
        #expect(failures.isEmpty, "\(failures.joined())")
    }
}
