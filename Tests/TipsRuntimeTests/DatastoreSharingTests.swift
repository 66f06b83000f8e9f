import Foundation
import Testing

@testable import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Two `Datastore` instances on one directory stand for two processes (an app
/// and its extension): each has its own descriptors and `flock`.
@Suite struct DatastoreSharingTests {
    @Test func interleavedCommitsLoseNothingAndRefreshDeliversTheOthers() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let app = log.datastore(directory.url)
        let widget = log.datastore(directory.url)
        _ = app.load()
        _ = widget.load()

        var expected: [DatastoreMutation] = []
        var fromWidget: [DatastoreMutation] = []
        for index in 0..<20 {
            await app.commit([numberedDonation("app", index)])
            let theirs = [numberedDonation("widget", index), .recordDisplayStart(tipID: "t", date: Double(index))]
            await widget.commit(theirs)
            fromWidget += theirs
            expected += [numberedDonation("app", index)] + theirs
        }
        // The app's own commits are not handed back; the widget's are, in order.
        #expect(app.takeOutsideChangesNow() == fromWidget)
        #expect(app.takeOutsideChangesNow().isEmpty)
        #expect(widget.takeOutsideChangesNow() == (0..<20).map { numberedDonation("app", $0) })
        #expect(log.datastore(directory.url).load() == stateAfter(expected))
        #expect(log.all.isEmpty)
    }

    @Test func concurrentCommitsFromTwoStoresWhileBothCompactLoseNothing() async {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let stores = [
            log.datastore(directory.url, compactionThreshold: 300),
            log.datastore(directory.url, compactionThreshold: 300),
        ]
        var models = stores.map { $0.load() }
        await withTaskGroup(of: Void.self) { group in
            for (number, store) in stores.enumerated() {
                group.addTask {
                    for index in 0..<150 {
                        await store.commit([numberedDonation("s\(number)", index)])
                        if index % 10 == 0 { await store.commit([.addDisplayDuration(tipID: "shared", seconds: 1)]) }
                    }
                }
            }
        }
        // Each engine's view: what it loaded, its own mutations, then what takeOutsideChanges delivers.
        for number in 0..<2 {
            for index in 0..<150 {
                models[number].apply(numberedDonation("s\(number)", index))
                if index % 10 == 0 { models[number].apply(.addDisplayDuration(tipID: "shared", seconds: 1)) }
            }
            for mutation in stores[number].takeOutsideChangesNow() { models[number].apply(mutation) }
        }
        let final = log.datastore(directory.url).load()
        #expect(final.donations["s0"]?.count == 150)
        #expect(final.donations["s1"]?.count == 150)
        #expect(final.tips["shared"]?.displayDuration == 30)
        #expect(models[0] == final)
        #expect(models[1] == final)
        #expect(stores[0].compactions + stores[1].compactions > 2)
        #expect(log.all.isEmpty)
    }

    @Test func refreshFollowsAnotherProcessThroughCompactions() async {
        for compactionsByOther in [1, 2, 6] {
            let directory = StoreDirectoryFixture()
            let app = DatastoreRecoveryLog().datastore(directory.url)
            let widget = DatastoreRecoveryLog().datastore(directory.url, compactionThreshold: 200)
            var model = app.load()
            _ = widget.load()
            var index = 0
            while widget.compactions < compactionsByOther {
                await widget.commit([numberedDonation("w", index)])
                index += 1
            }
            let delivered = app.takeOutsideChangesNow()
            for mutation in delivered { model.apply(mutation) }
            #expect(
                model == DatastoreRecoveryLog().datastore(directory.url).load(),
                "after \(compactionsByOther) compactions")
            if compactionsByOther <= 2 {
                #expect(
                    delivered == (0..<index).map { numberedDonation("w", $0) }, "deltas while the journals are there")
            } else {
                #expect(delivered.count == 1, "a replacement once the journals are gone")
            }
            // The app keeps appending to the right journal afterwards.
            await app.commit([numberedDonation("a", 1)])
            model.apply(numberedDonation("a", 1))
            #expect(DatastoreRecoveryLog().datastore(directory.url).load() == model)
        }
    }

    @Test func anEraseByAnotherProcessArrivesAsAReplacement() async {
        let directory = StoreDirectoryFixture()
        let app = DatastoreRecoveryLog().datastore(directory.url)
        let widget = DatastoreRecoveryLog().datastore(directory.url)
        _ = app.load()
        await app.commit(everyMutationKind)
        widget.erase()
        _ = widget.load()
        await widget.commit([numberedDonation("w", 1)])
        #expect(app.takeOutsideChangesNow() == [.replaceAll(stateAfter([numberedDonation("w", 1)]))])
        await app.commit([numberedDonation("a", 2)])
        #expect(
            DatastoreRecoveryLog().datastore(directory.url).load()
                == stateAfter([numberedDonation("w", 1), numberedDonation("a", 2)]))
    }

    /// A name another process creates while this one looks at it is a file,
    /// not a dangling symbolic link: a store opened at the same moment as
    /// another on a fresh directory took the other's new lock file for one,
    /// set it aside and locked a file of its own, and the two then appended
    /// over each other's records.
    @Test func aFileAppearingWhileItsKindIsReadIsNeverTakenForALink() {
        let directory = StoreDirectoryFixture()
        let path = directory.url.appendingPathComponent(DatastoreDirectory.lockName).path
        let stop = Locked(false)
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            while !stop.withLock({ $0 }) {
                POSIXFile.close(POSIXFile.open(path, O_WRONLY | O_CREAT))
                POSIXFile.remove(path)
            }
            stopped.signal()
        }.start()
        var seen = (regular: 0, missing: 0, link: 0)
        // Until the file has come and gone thousands of times under the reads.
        var reads = 0
        while reads < 1_000_000 && (seen.regular < 10_000 || seen.missing < 10_000) {
            reads += 1
            switch POSIXFile.kind(path, followingLinks: true) {
            case .regular: seen.regular += 1
            case .missing: seen.missing += 1
            case .symbolicLink: seen.link += 1
            default: break
            }
        }
        stop.withLock { $0 = true }
        stopped.wait()
        #expect(seen.link == 0, "\(seen)")
        #expect(seen.regular > 0 && seen.missing > 0, "the file came and went under the reads: \(seen)")
    }

    /// A store whose lock file was renamed away (set aside by another
    /// process, as above) locks the file the name holds now, so that it
    /// still waits for the process that holds that one.
    @Test func aStoreWhoseLockFileWasRenamedAwayWaitsForTheNewOne() async throws {
        let directory = StoreDirectoryFixture()
        let log = DatastoreRecoveryLog()
        let app = log.datastore(directory.url)
        _ = app.load()
        let lockPath = directory.url.appendingPathComponent(DatastoreDirectory.lockName).path
        #expect(rename(lockPath, lockPath + ".aside") == 0)
        // Another process's lock on the new lock file.
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        let committed = Locked(false)
        Thread {
            _ = app.commitNow([numberedDonation("app", 0)])
            committed.withLock { $0 = true }
        }.start()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(!committed.withLock { $0 }, "the commit went ahead while another process held the lock")
        flock(fd, LOCK_UN)
        close(fd)
        let deadline = Date().addingTimeInterval(30)
        while !committed.withLock({ $0 }) && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(committed.withLock { $0 })
        #expect(log.datastore(directory.url).load() == stateAfter([numberedDonation("app", 0)]))
        #expect(log.all.isEmpty)
    }
}
