import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// Two processes (an app and its extension, `tips-store-stress --engine-share`)
/// and this one use `TipCenter` on one directory at once.
@Suite struct EngineSharingTests {
    /// The ids `tips-store-stress --engine-share` uses.
    private static let shared = Tips.Event(id: "shared.donated", keepCount: 1_000_000)
    private static let displayedID = "shared.displayed"

    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
    private func eventually(timeout: Double = 10, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    @Test(.hangGuard)
    func twoProcessesLoseNoDonationDisplayOrInvalidationAndAnOpenCenterSeesThem() async throws {
        let tool = try requireStressTool()
        let store = StoreDirectoryFixture()
        let outputs = StoreDirectoryFixture()
        let log = Locked<[Tips.DatastoreRecovery]>([])
        let app = TipCenter()
        try await app.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { recovery in log.withLock { $0.append(recovery) } },
        ])
        let perChild = 60
        let ownDonations = 30
        let lastTips = [TestTip("A.\(perChild - 1)"), TestTip("B.\(perChild - 1)")]
        for tip in lastTips { #expect(tip.status(in: app) == .available) }

        let children = try ["A", "B"].map { label in
            try StressChild(
                tool: tool, arguments: ["--engine-share", store.url.path, label, String(perChild)],
                output: outputs.url.appendingPathComponent("\(label).txt"))
        }
        for _ in 0..<ownDonations { await Self.shared.donate(in: app) }
        for child in children {
            try await child.finish()
            #expect(child.process.terminationStatus == 0)
            #expect(child.lines == ["done"])
        }

        // The open center takes in the others' changes (at most twice a second).
        let seen = try await eventually { lastTips.allSatisfy { $0.status(in: app) == .invalidated(.actionPerformed) } }
        #expect(seen, "the open center sees the other processes' invalidations")
        let total = 2 * perChild + ownDonations
        #expect(Self.shared.donationCount(in: app) == total)
        for label in ["A", "B"] {
            #expect(Tips.Parameter<Int>(id: "\(label).count", defaultValue: -1).value(in: app) == perChild - 1)
        }
        for label in ["A", "B"] {
            let lost = (0..<perChild).filter {
                TestTip("\(label).\($0)").status(in: app) != .invalidated(.actionPerformed)
            }
            #expect(lost.isEmpty, "\(label): invalidations not seen: \(lost)")
        }
        #expect(app.state.withLock { $0.facts.snapshot.tips[Self.displayedID]?.displayCount } == 2 * perChild)

        // A fresh center loads the same.
        let fresh = TipCenter()
        try await fresh.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { recovery in log.withLock { $0.append(recovery) } },
        ])
        #expect(Self.shared.donationCount(in: fresh) == total)
        #expect(fresh.state.withLock { $0.facts.snapshot.tips[Self.displayedID]?.displayCount } == 2 * perChild)
        for label in ["A", "B"] {
            let lost = (0..<perChild).filter {
                TestTip("\(label).\($0)").status(in: fresh) != .invalidated(.actionPerformed)
            }
            #expect(lost.isEmpty, "\(label): invalidations lost: \(lost)")
        }
        #expect(log.withLock { $0 }.isEmpty)
    }

    /// The store's watch publishes another center's donation to this
    /// center's observers, with no read to pull it in. How soon is not
    /// judged: a test's own task can wait far longer for a core than the
    /// watch takes (a CI run's waited 55 s behind the suite's CPU-bound
    /// tests), and no test here times what the runtime does.
    @Test(.hangGuard) func anOpenCenterPublishesAnotherCentersDonationWithoutARead() async throws {
        let store = StoreDirectoryFixture()
        let options: [Tips.ConfigurationOption] = [
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]),
        ]
        let app = TipCenter()
        try await app.configure(options)
        let widget = TipCenter()
        try await widget.configure(options)
        let tip = TestTip("shared.tip", options: Tips.Options(invalidatedBy: [Self.shared]))
        var updates = app.statusUpdates(for: tip).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await Self.shared.donate(in: widget)
        #expect(await updates.next() == .invalidated(.actionPerformed))
        #expect(Self.shared.donationCount(in: app) == 1)
    }
}
