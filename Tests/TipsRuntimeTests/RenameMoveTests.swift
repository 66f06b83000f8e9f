import Foundation
import Testing

@testable import TipsRuntime

/// Moving stored state to renamed identities: the merge, the moves a
/// module's renames make, their journal record, and the file versions.
@Suite struct RenameMoveTests {
    static func donation(_ date: Double, _ fields: [String: TipValue] = [:]) -> StoredDonation {
        StoredDonation(date: date, fields: fields)
    }

    @Test func aTipRecordMovesAndMergesKeepingAnInvalidation() {
        var snapshot = DatastoreSnapshot()
        snapshot.tips["old"] = TipRecord(
            displayCount: 2, displayDuration: 30, firstDisplayDate: 10, lastDisplayDate: 20,
            invalidation: StoredInvalidation(reason: .tipClosed, date: 25))
        snapshot.tips["new"] = TipRecord(displayCount: 1, displayDuration: 5, firstDisplayDate: 40, lastDisplayDate: 40)
        snapshot.apply(.move(.tip(from: "old", to: "new")))
        #expect(snapshot.tips["old"] == nil)
        #expect(
            snapshot.tips["new"]
                == TipRecord(
                    displayCount: 3, displayDuration: 35, firstDisplayDate: 10, lastDisplayDate: 40,
                    invalidation: StoredInvalidation(reason: .tipClosed, date: 25)))
        // Moving again finds nothing to move.
        let moved = snapshot
        snapshot.apply(.move(.tip(from: "old", to: "new")))
        #expect(snapshot == moved)
    }

    @Test func aResetOfTheNewTipAfterTheOldInvalidationLiftsIt() {
        let old = TipRecord(displayCount: 1, invalidation: StoredInvalidation(reason: .actionPerformed, date: 10))
        let new = TipRecord(eligibleSince: 50)
        let merged = new.merged(with: old)
        #expect(merged.invalidation == nil)
        #expect(merged.eligibleSince == 50)
        let later = TipRecord(invalidation: StoredInvalidation(reason: .tipClosed, date: 60))
        #expect(new.merged(with: later).invalidation?.date == 60)
        // Both invalidated: the earlier invalidation stands.
        #expect(later.merged(with: old).invalidation == StoredInvalidation(reason: .actionPerformed, date: 10))
        // Counts saturate instead of trapping on hostile records.
        #expect(TipRecord(displayCount: .max).merged(with: TipRecord(displayCount: 5)).displayCount == .max)
    }

    @Test func aParameterMovesUnlessTheNewNameHoldsAValue() {
        var snapshot = DatastoreSnapshot()
        snapshot.parameters = ["isLoggedIn": .bool(true), "plan": .enumCase("premium")]
        snapshot.apply(.move(.parameter(from: "isLoggedIn", to: "signedIn")))
        #expect(snapshot.parameters == ["signedIn": .bool(true), "plan": .enumCase("premium")])
        snapshot.parameters["old"] = .bool(false)
        snapshot.apply(.move(.parameter(from: "old", to: "signedIn")))
        #expect(snapshot.parameters["signedIn"] == .bool(true))
        #expect(snapshot.parameters["old"] == nil)
        snapshot.apply(.move(.parameterCase(parameter: "plan", from: "premium", to: "pro")))
        #expect(snapshot.parameters["plan"] == .enumCase("pro"))
    }

    @Test func donationsAreUnitedOldestFirstAndCutToTheKeepCount() {
        var snapshot = DatastoreSnapshot()
        snapshot.donations["old"] = [Self.donation(1), Self.donation(3), Self.donation(5)]
        snapshot.donations["new"] = [Self.donation(2), Self.donation(4)]
        snapshot.apply(.move(.donations(from: "old", to: "new", keepCount: 4)))
        #expect(snapshot.donations["old"] == nil)
        #expect(snapshot.donations["new"]?.map(\.date) == [2, 3, 4, 5])
        snapshot.donations["e"] = [
            Self.donation(1, ["plan": .enumCase("premium")]), Self.donation(2, ["plan": .enumCase("free")]),
        ]
        snapshot.apply(.move(.fieldCase(event: "e", field: "plan", from: "premium", to: "pro")))
        #expect(snapshot.donations["e"]?.map { $0.fields["plan"] } == [.enumCase("pro"), .enumCase("free")])
    }

    @Test func everyMoveRoundTripsThroughTheJournalCodec() throws {
        let moves: [DatastoreMutation] = [
            .move(.tip(from: "a", to: "b")), .move(.parameter(from: "p", to: "q")),
            .move(.donations(from: "e", to: "f", keepCount: -3)),
            .move(.parameterCase(parameter: "p", from: "x", to: "y")),
            .move(.fieldCase(event: "e", field: "f", from: "x", to: "y")),
        ]
        #expect(try DatastoreCodec.decodeBatch(DatastoreCodec.encodeBatch(moves)) == moves)
        var bad = DatastoreCodec.encodeBatch([.move(.tip(from: "a", to: "b"))])
        bad[2] = 9  // The move's kind.
        #expect(throws: DatastoreDecodingError.self) { try DatastoreCodec.decodeBatch(bad) }
    }

    @Test func aReusableTipsIDPatternMatchesItsInstances() {
        let pattern = Tips.TipIDPattern([.text("NewTrailTip-"), .argument("trailID")])
        #expect(pattern.match("NewTrailTip-t1") == ["trailID": "t1"])
        #expect(pattern.match("NewTrailTip-") == ["trailID": ""])
        #expect(pattern.match("OtherTip-t1") == nil)
        let two = Tips.TipIDPattern([.argument("a"), .text("-"), .argument("b"), .text("!")])
        #expect(two.match("x-y-z!") == ["a": "x", "b": "y-z"])
        let twice = Tips.TipIDPattern([.argument("a"), .text("/"), .argument("a")])
        #expect(twice.match("k/k") == ["a": "k"])
        #expect(twice.match("k/j") == nil)
        #expect(
            Tips.TipIDPattern([.text("new-"), .argument("b"), .argument("a")]).filled(with: ["a": "1", "b": "2"])
                == "new-21")
        #expect(Tips.TipIDPattern([.argument("c")]).filled(with: ["a": "1"]) == nil)
        #expect(pattern.description == "NewTrailTip-\\(trailID)")
    }

    static let renames = Tips.Renames(
        tips: [
            .init(from: "FavoriteTrailTip", to: "FavoriteTrail"),
            .init(
                from: Tips.TipIDPattern([.text("NewTrailTip-"), .argument("trailID")]),
                to: Tips.TipIDPattern([.text("new-trail-"), .argument("trailID")])),
        ],
        parameters: [.init(from: "isLoggedIn", to: "signedIn")],
        events: [.init(from: "openedTrailDetail", to: "openedDetail", keepCount: 1000)],
        enumCases: [
            .init(
                from: "premium", to: "pro", parameters: ["plan"],
                fields: [.init(event: "upgraded", field: "plan")])
        ])

    @Test func aModulesRenamesMoveWhatTheStoreHoldsOnceAndSayWhat() {
        var snapshot = DatastoreSnapshot()
        snapshot.tips["FavoriteTrailTip"] = TipRecord(invalidation: StoredInvalidation(reason: .tipClosed, date: 1))
        snapshot.tips["NewTrailTip-a"] = TipRecord(displayCount: 1)
        snapshot.tips["NewTrailTip-b"] = TipRecord(displayCount: 2)
        snapshot.tips["Unrelated"] = TipRecord(displayCount: 9)
        snapshot.parameters = ["isLoggedIn": .bool(true), "plan": .enumCase("premium"), "gone": .int(1)]
        snapshot.donations["openedTrailDetail"] = [Self.donation(1)]
        snapshot.donations["upgraded"] = [Self.donation(2, ["plan": .enumCase("premium")])]
        let found = Self.renames.moves(applyingTo: &snapshot)
        #expect(
            found.map(\.report) == [
                "moved the state of tip 'FavoriteTrailTip' to 'FavoriteTrail' (renamedFrom)",
                "moved the state of tip 'NewTrailTip-a' to 'new-trail-a' (renamedFrom)",
                "moved the state of tip 'NewTrailTip-b' to 'new-trail-b' (renamedFrom)",
                "moved the value of parameter 'isLoggedIn' to 'signedIn' (renamedFrom)",
                "moved the donations of event 'openedTrailDetail' to 'openedDetail' (renamedFrom)",
                "moved parameter 'plan' from case 'premium' to 'pro' (renamedFrom)",
                "moved the donations of event 'upgraded' whose 'plan' is case 'premium' to 'pro' (renamedFrom)",
            ])
        #expect(Set(snapshot.tips.keys) == ["FavoriteTrail", "new-trail-a", "new-trail-b", "Unrelated"])
        #expect(snapshot.parameters == ["signedIn": .bool(true), "plan": .enumCase("pro"), "gone": .int(1)])
        #expect(snapshot.donations["openedDetail"]?.count == 1)
        // What nothing renames is kept; a second pass finds nothing to move.
        #expect(snapshot.tips["Unrelated"]?.displayCount == 9)
        #expect(Self.renames.moves(applyingTo: &snapshot).isEmpty)
    }

    @Test func anIDTheNewPatternMatchesIsNeverMovedAgain() {
        let renames = Tips.Renames(tips: [
            .init(
                from: Tips.TipIDPattern([.text("trail-"), .argument("id")]),
                to: Tips.TipIDPattern([.text("trail-v2-"), .argument("id")]))
        ])
        var snapshot = DatastoreSnapshot()
        snapshot.tips["trail-a"] = TipRecord(displayCount: 1)
        #expect(renames.moves(applyingTo: &snapshot).count == 1)
        #expect(Set(snapshot.tips.keys) == ["trail-v2-a"])
        #expect(renames.moves(applyingTo: &snapshot).isEmpty)
    }

    @Test func aMoveIsOneJournalRecordThatAnotherProcessTakesIn() throws {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let first = log.datastore(directory.url)
        _ = first.load()
        #expect(first.commitNow([.setParameter(id: "isLoggedIn", value: .bool(true))]))
        let other = log.datastore(directory.url)
        _ = other.load()
        #expect(first.commitNow([.move(.parameter(from: "isLoggedIn", to: "signedIn"))]))
        // Files of format version 3, the first to hold a move.
        #expect(try Data(contentsOf: directory.snapshotURL)[8] == 3)
        var seen = DatastoreSnapshot(parameters: ["isLoggedIn": .bool(true)])
        for mutation in other.takeOutsideChangesNow() { seen.apply(mutation) }
        #expect(seen.parameters == ["signedIn": .bool(true)])
        // A fresh load finds the value under its new name only.
        #expect(log.datastore(directory.url).load().parameters == ["signedIn": .bool(true)])
        #expect(log.all.isEmpty)
    }
}
