import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// The only suite that touches `TipCenter.shared`.
@Suite struct SharedCenterTests {
    @Test func tipsNamespaceForwardsToTheSharedCenter() async throws {
        let temporary = TemporaryDirectory("tips-shared")
        // A store directory that configuring makes.
        let directory = temporary.url.appendingPathComponent("store", isDirectory: true)
        let tip = TestTip("SharedTip", rules: [Fixture.loggedInRule])
        try Tips.resetDatastore()
        Tips.hideAllTipsForTesting()
        Tips.showTipsForTesting(["SharedTip"])
        #expect(tip.status == .pending, "tips are pending until configured")
        try await Tips.configure([
            .datastoreLocation(.url(directory)), .clock(ManualClock()), .arguments([]), .environment([:]),
        ])
        await #expect(throws: Tips.ConfigurationError.alreadyConfigured) { try await Tips.configure() }
        #expect(throws: Tips.ConfigurationError.resetAfterConfiguration) { try Tips.resetDatastore() }
        #expect(tip.status == .available)
        #expect(tip.shouldDisplay)
        #expect(tip.explanation.description.contains("shown by showTipsForTesting"))
        await tip.invalidateDurably(reason: .tipClosed)
        #expect(tip.status == .available, "a tip shown by override returns to available")
    }
}
