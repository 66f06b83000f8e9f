import Foundation
import Testing

@testable import TipsRuntime

/// Sessions, `sessionLimit`, `oneAtATime` and holds, through `TipCenter`.
@Suite struct AttentionLimitTests {
    private static func declared(sessionLimit: Int? = nil, oneAtATime: Bool = false) -> Tips.DeclaredConfiguration {
        Tips.DeclaredConfiguration(
            displayFrequency: .immediate, file: "App.tips", sessionLimit: sessionLimit, oneAtATime: oneAtATime)
    }

    private struct ConfiguredTip: Tip {
        let id: String
        var title: String { id }
        let declaredConfiguration: Tips.DeclaredConfiguration?
        var options = Tips.Options()
    }

    @Test func theSessionLimitHoldsBackNewTipsUntilTheNextSession() async throws {
        let center = try await makeCenter()
        let config = Self.declared(sessionLimit: 2)
        let (a, b, c) = (
            ConfiguredTip(id: "A", declaredConfiguration: config),
            ConfiguredTip(id: "B", declaredConfiguration: config),
            ConfiguredTip(id: "C", declaredConfiguration: config)
        )
        center.register([a, b, c])
        await center.tipDidAppear(a)
        await center.tipDidDisappear(a)
        #expect(c.status(in: center) == .available)
        await center.tipDidAppear(b)
        await center.tipDidDisappear(b)
        #expect(c.status(in: center) == .pending)
        #expect(a.status(in: center) == .available, "a tip that appeared in this session may appear again")
        #expect(
            c.explanation(in: center).gates
                == [.sessionLimit(limit: 2, appearedTipIDs: ["A", "B"])])
        #expect(
            c.explanation(in: center).description.contains(
                "session limit: 2 of 2 tips appeared in this session (A, B)"))
        center.beginSession()
        #expect(c.status(in: center) == .available)
    }

    @Test func aTipThatIgnoresTheDisplayFrequencyIgnoresEveryLimitAcrossTips() async throws {
        let center = try await makeCenter(
            [.sessionLimit(1), .oneAtATime(true), .displayFrequency(.daily)])
        let a = TestTip("A")
        let exempt = TestTip("Exempt", options: Tips.Options(ignoresDisplayFrequency: true))
        let other = TestTip("Other")
        await center.tipDidAppear(a)
        #expect(other.status(in: center) == .pending)
        #expect(exempt.status(in: center) == .available)
        await center.tipDidDisappear(a)
        #expect(exempt.status(in: center) == .available)
        #expect(other.explanation(in: center).gates.contains(.sessionLimit(limit: 1, appearedTipIDs: ["A"])))
    }

    @Test func oneAtATimeHoldsEveryOtherTipWhileOneIsOnScreen() async throws {
        let center = try await makeCenter()
        let config = Self.declared(oneAtATime: true)
        let a = ConfiguredTip(id: "A", declaredConfiguration: config)
        let b = ConfiguredTip(id: "B", declaredConfiguration: config)
        center.register([a, b])
        var updates = center.statusUpdates(for: b).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await center.tipDidAppear(a)
        #expect(await updates.next() == .pending)
        #expect(a.status(in: center) == .available, "the tip on screen stays available")
        #expect(b.explanation(in: center).gates == [.oneAtATime(onScreenTipID: "A")])
        #expect(b.explanation(in: center).description.contains("one at a time: A is on screen"))
        await center.tipDidDisappear(a)
        #expect(await updates.next() == .available)
    }

    @Test func configureChoosesTheLimitsOverTheDeclaredOnes() async throws {
        let center = try await makeCenter([.sessionLimit(nil), .oneAtATime(false)])
        let config = Self.declared(sessionLimit: 1, oneAtATime: true)
        let a = ConfiguredTip(id: "A", declaredConfiguration: config)
        let b = ConfiguredTip(id: "B", declaredConfiguration: config)
        center.register([a, b])
        await center.tipDidAppear(a)
        #expect(b.status(in: center) == .available)
    }

    @Test func aHoldHoldsEveryTipAndNestsUntilEachIsReleased() async throws {
        let warnings = Locked<[String]>([])
        let center = try await makeCenter([.onWarning { message in warnings.withLock { $0.append(message) } }])
        let tip = TestTip("A")
        let exempt = TestTip("Exempt", options: Tips.Options(ignoresDisplayFrequency: true))
        let sheet = center.holdDisplays(reason: "sheet")
        let checkout = center.holdDisplays(reason: "checkout")
        #expect(tip.status(in: center) == .pending)
        #expect(exempt.status(in: center) == .pending, "holds hold every tip")
        #expect(tip.explanation(in: center).gates == [.held(reasons: ["sheet", "checkout"])])
        #expect(tip.explanation(in: center).description.contains("held: displays are held (\"sheet\", \"checkout\")"))
        #expect(sheet.release())
        #expect(tip.status(in: center) == .pending)
        #expect(!sheet.release(), "a second release does nothing")
        await Task.detached { #expect(checkout.release()) }.value
        #expect(tip.status(in: center) == .available)
        #expect(warnings.withLock { $0 }.isEmpty)
    }

    @Test func aTipOnScreenTurnsPendingWhenAHoldStartsAndAPresenterHidesIt() async throws {
        let center = try await makeCenter()
        let tip = TestTip("A")
        let slot = TipPresenter(tip, center: center)
        #expect(await slot.update().count == 1)
        let hold = center.holdDisplays(reason: "onboarding")
        let hidden = await slot.update()
        guard case .hidden(let hide)? = hidden.first else {
            Issue.record("the presenter kept the tip on screen during a hold")
            return
        }
        #expect(hide.reason == .statusChanged(.pending))
        #expect(await slot.update().isEmpty)
        hold.release()
        #expect(await slot.update().count == 1)
    }

    @Test func aHoldDroppedWithoutReleaseIsReleasedWithAWarning() async throws {
        let warnings = Locked<[String]>([])
        let center = try await makeCenter([.onWarning { message in warnings.withLock { $0.append(message) } }])
        let tip = TestTip("A")
        do {
            let hold = center.holdDisplays(reason: "forgotten")
            #expect(!hold.isReleased)
            #expect(tip.status(in: center) == .pending)
        }
        #expect(tip.status(in: center) == .available)
        #expect(warnings.withLock { $0 }.contains { $0.contains("\"forgotten\"") && $0.contains("release()") })
    }

    @Test func presentersShowOneTipAtATimeWithoutTheHostDoingAnything() async throws {
        let center = try await makeCenter([.oneAtATime(true)])
        let first = TipPresenter(TestTip("A"), center: center)
        let second = TipPresenter(TestTip("B"), center: center)
        async let one = first.update()
        async let two = second.update()
        let shown = (await one).count + (await two).count
        #expect(shown == 1, "two slots showed two tips at once")
        let onScreen = first.tip == nil ? second : first
        let waiting = first.tip == nil ? first : second
        await onScreen.stop()
        #expect(await waiting.update().count == 1)
    }

    @Test func beginSessionAndHoldsBeforeConfigureNeverCrashAndConfigureStartsASession() async throws {
        let center = TipCenter(backend: InMemoryDatastore())
        center.beginSession()
        let hold = center.holdDisplays(reason: "early")
        try await center.configure([.clock(ManualClock()), .arguments([]), .environment([:]), .sessionLimit(1)])
        let (a, b) = (TestTip("A"), TestTip("B"))
        #expect(a.status(in: center) == .pending)
        hold.release()
        #expect(a.status(in: center) == .available)
        await center.tipDidAppear(a)
        #expect(b.status(in: center) == .pending)
    }
}
