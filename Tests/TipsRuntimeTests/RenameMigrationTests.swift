import Foundation
import Testing
import TipsTestSupport

@testable import TipsRuntime

/// Two versions of an app on one store, through the public API: version 1
/// makes state under its names; version 2 renames everything
/// (`declaredRenames`, what generated tips carry) and finds all of it at
/// `configure`, reported once; version 1 run again still works.
@Suite struct RenameMigrationTests {
    enum Plan: String, TipValueConvertible { case free, premium, pro }

    /// A tip of either version: version 2's carry the module's renames.
    struct AppTip: Tip {
        let id: String
        let renames: Tips.Renames
        var title: String { id }
        var rules: [TipRule]
        var declaredRenames: Tips.Renames { renames }
    }

    static let renames = Tips.Renames(
        tips: [
            .init(from: "FavoriteTrailTip", to: "FavoriteTrail"),
            .init(
                from: Tips.TipIDPattern([.text("NewTrailTip-"), .argument("trailID")]),
                to: Tips.TipIDPattern([.text("new-trail-"), .argument("trailID")])),
        ],
        parameters: [.init(from: "isLoggedIn", to: "signedIn"), .init(from: "tier", to: "plan")],
        events: [.init(from: "openedTrailDetail", to: "openedDetail", keepCount: 1000)],
        enumCases: [
            .init(
                from: "premium", to: "pro", parameters: ["plan"],
                fields: [.init(event: "openedDetail", field: "plan")])
        ])

    /// The names of one version.
    struct Version: Sendable {
        let favorite: String
        let newTrail: @Sendable (String) -> String
        let loggedIn: Tips.Parameter<Bool>
        let plan: Tips.Parameter<Plan>
        let opened: Tips.Event
        let renames: Tips.Renames
        let premium: Plan

        func tip(_ id: String) -> AppTip {
            AppTip(
                id: id, renames: renames,
                rules: [TipRule(.parameter(loggedIn.reference), source: "", file: "", line: 1)])
        }
    }

    static let v1 = Version(
        favorite: "FavoriteTrailTip", newTrail: { "NewTrailTip-\($0)" },
        loggedIn: Tips.Parameter(id: "isLoggedIn", defaultValue: false),
        plan: Tips.Parameter(id: "tier", defaultValue: .free), opened: Tips.Event(id: "openedTrailDetail"),
        renames: Tips.Renames(), premium: .premium)
    static let v2 = Version(
        favorite: "FavoriteTrail", newTrail: { "new-trail-\($0)" },
        loggedIn: Tips.Parameter(id: "signedIn", defaultValue: false),
        plan: Tips.Parameter(id: "plan", defaultValue: .free), opened: Tips.Event(id: "openedDetail"),
        renames: renames, premium: .pro)

    /// Launches `version` on the store: registers its tips (none without
    /// one), then configures; the center's warnings are collected.
    static func launch(_ version: Version?, _ store: URL) async throws -> (TipCenter, Locked<[String]>) {
        let warnings = Locked<[String]>([])
        let center = TipCenter()
        if let version { center.register([version.tip(version.favorite), version.tip(version.newTrail("ridge"))]) }
        try await center.configure([
            .datastoreLocation(.url(store)), .arguments([]), .environment([:]),
            .onWarning { message in warnings.withLock { $0.append(message) } },
        ])
        return (center, warnings)
    }

    /// Makes state under `version`'s names: a closed tip, a displayed one, a
    /// parameter set, an enum value, two donations.
    static func makeState(_ version: Version, in center: TipCenter) async {
        await version.loggedIn.set(true, in: center)
        await version.plan.set(version.premium, in: center)
        await version.opened.donate(["plan": .enumCase(version.premium.rawValue)], in: center)
        await version.opened.donate(["plan": .enumCase("free")], in: center)
        await center.invalidateDurably(version.tip(version.favorite), reason: .tipClosed)
        await center.tipDidAppear(version.tip(version.newTrail("ridge")))
        await center.tipDidDisappear(version.tip(version.newTrail("ridge")))
    }

    @Test func version2FindsVersion1sStateUnderItsNewNamesReportedOnce() async throws {
        let store = StoreDirectoryFixture()
        let (first, _) = try await Self.launch(Self.v1, store.url)
        await Self.makeState(Self.v1, in: first)
        let launches = Tips.Parameter<Int>(id: "launches", defaultValue: 0)
        await launches.set(3, in: first)

        let (second, warnings) = try await Self.launch(Self.v2, store.url)
        #expect(Self.v2.tip("FavoriteTrail").status(in: second) == .invalidated(.tipClosed))
        #expect(Self.v2.loggedIn.value(in: second))
        #expect(Self.v2.plan.value(in: second) == .pro)
        #expect(
            Self.v2.opened.donations(in: second).map { $0.fields["plan"] } == [.enumCase("pro"), .enumCase("free")])
        let records = second.state.withLock { $0.facts.snapshot.tips }
        #expect(records["new-trail-ridge"]?.displayCount == 1)
        #expect(records["NewTrailTip-ridge"] == nil && records["FavoriteTrailTip"] == nil)
        // State that nothing renames is kept.
        #expect(launches.value(in: second) == 3)
        #expect(
            warnings.withLock { $0 }.sorted() == [
                "moved parameter 'plan' from case 'premium' to 'pro' (renamedFrom)",
                "moved the donations of event 'openedDetail' whose 'plan' is case 'premium' to 'pro' (renamedFrom)",
                "moved the donations of event 'openedTrailDetail' to 'openedDetail' (renamedFrom)",
                "moved the state of tip 'FavoriteTrailTip' to 'FavoriteTrail' (renamedFrom)",
                "moved the state of tip 'NewTrailTip-ridge' to 'new-trail-ridge' (renamedFrom)",
                "moved the value of parameter 'isLoggedIn' to 'signedIn' (renamedFrom)",
                "moved the value of parameter 'tier' to 'plan' (renamedFrom)",
            ])

        // The next launch finds everything where it is and reports nothing.
        let (third, again) = try await Self.launch(Self.v2, store.url)
        #expect(Self.v2.tip("FavoriteTrail").status(in: third) == .invalidated(.tipClosed))
        #expect(Self.v2.opened.donationCount(in: third) == 2)
        #expect(again.withLock { $0 }.isEmpty)
    }

    /// A testing switch left naming a tip's id from before its rename (a
    /// launch argument, a UI test) shows nothing, so it is reported with
    /// the id to pass now; an id no rename mentions is not.
    @Test func aTestingSwitchNamingATipsFormerIDIsReported() async throws {
        let store = StoreDirectoryFixture()
        let (center, warnings) = try await Self.launch(Self.v2, store.url)
        center.showTipsForTesting(["FavoriteTrailTip", "Unrelated"])
        #expect(
            warnings.withLock { $0 }.filter { $0.hasPrefix("showTipsForTesting") } == [
                "showTipsForTesting names \"FavoriteTrailTip\", the id tip \"FavoriteTrail\" had before it was "
                    + "renamed (renamedFrom); no tip in use has it now: pass \"FavoriteTrail\", or the tip's type, as "
                    + "in [FavoriteTrail.self], which a rename cannot break."
            ])
        #expect(Self.v2.tip("FavoriteTrail").status(in: center) == .pending, "the old id shows nothing")
    }

    @Test func version1RunAgainStartsAfreshAndVersion2MergesWhatItMade() async throws {
        let store = try await Self.storeWithVersion1State()
        _ = try await Self.launch(Self.v2, store.url)

        // A rollback: version 1 finds its renamed tips as new, and works.
        let (rollback, _) = try await Self.launch(Self.v1, store.url)
        #expect(Self.v1.tip(Self.v1.favorite).status(in: rollback) == .pending)
        await Self.v1.loggedIn.set(true, in: rollback)
        #expect(Self.v1.tip(Self.v1.favorite).status(in: rollback) == .available)
        await Self.v1.opened.donate(["plan": .enumCase("premium")], in: rollback)
        await rollback.tipDidAppear(Self.v1.tip(Self.v1.newTrail("ridge")))
        await rollback.tipDidDisappear(Self.v1.tip(Self.v1.newTrail("ridge")))

        // Version 2 again: both identities held state; they merge.
        let (merged, warnings) = try await Self.launch(Self.v2, store.url)
        #expect(Self.v2.tip("FavoriteTrail").status(in: merged) == .invalidated(.tipClosed))
        #expect(Self.v2.opened.donationCount(in: merged) == 3)
        #expect(Self.v2.opened.donations(in: merged).allSatisfy { $0.fields["plan"] != .enumCase("premium") })
        #expect(merged.state.withLock { $0.facts.snapshot.tips["new-trail-ridge"]?.displayCount } == 2)
        #expect(warnings.withLock { $0 }.count == 4)
        #expect(Self.v2.loggedIn.value(in: merged))
    }

    /// Version 2's parameter and event as generated code declares them: carrying the module's renames.
    static let generatedSignedIn = Tips.Parameter(id: "signedIn", defaultValue: false, renames: renames)
    static let generatedOpened = Tips.Event(id: "openedDetail", renames: renames)

    /// A store that version 1 made its state in.
    static func storeWithVersion1State() async throws -> StoreDirectoryFixture {
        let store = StoreDirectoryFixture()
        let (first, _) = try await launch(v1, store.url)
        await makeState(v1, in: first)
        return store
    }

    /// Generated events and parameters carry their module's renames (as
    /// `Tips.Event.renames`): read before any tip of the module exists, they
    /// find what was stored under their old names; the first write that
    /// meets the renames moves it all, once.
    @Test func aRenamedParameterOrEventReadBeforeAnyTipFindsItsMovedState() async throws {
        let store = try await Self.storeWithVersion1State()
        let (signedIn, opened) = (Self.generatedSignedIn, Self.generatedOpened)
        #expect(opened == Tips.Event(id: "openedDetail"), "the renames are not part of the event's value")

        let (center, warnings) = try await Self.launch(nil, store.url)
        #expect(opened.donationCount(in: center) == 2)
        #expect(signedIn.value(in: center))
        #expect(warnings.withLock { $0 }.isEmpty, "a read moves nothing")
        #expect(!Self.v2.loggedIn.value(in: center), "unmoved: a parameter without the renames reads its default")
        await opened.donate(in: center)
        #expect(warnings.withLock { $0 }.count == 7)
        #expect(Self.v2.loggedIn.value(in: center), "moved by the donation")
        #expect(opened.donationCount(in: center) == 3)
        #expect(Self.v2.tip("FavoriteTrail").status(in: center) == .invalidated(.tipClosed))
        #expect(warnings.withLock { $0 }.count == 7, "reported once")
    }

    /// A renamed parameter set before `configure` (kept, as any value set
    /// then): the moved value does not replace the one this version set.
    @Test func aRenamedParameterSetBeforeConfigureKeepsItsNewValue() async throws {
        let store = try await Self.storeWithVersion1State()
        let (signedIn, opened) = (Self.generatedSignedIn, Self.generatedOpened)
        let center = TipCenter()
        await signedIn.set(false, in: center)
        await opened.donate(in: center)
        try await center.configure([.datastoreLocation(.url(store.url)), .arguments([]), .environment([:])])
        #expect(!signedIn.value(in: center))
        #expect(opened.donationCount(in: center) == 3)
        #expect(Self.v2.plan.value(in: center) == .pro, "the other renames moved too")
    }

    @Test func aTipRegisteredAfterConfigureMovesTheStateBeforeItsFirstStatus() async throws {
        let store = try await Self.storeWithVersion1State()
        let (center, _) = try await Self.launch(nil, store.url)
        // A hand-written parameter carries no renames: it reads as its default until a tip brings them.
        #expect(!Self.v2.loggedIn.value(in: center))
        #expect(Self.v2.tip("FavoriteTrail").status(in: center) == .invalidated(.tipClosed), "read as moved")
        #expect(!Self.v2.loggedIn.value(in: center), "a status read moves nothing")
        center.register([Self.v2.tip("FavoriteTrail")])
        #expect(Self.v2.tip("FavoriteTrail").status(in: center) == .invalidated(.tipClosed))
        #expect(Self.v2.loggedIn.value(in: center))
        // Durable once the pipeline has written it.
        await Self.v2.plan.set(.free, in: center)
        let reloaded = Datastore(directory: store.url, onRecovery: { _ in }).load()
        #expect(reloaded.parameters["signedIn"] == .bool(true) && reloaded.parameters["isLoggedIn"] == nil)
    }
}
