import Foundation
import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What the outside-change watch costs while nothing changes: the CPU time a
/// process with a configured, idle center spends, per second of wall time,
/// with each way of watching, against a center that does not watch.
enum WatchBench {
    static func run(options: Options, report: Report) async throws {
        let seconds = options.scale == .quick ? 2.0 : 5.0
        print("  outside-change watch while nothing changes (\(Format.time(seconds)) idle each):")
        let off = try await idleCost(.off, seconds: seconds)
        let automatic = try await idleCost(.automatic, seconds: seconds)
        let poll = try await idleCost(.poll(seconds: 1), seconds: seconds)
        print("    no watch:            \(Format.time(off)) CPU per second (the process's own idle work)")
        print("    .automatic (inotify): \(Format.time(automatic)) CPU per second")
        print("    .poll(seconds: 1):   \(Format.time(poll)) CPU per second")
        let extra = max(automatic, poll) - off
        let seen = try await delivery(runs: options.scale == .quick ? 10 : 30)
        print(
            "  another center's awaited donation, until this center's status observer has its update (.automatic, not"
                + " judged): \(seen.map(Format.spread) ?? "not seen within 5 s")")
        report.judge(
            "outside-change watch, idle: extra CPU <= 1 ms per second (0.1%)",
            measured:
                "\(Format.time(max(0, automatic - off))) (automatic), \(Format.time(max(0, poll - off))) (poll 1 s)",
            passed: extra <= 1e-3)
    }

    /// CPU seconds per wall second while a center watching as `detection` sits idle.
    private static func idleCost(_ detection: Tips.OutsideChangeDetection, seconds: Double) async throws -> Double {
        let directory = RuntimeBench.StoreMedium.memory.root
            .appendingPathComponent("tipc-bench-watch-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(directory)), .clock(ManualClock()), .arguments([]), .environment([:]),
            .outsideChangeDetection(detection),
        ])
        await Tips.Event(id: "idle").donate(in: center)
        // Let the watch's reaction to that write (and the first poll) pass.
        try await Task.sleep(nanoseconds: 200_000_000)
        let before = cpuSeconds()
        try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        let used = cpuSeconds() - before
        withExtendedLifetime(center) {}
        return used / seconds
    }

    /// Wall seconds from the start of another center's awaited donation to
    /// the status update the watch publishes to this center's observer,
    /// two centers on one store on tmpfs, as an app and its extension would
    /// be: what the watch delivers, not what it costs. Nil when an update
    /// takes over 5 s. Not judged: nothing promises a latency; the tests
    /// check only that the update comes, with no read to pull it in.
    private static func delivery(runs: Int) async throws -> Samples? {
        let directory = RuntimeBench.StoreMedium.memory.root
            .appendingPathComponent("tipc-bench-watch-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let options: [Tips.ConfigurationOption] = [
            .datastoreLocation(.url(directory)), .arguments([]), .environment([:]), .outsideChangeDetection(.automatic),
        ]
        let app = TipCenter()
        try await app.configure(options)
        let widget = TipCenter()
        try await widget.configure(options)
        var seconds: [Double] = []
        for run in 0..<runs {
            let event = Tips.Event(id: "watched\(run)")
            let updates = app.statusUpdates(for: BenchTip("Watched\(run)", [RuntimeBench.atLeast(1, event)]))
            let (ready, isReady) = AsyncStream.makeStream(of: Void.self)
            // The arrival is timed where it arrives, not when this task next runs.
            let reader = Task { () -> ContinuousClock.Instant? in
                for await status in updates {
                    if status == .available { return ContinuousClock.now }
                    isReady.yield()
                }
                return nil
            }
            var readiness = ready.makeAsyncIterator()
            _ = await readiness.next()  // the initial status: the stream is open
            let start = ContinuousClock.now
            await event.donate(in: widget)
            let timeout = Task {
                try? await Task.sleep(nanoseconds: 5_000_000_000)
                reader.cancel()
            }
            let arrival = await reader.value
            timeout.cancel()
            guard let arrival else { return nil }
            seconds.append((arrival - start).seconds)
        }
        withExtendedLifetime((app, widget)) {}
        return Samples(seconds: seconds)
    }

    /// User plus system CPU time of the whole process so far.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
