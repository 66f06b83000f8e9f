import Foundation
import TipsRuntime

/// The runtime's cost of attention, through the public API: a display with an
/// activity consumer (`.onActivity` and an `activityUpdates` reader) against
/// one without, and a status read while holds, a session limit and one at a
/// time are in force against one with none. Each pair is measured in one run,
/// so the ratio holds on a machine shared with other work.
enum AttentionBench {
    static func run(options: Options, report: Report) async throws {
        let count = options.scale == .quick ? 2_000 : 10_000
        print("  attention (10,000 tips registered, in-memory datastore):")
        let plain = try await displays(withConsumer: false, count: count)
        let consumed = try await displays(withConsumer: true, count: count)
        print(
            "    a display (tipDidAppear + tipDidDisappear, 2 activities): \(Format.time(plain)) without a consumer,"
                + " \(Format.time(consumed)) with .onActivity and an activityUpdates reader"
                + String(format: " (%.2fx)", consumed / max(plain, 1e-12)))
        report.judge(
            "an activity consumer adds <= 5 µs to a display (2 activities)",
            measured: Format.time(max(0, consumed - plain)), passed: consumed - plain <= 5e-6)

        let iterations = options.scale == .quick ? 20_000 : 100_000
        let free = try await statusRead(withGates: false, iterations: iterations)
        let gated = try await statusRead(withGates: true, iterations: iterations)
        print(
            "    center.status(for:) of a tip held back: \(Format.time(free)) with no gate,"
                + " \(Format.time(gated)) with 2 holds, sessionLimit 3 reached and oneAtATime with a tip on screen"
                + String(format: " (%.2fx)", gated / max(free, 1e-12)))
        report.judge(
            "status read with holds and limits in force <= 10 µs", measured: Format.time(gated),
            passed: gated <= 10e-6)
    }

    /// A configured center with 10,000 plain tips registered.
    private static func center(_ extra: [Tips.ConfigurationOption]) async throws -> (TipCenter, [any Tip]) {
        let center = TipCenter()
        try await center.configure(
            [.datastoreLocation(.inMemory), .clock(ManualClock()), .arguments([]), .environment([:])] + extra)
        let isLoggedIn = Tips.Parameter<Bool>(id: "isLoggedIn", defaultValue: true)
        let tips: [any Tip] = (0..<10_000).map { BenchTip("Tip\($0)", [.parameter(isLoggedIn.reference)]) }
        center.register(tips)
        return (center, tips)
    }

    /// Seconds per display of one tip (appear, then disappear), the median of 5 runs.
    private static func displays(withConsumer: Bool, count: Int) async throws -> Double {
        let seen = ActivityCount()
        let extra: [Tips.ConfigurationOption] = withConsumer ? [.onActivity { _ in seen.add() }] : []
        let (center, tips) = try await center(extra)
        let reader =
            withConsumer
            ? Task {
                for await _ in center.activityUpdates { seen.add() }
            } : nil
        defer { reader?.cancel() }
        let tip = tips[0]
        let samples = await measureAsync(runs: 5) {
            for _ in 0..<count {
                await center.tipDidAppear(tip)
                await center.tipDidDisappear(tip)
            }
        }
        if withConsumer, seen.value == 0 { print("    (the consumer saw no activity: the benchmark's setup is wrong)") }
        return samples.median / Double(count)
    }

    /// Seconds per `status(for:)` of a tip that has not appeared, the median of 5 runs.
    private static func statusRead(withGates: Bool, iterations: Int) async throws -> Double {
        let limits: [Tips.ConfigurationOption] = withGates ? [.sessionLimit(3), .oneAtATime(true)] : []
        let (center, tips) = try await center(limits)
        var holds: [TipDisplayHold] = []
        if withGates {
            for index in 1...3 {
                await center.tipDidAppear(tips[index])
                if index < 3 { await center.tipDidDisappear(tips[index]) }
            }
            holds = [center.holdDisplays(reason: "sheet"), center.holdDisplays(reason: "checkout")]
        }
        defer { for hold in holds { hold.release() } }
        let tip = tips[9_999]
        let expected: Tips.Status = withGates ? .pending : .available
        guard center.status(for: tip) == expected else {
            print("    (the read tip is not \(expected): the benchmark's setup is wrong)")
            return .infinity
        }
        let samples = measure(runs: 5) { for _ in 0..<iterations { _ = center.status(for: tip) } }
        return samples.median / Double(iterations)
    }
}

/// How many activities a consumer saw, from any thread.
private final class ActivityCount: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
