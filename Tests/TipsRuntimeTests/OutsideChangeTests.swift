import Foundation
import Testing

@testable import TipsRuntime

/// Two engines (or two processes) on one store: what one changes reaches the
/// other's observers without the other reading anything.
@Suite struct OutsideChangeTests {
    private static let loggedIn = TestTip("Outside.loggedIn", rules: [Fixture.loggedInRule])

    private static func options(_ store: URL, _ detection: Tips.OutsideChangeDetection) -> [Tips.ConfigurationOption] {
        [.datastoreLocation(.url(store)), .arguments([]), .environment([:]), .outsideChangeDetection(detection)]
    }

    /// Configures an app and a widget on one store; the widget watches as `detection` says.
    private static func pair(_ store: URL, widget detection: Tips.OutsideChangeDetection) async throws -> (
        app: TipCenter, widget: TipCenter
    ) {
        let app = TipCenter()
        try await app.configure(options(store, .off))
        let widget = TipCenter()
        try await widget.configure(options(store, detection))
        return (app, widget)
    }

    @Test(.hangGuard)
    func aWatchingCenterPublishesAnotherCentersParameterChangeWithoutReading() async throws {
        let store = StoreDirectoryFixture()
        let (app, widget) = try await Self.pair(store.url, widget: .automatic)
        #if os(Linux)
            #expect(widget.outsideChangeWatch.withLock { $0?.mechanism } == "inotify")
        #endif
        var updates = Self.loggedIn.statusUpdates(in: widget).makeAsyncIterator()
        #expect(await updates.next() == .pending)
        await Fixture.isLoggedIn.set(true, in: app)
        // Nothing in the widget reads: the watch alone brings the change.
        #expect(await updates.next() == .available)
        await Self.loggedIn.invalidateDurably(reason: .tipClosed, in: app)
        #expect(await updates.next() == .invalidated(.tipClosed))
        withExtendedLifetime(widget) {}  // The stream does not keep its center alive.
    }

    @Test(.hangGuard)
    func aPollingCenterPublishesAnotherCentersDonation() async throws {
        let store = StoreDirectoryFixture()
        let (app, widget) = try await Self.pair(store.url, widget: .poll(seconds: 0.05))
        #expect(widget.outsideChangeWatch.withLock { $0?.mechanism } == "poll")
        let tip = TestTip("Outside.favorited", options: Tips.Options(invalidatedBy: [Fixture.favorited]))
        var updates = tip.statusUpdates(in: widget).makeAsyncIterator()
        #expect(await updates.next() == .available)
        await Fixture.favorited.donate(in: app)
        #expect(await updates.next() == .invalidated(.actionPerformed))
        withExtendedLifetime(widget) {}
    }

    @Test func withTheWatchOffNothingIsWatched() async throws {
        let store = StoreDirectoryFixture()
        let (app, _) = try await Self.pair(store.url, widget: .off)
        #expect(app.outsideChangeWatch.withLock { $0 } == nil)
        let inMemory = TipCenter()
        try await inMemory.configure([.datastoreLocation(.inMemory), .arguments([]), .environment([:])])
        #expect(inMemory.outsideChangeWatch.withLock { $0 } == nil, "a store in memory has no outside")
    }

    @Test(.hangGuard)
    func anotherProcesssInvalidationReachesThisProcesssObserver() async throws {
        let tool = try requireStressTool()
        let store = StoreDirectoryFixture()
        let outputs = StoreDirectoryFixture()
        let app = TipCenter()
        try await app.configure(Self.options(store.url, .automatic))
        let count = 5
        let last = TestTip("W.\(count - 1)")
        var updates = last.statusUpdates(in: app).makeAsyncIterator()
        #expect(await updates.next() == .available)
        let child = try StressChild(
            tool: tool, arguments: ["--engine-share", store.url.path, "W", String(count)],
            output: outputs.url.appendingPathComponent("W.txt"))
        // The child invalidates W.0 ... W.4; this process only waits on its stream.
        #expect(await updates.next() == .invalidated(.actionPerformed))
        try await child.finish()
        #expect(child.process.terminationStatus == 0)
        withExtendedLifetime(app) {}
    }
}
