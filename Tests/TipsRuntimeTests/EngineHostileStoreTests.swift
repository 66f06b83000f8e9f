import Foundation
import Testing

@testable import TipsRuntime

/// Stores whose records are well-formed but whose values are extreme (as a
/// damaged disk, a stepped clock or another build could leave them): the
/// engine reads, evaluates, explains and writes on without trapping.
@Suite struct EngineHostileStoreTests {
    private static let hostile = Tips.Event(id: "hostile", keepCount: 5, keepDuration: .nan)
    private static let huge = Tips.Parameter<Int>(id: "huge", defaultValue: 0)

    /// Extreme values of every kind, each as the datastore would replay them.
    private static let mutations: [DatastoreMutation] = [
        .setParameter(id: "huge", value: .int(Int.max)),
        .invalidate(tipID: "nanInvalid", reason: .tipClosed, date: .nan),
        .recordDisplayStart(tipID: "infShown", date: .infinity),
        .addDisplayDuration(tipID: "infShown", seconds: .infinity),
        .addDisplayDuration(tipID: "limited", seconds: .nan),
        .donate(
            eventID: "hostile", donation: StoredDonation(date: .nan, fields: ["k": .int(1)]), keepCount: Int.min,
            keepDuration: .nan),
        .donate(
            eventID: "hostile", donation: StoredDonation(date: -.infinity, fields: ["k": .double(.nan)]),
            keepCount: Int.max, keepDuration: -1),
        .donate(
            eventID: "hostile", donation: StoredDonation(date: .infinity, fields: [:]), keepCount: Int.max,
            keepDuration: .infinity),
        .donate(
            eventID: "hostile", donation: StoredDonation(date: 1_704_067_200, fields: ["k": .int(Int.min)]),
            keepCount: -1, keepDuration: nil),
        .donate(
            eventID: "hostile", donation: StoredDonation(date: 1_704_067_200, fields: ["k": .int(Int.min)]),
            keepCount: Int.max, keepDuration: nil),
    ]

    private static let tips: [TestTip] = {
        let count = RuleExpression.count(EventQuery(event: hostile, steps: []))
        let k = RuleExpression.field("k")
        return [
            TestTip("nanInvalid"),
            TestTip("infShown", options: Tips.Options(maxDisplayCount: 1, maxDisplayDuration: 1)),
            TestTip("limited", options: Tips.Options(maxDisplayCount: 2, maxDisplayDuration: .nan)),
            TestTip("never", options: Tips.Options(maxDisplayDuration: -.infinity)),
            TestTip(
                "arithmetic",
                rules: [
                    .binary(.greater, .binary(.add, count, .parameter(huge.reference)), .literal(.int(0))),
                    .binary(.less, .negate(.literal(.int(Int.min))), .literal(.int(0))),
                    .binary(.equal, .binary(.divide, .parameter(huge.reference), .literal(.int(0))), .literal(.int(1))),
                ]),
            TestTip(
                "queries",
                rules: [
                    .binary(
                        .greaterOrEqual,
                        .count(
                            EventQuery(
                                event: hostile,
                                steps: [
                                    .within(seconds: .nan),
                                    .filter(
                                        .binary(.less, .binary(.subtract, k, .literal(.int(1))), .literal(.int(0)))),
                                    .largestSubset(by: "k"),
                                ])), .literal(.int(1))),
                    .binary(
                        .greaterOrEqual,
                        .count(
                            EventQuery(
                                event: Tips.Event(id: "hostile", keepCount: Int.max, keepDuration: -.infinity),
                                steps: [.within(seconds: .infinity), .smallestSubset(by: "k")])), .literal(.int(0))),
                    .binary(
                        .greaterOrEqual,
                        .count(
                            EventQuery(
                                event: hostile, steps: [.filter(.binary(.equal, k, .literal(.int(Int.min))))])),
                        .literal(.int(0))),
                ]),
        ]
    }()

    @Test func extremeStoredValuesNeverTrap() async throws {
        let store = StoreDirectoryFixture()
        let writer = DatastoreRecoveryLog().datastore(store.url)
        _ = writer.load()
        await writer.commit(Self.mutations)

        let clock = ManualClock()
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]), .clock(clock),
            .displayFrequency(.custom(seconds: .infinity)),
        ])
        center.register(Self.tips)
        #expect(TestTip("nanInvalid").status(in: center) == .invalidated(.tipClosed))
        for _ in 0..<3 {
            for tip in Self.tips {
                _ = tip.status(in: center)
                let text = tip.explanation(in: center).description
                #expect(text.contains(tip.id))
                await center.tipDidAppear(tip)
                clock.advance(by: .infinity)
                await center.tipDidDisappear(tip)
                clock.set(Date(timeIntervalSince1970: 1_704_067_200))
            }
            await Self.hostile.donate(["k": .int(Int.max)], in: center)
            await Self.huge.set(Int.min, in: center)
        }
        #expect(TestTip("arithmetic").status(in: center) == .pending, "overflow and division by zero hold no rule")
        #expect(Self.hostile.donationCount(in: center) <= 5)

        // What was written loads again.
        let again = TipCenter()
        try await again.configure([.datastoreLocation(.url(store.url)), .arguments([]), .environment([:])])
        #expect(Self.huge.value(in: again) == Int.min)
        #expect(TestTip("nanInvalid").status(in: again) == .invalidated(.tipClosed))
    }

    @Test func aStoreAtTheLastGenerationKeepsWorkingWithoutCompacting() async throws {
        let store = StoreDirectoryFixture()
        let last = DatastoreFileFormat.Identity(storeID: 42, generation: .max)
        writeFile(DatastoreFileFormat.snapshotFile(DatastoreSnapshot(), identity: last), to: store.snapshotURL)
        writeFile(DatastoreFileFormat.journalHeader(last), to: store.journalURL(.max))

        // A compaction threshold of one byte: every commit would compact.
        let log = DatastoreRecoveryLog()
        let center = TipCenter(backendFactory: { directory, _ in log.datastore(directory, compactionThreshold: 1) })
        try await center.configure([.datastoreLocation(.url(store.url)), .arguments([]), .environment([:])])
        for _ in 0..<3 { await Self.hostile.donate(in: center) }
        #expect(Self.hostile.donationCount(in: center) == 3)
        #expect(log.datastore(store.url).load().donations["hostile"]?.count == 3)
        #expect(log.all.isEmpty)
    }
}
