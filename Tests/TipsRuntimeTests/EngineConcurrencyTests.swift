import Foundation
import Testing

@testable import TipsRuntime

/// Many tasks use one center at once, on a durable store: every count is exact.
@Suite struct EngineConcurrencyTests {
    private static let workers = 8
    private static let rounds = 30
    private static let opened = Tips.Event(id: "opened", keepCount: 1_000_000)
    private static let shared = Tips.Parameter<Int>(id: "shared", defaultValue: -1)
    private static func own(_ worker: Int) -> Tips.Parameter<Int> {
        Tips.Parameter<Int>(id: "own.\(worker)", defaultValue: -1)
    }
    /// Available once every donation is in.
    private static let goal = TestTip(
        "goal",
        rules: [
            .binary(
                .greaterOrEqual, .count(EventQuery(event: opened, steps: [.within(seconds: 86_400)])),
                .literal(.int(workers * rounds)))
        ])

    @Test(.hangGuard)
    func concurrentCallsGiveExactCounts() async throws {
        let store = StoreDirectoryFixture()
        let clock = ManualClock()
        let options: [Tips.ConfigurationOption] = [
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]), .clock(clock),
        ]
        let center = TipCenter()
        try await center.configure(options)
        let goalUpdates = Self.goal.statusUpdates(in: center)
        let watcher = Task {
            var seen: [Tips.Status] = []
            for await status in goalUpdates {
                seen.append(status)
                if status == .available { break }
            }
            return seen
        }
        let closedUpdates = TestTip("closed.0").shouldDisplayUpdates(in: center)
        let closedWatcher = Task {
            var seen: [Bool] = []
            for await shows in closedUpdates {
                seen.append(shows)
                if !shows { break }
            }
            return seen
        }
        // Round 0 of every worker invalidates closed.0 before its round 10
        // invalidates closed.1, and so on: the ordered group moves through them in turn.
        let ordered = TipGroup(.ordered, (0..<3).map { TestTip("closed.\($0)") }, center: center)
        let currentUpdates = ordered.currentTipUpdates
        let groupWatcher = Task {
            var seen: [String?] = []
            for await tip in currentUpdates {
                seen.append(tip?.id)
                if tip == nil { break }
            }
            return seen
        }

        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<Self.workers {
                group.addTask {
                    let displayed = TestTip("displayed.\(worker)", options: Tips.Options(maxDisplayCount: 1000))
                    for round in 0..<Self.rounds {
                        await Self.opened.donate(in: center)
                        await Self.own(worker).set(round, in: center)
                        await Self.shared.set(worker, in: center)
                        _ = Self.goal.status(in: center)
                        _ = displayed.explanation(in: center).description
                        await center.tipDidAppear(displayed)
                        await center.tipDidDisappear(displayed)
                        if round % 10 == 0 {
                            await center.invalidateDurably(TestTip("closed.\(round / 10)"), reason: .tipClosed)
                        }
                    }
                }
            }
            group.addTask {
                for _ in 0..<50 {
                    clock.advance(by: 1)
                    await Task.yield()
                }
            }
            group.addTask {
                // Observers come and go meanwhile.
                for _ in 0..<20 {
                    var updates = TestTip("displayed.0").statusUpdates(in: center).makeAsyncIterator()
                    _ = await updates.next()
                }
            }
        }

        let total = Self.workers * Self.rounds
        #expect(Self.opened.donationCount(in: center) == total)
        #expect(Self.goal.status(in: center) == .available)
        #expect(await watcher.value.last == .available)
        #expect(await closedWatcher.value == [true, false])
        #expect(await groupWatcher.value == ["closed.0", "closed.1", "closed.2", nil])
        #expect(ordered.currentTip == nil)
        #expect((0..<Self.workers).contains(Self.shared.value(in: center)))
        for worker in 0..<Self.workers {
            #expect(Self.own(worker).value(in: center) == Self.rounds - 1)
        }
        let displays = center.state.withLock { state in
            (0..<Self.workers).map { state.facts.snapshot.tips["displayed.\($0)"]?.displayCount ?? 0 }
        }
        #expect(displays == Array(repeating: Self.rounds, count: Self.workers))

        // The durable store agrees.
        let fresh = TipCenter()
        try await fresh.configure(options)
        #expect(Self.opened.donationCount(in: fresh) == total)
        #expect(Self.shared.value(in: fresh) == Self.shared.value(in: center))
        for worker in 0..<Self.workers {
            #expect(Self.own(worker).value(in: fresh) == Self.rounds - 1)
        }
        let freshDisplays = fresh.state.withLock { state in
            (0..<Self.workers).map { state.facts.snapshot.tips["displayed.\($0)"]?.displayCount ?? 0 }
        }
        #expect(freshDisplays == displays)
        for index in 0..<3 {
            #expect(TestTip("closed.\(index)").status(in: fresh) == .invalidated(.tipClosed))
        }
    }
}
