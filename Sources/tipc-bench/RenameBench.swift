import Foundation
import TipsRuntime

/// Configure with 1,000 renames over the store `DatastoreBench` fills (100
/// events × 1,000 donations), to which it adds state under the old names of
/// 400 tips and 300 parameters: a tip carrying the renames registers before
/// `configure`, which moves all of it (one journal record) and reports each
/// move. A move happens once, so each run configures a fresh copy of the
/// store (the copy is not timed). The target is the store load's.
enum RenameBench {
    static let tipCount = 400
    static let parameterCount = 300
    static let caseCount = 200

    /// A tip of the renamed version: it carries the module's renames.
    struct RenamedTip: Tip {
        let id: String
        let renames: Tips.Renames
        var title: String { id }
        var declaredRenames: Tips.Renames { renames }
    }

    /// The renames: each stored event, and the tips and parameters `addState`
    /// gives state; the enum cases rewrite the parameters' values.
    static func renames(events: [Tips.Event]) -> Tips.Renames {
        Tips.Renames(
            tips: (0..<tipCount).map { .init(from: .init([.text("OldTip\($0)")]), to: .init([.text("Tip\($0)")])) },
            parameters: (0..<parameterCount).map { .init(from: "oldParameter\($0)", to: "parameter\($0)") },
            events: events.map {
                .init(from: $0.id, to: "renamed-" + $0.id, keepCount: DatastoreBench.donationsPerEvent)
            },
            enumCases: (0..<caseCount).map {
                .init(from: "oldCase\($0)", to: "case\($0)", parameters: ["parameter\($0)"])
            })
    }

    /// Invalidates the old tips and sets the old parameters (an old case each) in the store at `directory`.
    static func addState(to directory: URL, clock: ManualClock) async throws {
        let (center, _) = try await RuntimeBench.makeCenter(clock: clock, directory: directory)
        for index in 0..<tipCount {
            await center.invalidateDurably(BenchTip("OldTip\(index)", []), reason: .tipClosed)
        }
        for index in 0..<parameterCount {
            let reference = Tips.ParameterReference(id: "oldParameter\(index)", defaultValue: .enumCase("none"))
            await center.setValue(.enumCase("oldCase\(index)"), of: reference)
        }
    }

    static func run(
        store: URL, events: [Tips.Event], clock: ManualClock, options: Options, report: Report
    ) async throws {
        let target = "configure with 1,000 renames over that store <= 50 ms"
        let base = RuntimeBench.StoreMedium.disk.root.appendingPathComponent(
            "tipc-bench-renames-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: store, to: base)
        defer { try? FileManager.default.removeItem(at: base) }
        try await addState(to: base, clock: clock)
        let renames = renames(events: events)
        let renameCount = events.count + tipCount + parameterCount + caseCount
        var moving = Measurements()
        var plain = Measurements()
        let renamedEvent = Tips.Event(id: "renamed-" + events[0].id)
        for run in 0..<(options.scale == .quick ? 5 : 9) {
            _ = try await configure(copyOf: base, run: run, renames: nil, clock: clock, into: &plain)
            let (moved, reported) = try await configure(
                copyOf: base, run: run, renames: renames, clock: clock, into: &moving, counting: renamedEvent)
            guard moved == DatastoreBench.donationsPerEvent, reported == renameCount else {
                report.fail(
                    "renames at configure: \(moved) donations moved, \(reported) moves reported, not \(renameCount)")
                return
            }
        }
        print(
            "  configure with \(Format.count(renameCount)) renames (\(events.count) events' donations,"
                + " \(tipCount) tips, \(parameterCount) parameters, \(caseCount) enum cases moved, one durable"
                + " record): \(moving.summary)\n  the same store's configure without renames, runs interleaved:"
                + " \(plain.summary)")
        let median = Samples(seconds: moving.wall).median
        report.judge(target, measured: Format.time(median), passed: median <= DatastoreBench.loadLimit)
    }

    /// Wall and CPU times of configures.
    struct Measurements {
        var wall: [Double] = []
        var cpu: [Double] = []

        var summary: String {
            "\(Format.spread(Samples(seconds: wall))); CPU time of the process meanwhile:"
                + " \(Format.spread(Samples(seconds: cpu)))"
        }
    }

    /// Configures a center, with a tip carrying `renames` registered, on a
    /// fresh copy of `base` (not timed); returns how many donations of
    /// `counted` it then holds, and how many warnings it reported. The copy
    /// is removed once the center has written all it sent and is gone:
    /// removed before, the center's last record made a new store there.
    static func configure(
        copyOf base: URL, run: Int, renames: Tips.Renames?, clock: ManualClock, into measurements: inout Measurements,
        counting counted: Tips.Event? = nil
    ) async throws -> (donations: Int, warnings: Int) {
        let directory = base.appendingPathExtension("run\(run)-\(renames == nil ? "plain" : "renamed")")
        try FileManager.default.copyItem(at: base, to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await configure(
            directory, renames: renames, clock: clock, into: &measurements, counting: counted)
    }

    /// ``configure(copyOf:run:renames:clock:into:counting:)`` on `directory`, the center made and let go here.
    private static func configure(
        _ directory: URL, renames: Tips.Renames?, clock: ManualClock, into measurements: inout Measurements,
        counting counted: Tips.Event?
    ) async throws -> (donations: Int, warnings: Int) {
        let warnings = Locked(0)
        let center = TipCenter()
        if let renames { center.register([RenamedTip(id: "Tip0", renames: renames)]) }
        let start = ContinuousClock.now
        let cpuStart = DatastoreBench.processCPUTime()
        try await center.configure([
            .datastoreLocation(.url(directory)), .clock(clock), .arguments([]), .environment([:]),
            .onWarning { _ in warnings.withLock { $0 += 1 } },
        ])
        measurements.wall.append((ContinuousClock.now - start).seconds)
        measurements.cpu.append(DatastoreBench.processCPUTime() - cpuStart)
        let donations = counted.map { $0.donationCount(in: center) } ?? 0
        // Returns once every batch sent before it is durable: a record still
        // on its way when the copy was removed wrote a new store there.
        await Tips.Event(id: "tipc-bench-settled").donate(in: center)
        return (donations, warnings.withLock { $0 })
    }
}
