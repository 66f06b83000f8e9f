import Foundation
import Testing

@testable import TipsRuntime

/// A tip with actions, for the presenter and action tests.
private struct ActionTip: Tip {
    let id: String
    var title: String { "Save as a Favorite" }
    var actions: [Tips.Action] { [Tips.Action(id: "learnMore", title: "Learn More")] }
    var rules: [TipRule] { [TipRule(Fixture.loggedInRule, source: "isLoggedIn", file: "Test.tips", line: 1)] }
    var options: Tips.Options { Tips.Options(maxDisplayDuration: 120) }
}

/// The ids of the tips shown and hidden by `changes`, as `+id` and `-id`.
private func summary(_ changes: [TipPresenter.Change]) -> [String] {
    changes.map { change in
        switch change {
        case .shown(let tip): "+\(tip.id)"
        case .hidden(let hidden): "-\(hidden.tip.id)"
        }
    }
}

@Suite struct ActionTests {
    @Test func choosingAnActionRunsItsHandlersAndTellsWhichActionOfWhichTip() async throws {
        let center = try await makeCenter()
        let tip = ActionTip(id: "Favorite")
        let other = ActionTip(id: "Other")
        let log = Locked<[String]>([])
        tip.onAction(in: center) { action in log.withLock { $0.append("tip:\(action.id)") } }
        let everyTip = center.onAction { selection in
            log.withLock { $0.append("all:\(selection.tipID).\(selection.action.id)") }
        }
        var selections = center.actionSelections.makeAsyncIterator()

        #expect(tip.chooseAction("learnMore", in: center))
        #expect(await selections.next() == Tips.ActionSelection(tipID: "Favorite", action: tip.actions[0]))
        #expect(log.withLock { $0 } == ["tip:learnMore", "all:Favorite.learnMore"])

        #expect(!tip.chooseAction("missing", in: center), "an action the tip does not have runs nothing")
        center.removeActionHandler(everyTip)
        #expect(other.chooseAction("learnMore", in: center))
        #expect(log.withLock { $0 } == ["tip:learnMore", "all:Favorite.learnMore"], "Other has no handler left")
        #expect(tip.status(in: center) == .pending, "choosing an action does not invalidate the tip")
    }

    @Test func anActionsOwnPerformRunsFirst() async throws {
        let center = try await makeCenter()
        let log = Locked<[String]>([])
        struct Performing: Tip {
            let log: Locked<[String]>
            var id: String { "Performing" }
            var title: String { "T" }
            var actions: [Tips.Action] {
                [Tips.Action(id: "go", title: "Go") { [log] in log.withLock { $0.append("perform") } }]
            }
        }
        let tip = Performing(log: log)
        tip.onAction(in: center) { _ in log.withLock { $0.append("handler") } }
        #expect(tip.chooseAction("go", in: center))
        #expect(log.withLock { $0 } == ["perform", "handler"])
        #expect(Tips.Action(id: "go", title: "Go") == tip.actions[0], "perform is not part of equality")
    }
}

@Suite struct PresenterTests {
    @Test func aPresenterShowsATipWhileItShouldDisplayAndReportsTheDisplay() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let tip = ActionTip(id: "Favorite")
        let slot = TipPresenter(tip, center: center)
        #expect(summary(await slot.update()).isEmpty, "pending: nothing to show")
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(summary(await slot.update()) == ["+Favorite"])
        #expect(slot.tip?.id == "Favorite")
        #expect(summary(await slot.update()).isEmpty, "already on screen")

        clock.advance(by: 30)
        await Fixture.isLoggedIn.set(false, in: center)
        let hidden = await slot.update()
        guard case .hidden(let display) = hidden.first else {
            Issue.record("expected a hide, got \(summary(hidden))")
            return
        }
        #expect(display.reason == .statusChanged(.pending))
        #expect(display.duration == 30)
        #expect(center.state.withLock { $0.facts.snapshot.tips["Favorite"]?.displayCount } == 1)
        #expect(center.state.withLock { $0.facts.snapshot.tips["Favorite"]?.displayDuration } == 30)
    }

    @Test func closeInvalidatesWithTipClosedAndHides() async throws {
        let center = try await makeCenter()
        await Fixture.isLoggedIn.set(true, in: center)
        let tip = ActionTip(id: "Closable")
        let slot = TipPresenter(tip, center: center)
        await slot.update()
        let changes = await slot.close()
        #expect(summary(changes) == ["-Closable"])
        if case .hidden(let display) = changes.first {
            #expect(display.reason == .statusChanged(.invalidated(.tipClosed)))
        }
        #expect(tip.status(in: center) == .invalidated(.tipClosed))
        #expect(slot.tip == nil)
        #expect(await slot.close().isEmpty, "nothing left to close")
    }

    @Test func actionTapsReachTheAppsHandlerWithTheTipAndAction() async throws {
        let center = try await makeCenter()
        await Fixture.isLoggedIn.set(true, in: center)
        let chosen = Locked<[Tips.ActionSelection]>([])
        let slot = TipPresenter(ActionTip(id: "Acting"), center: center) { selection in
            chosen.withLock { $0.append(selection) }
        }
        #expect(!slot.chooseAction("learnMore"), "no tip on screen yet")
        await slot.update()
        #expect(slot.chooseAction("learnMore"))
        #expect(chosen.withLock { $0.map { "\($0.tipID).\($0.action.id)" } } == ["Acting.learnMore"])
    }

    @Test(.hangGuard)
    func theChangesStreamHidesATipWhoseDisplayDurationRunsOutOnScreen() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        await Fixture.isLoggedIn.set(true, in: center)
        let slot = TipPresenter(ActionTip(id: "Timed"), center: center)
        var changes = slot.changes().makeAsyncIterator()
        guard case .shown(let shown) = await changes.next() else {
            Issue.record("the tip is shown first")
            return
        }
        #expect(shown.id == "Timed")
        clock.advance(by: 120)
        guard case .hidden(let hidden) = await changes.next() else {
            Issue.record("the tip is hidden when its duration runs out")
            return
        }
        #expect(hidden.reason == .statusChanged(.invalidated(.displayDurationExceeded)))
        #expect(hidden.duration == 120)
        await slot.stop()
        #expect(await changes.next() == nil, "stop finishes the stream")
    }

    @Test(.hangGuard)
    func aGroupPresenterMovesToTheNextTipOfAnOrderedGroup() async throws {
        let center = try await makeCenter()
        let group = TipGroup(.ordered, [TestTip("ShowLocation"), TestTip("RotateMap")], center: center)
        let slot = TipPresenter(group)
        var changes = slot.changes().makeAsyncIterator()
        var seen: [String] = []
        if let change = await changes.next() { seen += summary([change]) }
        #expect(seen == ["+ShowLocation"])
        await slot.close()
        for _ in 0..<2 {
            if let change = await changes.next() { seen += summary([change]) }
        }
        #expect(seen == ["+ShowLocation", "-ShowLocation", "+RotateMap"])
        let stopped = await slot.stop()
        guard case .hidden(let last) = stopped.first else {
            Issue.record("stop ends the display in progress")
            return
        }
        #expect(last.reason == .stopped)
        #expect(TestTip("RotateMap").status(in: center) == .available, "stopping does not invalidate")
        #expect(await slot.update().isEmpty, "a stopped presenter shows nothing")
    }
}
