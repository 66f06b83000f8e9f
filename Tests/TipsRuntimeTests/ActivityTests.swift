import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// A reusable tip: its rule reads its argument.
private struct TrailTip: Tip {
    let region: String
    var id: String { "TrailTip-\(region)" }
    var title: String { region }
    var actions: [Tips.Action] { [Tips.Action(id: "open", title: "Open")] }
    var rules: [TipRule] {
        [
            TipRule(
                .binary(.notEqual, .argument(name: "region", value: .string(region)), .literal(.string(""))),
                source: "region != \"\"", file: "Test.tips", line: 1)
        ]
    }
    var options: Tips.Options { Tips.Options(snooze: Tips.Snooze(duration: 60)) }
}

/// A log of activities, as `.onActivity` delivers them.
private final class ActivityLog: Sendable {
    let entries = Locked<[TipActivity]>([])
    var option: Tips.ConfigurationOption { .onActivity { activity in self.entries.withLock { $0.append(activity) } } }
    var lines: [String] { entries.withLock { $0.map(\.description) } }
}

/// The activity stream: what tips did, in order, exactly once each.
@Suite struct ActivityTests {
    @Test func everyKindOfActivityIsReportedOnceInOrderWithItsDateAndArguments() async throws {
        let clock = ManualClock()
        let log = ActivityLog()
        let center = try await makeCenter(clock: clock, [log.option])
        let tip = TrailTip(region: "Andes")
        center.register([tip])
        await center.tipDidAppear(tip)
        clock.advance(by: 4)
        await center.tipDidDisappear(tip)
        #expect(center.chooseAction("open", of: tip))
        await center.snooze(tip)
        clock.advance(by: 60)
        await center.invalidateDurably(tip, reason: .actionPerformed)
        await center.resetEligibility(of: tip)
        #expect(
            log.lines == [
                "TrailTip-Andes becameAvailable [region = \"Andes\"]",
                "TrailTip-Andes appeared [region = \"Andes\"]",
                "TrailTip-Andes disappeared (duration 4.0 s) [region = \"Andes\"]",
                "TrailTip-Andes actionChosen (open) [region = \"Andes\"]",
                "TrailTip-Andes snoozed (until 2024-01-01T00:01:04Z) [region = \"Andes\"]",
                "TrailTip-Andes becameAvailable [region = \"Andes\"]",
                "TrailTip-Andes invalidated (actionPerformed) [region = \"Andes\"]",
                "TrailTip-Andes eligibilityReset [region = \"Andes\"]",
                "TrailTip-Andes becameAvailable [region = \"Andes\"]",
            ])
        let appeared = log.entries.withLock { $0[1] }
        #expect(appeared.date == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(appeared.arguments == ["region": .string("Andes")])
    }

    @Test func theStreamSeesWhatHappensAfterItIsMadeAndADroppedStreamStops() async throws {
        let center = try await makeCenter()
        let tip = TestTip("A")
        var stream: AsyncStream<TipActivity>? = center.activityUpdates
        var activities = stream?.makeAsyncIterator()
        center.register([tip])
        await center.tipDidAppear(tip)
        #expect(await activities?.next()?.kind == .becameAvailable)
        #expect(await activities?.next()?.kind == .appeared)
        stream = nil
        activities = nil
        await center.tipDidDisappear(tip)
        #expect(!center.state.withLock { $0.publication.isReportingActivity })
    }

    @Test func aSlowConsumerNeverBlocksTheEngineAndIsWarnedOnceWhenItsBufferIsFull() async throws {
        let warnings = Locked<[String]>([])
        let center = try await makeCenter([.onWarning { message in warnings.withLock { $0.append(message) } }])
        let stream = center.activityUpdates
        let tips = (0..<(TipCenter.activityBufferLimit + 10)).map { TestTip("T\($0)") }
        center.register(tips)
        var received = 0
        for await _ in stream {
            received += 1
            if received == TipCenter.activityBufferLimit { break }
        }
        #expect(received == TipCenter.activityBufferLimit)
        #expect(warnings.withLock { $0 }.filter { $0.contains("activities behind") }.count == 1)
    }

    @Test func manyTasksDonatingWhileAConsumerIsSlowStayInOrderPerTip() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock)
        let stream = center.activityUpdates
        let consumer = Task {
            var kinds: [String: [String]] = [:]
            for await activity in stream {
                try? await Task.sleep(nanoseconds: 10_000)
                kinds[activity.tipID, default: []].append(activity.kind.name)
                if kinds.values.reduce(0, { $0 + $1.count }) == 64 * 3 { break }
            }
            return kinds
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let tip = TestTip("T\(index)", rules: [Fixture.openedAtLeast(1)])
                    center.register([tip])
                    await center.donate(Fixture.opened)
                    await center.tipDidAppear(tip)
                    await center.tipDidDisappear(tip)
                }
            }
        }
        let kinds = await consumer.value
        #expect(kinds.count == 64)
        for (tipID, list) in kinds {
            #expect(list == ["becameAvailable", "appeared", "disappeared"], "\(tipID)")
        }
    }
}
