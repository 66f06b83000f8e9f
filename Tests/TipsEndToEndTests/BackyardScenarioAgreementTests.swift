import BackyardTips
import Testing
import TipsRuntime

/// The Backyard sample: random timelines agree between its generated Swift and `tipc test`.
@Suite struct BackyardScenarioAgreementTests {
    static let model = AgreementModel(
        sampleDirectory: "Samples/Backyard/Tips", displayFrequency: TipsConfiguration.displayFrequency,
        tips: [
            .init(scenarioName: "FavoriteBackyard") { FavoriteBackyard() },
            .init(scenarioName: "RefillFeeder") { RefillFeeder() },
        ],
        groups: [],
        actions: [
            .init(scenarioText: "set isSignedIn = true") { await TipParameters.isSignedIn.set(true, in: $0) },
            .init(scenarioText: "set isSignedIn = false") { await TipParameters.isSignedIn.set(false, in: $0) },
            .init(scenarioText: "donate openedBackyard(backyardID: 1)") {
                await TipEvents.openedBackyard.donate(backyardID: 1, in: $0)
            },
            .init(scenarioText: "donate openedBackyard(backyardID: 1)") {
                await TipEvents.openedBackyard.donate(backyardID: 1, in: $0)
            },
            .init(scenarioText: "donate openedBackyard(backyardID: 2)") {
                await TipEvents.openedBackyard.donate(backyardID: 2, in: $0)
            },
            .init(scenarioText: "donate favoritedBackyard") { await TipEvents.favoritedBackyard.donate(in: $0) },
        ])

    @Test func randomTimelinesGiveTheSameStatusesThroughTheGeneratedSwiftAndTipcTest() async throws {
        var scenarios: [String] = []
        for seed in UInt64(101)...140 { scenarios.append(try await Self.model.timeline(seed: seed, length: 40)) }
        let (ran, failures) = try await Self.model.runThroughTipcTest(scenarios)
        #expect(ran == 40)
        #expect(failures.isEmpty, "\(failures.joined())")
    }
}
