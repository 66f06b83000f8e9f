import Foundation
import Testing
import TipsRuntime
import TipsTestSupport
import TrailsTips

/// The Trails sample's tips, compiled from Samples/Trails/Tips/*.tips by
/// TipsPlugin during `swift build`, exercised against the runtime.
@Suite struct TrailsTipsTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600))
    let center = TipCenter()
    let store = TemporaryDirectory("trails-e2e")

    /// No `.displayFrequency`: Trails.tips's `config { displayFrequency daily }` applies by itself.
    init() async throws {
        try await center.configure([.datastoreLocation(.url(store.url)), .clock(clock)])
    }

    func openTrails(_ count: Int) async {
        for _ in 0..<count { await TipEvents.openedTrailDetail.donate(in: center) }
    }

    @Test func generatedTipsCarryTheirCopy() {
        let tip = FavoriteTrail()
        #expect(tip.id == "FavoriteTrail")
        #expect(tip.title == "Save as a Favorite")
        #expect(tip.image == "star")
        #expect(tip.actions == [Tips.Action(id: "learnMore", title: "Learn More")])
        #expect(tip.rules.count == 3)
        #expect(TipsConfiguration.displayFrequency == .daily)
        #expect(tip.declaredConfiguration == Tips.DeclaredConfiguration(displayFrequency: .daily, file: "Trails.tips"))
        #expect(RotateMap().declaredConfiguration == tip.declaredConfiguration, "Compass.tips has no config of its own")
    }

    /// Samples/Trails/Tips/Tips.xcstrings (German and Japanese), passed by TipsPlugin to tipc.
    @Test func generatedTipsSpeakTheCatalogsLanguages() {
        #expect(Tips.withLanguage("de") { FavoriteTrail().title } == "Als Favorit sichern")
        #expect(
            Tips.withLanguage("de-AT") { FavoriteTrail().actions } == [
                Tips.Action(id: "learnMore", title: "Mehr erfahren")
            ])
        let trail = NewTrail(trailID: "takao", name: "高尾山", region: "東京")
        #expect(Tips.withLanguage("ja-JP") { trail.title } == "高尾山が開通しました")
        #expect(Tips.withLanguage("ja") { trail.message } == "地図上の東京をタップすると、トレイルが表示されます。")
        #expect(Tips.withLanguage("ja") { trail.id } == "new-trail-takao", "ids are never translated")
        #expect(Tips.withLanguage("fr") { RotateMap().title } == "Reorient the map", "no French: the source text")
        #expect(Tips.withLanguage("en") { trail.title } == "高尾山 is now open")
    }

    @Test func anExplicitFrequencyOverridesTheTrailsConfig() async throws {
        let immediate = TipCenter()
        try await immediate.configure([.datastoreLocation(.inMemory), .clock(clock), .displayFrequency(.immediate)])
        await immediate.tipDidAppear(ShowLocation())
        #expect(immediate.status(for: RotateMap()) == .available)
    }

    @Test func donationsReadBackTypedWithTheirDates() async {
        await TipEvents.visitedRegion.donate(region: "Alps", in: center)
        clock.advance(by: 60)
        TipEvents.visitedRegion.sendDonation(region: "Andes", in: center)
        let donations = TipEvents.visitedRegion.donations(in: center)
        #expect(donations.map(\.region) == ["Alps", "Andes"])
        #expect(donations.map(\.date) == [clock.now.addingTimeInterval(-60), clock.now])
        await TipEvents.openedTrailDetail.donate(in: center)
        #expect(TipEvents.openedTrailDetail.donations(in: center).map(\.date) == [clock.now])
        await TipEvents.visitedRegion.deleteDonations(in: center)
        #expect(TipEvents.visitedRegion.donations(in: center).isEmpty)
        #expect(TipEvents.openedTrailDetail.donations(in: center).count == 1, "another event's are kept")
    }

    @Test func typedSendDonationRecordsAtOnce() {
        let tip = NewTrail(trailID: "x", name: "X", region: "Alps")
        for _ in 0..<4 { TipEvents.visitedRegion.sendDonation(region: "Alps", in: center) }
        #expect(center.status(for: tip) == .available, "applied before sendDonation returns")
        TipEvents.openedTrailDetail.sendDonation(in: center)
        #expect(TipEvents.openedTrailDetail.event.donationCount(in: center) == 1)
    }

    @Test func favoriteTrailNeedsThreeOpeningsWithinFiveDaysWhileSignedIn() async {
        let tip = FavoriteTrail()
        await openTrails(3)
        #expect(center.status(for: tip) == .pending, "signed out")

        await TipParameters.isSignedIn.set(true, in: center)
        #expect(center.status(for: tip) == .available)
    }

    @Test func favoriteTrailStaysPendingAfterTwoOpenings() async {
        await TipParameters.isSignedIn.set(true, in: center)
        await openTrails(2)
        #expect(center.status(for: FavoriteTrail()) == .pending)
        await openTrails(1)
        #expect(center.status(for: FavoriteTrail()) == .available)
    }

    @Test func favoriteTrailLapsesOnceTheFiveDayWindowPasses() async {
        await TipParameters.isSignedIn.set(true, in: center)
        await openTrails(3)
        #expect(center.status(for: FavoriteTrail()) == .available)
        clock.advance(by: 5 * 86_400 + 1)
        #expect(center.status(for: FavoriteTrail()) == .pending)
    }

    @Test func favoritingATrailInvalidatesTheTip() async {
        await TipParameters.isSignedIn.set(true, in: center)
        await openTrails(3)
        await TipEvents.favoritedTrail.donate(trailID: "lake-blanche", in: center)
        #expect(center.status(for: FavoriteTrail()) == .invalidated(.actionPerformed))
    }

    @Test func compassTipsTeachShowLocationThenRotateMap() async {
        let group = CompassTips.makeGroup(in: center)
        #expect(group.currentTip?.id == "ShowLocation")

        await center.tipDidAppear(ShowLocation())
        await center.tipDidDisappear(ShowLocation())
        clock.advance(by: 2 * 86_400)
        #expect(group.currentTip?.id == "ShowLocation", "displayed is not enough: RotateMap waits")

        await center.invalidateDurably(ShowLocation(), reason: .actionPerformed)
        #expect(group.currentTip?.id == "RotateMap")
    }

    @Test func newTrailInstancesKeepSeparateState() async {
        let butlerFork = NewTrail(trailID: "butler-fork", name: "Butler Fork", region: "Big Cottonwood")
        let lakeBlanche = NewTrail(trailID: "lake-blanche", name: "Lake Blanche", region: "Big Cottonwood")
        #expect(butlerFork.id == "new-trail-butler-fork")
        #expect(butlerFork.title == "Butler Fork is now open")
        for _ in 0..<4 { await TipEvents.visitedRegion.donate(region: "Big Cottonwood", in: center) }
        #expect(center.status(for: butlerFork) == .available)
        #expect(center.status(for: lakeBlanche) == .available)

        await center.invalidateDurably(butlerFork, reason: .tipClosed)
        #expect(center.status(for: butlerFork) == .invalidated(.tipClosed))
        #expect(center.status(for: lakeBlanche) == .available)
    }

    @Test func newTrailRuleMatchesOnlyItsOwnRegion() async {
        let tip = NewTrail(trailID: "x", name: "X", region: "Alps")
        for _ in 0..<4 { await TipEvents.visitedRegion.donate(region: "Big Cottonwood", in: center) }
        #expect(center.status(for: tip) == .pending)
    }

    /// Trails.tips's `holdout 10%` on OfflineMaps: the testing switch decides
    /// membership, so the outcome never depends on the install's random seed.
    @Test func aHeldOutInstallNeverSeesOfflineMapsAndHearsHeldOut() async throws {
        #expect(OfflineMaps().options.holdoutPercent == 10)
        let seen = ActivityLines()
        let heldOut = TipCenter()
        try await heldOut.configure([
            .datastoreLocation(.inMemory), .clock(clock), .holdouts(.only(["OfflineMaps"])),
            .onActivity { activity in seen.append("\(activity.kind.name) \(activity.tipID)") },
        ])
        let group = MapTips.makeGroup(in: heldOut)
        await TipParameters.tier.set(.member, in: heldOut)
        for _ in 0..<3 { await TipEvents.visitedRegion.donate(region: "Alps", in: heldOut) }
        #expect(heldOut.status(for: OfflineMaps()) == .pending)
        #expect(heldOut.explanation(for: OfflineMaps()).description.contains("held out"))
        #expect(group.currentTip?.id == nil, "FavoriteTrail still waits for its openings")
        #expect(seen.lines.filter { $0.hasSuffix("OfflineMaps") } == ["heldOut OfflineMaps"])

        let shown = TipCenter()
        try await shown.configure([.datastoreLocation(.inMemory), .clock(clock), .holdouts(.none)])
        await TipParameters.tier.set(.member, in: shown)
        for _ in 0..<3 { await TipEvents.visitedRegion.donate(region: "Alps", in: shown) }
        #expect(shown.status(for: OfflineMaps()) == .available)
        #expect(MapTips.makeGroup(in: shown).currentTip?.id == "OfflineMaps")
    }

    /// The center was configured without a frequency: this is Trails.tips's `daily`.
    @Test func dailyFrequencyHoldsBackOnlyNeverShownTips() async {
        let rotate = RotateMap()  // no rules: eligible at once
        let location = ShowLocation()
        #expect(center.status(for: location) == .available)
        #expect(center.status(for: rotate) == .available)

        await center.tipDidAppear(location)
        await center.tipDidDisappear(location)
        clock.advance(by: 3_600)
        #expect(center.status(for: location) == .available, "already shown: keeps showing")
        #expect(center.status(for: rotate) == .pending, "never shown: waits for the day to pass")

        clock.advance(by: 86_400)
        #expect(center.status(for: rotate) == .available)
    }

    @Test func explanationNamesTheFailingRuleAndItsLine() async throws {
        await TipParameters.isSignedIn.set(true, in: center)
        await openTrails(2)
        let text = center.explanation(for: FavoriteTrail()).description
        #expect(text.contains("openedTrailDetail.donations.within(5d).count >= 3"))
        let line = try #require(Self.line(of: "rule openedTrailDetail", in: "Trails.tips"))
        #expect(text.contains("Trails.tips:\(line)"))
    }

    /// The 1-based line of the first line containing `needle` in a sample file.
    static func line(of needle: String, in file: String) -> Int? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/Trails/Tips/\(file)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(needle) }.map { $0 + 1 }
    }
}

/// Activities as lines, appended from any thread.
private final class ActivityLines: @unchecked Sendable {
    // @unchecked: `entries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var entries: [String] = []

    func append(_ line: String) {
        lock.lock()
        entries.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
