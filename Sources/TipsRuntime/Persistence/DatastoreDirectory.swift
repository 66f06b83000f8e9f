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
/// This file holds the state and the operations `Datastore` calls; reading and
/// appending the journal, compaction and store creation, and recovery from
/// damage live in the `DatastoreDirectory+*.swift` files beside it.
///
/// Not thread-safe: `Datastore` uses it under its own lock. Each operation
/// takes the directory's `flock` for its whole duration, so another process
/// never sees half of an append or of a compaction.
struct DatastoreDirectory {
    typealias Identity = DatastoreFileFormat.Identity

    static let snapshotName = "Tips.store"
    static let lockName = "Tips.lock"
    static let journalPrefix = "Tips.journal."
    static let temporaryName = "Tips.store.tmp"

    let directory: URL
    /// The journal is compacted into a new snapshot once it is larger than
    /// this and than a quarter of the last snapshot: small enough that
    /// replaying it adds little to a load, large enough that rewriting the
    /// snapshot stays amortized.
    let compactionThreshold: Int

    /// The state of the store as of everything read or written so far.
    var state = DatastoreSnapshot()
    /// The store and generation open, or nil before loading, after erasing
    /// and while no store could be read or created.
    var identity: Identity?
    /// Set when the store was written by a newer release: nothing in the
    /// directory is written until it is erased.
    var isReadOnly = false
    /// Set when the last reload could not finish its work (the lock, a
    /// set-aside, the creation of a file or opening the journal for writing
    /// was refused): `state` holds what was readable, and the next write
    /// reloads first.
    var needsReload = false
    /// How many batches were appended (one write and one fsync each).
    var batchesWritten = 0
    /// How many snapshots compaction wrote.
    var compactions = 0

    /// Mutations other processes appended that `takeOutsideChanges()` has not returned yet.
    var unreported: [DatastoreMutation] = []
    /// Set when the store changed in a way deltas cannot describe.
    var needsReplaceAll = false
    /// Recoveries to report once the locks are released.
    var recoveries: [Tips.DatastoreRecovery] = []
    /// Reports of files left in place, already made: a store that cannot be
    /// written is reloaded at every retry, and says so once.
    var reportedProblems: Set<String> = []
    /// Why the last append failed, in words; nil while appends succeed. A
    /// failing disk is reported when appends start failing, not at every commit.
    var writeFailure: String?
    /// Why the store cannot be written right now (set by the reload that
    /// found out), for `writeFailure`.
    var writeProblem: String?
    /// For tests: every append fails, as on a full disk.
    var refusesWritesForTesting = false
    /// The journal of this generation, found damaged at load: every record of
    /// it that verifies is in `state`, and it is set aside once a compaction
    /// has written them into a new snapshot.
    var damagedJournal: (generation: UInt64, reason: String)?

    var journalFD: Int32 = -1
    /// False when the journal could only be opened for reading (a read-only
    /// mount, an immutable file).
    var journalIsWritable = false
    /// The format version of the open journal (and of its snapshot, written
    /// with it). An older one is rewritten in this build's version, by a
    /// compaction, before anything is appended: an older build never meets
    /// a mutation it cannot read in a file of its own version.
    var journalVersion = DatastoreFileFormat.currentVersion
    var journalEnd = 0
    var lockFD: Int32 = -1
    var snapshotSize = 0
    /// The snapshot file whose header matches `identity`, held open. Every
    /// change another process makes to the store's generation takes the
    /// snapshot away from `snapshotPath`: compaction and store creation
    /// rename a new file over it, erasing unlinks it (its link count drops to
    /// zero), recovery renames it aside (its status-change time moves, and
    /// snapshots are never written in place). So while one `fstat` shows the
    /// held file unchanged, a commit need not read the snapshot's header.
    var snapshotFD: Int32 = -1
    var snapshotStatus: POSIXFile.LinkStatus?

    // Paths computed once: building them per commit (and letting URL stat the
    // file system to guess whether each is a directory) was measurable.
    let snapshotURL: URL
    let snapshotPath: String
    let lockPath: String
    let temporaryPath: String
    let journalPathPrefix: String

    init(directory: URL, compactionThreshold: Int) {
        self.directory = directory
        self.compactionThreshold = compactionThreshold
        snapshotURL = directory.appendingPathComponent(Self.snapshotName, isDirectory: false)
        snapshotPath = snapshotURL.path
        lockPath = directory.appendingPathComponent(Self.lockName, isDirectory: false).path
        temporaryPath = directory.appendingPathComponent(Self.temporaryName, isDirectory: false).path
        journalPathPrefix = directory.appendingPathComponent(Self.journalPrefix, isDirectory: false).path
    }

    func journalURL(_ generation: UInt64) -> URL {
        URL(fileURLWithPath: journalPath(generation), isDirectory: false)
    }

    func journalPath(_ generation: UInt64) -> String {
        journalPathPrefix + String(generation)
    }

    /// The generations of the files named `Tips.journal.<n>`, ascending.
    func journalGenerations() -> [UInt64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            name.hasPrefix(Self.journalPrefix) ? UInt64(name.dropFirst(Self.journalPrefix.count)) : nil
        }.sorted()
    }

    // MARK: Operations

    /// Reads the whole store, recovering it if it is damaged. Without the
    /// lock (the directory cannot be created, the lock file cannot be
    /// opened), reads what it can and leaves the files alone.
    mutating func load() -> DatastoreSnapshot {
        isReadOnly = false
        if withFileLock({ $0.reload() }) == nil {
            readWhatIsReadable()
            cannotWrite(directory, writeProblem ?? "cannot lock the datastore directory")
        }
        unreported = []
        needsReplaceAll = false
        state.trimDeferredDonations()
        return state
    }

    /// Appends one batch durably. Returns false when nothing of it could be
    /// written (the caller retries it); true when it was written or when the
    /// store is read-only and the batch is deliberately dropped.
    mutating func append(_ batch: [DatastoreMutation]) -> Bool {
        guard !isReadOnly else { return true }
        let wasFailing = writeFailure != nil
        let written =
            withFileLock { store in
                store.readOutsideChangesHoldingLock()
                if !store.isReadOnly, store.needsReload || !store.journalIsWritable {
                    store.reloadReportingChange()
                }
                guard !store.isReadOnly else { return true }
                guard store.isInCurrentVersion() else { return false }
                return store.appendRecord(batch)
            } ?? false
        if written {
            writeFailure = nil
        } else if !wasFailing {
            let reason = writeFailure ?? writeProblem ?? "could not lock the store: \(POSIXFile.lastError)"
            writeFailure = reason
            recoveries.append(
                Tips.DatastoreRecovery(
                    originalURL: directory, movedTo: nil,
                    reason: "\(reason); changes are kept in memory and retried, and awaited calls wait,"
                        + " until the disk accepts them"))
        }
        return written
    }

    /// Reads what other processes appended (under the lock, from the disk),
    /// for `takeOutsideChanges()`.
    mutating func readOutsideChanges() {
        if !isReadOnly { withFileLock { $0.readOutsideChangesHoldingLock() } }
    }

    /// What other processes appended that was read since the last call (no
    /// file is touched): their mutations, or the whole state when deltas
    /// cannot describe the change.
    mutating func takeOutsideChanges() -> (mutations: [DatastoreMutation], replacement: DatastoreSnapshot?) {
        defer {
            unreported = []
            needsReplaceAll = false
        }
        guard needsReplaceAll else { return (unreported, nil) }
        var replacement = state
        replacement.trimDeferredDonations()
        return ([], replacement)
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
        needsReload = false
        damagedJournal = nil
        withFileLock { $0.removeAllFiles() }
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

    /// Runs `body` holding the directory's exclusive lock; nil when the lock
    /// cannot be had (`writeProblem` says why).
    @discardableResult
    mutating func withFileLock<Result>(_ body: (inout DatastoreDirectory) -> Result) -> Result? {
        if let problem = lockTheNamedFile() {
            writeProblem = "cannot lock the datastore directory: \(problem)"
            return nil
        }
        defer { POSIXFile.unlock(lockFD) }
        return body(&self)
    }

    /// Locks the file `Tips.lock` names now; why not, when it cannot. A lock
    /// on a file renamed away since it was opened (set aside by another
    /// process) excludes nobody: it is dropped, and the new file locked.
    private mutating func lockTheNamedFile() -> String? {
        for _ in 0..<3 {
            if lockFD < 0 { openLockFile() }
            guard lockFD >= 0, POSIXFile.lock(lockFD) else { return POSIXFile.lastError }
            if POSIXFile.isFile(lockFD, namedBy: lockPath) { return nil }
            POSIXFile.unlock(lockFD)
            POSIXFile.close(lockFD)
            lockFD = -1
        }
        return "the lock file keeps being replaced"
    }

    /// Opens (creating the directory and the file if need be) the lock file;
    /// read-only when that is all the file system allows, which is enough
    /// for `flock`. Anything but a regular file in its place is set aside.
    private mutating func openLockFile() {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let kind = POSIXFile.kind(lockPath, followingLinks: true)
        if let kind, kind != .missing, kind != .regular {
            _ = setAside(
                URL(fileURLWithPath: lockPath),
                reason: "a \(kind.name) is named like the lock file, which must be a file")
        }
        for flags in [O_RDWR | O_CREAT, O_RDONLY] {
            if case .opened(let fd) = POSIXFile.openRegular(lockPath, flags) {
                lockFD = fd
                return
            }
        }
    }

    // MARK: Reloading

    /// Reloads everything; if that changed the state, `takeOutsideChanges()` returns a
    /// replacement instead of deltas.
    mutating func reloadReportingChange() {
        var before = state
        reload()
        // Compared as `apply(_:)` would have left them: deferred trims differ.
        var after = state
        before.trimDeferredDonations()
        after.trimDeferredDonations()
        if !isReadOnly, after != before { needsReplaceAll = true }
        unreported = []
    }

    /// Reads the snapshot and its journal from scratch, under the lock,
    /// setting aside what is damaged and creating a fresh store when there
    /// is none.
    mutating func reload() {
        closeJournal()
        forgetSnapshotFile()
        identity = nil
        state = DatastoreSnapshot()
        needsReload = false
        writeProblem = nil
        damagedJournal = nil
        guard let kind = POSIXFile.kind(snapshotPath, followingLinks: true) else {
            return cannotWrite(snapshotURL, "cannot look at the snapshot: \(POSIXFile.lastError)")
        }
        switch kind {
        case .missing:
            return recoverWithoutSnapshot(because: "Tips.store is missing")
        case .regular:
            break
        case .symbolicLink:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: snapshotPath)) ?? "?"
            return setAsideSnapshot(reason: "a symbolic link to \(target), which does not exist")
        case .directory, .special:
            return setAsideSnapshot(reason: "a \(kind.name), not a regular file")
        }
        switch POSIXFile.readFile(snapshotPath) {
        case .missing:
            recoverWithoutSnapshot(because: "Tips.store is missing")
        case .failed(let reason):
            setAsideSnapshot(reason: "unreadable: \(reason)")
        case .bytes(let bytes):
            switch DatastoreFileFormat.readSnapshot(bytes) {
            case .newer(let version):
                enterReadOnly(snapshotURL, reason: newerReason(version))
            case .damaged(let reason):
                setAsideSnapshot(reason: reason)
            case .valid(let found, let snapshot):
                state = snapshot
                identity = found
                snapshotSize = bytes.count
                openJournal(found)
                if self.identity != nil { rememberSnapshotFile() }
            }
        }
    }

    /// What `load` does without the lock: the snapshot and its journal as
    /// far as they read, with no file touched. The next write reloads them
    /// properly under the lock.
    private mutating func readWhatIsReadable() {
        closeJournal()
        forgetSnapshotFile()
        identity = nil
        state = DatastoreSnapshot()
        needsReload = true
        var base: Identity?
        switch POSIXFile.readFile(snapshotPath) {
        case .bytes(let bytes):
            guard case .valid(let found, let snapshot) = DatastoreFileFormat.readSnapshot(bytes) else { return }
            state = snapshot
            base = found
        case .missing:
            // The first generation's snapshot is always empty: its journal alone is the store.
            base = nil
        case .failed:
            return
        }
        let generation = base?.generation ?? 1
        guard case .bytes(let bytes) = POSIXFile.readFile(journalPath(generation)),
            case .valid(let found) = DatastoreFileFormat.journalHeader(bytes),
            base.map({ $0 == found }) ?? (found.generation == 1)
        else { return }
        let records = DatastoreFileFormat.readRecords(Array(bytes[DatastoreFileFormat.journalHeaderSize...]))
        for batch in records.batches {
            for mutation in batch { state.applyDeferringTrim(mutation) }
        }
    }

    // MARK: The snapshot held open

    /// Holds the snapshot now at `snapshotPath` (the one matching `identity`).
    mutating func rememberSnapshotFile() {
        forgetSnapshotFile()
        guard case .opened(let fd) = POSIXFile.openRegular(snapshotPath, O_RDONLY) else { return }
        guard let status = POSIXFile.linkStatus(fd) else { return POSIXFile.close(fd) }
        snapshotFD = fd
        snapshotStatus = status
    }

    mutating func forgetSnapshotFile() {
        POSIXFile.close(snapshotFD)
        snapshotFD = -1
        snapshotStatus = nil
    }

    /// Whether the snapshot held open is still the file at `snapshotPath`.
    func isSnapshotUnchanged() -> Bool {
        guard snapshotFD >= 0, let held = snapshotStatus, let current = POSIXFile.linkStatus(snapshotFD) else {
            return false
        }
        return current.links > 0 && current == held
    }
}
