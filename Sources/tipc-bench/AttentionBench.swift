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
        let display = try await measurePair(
            "a display (tipDidAppear + tipDidDisappear, 2 activities)", without: "without a consumer",
            with: "with .onActivity and an activityUpdates reader"
        ) { try await displays(withConsumer: $0, count: count) }
        report.judge(
            "an activity consumer adds <= 5 µs to a display (2 activities)",
            measured: Format.time(max(0, display.with - display.without)),
            passed: display.with - display.without <= 5e-6)

        let iterations = options.scale == .quick ? 20_000 : 100_000
        let status = try await measurePair(
            "center.status(for:) of a tip held back", without: "with no gate",
            with: "with 2 holds, sessionLimit 3 reached and oneAtATime with a tip on screen"
        ) { try await statusRead(withGates: $0, iterations: iterations) }
        report.judge(
            "status read with holds and limits in force <= 10 µs", measured: Format.time(status.with),
            passed: status.with <= 10e-6)
    }

    /// Measures without, then with, what `measure(_:)` is given `true` for,
    /// and prints both times on one line, each with what it was measured
    /// with, and the second's ratio to the first.
    private static func measurePair(
        _ what: String, without: String, with: String, _ measure: (Bool) async throws -> Double
    ) async throws -> (without: Double, with: Double) {
        let times = (without: try await measure(false), with: try await measure(true))
        print(
            "    \(what): \(Format.time(times.without)) \(without), \(Format.time(times.with)) \(with)"
                + String(format: " (%.2fx)", times.with / max(times.without, 1e-12)))
        return times
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
