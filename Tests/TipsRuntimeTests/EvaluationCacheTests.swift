import Foundation
import Testing

@testable import TipsRuntime

/// The evaluation cache's invariant: a field column is aligned with its
/// event's stored donations, or it is dropped and rebuilt before use.
@Suite struct EvaluationCacheTests {
    private func donation(_ region: String, at date: Double) -> StoredDonation {
        StoredDonation(date: date, fields: ["region": .string(region)])
    }

    private func values(_ cache: EvaluationCache) -> [TipValue?]? {
        cache.fieldColumns["visited"]?["region"].map { column in (0..<column.count).map { column.value(at: $0) } }
    }

    @Test func preparingBuildsOnlyMissingOrStaleColumns() {
        var cache = EvaluationCache()
        let list = [donation("north", at: 1), donation("south", at: 2)]
        let built = cache.prepare(for: ["visited": ["region"]], donations: ["visited": list])
        #expect(built)
        #expect(values(cache) == [.string("north"), .string("south")])
        let builtAgain = cache.prepare(for: ["visited": ["region"]], donations: ["visited": list])
        #expect(!builtAgain, "already aligned")
        let longer = list + [donation("east", at: 3)]
        let rebuilt = cache.prepare(for: ["visited": ["region"]], donations: ["visited": longer])
        #expect(rebuilt, "stale")
    }

    @Test func aColumnFollowsADonationAppendedAtTheEndAndTheOldestTrimmed() {
        var cache = EvaluationCache()
        let list = [donation("north", at: 1), donation("south", at: 2)]
        cache.prepare(for: ["visited": ["region"]], donations: ["visited": list])
        let new = donation("east", at: 3)
        cache.follow(donation: new, of: "visited", oldCount: 2, list: [list[1], new])
        #expect(values(cache) == [.string("south"), .string("east")])
    }

    @Test func aDonationThatIsNotAtTheEndDropsTheColumns() {
        var cache = EvaluationCache()
        let list = [donation("north", at: 5)]
        cache.prepare(for: ["visited": ["region"]], donations: ["visited": list])
        let earlier = donation("south", at: 1)
        cache.follow(donation: earlier, of: "visited", oldCount: 1, list: [earlier] + list)
        #expect(cache.fieldColumns["visited"] == nil)
    }

    @Test func droppingForgetsOneEventOrAll() {
        var cache = EvaluationCache()
        let donations = ["visited": [donation("north", at: 1)], "other": [donation("x", at: 1)]]
        cache.prepare(for: ["visited": ["region"], "other": ["region"]], donations: donations)
        cache.drop("visited")
        #expect(cache.fieldColumns["visited"] == nil)
        #expect(cache.fieldColumns["other"] != nil)
        cache.dropAll()
        #expect(cache.fieldColumns.isEmpty)
    }
}
