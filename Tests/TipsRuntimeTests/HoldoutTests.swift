import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// Holdouts: a stable share of installs never sees a tip.
@Suite struct HoldoutTests {
    @Test func membershipIsStableAndCloseToItsShareAndIndependentBetweenTips() {
        var generator = SystemRandomNumberGenerator()
        let seeds = (0..<10_000).map { _ in generator.next() as UInt64 }
        let heldA = seeds.filter { Holdout.isHeldOut(tipID: "A", percent: 10, seed: $0) }
        #expect((800...1200).contains(heldA.count))
        let heldBoth = heldA.filter { Holdout.isHeldOut(tipID: "B", percent: 10, seed: $0) }
        #expect(heldBoth.count < 200, "holdouts of two tips are independent")
        #expect(seeds.allSatisfy { !Holdout.isHeldOut(tipID: "A", percent: 0, seed: $0) })
        #expect(seeds.allSatisfy { Holdout.isHeldOut(tipID: "A", percent: 100, seed: $0) })
        #expect(
            seeds.prefix(100).allSatisfy { Holdout.isHeldOut(tipID: "A", percent: 10, seed: $0) == heldA.contains($0) })
    }

    @Test func aHeldOutTipStaysPendingAndReportsHeldOutWhenItWouldHaveBecomeAvailable() async throws {
        let activities = Locked<[String]>([])
        let center = try await makeCenter([
            .holdouts(.only(["A"])),
            .onActivity { activity in activities.withLock { $0.append("\(activity.tipID) \(activity.kind.name)") } },
        ])
        let tip = TestTip("A", rules: [Fixture.loggedInRule], options: Tips.Options(holdoutPercent: 10))
        center.register([tip])
        #expect(tip.status(in: center) == .pending)
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(tip.status(in: center) == .pending)
        #expect(tip.explanation(in: center).gates == [.heldOut(percent: nil)])
        await Fixture.isLoggedIn.set(false, in: center)
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(activities.withLock { $0 } == ["A heldOut", "A heldOut"])
    }

    @Test func theStoredMembershipIsKeptAcrossLaunchesAndExplainedWithItsShare() async throws {
        let store = TemporaryDirectory("holdout")
        let tips = (0..<200).map { TestTip("T\($0)", options: Tips.Options(holdoutPercent: 50)) }
        func launch() async throws -> (TipCenter, [Bool]) {
            let center = TipCenter()
            try await center.configure([.datastoreLocation(.url(store.url)), .arguments([]), .environment([:])])
            // Registering the first tip with a holdout records the seed
            // (a status read would not), written with the next commit.
            center.register(tips)
            let heldOut = tips.map { $0.status(in: center) == .pending }
            await Fixture.opened.donate(in: center)
            return (center, heldOut)
        }
        let (first, heldOut) = try await launch()
        #expect((50...150).contains(heldOut.filter { $0 }.count))
        if let index = heldOut.firstIndex(of: true) {
            #expect(tips[index].explanation(in: first).gates == [.heldOut(percent: 50)])
            #expect(
                tips[index].explanation(in: first).description.contains(
                    "held out: this install is in the 50 % held out of this tip"))
        }
        let (_, again) = try await launch()
        #expect(again == heldOut)
    }

    @Test func testingSwitchesThatShowATipBeatItsHoldout() async throws {
        let center = try await makeCenter([.holdouts(.only(["A"]))])
        let tip = TestTip("A")
        center.showTipsForTesting(["A"])
        #expect(tip.status(in: center) == .available)
    }

    @Test func aHeldOutTipCountsAsDoneInAnOrderedGroup() async throws {
        let center = try await makeCenter([.holdouts(.only(["A"]))])
        let group = TipGroup(.ordered, [TestTip("A"), TestTip("B")], center: center)
        #expect(group.currentTip?.id == "B")
        #expect(group.explanation.tips[1].gates.isEmpty)
    }
}
