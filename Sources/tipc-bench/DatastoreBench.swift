import Foundation
import TipsRuntime

/// Saving and loading a store of 100 events × 1,000 donations, through the
/// public API: a center fills the store (on tmpfs, where a flush is free, so
/// that 100,000 awaited donations take seconds, not minutes), the store is
/// copied to the disk, and fresh centers configure on it, which loads it;
/// then configures that move 1,000 renames over it (`RenameBench`).
enum DatastoreBench {
    /// CPU seconds used by this process so far (every thread).
    static func processCPUTime() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }

    static let eventCount = 100
    static let donationsPerEvent = 1_000
    static let loadLimit = 0.050

    static func run(options: Options, report: Report) async {
        let target = "store load (100 events x 1,000 donations) <= 50 ms"
        let clock = ManualClock()
        let events = (0..<eventCount).map { Tips.Event(id: "stored\($0)") }
        do {
            let (center, filled) = try await RuntimeBench.makeCenter(clock: clock, on: .memory)
            defer { try? FileManager.default.removeItem(at: filled) }
            let start = ContinuousClock.now
            await withTaskGroup(of: Void.self) { group in
                for event in events {
                    group.addTask {
                        for index in 0..<donationsPerEvent {
                            await event.donate(["n": .int(index), "tag": .string("t\(index % 9)")], in: center)
                        }
                    }
                }
            }
            let fill = (ContinuousClock.now - start).seconds
            let total = eventCount * donationsPerEvent
            print(
                "  datastore save (\(RuntimeBench.StoreMedium.memory.label)): \(Format.count(total)) awaited donations"
                    + " from \(eventCount) concurrent tasks in"
                    + " \(Format.time(fill)) (\(Format.time(fill / Double(total))) per donation)")

            let directory = RuntimeBench.StoreMedium.disk.root.appendingPathComponent(
                "tipc-bench-store-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.copyItem(at: filled, to: directory)
            defer { try? FileManager.default.removeItem(at: directory) }
            var loads: [Double] = []
            var cpuTimes: [Double] = []
            for _ in 0..<(options.scale == .quick ? 5 : 9) {
                let loadStart = ContinuousClock.now
                let cpuStart = processCPUTime()
                let (reader, _) = try await RuntimeBench.makeCenter(clock: clock, directory: directory)
                loads.append((ContinuousClock.now - loadStart).seconds)
                cpuTimes.append(processCPUTime() - cpuStart)
                let loaded = events[eventCount - 1].donationCount(in: reader)
                guard loaded == donationsPerEvent else {
                    print(
                        "  datastore load: a fresh center on the same directory sees \(loaded) donations, not"
                            + " \(donationsPerEvent): the durable store is not wired into TipCenter in this build")
                    report.judge(target, measured: "not measured (store not durable in this build)", passed: nil)
                    return
                }
            }
            let samples = Samples(seconds: loads)
            print(
                "  datastore load (configure a fresh TipCenter on the store, copied to the disk):"
                    + " \(Format.spread(samples)); CPU time of the process meanwhile (steadier on a busy machine):"
                    + " \(Format.spread(Samples(seconds: cpuTimes)))")
            report.judge(target, measured: Format.time(samples.median), passed: samples.median <= loadLimit)
            try await RenameBench.run(store: directory, events: events, clock: clock, options: options, report: report)
        } catch {
            report.fail("datastore benchmark: \(error)")
        }
    }
}
