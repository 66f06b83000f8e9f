import Foundation
import TipsRuntime

/// The runtime's cost of attention, through the public API: a display with
/// each kind of activity consumer (`.onActivity`, an `activityUpdates`
/// reader, both) against one without and against a bare `AsyncStream` reader
/// resumed as often, and a status read while holds, a session limit and one
/// at a time are in force against one with none. What is compared is
/// measured in one run, so the ratio holds on a machine shared with other
/// work. README.md ("Benchmarks") says why the targets are what they are.
enum AttentionBench {
    static func run(options: Options, report: Report) async throws {
        let count = options.scale == .quick ? 2_000 : 10_000
        print("  attention (10,000 tips registered, in-memory datastore):")
        let (wall, cpu) = try await displays(count: count)
        print("    a display is tipDidAppear + tipDidDisappear (2 activities); medians of runs taken in turn,")
        print("    CPU time of all the process's threads (wall time after it):")
        for consumer in Consumer.allCases {
            let cost = cpu[consumer] ?? .infinity
            let plain = cpu[.none] ?? .infinity
            print(
                "    \(consumer.label): \(Format.time(cost))"
                    + String(format: " (%.2fx; +%@)", cost / max(plain, 1e-12), Format.time(max(0, cost - plain)))
                    + "; wall \(Format.time(wall[consumer] ?? .infinity))")
        }
        let handler = (cpu[.onActivity] ?? .infinity) - (cpu[.none] ?? .infinity)
        report.judge(
            "an .onActivity consumer adds <= 2 µs of CPU to a display (2 activities)",
            measured: Format.time(max(0, handler)), passed: handler <= 2e-6)
        let reader = (cpu[.reader] ?? .infinity) - (cpu[.bareReader] ?? .infinity)
        report.judge(
            "an activityUpdates reader adds <= 2 µs of CPU to a display beyond a bare AsyncStream reader's",
            measured: Format.time(max(0, reader)), passed: reader <= 2e-6)

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

    /// Who hears a display's activities.
    enum Consumer: CaseIterable {
        /// Nobody: the display's own cost (two commits, each a hop to the writer and back).
        case none
        /// An `.onActivity` handler: the engine's own cost of delivering.
        case onActivity
        /// A task reading `activityUpdates`, resumed for each activity it waits for.
        case reader
        /// Both at once.
        case both
        /// No consumer, but the bench resumes a task reading a bare
        /// `AsyncStream` twice a display: what resuming a waiting task costs
        /// here, without TipsRuntime.
        case bareReader

        var label: String {
            switch self {
            case .none: "no consumer                               "
            case .onActivity: ".onActivity                               "
            case .reader: "an activityUpdates reader                 "
            case .both: ".onActivity and an activityUpdates reader "
            case .bareReader: "no consumer, a bare AsyncStream reader    "
            }
        }
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

    /// Seconds per display of one tip (appear, then disappear) for each
    /// consumer, by wall time and by CPU time: the medians of 9 runs, the
    /// consumers measured in turn in each round so that a change of load
    /// touches them all alike.
    private static func displays(count: Int) async throws -> (wall: [Consumer: Double], cpu: [Consumer: Double]) {
        var setups: [(Consumer, DisplayLoop)] = []
        for consumer in Consumer.allCases { setups.append((consumer, try await DisplayLoop(consumer))) }
        defer { for (_, loop) in setups { loop.stop() } }
        var wall: [Consumer: [Double]] = [:]
        var cpu: [Consumer: [Double]] = [:]
        for (_, loop) in setups { await loop.run(count) }  // warm-up
        let clock = ContinuousClock()
        for _ in 0..<9 {
            for (consumer, loop) in setups {
                let (start, startCPU) = (clock.now, CPUTime.ofThisProcess)
                await loop.run(count)
                cpu[consumer, default: []].append((CPUTime.ofThisProcess - startCPU) / Double(count))
                wall[consumer, default: []].append((clock.now - start).seconds / Double(count))
            }
        }
        for (consumer, loop) in setups where consumer != .none && loop.seen.value == 0 {
            print("    (\(consumer) saw no activity: the benchmark's setup is wrong)")
        }
        return (wall.mapValues { Samples(seconds: $0).median }, cpu.mapValues { Samples(seconds: $0).median })
    }

    /// One center and its consumer, displaying its first tip again and again.
    private final class DisplayLoop: Sendable {
        let center: TipCenter
        let tip: any Tip
        let seen = ActivityCount()
        let reader: Task<Void, Never>?
        let bare: AsyncStream<Int>.Continuation?

        init(_ consumer: Consumer) async throws {
            let seen = seen
            let handler: [Tips.ConfigurationOption] =
                consumer == .onActivity || consumer == .both ? [.onActivity { _ in seen.add() }] : []
            let (center, tips) = try await AttentionBench.center(handler)
            (self.center, tip) = (center, tips[0])
            switch consumer {
            case .reader, .both:
                reader = Task { for await _ in center.activityUpdates { seen.add() } }
                bare = nil
            case .bareReader:
                let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                reader = Task { for await _ in stream { seen.add() } }
                bare = continuation
            case .none, .onActivity:
                (reader, bare) = (nil, nil)
            }
        }

        func run(_ count: Int) async {
            for _ in 0..<count {
                await center.tipDidAppear(tip)
                bare?.yield(1)
                await center.tipDidDisappear(tip)
                bare?.yield(2)
            }
        }

        func stop() {
            bare?.finish()
            reader?.cancel()
        }
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
