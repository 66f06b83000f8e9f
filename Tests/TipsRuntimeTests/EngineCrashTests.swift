import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// Kills an app that uses only the public `TipCenter` API (`tips-store-stress
/// --engine`) with SIGKILL at random moments; after each kill, a fresh center
/// on the same directory must see every mutation whose call had returned
/// (snoozes included), and the install's holdout seed, once stored, never changes.
@Suite struct EngineCrashTests {
    /// The ids `tips-store-stress --engine` uses.
    private static let donated = Tips.Event(id: "engine.donated", keepCount: 1_000_000)
    private static let counter = Tips.Parameter<Int>(id: "engine.counter", defaultValue: -1)
    private static let displayedID = "engine.displayed"
    private static func invalidated(_ index: Int) -> TestTip { TestTip("engine.invalidated.\(index)") }

    /// What a fresh center on the directory sees.
    private struct Seen {
        var donations = 0
        var counter = -1
        var displays = 0
        var invalidatedIDs: Set<String> = []
        /// How many times `engine.snoozed` was snoozed.
        var snoozes = 0
        /// The install's holdout seed.
        var holdoutSeed: UInt64?
        var recoveries: [Tips.DatastoreRecovery] = []
        /// The public status of the tips asked about.
        var statuses: [String: Tips.Status] = [:]
    }

    private func look(at directory: URL, statusOf ids: Set<String> = []) async throws -> Seen {
        let log = Locked<[Tips.DatastoreRecovery]>([])
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(directory)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { recovery in log.withLock { $0.append(recovery) } },
        ])
        var seen = Seen()
        seen.donations = Self.donated.donationCount(in: center)
        seen.counter = Self.counter.value(in: center)
        // Display counts have no public reader; this is the fresh center's loaded state.
        let records = center.state.withLock { $0.facts.snapshot.tips }
        seen.displays = records[Self.displayedID]?.displayCount ?? 0
        seen.snoozes = records["engine.snoozed"]?.snoozeCount ?? 0
        seen.holdoutSeed = center.state.withLock { $0.facts.snapshot.holdoutSeed }
        for (id, record) in records where id.hasPrefix("engine.invalidated.") && record.invalidation != nil {
            seen.invalidatedIDs.insert(id)
        }
        for id in ids { seen.statuses[id] = TestTip(id).status(in: center) }
        seen.recoveries = log.withLock { $0 }
        return seen
    }

    @Test(.hangGuard)
    func killedAppLosesNoMutationWhoseCallReturned() async throws {
        let tool = try requireStressTool()
        let store = StoreDirectoryFixture()
        let outputs = StoreDirectoryFixture()
        let rounds = 24
        var start = 0
        var before = try await look(at: store.url)
        var checked = 0
        for round in 0..<rounds {
            let child = try StressChild(
                tool: tool, arguments: ["--engine", store.url.path, String(start)],
                output: outputs.url.appendingPathComponent("round-\(round).txt"))
            try await Task.sleep(nanoseconds: UInt64.random(in: 60_000_000...450_000_000))
            try child.terminate()

            var confirmed: [Character: [Int]] = [:]
            for line in child.lines {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let kind = parts[0].first, let index = Int(parts[1]) else {
                    Issue.record("round \(round): unexpected line \(line)")
                    continue
                }
                confirmed[kind, default: []].append(index)
            }
            let invalidations = Set(confirmed["v", default: []].map { Self.invalidated($0).id })
            let after = try await look(at: store.url, statusOf: invalidations)
            let context = "round \(round), start \(start)"
            #expect(after.recoveries.isEmpty, "\(context): \(after.recoveries)")

            // Each kind of call runs one at a time, so at most one more than
            // the confirmed ones (the call in flight) may have landed.
            let donations = confirmed["d", default: []].count
            #expect(
                (donations...donations + 1).contains(after.donations - before.donations),
                "\(context): \(donations) donations returned, store gained \(after.donations - before.donations)")
            let snoozes = confirmed["s", default: []].count
            #expect(
                (snoozes...snoozes + 1).contains(after.snoozes - before.snoozes),
                "\(context): \(snoozes) snoozes returned, store gained \(after.snoozes - before.snoozes)")
            // The seed is drawn before the first call and written with its commit.
            if !confirmed.isEmpty { #expect(after.holdoutSeed != nil, "\(context): no holdout seed stored") }
            if let seed = before.holdoutSeed { #expect(after.holdoutSeed == seed, "\(context): the seed changed") }
            let displays = confirmed["a", default: []].count
            #expect(
                (displays...displays + 1).contains(after.displays - before.displays),
                "\(context): \(displays) displays returned, store gained \(after.displays - before.displays)")
            if let last = confirmed["p"]?.max() {
                #expect(
                    [last, last + 1].contains(after.counter), "\(context): counter \(after.counter), last set \(last)")
            } else {
                #expect([before.counter, start].contains(after.counter), "\(context): counter \(after.counter)")
            }
            #expect(
                invalidations.allSatisfy { after.statuses[$0] == .invalidated(.tipClosed) },
                "\(context): an invalidated tip is not invalidated")
            #expect(invalidations.isSubset(of: after.invalidatedIDs), "\(context): an invalidation was lost")
            let gained = after.invalidatedIDs.subtracting(before.invalidatedIDs)
            #expect(
                (invalidations.count...invalidations.count + 1).contains(gained.count),
                "\(context): \(invalidations.count) invalidations returned, \(gained.count) stored")

            checked += confirmed.values.reduce(0) { $0 + $1.count }
            let printed = confirmed.values.flatMap { $0 }.max() ?? start
            start = printed + 2
            before = after
        }
        // The counts also survive the fresh centers' own loads.
        let final = try await look(at: store.url)
        #expect(final.donations == before.donations && final.displays == before.displays)
        #expect(checked > rounds, "the app got to run between kills")
        let header = DatastoreFileFormat.snapshotHeader(fileBytes(of: store.snapshotURL))
        print(
            "EngineCrashTests: \(rounds) rounds, \(checked) returned calls checked, \(final.donations) donations, "
                + "snapshot \(header) (ThreadSanitizer: \(isRunningUnderThreadSanitizer))")
    }
}
