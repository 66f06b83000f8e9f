import Foundation
import Testing

@testable import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A hostile environment, met through `TipCenter.configure` on a directory:
/// flipped bytes, missing files, refused writes, files of the wrong kind.
/// Damage is set aside (renamed, never deleted) and reported, every record
/// that still verifies is kept, and only a torn tail is dropped silently.
@Suite struct DatastoreFaultInjectionTests {
    static let opened = RecoveryStore.opened
    static let count = RecoveryStore.count

    /// Five awaited donations and then `count = 7`: six records in the
    /// journal of generation 1, in that order.
    func makeStore(_ directory: URL) async throws {
        try await RecoveryStore.make(in: directory, donations: 5, numbered: true)
    }

    // MARK: 1. Damage in the middle of the journal

    enum MidJournalDamage: String, CaseIterable, Sendable {
        case payloadByte, lengthByte, checksumByte
    }

    @Test(arguments: MidJournalDamage.allCases)
    func aDamagedRecordBeforeGoodOnesIsSetAsideAndEveryGoodRecordKept(_ damage: MidJournalDamage) async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        var bytes = fileBytes(of: store.journalURL(1))
        let records = journalRecords(bytes)
        #expect(records.count == 6)
        let third = records[2]
        switch damage {
        case .payloadByte: bytes[third.upperBound - 1] ^= 0x10
        case .lengthByte: bytes[third.lowerBound] ^= 0x04
        case .checksumByte: bytes[third.lowerBound + 5] ^= 0x80
        }
        writeFile(bytes, to: store.journalURL(1))

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let reports = log.withLock { $0 }
        #expect(reports.count == 1, "\(reports)")
        let report = reports.first
        #expect(report?.originalURL.lastPathComponent == "Tips.journal.1")
        #expect(report?.reason.contains("verif") == true, "\(report?.reason ?? "")")
        if let movedTo = report?.movedTo {
            #expect(fileBytes(of: movedTo) == bytes, "the damaged journal is kept aside, byte for byte")
        } else {
            Issue.record("the damaged journal was not set aside")
        }
        // Two records before the damaged one, two donations and the parameter after it.
        #expect(Self.opened.donationCount(in: center) == 4)
        #expect(Self.count.value(in: center) == 7)

        // The recovery is durable, and reported once.
        await Self.opened.donate(in: center)
        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(againLog.withLock { $0 }.isEmpty)
        #expect(Self.opened.donationCount(in: again) == 5)
        #expect(Self.count.value(in: again) == 7)
        #expect(store.setAsideNames().count == 1)
    }

    enum TornTail: String, CaseIterable, Sendable {
        case lastRecordCutShort, halfAHeader, zeros
    }

    @Test(arguments: TornTail.allCases)
    func aTornTailIsSilentAndLosesOnlyTheTornRecord(_ torn: TornTail) async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let whole = fileBytes(of: store.journalURL(1))
        let damaged: [UInt8]
        switch torn {
        case .lastRecordCutShort: damaged = Array(whole.dropLast(3))
        case .halfAHeader: damaged = whole + [0x20, 0, 0, 0, 1, 2]
        case .zeros: damaged = whole + [UInt8](repeating: 0, count: 4096)
        }
        writeFile(damaged, to: store.journalURL(1))

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(log.withLock { $0 }.isEmpty, "a torn tail is what a crash leaves, not damage")
        #expect(Self.opened.donationCount(in: center) == 5)
        #expect(Self.count.value(in: center) == (torn == .lastRecordCutShort ? 0 : 7), "only the torn record is lost")
        #expect(store.setAsideNames().isEmpty)
        await Self.opened.donate(in: center)
        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(againLog.withLock { $0 }.isEmpty)
        #expect(Self.opened.donationCount(in: again) == 6)
    }

    // MARK: 2. The snapshot missing

    @Test func aMissingSnapshotIsRecoveredFromItsJournalWhichIsNeverTruncated() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let journal = fileBytes(of: store.journalURL(1))
        try FileManager.default.removeItem(at: store.snapshotURL)

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: center) == 5)
        #expect(Self.count.value(in: center) == 7)
        let reports = log.withLock { $0 }
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.originalURL.lastPathComponent == "Tips.journal.1")
        #expect(reports.first.flatMap { $0.movedTo.map(fileBytes(of:)) } == journal, "kept aside whole")

        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(againLog.withLock { $0 }.isEmpty)
        #expect(Self.opened.donationCount(in: again) == 5)
    }

    @Test func aDanglingLinkInPlaceOfTheSnapshotIsSetAsideAndTheJournalRecovered() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        try FileManager.default.removeItem(at: store.snapshotURL)
        try FileManager.default.createSymbolicLink(
            atPath: store.snapshotURL.path, withDestinationPath: store.url.appendingPathComponent("gone").path)

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: center) == 5)
        #expect(Self.count.value(in: center) == 7)
        let reports = log.withLock { $0 }
        let link = reports.first { $0.originalURL.lastPathComponent == DatastoreDirectory.snapshotName }
        #expect(link?.reason.contains("symbolic link") == true, "\(reports)")
        #expect(link?.movedTo.flatMap { try? FileManager.default.destinationOfSymbolicLink(atPath: $0.path) } != nil)
    }

    @Test func aJournalOverALostSnapshotIsSetAsideWhole() async {
        let store = StoreDirectoryFixture()
        do {
            // Three generations: journals 2 and 3 are left, and 3 holds a record.
            let writer = DatastoreRecoveryLog().datastore(store.url, compactionThreshold: 1)
            _ = writer.load()
            await writer.commit(everyMutationKind)
            await writer.commit(everyMutationKind)
            await writer.commit([numberedDonation("e", 1)])
        }
        let newest = store.journalURL(store.fileNames().compactMap { UInt64($0.dropFirst(13)) }.max() ?? 0)
        let journal = fileBytes(of: newest)
        #expect(journal.count > DatastoreFileFormat.journalHeaderSize)
        try? FileManager.default.removeItem(at: store.snapshotURL)

        let log = DatastoreRecoveryLog()
        let reopened = log.datastore(store.url)
        #expect(reopened.load() == DatastoreSnapshot(), "its changes cannot be replayed without their snapshot")
        let aside = log.all.first { $0.originalURL == newest }
        #expect(aside.flatMap { $0.movedTo.map(fileBytes(of:)) } == journal, "set aside whole: \(log.all)")
        await reopened.commit([numberedDonation("f", 1)])
        #expect(DatastoreRecoveryLog().datastore(store.url).load() == stateAfter([numberedDonation("f", 1)]))
    }

    // MARK: 3. Writes refused at launch

    @Test(.timeLimit(.minutes(1)))
    func anImmutableJournalIsReadAndWrittenOnceItCanBe() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let journal = store.journalURL(1)
        guard changeAttributes(journal, "+i") else { return }  // Needs chattr and root.
        defer { _ = changeAttributes(journal, "-i") }

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: center) == 5, "what is readable is loaded")
        #expect(Self.count.value(in: center) == 7)
        #expect(log.withLock { $0 }.count == 1, "\(log.withLock { $0 })")
        #expect(log.withLock { $0 }.first?.movedTo == nil)

        let returned = Locked(0)
        let calls = (0..<3).map { index in
            Task {
                await Self.opened.donate(["late": .int(index)], in: center)
                returned.withLock { $0 += 1 }
            }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(returned.withLock { $0 } == 0, "an awaited call does not return before it is durable")
        #expect(Self.opened.donationCount(in: center) == 8, "but it is applied in memory at once")

        #expect(changeAttributes(journal, "-i"))
        for call in calls { await call.value }
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 8, "every change acknowledged since is written")
        #expect(Self.count.value(in: again) == 7)
    }

    @Test(.timeLimit(.minutes(1)))
    func aDirectoryThatCannotBeCreatedYetIsWrittenOnceItCanBe() async throws {
        let store = StoreDirectoryFixture()
        let blocker = store.url.appendingPathComponent("parent")
        writeFile([1, 2, 3], to: blocker)
        let directory = blocker.appendingPathComponent("Tips")
        let (center, log) = try await centerCollectingRecoveries(on: directory)
        #expect(!log.withLock { $0 }.isEmpty, "reported")
        let donation = Task { await Self.opened.donate(in: center) }
        let parameter = Task { await Self.count.set(2, in: center) }
        while Self.opened.donationCount(in: center) < 1 || Self.count.value(in: center) != 2 {
            try await Task.sleep(nanoseconds: 5_000_000)  // Applied in memory, not yet written.
        }

        try await Task.sleep(nanoseconds: 100_000_000)
        try FileManager.default.removeItem(at: blocker)
        await donation.value
        await parameter.value
        let (again, againLog) = try await centerCollectingRecoveries(on: directory)
        #expect(Self.opened.donationCount(in: again) == 1)
        #expect(Self.count.value(in: again) == 2)
        #expect(againLog.withLock { $0 }.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func awaitedDonationsWaitWhileTheDiskIsFullAndAreAllWrittenAfter() async throws {
        let store = StoreDirectoryFixture()
        let box = Locked<Datastore?>(nil)
        let log = Locked<[Tips.DatastoreRecovery]>([])
        let center = TipCenter(backendFactory: { directory, onRecovery in
            let datastore = Datastore(directory: directory, onRecovery: onRecovery)
            datastore.refuseWritesForTesting(true)
            box.withLock { $0 = datastore }
            return datastore
        })
        try await center.configure([
            .datastoreLocation(.url(store.url)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { recovery in log.withLock { $0.append(recovery) } },
        ])
        let returned = Locked(0)
        let donors = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<500 {
                    group.addTask {
                        await Self.opened.donate(["i": .int(index)], in: center)
                        returned.withLock { $0 += 1 }
                    }
                }
            }
        }
        while Self.opened.donationCount(in: center) < 500 { try await Task.sleep(nanoseconds: 10_000_000) }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(returned.withLock { $0 } == 0, "none returned as if durable")
        #expect(DatastoreRecoveryLog().datastore(store.url).load().donations["opened"] == nil, "nothing was written")
        #expect(log.withLock { $0 }.count == 1, "reported once, not at every retry")
        #expect(log.withLock { $0 }.first?.reason.contains("no space left") == true)

        box.withLock { $0 }?.refuseWritesForTesting(false)
        await donors.value
        #expect(returned.withLock { $0 } == 500)
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 500)
    }

    // MARK: 4. The header check

    @Test(arguments: 8..<12)
    func aFlippedVersionByteInTheSnapshotIsDamageNotANewerRelease(_ offset: Int) async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        var bytes = fileBytes(of: store.snapshotURL)
        bytes[offset] ^= 0x02
        writeFile(bytes, to: store.snapshotURL)

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let report = log.withLock { $0 }.first { $0.originalURL.lastPathComponent == DatastoreDirectory.snapshotName }
        #expect(report?.movedTo.map(fileBytes(of:)) == bytes, "set aside as damage")
        #expect(report?.reason.contains("newer") == false)
        // The first generation's snapshot is empty, so its journal restores everything.
        #expect(Self.opened.donationCount(in: center) == 5)
        await Self.opened.donate(in: center)
        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 6, "the store is written again")
        #expect(againLog.withLock { $0 }.isEmpty)
    }

    @Test(arguments: 8..<12)
    func aFlippedVersionByteInTheJournalIsDamageNotANewerRelease(_ offset: Int) async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        var bytes = fileBytes(of: store.journalURL(1))
        bytes[offset] ^= 0x40
        writeFile(bytes, to: store.journalURL(1))

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let reports = log.withLock { $0 }
        #expect(reports.count == 1)
        #expect(reports.first?.movedTo.map(fileBytes(of:)) == bytes)
        await Self.opened.donate(in: center)
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 1, "the store is written again")
    }

    @Test func aStoreWrittenBeforeTheHeaderCheckStillLoads() async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        // Files from before the header check hold 0 in bytes 12..<16, and version 2 at most.
        var snapshot = fileBytes(of: store.snapshotURL)
        snapshot[8] = 2
        snapshot.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        let checksum = CRC32.checksum(Array(snapshot[0..<40]) + Array(snapshot[44...]))
        snapshot.replaceSubrange(40..<44, with: littleEndian(checksum))
        writeFile(snapshot, to: store.snapshotURL)
        var journal = fileBytes(of: store.journalURL(1))
        journal[8] = 2
        journal.replaceSubrange(12..<16, with: [0, 0, 0, 0])
        journal.replaceSubrange(32..<36, with: littleEndian(CRC32.checksum(Array(journal[0..<32]))))
        writeFile(journal, to: store.journalURL(1))

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        #expect(log.withLock { $0 }.isEmpty)
        #expect(Self.opened.donationCount(in: center) == 5)
        #expect(Self.count.value(in: center) == 7)
    }

    // MARK: 5. Files of the wrong kind

    enum Intruder: String, CaseIterable, Sendable {
        case fifoAsSnapshot, deviceAsSnapshot, fifoAsJournal, directoryAsJournal, fifoAsLock
    }

    @Test(.timeLimit(.minutes(1)), arguments: Intruder.allCases)
    func aFileOfAnotherKindIsSetAsideWithoutBlocking(_ intruder: Intruder) async throws {
        let store = StoreDirectoryFixture()
        try await makeStore(store.url)
        let name: String
        switch intruder {
        case .fifoAsSnapshot, .deviceAsSnapshot: name = DatastoreDirectory.snapshotName
        case .fifoAsJournal, .directoryAsJournal: name = "Tips.journal.1"
        case .fifoAsLock: name = DatastoreDirectory.lockName
        }
        let path = store.url.appendingPathComponent(name).path
        try FileManager.default.removeItem(atPath: path)
        switch intruder {
        case .fifoAsSnapshot, .fifoAsJournal, .fifoAsLock:
            #expect(mkfifo(path, 0o644) == 0)
        case .deviceAsSnapshot:
            // /dev/null's numbers (1, 3); making a device needs root.
            guard mknod(path, S_IFCHR | 0o644, dev_t((1 << 8) | 3)) == 0 else { return }
        case .directoryAsJournal:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }

        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let report = log.withLock { $0 }.first { $0.originalURL.lastPathComponent == name }
        #expect(report?.movedTo != nil, "\(log.withLock { $0 })")
        if let movedTo = report?.movedTo {
            #expect(POSIXFile.kind(movedTo.path, followingLinks: false) != .regular, "the intruder itself, moved")
        }
        // The snapshot's replacement replays journal 1; the journal's replacement keeps the snapshot.
        let expected = intruder == .fifoAsLock || name == DatastoreDirectory.snapshotName ? 5 : 0
        #expect(Self.opened.donationCount(in: center) == expected)
        await Self.opened.donate(in: center)
        let (again, againLog) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == expected + 1)
        #expect(againLog.withLock { $0 }.isEmpty)
    }

    // MARK: 6. The compaction's temporary file

    @Test func aDirectoryNamedLikeTheTemporaryFileIsSetAsideAndCompactionRuns() async throws {
        let store = StoreDirectoryFixture()
        let temporary = store.url.appendingPathComponent(DatastoreDirectory.temporaryName)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        writeFile([1, 2, 3], to: temporary.appendingPathComponent("inside"))
        let (center, log) = try await centerCollectingRecoveries(on: store.url)
        let padding = String(repeating: "x", count: 8192)
        // 1.3 MiB of donations: past the compaction threshold.
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<160 {
                group.addTask { await Self.opened.donate(["i": .int(index), "pad": .string(padding)], in: center) }
            }
        }
        let report = log.withLock { $0 }.first { $0.originalURL.lastPathComponent == DatastoreDirectory.temporaryName }
        #expect(report?.movedTo.map { fileBytes(of: $0.appendingPathComponent("inside")) } == [1, 2, 3])
        let journals = store.fileNames().filter { $0.hasPrefix(DatastoreDirectory.journalPrefix) }
        #expect(journals.contains { $0 != "Tips.journal.1" }, "compacted: \(journals)")
        let (again, _) = try await centerCollectingRecoveries(on: store.url)
        #expect(Self.opened.donationCount(in: again) == 160)
    }

    // MARK: 7. The default handler

    #if !canImport(os)
        @Test(.timeLimit(.minutes(1)))
        func withoutAHandlerEachRecoveryIsOneLineOnStandardError() async throws {
            let tool = try requireStressTool()
            let store = StoreDirectoryFixture()
            writeFile(Array("not a store at all, not at all, not at all".utf8), to: store.snapshotURL)
            let process = Process()
            process.executableURL = tool
            process.arguments = ["--configure", store.url.path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let output = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            let line = String(lines.first ?? "")
            #expect(line.contains(store.snapshotURL.path), "names the store: \(line)")
            #expect(line.contains("wrong magic"), "says what was found: \(line)")
            let aside = store.setAsideNames().first ?? "?"
            #expect(line.contains("set aside to \(store.url.appendingPathComponent(aside).path)"), "and where: \(line)")
        }
    #endif
}

/// The byte ranges of the records of a journal file, header excluded.
func journalRecords(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var position = DatastoreFileFormat.journalHeaderSize
    while position + 8 <= bytes.count {
        let length = bytes[position..<position + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        let end = position + 8 + length
        guard end <= bytes.count else { break }
        ranges.append(position..<end)
        position = end
    }
    return ranges
}

func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// Runs `chattr <change> <file>`; false where chattr is missing or refused
/// (not root, a file system without attributes).
func changeAttributes(_ url: URL, _ change: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["chattr", change, url.path]
    process.standardError = Pipe()
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}
