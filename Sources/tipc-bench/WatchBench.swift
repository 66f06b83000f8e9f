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
