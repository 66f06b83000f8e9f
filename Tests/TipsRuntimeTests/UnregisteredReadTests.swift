import Foundation
import Testing

@testable import TipsRuntime

/// A read of a tip not registered (`status`, `shouldDisplay`, `explanation`)
/// answers what it would answer right after registering the tip, and leaves
/// no trace: nothing recorded or written, published, reported or warned, and
/// the tip still unregistered.
@Suite struct UnregisteredReadTests {
    /// A tip with what generated tips may carry: options, a `config` block, renames.
    private struct ReadTip: Tip {
        let id: String
        var title: String { id }
        var options = Tips.Options()
        var declaredConfiguration: Tips.DeclaredConfiguration?
        var declaredRenames = Tips.Renames()
    }

    /// What a center shows of itself: its store as committed and as this
    /// process holds it, its registered tips, the display frequency in force.
    private struct Footprint: Equatable {
        let committed: DatastoreSnapshot
        let facts: DatastoreSnapshot
        let registered: [String]
        let frequency: Tips.DisplayFrequency
    }

    /// A configured center on an in-memory store holding `stored`, with a
    /// registered tip "Other" whose status observer logs what it is told,
    /// and logs of the activities and warnings reported.
    private struct World {
        let center: TipCenter
        let backend: InMemoryDatastore
        let activities = Locked<[String]>([])
        let warnings = Locked<[String]>([])
        let otherTold = Locked<[Tips.Status]>([])

        init(stored: DatastoreSnapshot = DatastoreSnapshot(), clock: ManualClock = ManualClock()) async throws {
            backend = InMemoryDatastore(stored)
            let (activities, warnings, otherTold) = (activities, warnings, otherTold)
            center = try await makeCenter(
                clock: clock, backend: backend,
                [
                    .onActivity { activity in
                        activities.withLock { $0.append("\(activity.tipID) \(activity.kind.name)") }
                    },
                    .onWarning { message in warnings.withLock { $0.append(message) } },
                ])
            center.withState { state in
                let other = state.register(TestTip("Other"))
                _ = state.publication.addStatusObserver(of: other) { status in
                    otherTold.withLock { $0.append(status) }
                }
            }
        }

        func footprint() -> Footprint {
            let committed = backend.committed
            return center.state.withLock { state in
                Footprint(
                    committed: committed, facts: state.facts.snapshot, registered: state.registry.ordered.map(\.id),
                    frequency: state.settings.frequency)
            }
        }

        /// Empties the logs.
        func clearLogs() {
            activities.withLock { $0 = [] }
            warnings.withLock { $0 = [] }
            otherTold.withLock { $0 = [] }
        }
    }

    /// Reads the unregistered `tip`'s status and explanation twice, checks
    /// the reads agree, answer `expected` and left no trace; then registers
    /// the tip and checks it has the status and explanation read.
    private func expectReadsAnswerAsRegistering(
        _ tip: any Tip, in world: World, expected: Tips.Status, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = world.footprint()
        world.clearLogs()
        let status = tip.status(in: world.center)
        let explanation = tip.explanation(in: world.center)
        #expect(status == expected, sourceLocation: sourceLocation)
        #expect(tip.status(in: world.center) == status, "a second read", sourceLocation: sourceLocation)
        #expect(tip.explanation(in: world.center) == explanation, "a second read", sourceLocation: sourceLocation)
        #expect(tip.shouldDisplay(in: world.center) == (status == .available), sourceLocation: sourceLocation)
        #expect(world.footprint() == before, "nothing recorded, written or registered", sourceLocation: sourceLocation)
        #expect(world.activities.withLock { $0 }.isEmpty, "no activity", sourceLocation: sourceLocation)
        #expect(world.otherTold.withLock { $0 }.isEmpty, "no other tip's observer told", sourceLocation: sourceLocation)
        #expect(world.warnings.withLock { $0 }.isEmpty, "no warning", sourceLocation: sourceLocation)
        world.center.register([tip])
        #expect(
            tip.status(in: world.center) == status, "the status registering gives", sourceLocation: sourceLocation)
        #expect(
            tip.explanation(in: world.center) == explanation, "the explanation registering gives",
            sourceLocation: sourceLocation)
    }

    @Test func anInvalidatingEventDonatedInvalidatesTheTipReadWithoutRecordingIt() async throws {
        let world = try await World()
        await Fixture.favorited.donate(in: world.center)
        let tip = ReadTip(id: "Favorite", options: Tips.Options(invalidatedBy: [Fixture.favorited]))
        expectReadsAnswerAsRegistering(tip, in: world, expected: .invalidated(.actionPerformed))
        #expect(world.activities.withLock { $0 } == ["Favorite invalidated"], "registering records it")
    }

    @Test func aDisplayLimitReachedInStoredFactsInvalidatesTheTipReadWithoutRecordingIt() async throws {
        var stored = DatastoreSnapshot()
        stored.tips["Limited"] = TipRecord(displayCount: 2, firstDisplayDate: 0, lastDisplayDate: 0)
        let world = try await World(stored: stored)
        let tip = ReadTip(id: "Limited", options: Tips.Options(maxDisplayCount: 2))
        expectReadsAnswerAsRegistering(tip, in: world, expected: .invalidated(.displayCountExceeded))
        #expect(world.backend.committed.tips["Limited"]?.invalidation?.reason == .displayCountExceeded)
    }

    @Test func aHoldoutOnAFreshStoreIsReadWithTheSeedRegisteringRecords() async throws {
        let world = try await World()
        // 64 tips, each held out of half the installs: reads that drew a seed
        // of their own would disagree with registration about one of them.
        let tips = (0..<64).map { ReadTip(id: "Held\($0)", options: Tips.Options(holdoutPercent: 50)) }
        let before = world.footprint()
        world.clearLogs()
        let read = tips.map { $0.status(in: world.center) }
        #expect(tips.map { $0.status(in: world.center) } == read, "a second read")
        #expect(read.contains(.pending) && read.contains(.available))
        #expect(world.footprint() == before, "no seed recorded, no tip registered")
        #expect(world.backend.committed.holdoutSeed == nil)
        #expect(world.activities.withLock { $0 }.isEmpty, "no heldOut or becameAvailable reported")
        #expect(world.otherTold.withLock { $0 }.isEmpty)
        world.center.register(tips)
        #expect(tips.map { $0.status(in: world.center) } == read, "the statuses registering gives")
        #expect(world.backend.committed.holdoutSeed != nil, "registering records the seed")
    }

    /// An app that only reads its holdout tips still keeps the membership
    /// its reads showed: the first write after them, whatever it is,
    /// records the seed they answered with, so the next launch reads alike.
    @Test func theFirstWriteAfterAHoldoutReadRecordsTheSeedTheReadShowed() async throws {
        let world = try await World()
        let tips = (0..<64).map { ReadTip(id: "Held\($0)", options: Tips.Options(holdoutPercent: 50)) }
        let read = tips.map { $0.status(in: world.center) }
        #expect(world.backend.committed.holdoutSeed == nil, "a read records nothing")
        await Fixture.favorited.donate(in: world.center)
        let seed = try #require(world.backend.committed.holdoutSeed, "the donation records the seed first")
        #expect(tips.map { $0.status(in: world.center) } == read)
        #expect(world.center.state.withLock { $0.registry.ordered.map(\.id) } == ["Other"])

        #expect(seed == world.center.state.withLock { $0.facts.holdoutSeedToRecord })
        let nextLaunch = try await World(stored: world.backend.committed)
        #expect(tips.map { $0.status(in: nextLaunch.center) } == read, "the next launch reads alike")
    }

    @Test func stateStoredUnderARenamedIDIsReadUnderTheNewOneWithoutMovingIt() async throws {
        var stored = DatastoreSnapshot()
        stored.tips["OldFavorite"] = TipRecord(invalidation: StoredInvalidation(reason: .tipClosed, date: 1_000))
        let world = try await World(stored: stored)
        let tip = ReadTip(
            id: "Favorite", declaredRenames: Tips.Renames(tips: [.init(from: "OldFavorite", to: "Favorite")]))
        expectReadsAnswerAsRegistering(tip, in: world, expected: .invalidated(.tipClosed))
        #expect(
            world.warnings.withLock { $0 } == ["moved the state of tip 'OldFavorite' to 'Favorite' (renamedFrom)"],
            "registering moves it")
        #expect(world.backend.committed.tips["OldFavorite"] == nil)
    }

    /// A generated parameter or event carries its module's renames: read
    /// before the center meets them, its value and donations are those
    /// stored under the old ids, and nothing moves until a write meets them.
    @Test func aRenamedParameterOrEventIsReadUnderItsNewIDWithoutMovingIt() async throws {
        var stored = DatastoreSnapshot()
        stored.parameters["isLoggedIn"] = .bool(true)
        stored.donations["openedTrail"] = [StoredDonation(date: 1_000, fields: [:])]
        let world = try await World(stored: stored)
        let renames = Tips.Renames(
            parameters: [.init(from: "isLoggedIn", to: "signedIn")],
            events: [.init(from: "openedTrail", to: "openedDetail")])
        let signedIn = Tips.Parameter(id: "signedIn", defaultValue: false, renames: renames)
        let opened = Tips.Event(id: "openedDetail", renames: renames)
        let before = world.footprint()
        world.clearLogs()
        #expect(signedIn.value(in: world.center))
        #expect(opened.donationCount(in: world.center) == 1)
        #expect(opened.donations(in: world.center).map(\.date) == [Date(timeIntervalSince1970: 1_000)])
        #expect(signedIn.value(in: world.center), "a second read")
        #expect(world.footprint() == before, "nothing moved, recorded or written")
        #expect(world.warnings.withLock { $0 }.isEmpty, "no move reported")
        await opened.donate(in: world.center)
        #expect(world.warnings.withLock { $0 }.count == 2, "the first write moves both, and reports each")
        #expect(world.backend.committed.parameters == ["signedIn": .bool(true)])
        #expect(opened.donationCount(in: world.center) == 2)
    }

    @Test func aConfigBlocksDisplayFrequencyAppliesToTheTipReadWithoutHoldingBackOthers() async throws {
        let clock = ManualClock()
        let world = try await World(clock: clock)
        let shown = TestTip("Shown")
        await world.center.tipDidAppear(shown)
        await world.center.tipDidDisappear(shown)
        clock.advance(by: 60)
        let tip = ReadTip(
            id: "Daily", declaredConfiguration: Tips.DeclaredConfiguration(displayFrequency: .daily, file: "App.tips"))
        expectReadsAnswerAsRegistering(tip, in: world, expected: .pending)
        #expect(TestTip("Other").status(in: world.center) == .pending, "registering holds back the others")
        #expect(world.otherTold.withLock { $0 } == [.pending])
    }

    @Test func aReadBeforeConfigureLeavesTheTipUnregistered() {
        let center = TipCenter(backend: InMemoryDatastore())
        let tip = ReadTip(id: "Early", options: Tips.Options(holdoutPercent: 50))
        #expect(tip.status(in: center) == .pending)
        #expect(tip.explanation(in: center).gates == [.notConfigured])
        #expect(center.state.withLock { $0.registry["Early"] == nil })
    }
}
