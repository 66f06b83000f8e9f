import Foundation
import Testing

@testable import TipsRuntime

@Suite struct TipCenterTests {
    @Test func tipsArePendingBeforeConfiguration() async throws {
        let center = TipCenter(backend: InMemoryDatastore())
        let tip = TestTip("Plain")
        #expect(tip.status(in: center) == .pending)
        try await center.configure([.arguments([]), .environment([:]), .clock(ManualClock())])
        #expect(tip.status(in: center) == .available)
        #expect(tip.shouldDisplay(in: center))
    }

    @Test func configuringTwiceThrows() async throws {
        let center = try await makeCenter()
        await #expect(throws: Tips.ConfigurationError.alreadyConfigured) {
            try await center.configure([])
        }
    }

    @Test func resetDatastoreAfterConfigureThrows() async throws {
        let center = try await makeCenter()
        #expect(throws: Tips.ConfigurationError.resetAfterConfiguration) { try center.resetDatastore() }
    }

    @Test func resetDatastoreBeforeConfigureErasesTheStore() async throws {
        var stored = DatastoreSnapshot()
        stored.apply(.setParameter(id: "isLoggedIn", value: .bool(true)))
        let backend = InMemoryDatastore(stored)
        let center = TipCenter(backend: backend)
        try center.resetDatastore()
        try await center.configure([.arguments([]), .environment([:])])
        #expect(Fixture.isLoggedIn.value(in: center) == false)
        #expect(backend.committed.parameters.isEmpty)
    }

    @Test func resetDatastoreLaunchArgumentErasesTheStore() async throws {
        var stored = DatastoreSnapshot()
        stored.apply(.setParameter(id: "isLoggedIn", value: .bool(true)))
        let center = try await makeCenter(
            backend: InMemoryDatastore(stored), [.arguments(["app", "-com.apple.TipKit.ResetDatastore", "1"])])
        #expect(Fixture.isLoggedIn.value(in: center) == false)
    }

    @Test func parametersAreTypedPersistedAndReEvaluateTips() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let tip = TestTip("NeedsLogin", rules: [Fixture.loggedInRule])
        #expect(tip.status(in: center) == .pending)
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(Fixture.isLoggedIn.value(in: center))
        #expect(tip.status(in: center) == .available)
        #expect(backend.committed.parameters["isLoggedIn"] == .bool(true))
        await Fixture.savedCount.set(3, in: center)
        #expect(Fixture.savedCount.value(in: center) == 3)
    }

    @Test func transientParametersAreNeverPersistedAndResetOnANewCenter() async throws {
        let backend = InMemoryDatastore()
        let first = try await makeCenter(backend: backend)
        await Fixture.isEditing.set(true, in: first)
        await Fixture.isLoggedIn.set(true, in: first)
        #expect(Fixture.isEditing.value(in: first))
        #expect(backend.committed.parameters["isEditing"] == nil)

        let second = try await makeCenter(backend: backend)
        #expect(Fixture.isEditing.value(in: second) == false)
        #expect(Fixture.isLoggedIn.value(in: second))
    }

    @Test func donationsAreDatedByTheCentersClockAndQueriedByWindow() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("Recent", rules: [Fixture.openedAtLeast(2, steps: [.within(seconds: 3600)])])
        await Fixture.opened.donate(in: center)
        clock.advance(by: 7200)
        await Fixture.opened.donate(in: center)
        #expect(tip.status(in: center) == .pending)
        await Fixture.opened.donate(in: center)
        #expect(tip.status(in: center) == .available)
        #expect(Fixture.opened.donationCount(in: center) == 3)
        clock.advance(by: 3601)
        #expect(tip.status(in: center) == .pending)
    }

    @Test func eventsKeepAtMostTheirKeepCount() async throws {
        let center = try await makeCenter()
        let event = Tips.Event(id: "limited", keepCount: 3)
        for _ in 0..<5 { await event.donate(in: center) }
        #expect(event.donationCount(in: center) == 3)
    }

    @Test func invalidationBeatsRulesUntilResetEligibility() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Closable")
        await tip.invalidateDurably(reason: .tipClosed, in: center)
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
        await tip.invalidateDurably(reason: .actionPerformed, in: center)
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
        await tip.resetEligibility(in: center)
        #expect(tip.status(in: center) == .available)
    }

    @Test func invalidationSurvivesANewCenterOnTheSameStore() async throws {
        let backend = InMemoryDatastore()
        let first = try await makeCenter(backend: backend)
        await TestTip("Persisted").invalidateDurably(reason: .actionPerformed, in: first)
        let second = try await makeCenter(backend: backend)
        #expect(TestTip("Persisted").status(in: second) == .invalidated(.actionPerformed))
    }

    @Test func donatingAnInvalidatingEventInvalidatesWithActionPerformed() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Favorite", options: Tips.Options(invalidatedBy: [Fixture.favorited]))
        #expect(tip.status(in: center) == .available)
        await Fixture.favorited.donate(in: center)
        #expect(tip.status(in: center) == .invalidated(.actionPerformed))
    }

    @Test func aTipRegisteredAfterItsInvalidatingEventIsInvalidated() async throws {
        let center = try await makeCenter()
        await Fixture.favorited.donate(in: center)
        let tip = TestTip("LateFavorite", options: Tips.Options(invalidatedBy: [Fixture.favorited]))
        #expect(tip.status(in: center) == .invalidated(.actionPerformed))
    }

    @Test func onlyDependentTipsAreReEvaluatedOnADonation() async throws {
        let center = try await makeCenter()
        let dependent = TestTip("Dependent", rules: [Fixture.openedAtLeast(1)])
        let others = (0..<20).map { TestTip("Other\($0)", rules: [Fixture.loggedInRule]) }
        center.register([dependent] + others)
        let before = center.evaluationCount
        await Fixture.opened.donate(in: center)
        #expect(center.evaluationCount - before == 1)
        let beforeParameter = center.evaluationCount
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(center.evaluationCount - beforeParameter == 20)
    }

    @Test func statusUpdatesStartWithTheCurrentStatusAndPublishChanges() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Observed", rules: [Fixture.loggedInRule])
        var statuses = tip.statusUpdates(in: center).makeAsyncIterator()
        var shows = tip.shouldDisplayUpdates(in: center).makeAsyncIterator()
        #expect(await statuses.next() == .pending)
        #expect(await shows.next() == false)
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(await statuses.next() == .available)
        #expect(await shows.next() == true)
        await tip.invalidateDurably(reason: .tipClosed, in: center)
        #expect(await statuses.next() == .invalidated(.tipClosed))
        #expect(await shows.next() == false)
    }

    @Test func manualClockChangesPublishTimeDependentStatus() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = TestTip("Windowed", rules: [Fixture.openedAtLeast(1, steps: [.within(seconds: 60)])])
        await Fixture.opened.donate(in: center)
        var statuses = tip.statusUpdates(in: center).makeAsyncIterator()
        #expect(await statuses.next() == .available)
        clock.advance(by: 61)
        #expect(await statuses.next() == .pending)
    }

    @Test func concurrentDonationsAreAllCounted() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let event = Tips.Event(id: "busy", keepCount: 10_000)
        let tip = TestTip(
            "Busy",
            rules: [
                .binary(
                    .greaterOrEqual, .count(EventQuery(event: event, steps: [])),
                    .literal(.int(4000)))
            ])
        center.register([tip])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<500 { await event.donate(in: center) }
                }
            }
        }
        #expect(event.donationCount(in: center) == 4000)
        #expect(backend.committed.donations["busy"]?.count == 4000)
        #expect(tip.status(in: center) == .available)
    }

    @Test func changesFromAnotherProcessAreTakenIn() async throws {
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let tip = TestTip("Shared", rules: [Fixture.loggedInRule])
        #expect(tip.status(in: center) == .pending)
        backend.appendFromAnotherProcess([.setParameter(id: "isLoggedIn", value: .bool(true))])
        center.state.withLock { $0.lifecycle.lastOutsideLook = -.infinity }
        #expect(tip.status(in: center) == .available)
    }
}

@Suite struct UnconfiguredCenterTests {
    @Test func changesBeforeConfigurationAreKeptAndCommittedAtConfiguration() async throws {
        let backend = InMemoryDatastore()
        let center = TipCenter(backend: backend)
        await Fixture.isLoggedIn.set(true, in: center)
        await Fixture.opened.donate(in: center)
        #expect(Fixture.isLoggedIn.value(in: center))
        try await center.configure([.arguments([]), .environment([:]), .clock(ManualClock())])
        #expect(Fixture.isLoggedIn.value(in: center))
        #expect(backend.committed.parameters["isLoggedIn"] == .bool(true))
        #expect(backend.committed.donations["opened"]?.count == 1)
    }
}
