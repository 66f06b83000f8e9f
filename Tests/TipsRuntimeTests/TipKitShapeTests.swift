import Foundation
import Testing

@testable import TipsRuntime

/// A tip that carries a `.tips` file's `config` block, as generated tips do.
private struct ConfiguredTip: Tip {
    let id: String
    var title: String { id }
    let declaredConfiguration: Tips.DeclaredConfiguration?

    init(_ id: String, _ frequency: Tips.DisplayFrequency, file: String) {
        self.id = id
        declaredConfiguration = Tips.DeclaredConfiguration(displayFrequency: frequency, file: file)
    }
}

/// A reusable tip: one type, an id per argument.
private struct PerTrailTip: Tip {
    let trail: String
    var id: String { "trail-\(trail)" }
    var title: String { "New: \(trail)" }
    var rules: [TipRule] { [TipRule(Fixture.loggedInRule, source: "isLoggedIn", file: "Test.tips", line: 1)] }
}

/// A tip whose rule never holds, named like a real one.
private struct FavoriteTrail: Tip {
    var id: String { "FavoriteTrail" }
    var title: String { "Save as a Favorite" }
    var rules: [TipRule] { [TipRule(Fixture.loggedInRule, source: "isLoggedIn", file: "Test.tips", line: 1)] }
}

/// Collects what the runtime reports through `.onWarning`.
private final class Warnings: Sendable {
    private let messages = Locked<[String]>([])
    var all: [String] { messages.withLock { $0 } }
    var option: Tips.ConfigurationOption { .onWarning { message in self.messages.withLock { $0.append(message) } } }
}

/// The calls a TipKit user expects to find, in the shapes they expect.
@Suite struct TipKitShapeTests {
    @Test func statusAndReasonPrintWithoutModuleNames() {
        #expect("\(Tips.Status.invalidated(.tipClosed))" == "invalidated(tipClosed)")
        #expect("\(Tips.Status.available)" == "available")
        #expect("\(Tips.InvalidationReason.displayCountExceeded)" == "displayCountExceeded")
        #expect("\(Tips.DisplayFrequency.custom(seconds: 90))" == "custom(seconds: 90.0)")
    }

    @Test func tipIsIdentifiableByItsID() {
        func ids<Item: Identifiable>(_ items: [Item]) -> [Item.ID] { items.map(\.id) }
        #expect(ids([TestTip("a"), TestTip("b")]) == ["a", "b"])
    }

    /// Called from synchronous code, as a button's action is.
    private func closeNow(_ tip: some Tip, in center: TipCenter) {
        tip.invalidate(reason: .tipClosed, in: center)
    }

    @Test func invalidateHasASynchronousFormBesideTheAwaitableOne() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let closed = TestTip("Closed")
        closeNow(closed, in: center)
        #expect(closed.status(in: center) == .invalidated(.tipClosed), "applied before it returns")
        let done = TestTip("Done")
        await done.invalidateDurably(reason: .actionPerformed, in: center)
        #expect(backend.committed.tips["Done"]?.invalidation?.reason == .actionPerformed, "durable once awaited")
    }

    @Test func theTipsFilesConfigAppliesWhenConfigureIsGivenNoFrequency() async throws {
        let center = try await makeCenter()
        let first = ConfiguredTip("First", .daily, file: "App.tips")
        let second = ConfiguredTip("Second", .daily, file: "App.tips")
        await first.didAppear(in: center)
        await first.didDisappear(in: center)
        #expect(second.status(in: center) == .pending, "daily: held back after another tip was shown")
        #expect(
            second.explanation(in: center).gates.contains { if case .displayFrequency = $0 { true } else { false } })
    }

    @Test func anExplicitFrequencyOverridesTheTipsFiles() async throws {
        let center = try await makeCenter([.displayFrequency(.immediate)])
        let first = ConfiguredTip("First", .daily, file: "App.tips")
        let second = ConfiguredTip("Second", .daily, file: "App.tips")
        await first.didAppear(in: center)
        #expect(second.status(in: center) == .available)
    }

    @Test func aConfigRegisteredLaterHoldsBackTipsAlreadyRegistered() async throws {
        let center = try await makeCenter()
        let plain = TestTip("Plain")
        let configured = ConfiguredTip("Configured", .weekly, file: "App.tips")
        #expect(plain.status(in: center) == .available)
        var updates = plain.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await configured.didAppear(in: center)
        #expect(await updates.next() == .pending, "the declared weekly frequency now holds it back")
    }

    @Test func twoModulesWithDifferentConfigsAreReportedAndTheLongestApplies() async throws {
        let warnings = Warnings()
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [warnings.option])
        let daily = ConfiguredTip("Daily", .daily, file: "Trails.tips")
        let weekly = ConfiguredTip("Weekly", .weekly, file: "Garden.tips")
        let never = TestTip("Never")
        await daily.didAppear(in: center)
        await daily.didDisappear(in: center)
        center.register([weekly])
        #expect(weekly.status(in: center) == .pending)
        clock.advance(by: 2 * 86_400)
        #expect(never.status(in: center) == .pending, "weekly, not daily")
        #expect(
            warnings.all == [
                "the .tips files disagree: Trails.tips declares displayFrequency daily, Garden.tips declares "
                    + "displayFrequency weekly; using weekly, the longest; pass .displayFrequency(_:) to "
                    + "Tips.configure to choose"
            ])
    }

    @Test func testingSwitchesTakeTipTypesIncludingEveryInstanceOfAReusableTip() async throws {
        let center = try await makeCenter()
        let alps = PerTrailTip(trail: "alps")
        let andes = PerTrailTip(trail: "andes")
        #expect(alps.status(in: center) == .pending)
        center.showTipsForTesting([PerTrailTip.self])
        #expect(alps.status(in: center) == .available)
        #expect(andes.status(in: center) == .available, "an instance made after the switch")
        #expect(FavoriteTrail().status(in: center) == .pending, "another type is untouched")
        center.showAllTipsForTesting()
        center.hideTipsForTesting([FavoriteTrail.self])
        #expect(FavoriteTrail().status(in: center) == .pending)
        #expect(TestTip("Other").status(in: center) == .available)
    }

    @Test func theStaticSwitchesTakeTypes() {
        // The shared center's switches are process-wide; only the overloads' shapes are checked here.
        let show: ([any Tip.Type]) -> Void = Tips.showTipsForTesting
        let hide: ([any Tip.Type]) -> Void = Tips.hideTipsForTesting
        _ = (show, hide)
    }

    @Test func aMisspelledTestingIDIsReported() async throws {
        let warnings = Warnings()
        let center = try await makeCenter([warnings.option])
        center.register([FavoriteTrail()])
        center.showTipsForTesting(["FavoriteTrial"])
        center.hideTipsForTesting(["Unrelated"])
        #expect(
            warnings.all == [
                "showTipsForTesting names \"FavoriteTrial\", but no tip in use has that id; did you mean "
                    + "\"FavoriteTrail\"? (Passing the tip's type, as in [FavoriteTrail.self], cannot be misspelled.)"
            ])
    }

    @Test func instancesOfAReusableTipRegisteredTogetherAreNoMisspellingsOfEachOther() async throws {
        let warnings = Warnings()
        let center = try await makeCenter([warnings.option])
        center.hideTipsForTesting(["trail-a2", "trail-a3"])
        center.register([PerTrailTip(trail: "a1"), PerTrailTip(trail: "a2")])
        #expect(
            warnings.all == [
                "hideTipsForTesting names \"trail-a3\", but no tip in use has that id; did you mean \"trail-a1\"? "
                    + "(trail-a1 is an instance of the reusable tip PerTrailTip, whose ids come from its arguments: "
                    + "check the arguments of the instance meant, or pass [PerTrailTip.self] for every instance.)"
            ])
    }

    @Test func aMisspelledIDIsReportedWhenTheTipRegistersAfterTheSwitch() async throws {
        let warnings = Warnings()
        let center = try await makeCenter([
            warnings.option, .arguments(["-com.apple.TipKit.HideTips", "favoritetrail"]),
        ])
        #expect(warnings.all.isEmpty)
        _ = FavoriteTrail().status(in: center)
        #expect(warnings.all.isEmpty, "a status read registers nothing")
        center.register([FavoriteTrail()])
        #expect(warnings.all.count == 1)
        #expect(warnings.all.first?.hasPrefix("hideTipsForTesting names \"favoritetrail\"") == true)
        center.register([FavoriteTrail()])
        #expect(warnings.all.count == 1, "reported once")
    }

    @Test func closeMatchesNeedLongIDs() {
        #expect(Settings.closeMatch(to: "TipA", among: ["TipB"]) == nil)
        #expect(Settings.closeMatch(to: "tipa", among: ["TipA"]) == "TipA")
        #expect(Settings.closeMatch(to: "OfflineMap", among: ["OfflineMaps", "Offline"]) == "OfflineMaps")
        #expect(Spelling.distance(Array("FavoriteTrial"), Array("FavoriteTrail")) == 1)
    }

    @Test func aTestsCenterReadsNoProcessSwitches() async throws {
        setenv("TIPKIT_HIDE_ALL_TIPS", "1", 1)
        defer { unsetenv("TIPKIT_HIDE_ALL_TIPS") }
        let center = TipCenter(backend: InMemoryDatastore())
        try await center.configure([.clock(ManualClock()), .datastoreLocation(.inMemory)])
        #expect(TestTip("Open").status(in: center) == .available)
    }
}
