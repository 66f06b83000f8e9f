import Foundation
import Testing

@testable import TipsRuntime

@Suite struct TestingOverrideTests {
    private let blocked = TestTip("Blocked", rules: [Fixture.loggedInRule])
    private let open = TestTip("Open")

    @Test func showAllShowsTipsWhoseRulesDoNotHold() async throws {
        let center = try await makeCenter()
        #expect(blocked.status(in: center) == .pending)
        center.showAllTipsForTesting()
        #expect(blocked.status(in: center) == .available)
    }

    @Test func precedenceIsShowTheseThenHideTheseThenShowAllThenHideAll() async throws {
        let center = try await makeCenter()
        center.hideAllTipsForTesting()
        #expect(open.status(in: center) == .pending)
        center.showAllTipsForTesting()
        #expect(open.status(in: center) == .available, "show-all beats hide-all")
        center.hideTipsForTesting(["Open", "Blocked"])
        #expect(open.status(in: center) == .pending, "hide-these beats show-all")
        center.showTipsForTesting(["Blocked"])
        #expect(blocked.status(in: center) == .available, "show-these beats hide-these")
        #expect(open.status(in: center) == .pending)
    }

    @Test func aTipShownByOverrideReturnsToAvailableAfterInvalidation() async throws {
        let center = try await makeCenter()
        center.showTipsForTesting(["Blocked"])
        var updates = blocked.statusUpdates(in: center).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await blocked.invalidateDurably(reason: .tipClosed, in: center)
        #expect(await updates.next() == .invalidated(.tipClosed))
        #expect(await updates.next() == .available)
        #expect(blocked.status(in: center) == .available)
    }

    @Test func launchArgumentsSetTheSwitches() async throws {
        let center = try await makeCenter([
            .arguments(["app", "-com.apple.TipKit.ShowTips", "Blocked, Other", "-com.apple.TipKit.HideAllTips", "1"])
        ])
        #expect(blocked.status(in: center) == .available)
        #expect(open.status(in: center) == .pending)
    }

    @Test func environmentVariablesSetTheSwitches() async throws {
        let center = try await makeCenter([.environment(["TIPKIT_SHOW_ALL_TIPS": "1", "TIPKIT_HIDE_TIPS": "Open"])])
        #expect(blocked.status(in: center) == .available)
        #expect(open.status(in: center) == .pending)
    }

    @Test func switchesParseFlagsAndLists() {
        let switches = TestingSwitches(
            arguments: ["-com.apple.TipKit.ShowAllTips", "YES", "-com.apple.TipKit.HideTips", "a,b"],
            environment: ["TIPKIT_RESET_DATASTORE": "true", "TIPKIT_SHOW_TIPS": "c", "TIPKIT_HIDE_ALL_TIPS": "0"])
        #expect(switches.showAll)
        #expect(!switches.hideAll)
        #expect(switches.resetDatastore)
        #expect(switches.hidden == ["a", "b"])
        #expect(switches.shown == ["c"])
    }

    @Test func overridesDoNotShowTipsBeforeConfiguration() {
        let center = TipCenter(backend: InMemoryDatastore())
        center.showAllTipsForTesting()
        #expect(open.status(in: center) == .pending)
    }
}
