import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The on-disk protocol of one datastore directory, shared by every process
/// that opens it: a snapshot, the journal of its generation, and an advisory
/// lock file that serializes every reader and writer.
///
/// Not thread-safe: `Datastore` uses it under its own lock. Each public
/// operation takes the directory's `flock` for its whole duration, so another
/// process never sees half of an append or of a compaction.
struct DatastoreDirectory {
    typealias Identity = DatastoreFileFormat.Identity

    static let snapshotName = "Tips.store"
    static let lockName = "Tips.lock"
    static let journalPrefix = "Tips.journal."

    let directory: URL
    /// The journal is compacted into a new snapshot once it is larger than
    /// this and than a quarter of the last snapshot: small enough that
    /// replaying it adds little to a load, large enough that rewriting the
    /// snapshot stays amortized.
    let compactionThreshold: Int

    /// The state of the store as of everything read or written so far.
    private(set) var state = DatastoreSnapshot()
    /// The store and generation open, or nil before loading and after erasing.
    private(set) var identity: Identity?
    /// Set when the store was written by a newer release (or cannot be used
    /// at all): nothing in the directory is written until it is erased.
    private(set) var isReadOnly = false
    /// How many batches were appended (one write and one fsync each).
    private(set) var batchesWritten = 0
    /// How many snapshots compaction wrote.
    private(set) var compactions = 0

    /// Mutations other processes appended that `refresh()` has not returned yet.
    private var unreported: [DatastoreMutation] = []
    /// Set when the store changed in a way deltas cannot describe.
    private var needsReplaceAll = false
    /// Recoveries to report once the locks are released.
    private var recoveries: [Tips.DatastoreRecovery] = []
    /// Why the last append failed, in words; nil while appends succeed. A
    /// failing disk is reported when appends start failing, not at every commit.
    private var writeFailure: String?
    /// For tests: every append fails, as on a full disk.
    var refusesWritesForTesting = false

    private var journalFD: Int32 = -1
    private var journalEnd = 0
    private var lockFD: Int32 = -1
    private var snapshotSize = 0
    /// The snapshot file whose header matches `identity`, held open. Every
    /// change another process makes to the store's generation takes the
    /// snapshot away from `snapshotPath`: compaction and store creation
    /// rename a new file over it, erasing unlinks it (its link count drops to
    /// zero), recovery renames it aside (its status-change time moves, and
    /// snapshots are never written in place). So while one `fstat` shows the
    /// held file unchanged, a commit need not read the snapshot's header.
    private var snapshotFD: Int32 = -1
    private var snapshotStatus: POSIXFile.LinkStatus?

    // Paths computed once: building them per commit (and letting URL stat the
    // file system to guess whether each is a directory) was measurable.
    let snapshotURL: URL
    private let snapshotPath: String
    private let lockPath: String
    private let journalPathPrefix: String

    init(directory: URL, compactionThreshold: Int) {
        self.directory = directory
        self.compactionThreshold = compactionThreshold
        snapshotURL = directory.appendingPathComponent(Self.snapshotName, isDirectory: false)
        snapshotPath = snapshotURL.path
        lockPath = directory.appendingPathComponent(Self.lockName, isDirectory: false).path
        journalPathPrefix = directory.appendingPathComponent(Self.journalPrefix, isDirectory: false).path
    }

    private func journalURL(_ generation: UInt64) -> URL {
        URL(fileURLWithPath: journalPath(generation), isDirectory: false)
    }

    private func journalPath(_ generation: UInt64) -> String {
        journalPathPrefix + String(generation)
    }

    // MARK: Operations

    /// Reads the whole store, recovering it if it is damaged.
    mutating func load() -> DatastoreSnapshot {
        isReadOnly = false
        withFileLock { $0.reload() }
        unreported = []
        needsReplaceAll = false
        state.trimDeferredDonations()
        return state
    }

    /// Appends one batch durably. Returns false when it could not be written
    /// (the caller may retry it); true when it was written or when the store
    /// is read-only and the batch is deliberately dropped.
    mutating func append(_ batch: [DatastoreMutation]) -> Bool {
        guard !isReadOnly else { return true }
        let wasFailing = writeFailure != nil
        let written =
            withFileLock { store in
                store.catchUp()
                guard !store.isReadOnly else { return true }
                return store.appendRecord(batch)
            } ?? false
        if written {
            writeFailure = nil
        } else if !wasFailing {
            let reason = writeFailure ?? "could not lock the store: \(POSIXFile.lastError)"
            writeFailure = reason
            recoveries.append(
                Tips.DatastoreRecovery(
                    originalURL: directory, movedTo: nil,
                    reason: "\(reason); changes are kept in memory and written with the next commit that succeeds"))
        }
        return written
    }

    /// What other processes appended since the last call; `pending` are this
    /// process's mutations not yet written, folded into a replacement state.
    mutating func takeUnreported(pending: [DatastoreMutation]) -> [DatastoreMutation] {
        if !isReadOnly { withFileLock { $0.catchUp() } }
        defer {
            unreported = []
            needsReplaceAll = false
        }
        guard needsReplaceAll else { return unreported }
        var replacement = state
        replacement.trimDeferredDonations()
        for mutation in pending { replacement.apply(mutation) }
        return [.replaceAll(replacement)]
    }

    /// Removes every file of the store (the lock file stays: another process
    /// may hold it).
    mutating func erase() {
        closeJournal()
        forgetSnapshotFile()
        identity = nil
        state = DatastoreSnapshot()
        unreported = []
        needsReplaceAll = false
        isReadOnly = false
        withFileLock { store in
            // The snapshot goes first: without it the journals are strays.
            POSIXFile.remove(store.snapshotPath)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: store.directory.path)) ?? []
            for name in names where name.hasPrefix("Tips.") && name != Self.lockName {
                POSIXFile.remove(store.directory.appendingPathComponent(name).path)
            }
            _ = POSIXFile.syncDirectory(store.directory.path)
        }
    }

    mutating func takeRecoveries() -> [Tips.DatastoreRecovery] {
        defer { recoveries = [] }
        return recoveries
    }

    mutating func close() {
        closeJournal()
        forgetSnapshotFile()
        POSIXFile.close(lockFD)
        lockFD = -1
    }

    // MARK: Locking

    /// Runs `body` holding the directory's exclusive lock; nil (and read-only
    /// mode) when the lock cannot be had.
    @discardableResult
    private mutating func withFileLock<Result>(_ body: (inout DatastoreDirectory) -> Result) -> Result? {
        if lockFD < 0 {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            lockFD = POSIXFile.open(lockPath, O_RDWR | O_CREAT)
        }
        guard lockFD >= 0, POSIXFile.lock(lockFD) else {
            enterReadOnly(directory, reason: "cannot lock the datastore directory: \(POSIXFile.lastError)")
            return nil
        }
        defer { POSIXFile.unlock(lockFD) }
        return body(&self)
    }

    // MARK: Reading

    /// Brings `state` up to date with what other processes wrote, recording
    /// their mutations for `refresh()`. Called under the file lock.
    private mutating func catchUp() {
        guard !isReadOnly else { return }
        guard let identity, journalFD >= 0 else { return reloadReportingChange() }
        if isSnapshotUnchanged() {
            // The common case: no other process compacted or replaced the
            // store since we last looked; only our journal may have grown.
            return readJournalTail(report: true)
        }
        guard
            case .bytes(let prefix) = POSIXFile.readPrefix(snapshotPath, count: DatastoreFileFormat.snapshotHeaderSize),
            case .valid(let current) = DatastoreFileFormat.snapshotHeader(prefix),
            current.storeID == identity.storeID, current.generation >= identity.generation
        else { return reloadReportingChange() }
        // Our journal may be finished (compacted by another process): read it
        // to its end through the descriptor we hold, then follow the newer ones.
        readJournalTail(report: true)
        var generation = identity.generation
        while generation < current.generation {
            generation += 1
            let expected = Identity(storeID: identity.storeID, generation: generation)
            let fd = POSIXFile.open(journalPath(generation), O_RDWR)
            guard fd >= 0 else { return reloadReportingChange() }
            guard
                case .bytes(let header) = POSIXFile.readPrefix(
                    journalPath(generation), count: DatastoreFileFormat.journalHeaderSize),
                DatastoreFileFormat.journalHeader(header) == .valid(expected)
            else {
                POSIXFile.close(fd)
                return reloadReportingChange()
            }
            closeJournal()
            journalFD = fd
            journalEnd = DatastoreFileFormat.journalHeaderSize
            self.identity = expected
            readJournalTail(report: true)
        }
        rememberSnapshotFile()
    }

    /// Holds the snapshot now at `snapshotPath` (the one matching `identity`).
    private mutating func rememberSnapshotFile() {
        forgetSnapshotFile()
        let fd = POSIXFile.open(snapshotPath, O_RDONLY)
        guard fd >= 0 else { return }
        guard let status = POSIXFile.linkStatus(fd) else { return POSIXFile.close(fd) }
        snapshotFD = fd
        snapshotStatus = status
    }

    private mutating func forgetSnapshotFile() {
        POSIXFile.close(snapshotFD)
        snapshotFD = -1
        snapshotStatus = nil
    }

    /// Whether the snapshot held open is still the file at `snapshotPath`.
    private func isSnapshotUnchanged() -> Bool {
        guard snapshotFD >= 0, let held = snapshotStatus, let current = POSIXFile.linkStatus(snapshotFD) else {
            return false
        }
        return current.links > 0 && current == held
    }

    /// Reloads everything; if that changed the state, `refresh()` returns a
    /// replacement instead of deltas.
    private mutating func reloadReportingChange() {
        var before = state
        reload()
        // Compared as `apply(_:)` would have left them: deferred trims differ.
        var after = state
        before.trimDeferredDonations()
        after.trimDeferredDonations()
        if !isReadOnly, after != before { needsReplaceAll = true }
        unreported = []
    }

    /// Reads the snapshot and its journal from scratch, setting aside what is
    /// damaged and creating a fresh store when there is none.
    private mutating func reload() {
        closeJournal()
        forgetSnapshotFile()
        identity = nil
        state = DatastoreSnapshot()
        switch POSIXFile.readFile(snapshotPath) {
        case .missing:
            createStore()
        case .failed(let reason):
            if setAsideStore(reason: "unreadable: \(reason)") { createStore() }
        case .bytes(let bytes):
            switch DatastoreFileFormat.readSnapshot(bytes) {
            case .newer(let version):
                enterReadOnly(snapshotURL, reason: newerReason(version))
            case .damaged(let reason):
                if setAsideStore(reason: reason) { createStore() }
            case .valid(let found, let snapshot):
                state = snapshot
                identity = found
                snapshotSize = bytes.count
                openJournal(found)
                if self.identity != nil { rememberSnapshotFile() }
            }
        }
    }

    private mutating func openJournal(_ expected: Identity) {
        let url = journalURL(expected.generation)
        let fd = POSIXFile.open(url.path, O_RDWR)
        guard fd >= 0 else {
            if errno == ENOENT { return adoptNewJournal(expected) }
            return enterReadOnly(url, reason: "cannot open the journal: \(POSIXFile.lastError)")
        }
        guard let bytes = POSIXFile.read(fd, from: 0) else {
            POSIXFile.close(fd)
            return enterReadOnly(url, reason: "cannot read the journal: \(POSIXFile.lastError)")
        }
        switch DatastoreFileFormat.journalHeader(bytes) {
        case .valid(let found) where found == expected:
            journalFD = fd
            journalEnd = DatastoreFileFormat.journalHeaderSize
            consumeRecords(Array(bytes[DatastoreFileFormat.journalHeaderSize...]), report: false)
        case .valid:
            POSIXFile.close(fd)
            if setAside(url, reason: "journal belongs to another store or generation") { adoptNewJournal(expected) }
        case .newer(let version):
            POSIXFile.close(fd)
            enterReadOnly(url, reason: newerReason(version))
        case .damaged(let reason):
            POSIXFile.close(fd)
            if setAside(url, reason: reason) { adoptNewJournal(expected) }
        }
    }

    /// Reads the records appended after `journalEnd`.
    private mutating func readJournalTail(report: Bool) {
        guard journalFD >= 0, let bytes = POSIXFile.read(journalFD, from: journalEnd) else { return }
        consumeRecords(bytes, report: report)
    }

    /// Applies the whole records in `bytes` (which start at `journalEnd`) and
    /// cuts off a torn tail, left by a writer that crashed mid-append.
    private mutating func consumeRecords(_ bytes: [UInt8], report: Bool) {
        guard !bytes.isEmpty else { return }
        let tail = DatastoreFileFormat.readRecords(bytes)
        for batch in tail.batches {
            for mutation in batch { state.applyDeferringTrim(mutation) }
            if report { unreported.append(contentsOf: batch) }
        }
        journalEnd += tail.validLength
        if tail.validLength < bytes.count, !isReadOnly {
            // Safe: every writer holds the lock, so no append is in progress.
            _ = POSIXFile.truncate(journalFD, to: journalEnd)
        }
    }

    // MARK: Writing

    private mutating func appendRecord(_ batch: [DatastoreMutation]) -> Bool {
        guard journalFD >= 0 else {
            writeFailure = "could not open the journal"
            return false
        }
        guard !refusesWritesForTesting else {
            writeFailure = "could not write the journal: no space left on device (simulated)"
            return false
        }
        let record = Self.records(batch[...])
        guard POSIXFile.write(journalFD, record, at: journalEnd), POSIXFile.sync(journalFD) else {
            writeFailure = "could not write the journal: \(POSIXFile.lastError)"
            // Leave no partial record behind: the next append would follow it
            // and readers stop at the first damaged record.
            _ = POSIXFile.truncate(journalFD, to: journalEnd)
            return false
        }
        journalEnd += record.count
        batchesWritten += 1
        for mutation in batch { state.applyDeferringTrim(mutation) }
        if journalEnd > max(compactionThreshold, snapshotSize / 4) { compact() }
        return true
    }

    /// The batch as journal records: one, unless it is too large for a record
    /// (readers take an oversized record for damage), then several.
    private static func records(_ batch: ArraySlice<DatastoreMutation>) -> [UInt8] {
        let payload = DatastoreCodec.encodeBatch(Array(batch))
        if payload.count <= DatastoreFileFormat.maximumRecordLength { return DatastoreFileFormat.record(payload) }
        // A single mutation this large (a string of 64 MiB) cannot be stored.
        guard batch.count > 1 else { return [] }
        let middle = batch.startIndex + batch.count / 2
        return records(batch[..<middle]) + records(batch[middle...])
    }

    /// Writes the whole state as the snapshot of the next generation, with a
    /// new empty journal. The rename of the snapshot is the commit point: a
    /// crash before it leaves the old snapshot and its complete journal, a
    /// crash after it the new snapshot and its (fsynced) empty journal.
    /// A store already at the last generation (only a forged or damaged
    /// header says so) is never compacted: its journal just grows.
    private mutating func compact() {
        guard let identity, identity.generation < UInt64.max else { return }
        let next = Identity(storeID: identity.storeID, generation: identity.generation + 1)
        guard let fd = createJournal(next) else { return }
        let bytes = DatastoreFileFormat.snapshotFile(state, identity: next)
        guard POSIXFile.replaceAtomically(snapshotPath, with: bytes, directory: directory.path) else {
            POSIXFile.close(fd)
            POSIXFile.remove(journalPath(next.generation))
            return
        }
        closeJournal()
        journalFD = fd
        journalEnd = DatastoreFileFormat.journalHeaderSize
        self.identity = next
        snapshotSize = bytes.count
        rememberSnapshotFile()
        compactions += 1
        // The previous journal stays so that a process one generation behind
        // can finish reading it by name; older ones are no longer needed.
        removeJournals(olderThan: identity.generation)
    }

    /// Creates a brand-new store: a random id, generation 1, an empty journal
    /// first and then the snapshot that makes it live.
    private mutating func createStore() {
        let fresh = Identity(storeID: UInt64.random(in: 1...UInt64.max), generation: 1)
        guard let fd = createJournal(fresh) else {
            return enterReadOnly(directory, reason: "cannot create the journal: \(POSIXFile.lastError)")
        }
        let bytes = DatastoreFileFormat.snapshotFile(DatastoreSnapshot(), identity: fresh)
        guard POSIXFile.replaceAtomically(snapshotPath, with: bytes, directory: directory.path) else {
            POSIXFile.close(fd)
            return enterReadOnly(snapshotURL, reason: "cannot create the snapshot: \(POSIXFile.lastError)")
        }
        removeJournals(olderThan: fresh.generation)
        identity = fresh
        state = DatastoreSnapshot()
        snapshotSize = bytes.count
        journalFD = fd
        journalEnd = DatastoreFileFormat.journalHeaderSize
        rememberSnapshotFile()
    }

    /// Starts an empty journal for the open snapshot (its own was missing or
    /// set aside).
    private mutating func adoptNewJournal(_ expected: Identity) {
        guard let fd = createJournal(expected) else {
            return enterReadOnly(
                journalURL(expected.generation), reason: "cannot create the journal: \(POSIXFile.lastError)")
        }
        journalFD = fd
        journalEnd = DatastoreFileFormat.journalHeaderSize
    }

    /// A durable, empty journal (truncating a stray file of the same name:
    /// nobody appends to a generation before its snapshot is live).
    private func createJournal(_ identity: Identity) -> Int32? {
        let path = journalPath(identity.generation)
        let fd = POSIXFile.open(path, O_RDWR | O_CREAT | O_TRUNC)
        guard fd >= 0 else { return nil }
        guard POSIXFile.write(fd, DatastoreFileFormat.journalHeader(identity), at: 0), POSIXFile.sync(fd),
            POSIXFile.syncDirectory(directory.path)
        else {
            POSIXFile.close(fd)
            return nil
        }
        return fd
    }

    private func removeJournals(olderThan generation: UInt64) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.journalPrefix) {
            guard let found = UInt64(name.dropFirst(Self.journalPrefix.count)), found < generation else { continue }
            POSIXFile.remove(directory.appendingPathComponent(name).path)
        }
    }

    private mutating func closeJournal() {
        POSIXFile.close(journalFD)
        journalFD = -1
        journalEnd = 0
    }

    // MARK: Recovery

    /// Moves the damaged snapshot aside, and its journals with it (their
    /// records are deltas over a state that is lost). Returns whether the
    /// snapshot is out of the way.
    private mutating func setAsideStore(reason: String) -> Bool {
        guard setAside(snapshotURL, reason: reason) else {
            enterReadOnly(snapshotURL, reason: "the damaged store could not be moved aside")
            return false
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasPrefix(Self.journalPrefix) {
            guard UInt64(name.dropFirst(Self.journalPrefix.count)) != nil else { continue }
            _ = setAside(directory.appendingPathComponent(name), reason: "journal of a damaged snapshot (\(reason))")
        }
        return true
    }

    /// Renames `url` to `<name>.corrupt-<milliseconds since 1970>` and records
    /// the recovery. Never deletes.
    private mutating func setAside(_ url: URL, reason: String) -> Bool {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var target = url.path + ".corrupt-\(stamp)"
        var suffix = 1
        while POSIXFile.exists(target) {
            target = url.path + ".corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        guard POSIXFile.rename(url.path, target) else {
            recoveries.append(
                Tips.DatastoreRecovery(
                    originalURL: url, movedTo: nil, reason: "\(reason); could not move it aside: \(POSIXFile.lastError)"
                ))
            return false
        }
        recoveries.append(
            Tips.DatastoreRecovery(originalURL: url, movedTo: URL(fileURLWithPath: target), reason: reason))
        return true
    }

    /// Stops writing to the directory and serves an empty in-memory state.
    private mutating func enterReadOnly(_ url: URL, reason: String) {
        closeJournal()
        forgetSnapshotFile()
        isReadOnly = true
        identity = nil
        state = DatastoreSnapshot()
        recoveries.append(Tips.DatastoreRecovery(originalURL: url, movedTo: nil, reason: reason))
    }

    private func newerReason(_ version: UInt32) -> String {
        "written in format version \(version), newer than this build's \(DatastoreFileFormat.currentVersion); "
            + "left untouched, starting from an empty state that is not saved"
    }
}
