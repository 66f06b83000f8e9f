import Foundation
import Testing

@testable import TipsRuntime

/// `applyDeferringTrim(_:)` lets the oldest donations linger past the keep
/// count; everything read must still be what `apply(_:)` keeps.
@Suite struct DeferredTrimTests {
    /// A deterministic pseudo-random sequence.
    struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func donation(_ eventID: String, date: Double, keepCount: Int, keepDuration: Double? = nil)
        -> DatastoreMutation
    {
        .donate(
            eventID: eventID, donation: StoredDonation(date: date, fields: ["n": .double(date)]), keepCount: keepCount,
            keepDuration: keepDuration)
    }

    @Test(arguments: [1, 2, 3, 4])
    func keptDonationsMatchAnExactApply(seed: UInt64) {
        var random = Sequence(state: seed)
        var exact = DatastoreSnapshot()
        var deferred = DatastoreSnapshot()
        var date = 0.0
        for step in 0..<3_000 {
            // Mostly in order, sometimes a clock stepping back; keep counts
            // that change now and then, one event with a keep duration.
            date += random.next(10) == 0 ? -Double(random.next(50)) : Double(random.next(5))
            let eventID = ["a", "b", "c"][random.next(3)]
            let keepCount = step % 700 < 600 ? [0, 5, 40][random.next(3)] : 40
            let mutation = Self.donation(
                eventID, date: date, keepCount: eventID == "a" ? 40 : keepCount,
                keepDuration: eventID == "c" ? 120 : nil)
            exact.apply(mutation)
            deferred.applyDeferringTrim(mutation)
            for id in ["a", "b", "c"] {
                #expect(Array(deferred.keptDonations(of: id)) == (exact.donations[id] ?? []))
            }
        }
        #expect(deferred.donationLimits.isEmpty == false)
        deferred.trimDeferredDonations()
        #expect(deferred == exact)
    }

    @Test func anExactApplyAfterDeferredOnesDropsTheLeftovers() {
        var snapshot = DatastoreSnapshot()
        for index in 0..<30 { snapshot.applyDeferringTrim(Self.donation("e", date: Double(index), keepCount: 20)) }
        #expect((snapshot.donations["e"] ?? []).count > 20)
        snapshot.apply(Self.donation("e", date: 30, keepCount: 25))
        #expect(snapshot.keptDonations(of: "e").map(\.date) == (10...30).map(Double.init))
        #expect(snapshot.donationLimits.isEmpty)
    }

    @Test func queriesAndCountsSeeOnlyTheKeptDonations() async throws {
        let event = Tips.Event(id: "limited", keepCount: 100)
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend)
        let atLeast101 = TestTip(
            "Limited",
            rules: [.binary(.greaterOrEqual, .count(EventQuery(event: event, steps: [])), .literal(.int(101)))])
        let atLeast100 = TestTip(
            "Full", rules: [.binary(.greaterOrEqual, .count(EventQuery(event: event, steps: [])), .literal(.int(100)))])
        center.register([atLeast101, atLeast100])
        for _ in 0..<110 { event.sendDonation(in: center) }
        await event.donate(in: center)
        #expect(event.donationCount(in: center) == 100)
        #expect(center.status(for: atLeast101) == .pending)
        #expect(center.status(for: atLeast100) == .available)
        // A query through an event declared with a larger keep count still
        // sees only what was kept.
        let wider = Tips.Event(id: "limited", keepCount: 1_000)
        let atLeast101Wider = TestTip(
            "Wider", rules: [.binary(.greaterOrEqual, .count(EventQuery(event: wider, steps: [])), .literal(.int(101)))]
        )
        #expect(center.status(for: atLeast101Wider) == .pending)
        #expect(backend.committed.donations["limited"]?.count == 100)
    }

    @Test func theStoreNeverPersistsMoreThanTheKeepCount() throws {
        let directory = StoreDirectoryFixture()
        let store = Datastore(directory: directory.url, compactionThreshold: 2_048, onRecovery: { _ in })
        _ = store.load()
        for index in 0..<300 { _ = store.commitNow([Self.donation("e", date: Double(index), keepCount: 50)]) }
        #expect(store.compactions > 0)
        let bytes = try Data(contentsOf: directory.snapshotURL)
        guard case .valid(_, let persisted) = DatastoreFileFormat.readSnapshot([UInt8](bytes)) else {
            Issue.record("the snapshot does not read back")
            return
        }
        #expect((persisted.donations["e"] ?? []).count <= 50)
        #expect(persisted.donationLimits.isEmpty)
        let reopened = Datastore(directory: directory.url, onRecovery: { _ in })
        let loaded = reopened.load()
        #expect(loaded.donations["e"]?.map(\.date) == (250..<300).map(Double.init))
        #expect(loaded.donationLimits.isEmpty)
    }
}
