import Foundation
import Testing

@testable import TipsRuntime

/// Damaged and foreign stores, met through `TipCenter.configure`: the app
/// configures, is told, and keeps working; nothing is deleted; a store of a
/// newer format is never written.
@Suite struct EngineRecoveryTests {
    private static let opened = RecoveryStore.opened
    private static let count = RecoveryStore.count

    /// A store with three donations, a parameter and an invalidation, all in
    /// the journal of generation 1 (far below the compaction threshold).
    private func makeStore(_ directory: URL) async throws {
        try await RecoveryStore.make(in: directory, donations: 3, invalidating: ["closed"])
    }

    private static let damages: [StoreDamage] = [
        .empty, .truncatedHeader(keeping: 30), .truncatedBody(dropping: 1),
        .garbage(count: 500, multiplier: 91, offset: 7), .versionZero(named: "unknown older version"),
        .magic("TIPSJRNL", named: "another file's magic"),
    ]

    @Test(arguments: damages.indices)
    func aDamagedSnapshotIsSetAsideAndItsFirstJournalReplayed(_ index: Int) async throws {
        let (name, damage) = (Self.damages[index].name, Self.damages[index].apply)
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let damaged = damage(fileBytes(of: store.snapshotURL))
        writeFile(damaged, to: store.snapshotURL)
        let journal = fileBytes(of: store.journalURL(1))

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let recoveries = log.withLock { $0 }
        let snapshot = recoveries.first { $0.originalURL.lastPathComponent == DatastoreDirectory.snapshotName }
        #expect(snapshot != nil, "\(name): reported")
        if let movedTo = snapshot?.movedTo {
            #expect(fileBytes(of: movedTo) == damaged, "\(name): the damaged file is kept aside, unchanged")
        } else {
            Issue.record("\(name): the snapshot was not set aside")
        }
        // The first generation's snapshot is always empty: its journal alone
        // is the whole store. It is replayed, and kept aside whole.
        let journalReport = recoveries.first { $0.originalURL.lastPathComponent == "Tips.journal.1" }
        #expect(journalReport?.movedTo.map(fileBytes(of:)) == journal, "\(name)")
        #expect(Self.opened.donationCount(in: center) == 3, "\(name)")
        #expect(Self.count.value(in: center) == 7, "\(name)")
        #expect(TestTip("closed").status(in: center) == .invalidated(.tipClosed), "\(name)")

        await Self.opened.donate(in: center)
        await Self.count.set(1, in: center)
        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 4, "\(name): the rebuilt store persists")
        #expect(Self.count.value(in: again) == 1, "\(name)")
        #expect(againLog.withLock { $0 }.isEmpty, "\(name)")
    }

    @Test func aDamagedJournalIsSetAsideAndTheSnapshotKept() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let journal = store.journalURL(1)
        let damaged = Array("not a journal at all, not at all".utf8)
        writeFile(damaged, to: journal)

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let recoveries = log.withLock { $0 }
        #expect(recoveries.count == 1)
        #expect(recoveries.first.flatMap { $0.movedTo.map(fileBytes(of:)) } == damaged)
        #expect(Self.opened.donationCount(in: center) == 0, "the journal's donations are lost with it")
        await Self.opened.donate(in: center)
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 1)
    }

    @Test func aTornJournalTailLosesOnlyTheTornRecord() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let journal = store.journalURL(1)
        writeFile(fileBytes(of: journal) + [0x20, 0, 0, 0, 1, 2, 3], to: journal)

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(log.withLock { $0 }.isEmpty, "a torn tail is a crash, not damage")
        #expect(Self.opened.donationCount(in: center) == 3)
        #expect(Self.count.value(in: center) == 7)
        #expect(TestTip("closed").status(in: center) == .invalidated(.tipClosed))
    }

    @Test func aStoreOfANewerFormatIsNeverWrittenAndTheAppRuns() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let newer = fromNewerRelease(fileBytes(of: store.snapshotURL), version: DatastoreFileFormat.currentVersion + 1)
        writeFile(newer, to: store.snapshotURL)
        let before = store.fileNames().filter { $0 != DatastoreDirectory.lockName }
            .map { ($0, fileBytes(of: store.url.appendingPathComponent($0))) }

        do {
            let (center, log) = try await centerCollectingRecoveries(on: store.url)
            let recoveries = log.withLock { $0 }
            #expect(recoveries.count == 1)
            #expect(recoveries.first?.movedTo == nil)
            #expect(recoveries.first?.reason.contains("version \(DatastoreFileFormat.currentVersion + 1)") == true)
            // The app runs on an in-memory state.
            #expect(Self.opened.donationCount(in: center) == 0)
            await Self.opened.donate(in: center)
            await Self.count.set(3, in: center)
            await center.tipDidAppear(TestTip("shown"))
            await center.tipDidDisappear(TestTip("shown"))
            await center.invalidateDurably(TestTip("closed"), reason: .actionPerformed)
            #expect(Self.opened.donationCount(in: center) == 1)
            #expect(Self.count.value(in: center) == 3)
            #expect(TestTip("closed").status(in: center) == .invalidated(.actionPerformed))
        }
        let after = store.fileNames().filter { $0 != DatastoreDirectory.lockName }
            .map { ($0, fileBytes(of: store.url.appendingPathComponent($0))) }
        #expect(after.map(\.0) == before.map(\.0), "no file added, moved or removed")
        #expect(after.map(\.1) == before.map(\.1), "every byte identical")
    }

    @Test func aDirectoryThatCannotBeCreatedLeavesTheAppRunningInMemory() async throws {
        let store = StoreDirectoryFixture()
        let blocker = store.url.appendingPathComponent("a-file")
        writeFile([1, 2, 3], to: blocker)
        let (center, log) = try await centerCollectingRecoveries(on: blocker.appendingPathComponent("Tips"))
        #expect(!log.withLock { $0 }.isEmpty, "reported")
        // Not awaited: an awaited change waits until it is durable.
        Self.opened.sendDonation(in: center)
        #expect(Self.opened.donationCount(in: center) == 1)
        #expect(fileBytes(of: blocker) == [1, 2, 3])
    }

    @Test func aSnapshotThatIsADirectoryIsSetAside() async throws {
        let store = StoreDirectoryFixture()
        try FileManager.default.createDirectory(at: store.snapshotURL, withIntermediateDirectories: true)
        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(log.withLock { $0 }.first?.movedTo != nil)
        await Self.opened.donate(in: center)
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 1)
    }
}

/// A store upgraded by another process (a newer app sharing the directory)
/// while this one runs.
@Suite struct EngineRecoveryWhileRunningTests {
    @Test(.hangGuard)
    func aRecoveryCallbackThatReadsAStatusDoesNotDeadlock() async throws {
        let store = StoreDirectoryFixture()
        let log = Locked<[(Tips.DatastoreRecovery, Tips.Status)]>([])
        let center = TipCenter()
        let probe = TestTip("probe")
        try await center.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { [center] recovery in
                // What a host might well do: look at its tips while logging.
                let status = probe.status(in: center)
                log.withLock { $0.append((recovery, status)) }
            },
        ])
        let opened = Tips.Event(id: "opened")
        await opened.donate(in: center)
        // Another process moved the store to a newer format.
        let newer = fromNewerRelease(fileBytes(of: store.snapshotURL), version: DatastoreFileFormat.currentVersion + 1)
        writeFile(newer, to: store.snapshotURL)

        let deadline = Date().addingTimeInterval(10)
        while log.withLock({ $0.isEmpty }) && Date() < deadline {
            _ = probe.status(in: center)
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let reported = log.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.0.movedTo == nil)
        #expect(reported.first?.1 == .available)
        // The app keeps running; the newer store is never written.
        await opened.donate(in: center)
        #expect(opened.donationCount(in: center) >= 1)
        #expect(fileBytes(of: store.snapshotURL) == newer)
    }
}
