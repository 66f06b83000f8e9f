import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The journal: opening it, reading what this and other processes appended,
/// and appending a batch.
extension DatastoreDirectory {
    // MARK: Reading

    /// Brings `state` up to date with what other processes wrote, recording
    /// their mutations for `takeOutsideChanges()`. Called under the file lock.
    mutating func readOutsideChangesHoldingLock() {
        guard !isReadOnly else { return }
        guard let identity, journalFD >= 0 else { return reloadReportingChange() }
        if isSnapshotUnchanged() {
            // The common case: no other process compacted or replaced the
            // store since we last looked; only our journal may have grown.
            if !readJournalTail(report: true) { reloadReportingChange() }
            return
        }
        guard
            case .bytes(let prefix) = POSIXFile.readPrefix(snapshotPath, count: DatastoreFileFormat.snapshotHeaderSize),
            case .valid(let current) = DatastoreFileFormat.snapshotHeader(prefix),
            current.storeID == identity.storeID, current.generation >= identity.generation
        else { return reloadReportingChange() }
        // Our journal may be finished (compacted by another process): read it
        // to its end through the descriptor we hold, then follow the newer ones.
        guard readJournalTail(report: true) else { return reloadReportingChange() }
        var generation = identity.generation
        while generation < current.generation {
            generation += 1
            let expected = Identity(storeID: identity.storeID, generation: generation)
            guard case .opened(let fd) = POSIXFile.openRegular(journalPath(generation), O_RDWR) else {
                return reloadReportingChange()
            }
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
            journalIsWritable = true
            journalVersion = DatastoreFileFormat.version(ofHeader: header)
            journalEnd = DatastoreFileFormat.journalHeaderSize
            damagedJournal = nil
            self.identity = expected
            guard readJournalTail(report: true) else { return reloadReportingChange() }
        }
        rememberSnapshotFile()
    }

    /// Opens the journal of the snapshot just read and applies its records.
    mutating func openJournal(_ expected: Identity) {
        let url = journalURL(expected.generation)
        switch POSIXFile.openRegular(url.path, O_RDWR) {
        case .opened(let fd):
            readJournal(fd, writable: true, expected: expected)
        case .missing:
            adoptNewJournal(expected)
        case .notRegular(let kind):
            if setAside(url, reason: "a \(kind.name) is named like the journal, which must be a file") {
                adoptNewJournal(expected)
            } else {
                needsReload = true
            }
        case .failed(let reason):
            // A read-only mount, an immutable file: read it, and retry
            // opening it for writing at the next write.
            guard case .opened(let fd) = POSIXFile.openRegular(url.path, O_RDONLY) else {
                return cannotWrite(url, "cannot open the journal: \(reason)")
            }
            readJournal(fd, writable: false, expected: expected)
            if journalFD >= 0 { cannotWrite(url, "cannot open the journal for writing: \(reason)") }
        }
    }

    private mutating func readJournal(_ fd: Int32, writable: Bool, expected: Identity) {
        let url = journalURL(expected.generation)
        guard let bytes = POSIXFile.read(fd, from: 0) else {
            let reason = POSIXFile.lastError
            POSIXFile.close(fd)
            return cannotWrite(url, "cannot read the journal: \(reason)")
        }
        switch DatastoreFileFormat.journalHeader(bytes) {
        case .valid(let found) where found == expected:
            journalFD = fd
            journalIsWritable = writable
            journalVersion = DatastoreFileFormat.version(ofHeader: bytes)
            journalEnd = DatastoreFileFormat.journalHeaderSize
            consumeRecords(Array(bytes[DatastoreFileFormat.journalHeaderSize...]), report: false)
        case .valid:
            POSIXFile.close(fd)
            if setAside(url, reason: "journal belongs to another store or generation") {
                adoptNewJournal(expected)
            } else {
                needsReload = true
            }
        case .newer(let version):
            POSIXFile.close(fd)
            enterReadOnly(url, reason: newerReason(version))
        case .damaged(let reason):
            POSIXFile.close(fd)
            if setAside(url, reason: reason) { adoptNewJournal(expected) } else { needsReload = true }
        }
    }

    /// Reads the records appended after `journalEnd`; false when they hold
    /// damage (a reload then recovers the journal).
    mutating func readJournalTail(report: Bool) -> Bool {
        guard journalFD >= 0, let bytes = POSIXFile.read(journalFD, from: journalEnd) else { return true }
        guard !bytes.isEmpty else { return true }
        let tail = DatastoreFileFormat.readRecords(bytes, offset: journalEnd)
        guard tail.damage.isEmpty else { return false }
        apply(tail, report: report)
        cutTornTail(tail, readFrom: bytes.count)
        return true
    }

    /// Applies the records in `bytes` (which start at `journalEnd`): every
    /// one that verifies. A torn tail, left by a writer that crashed
    /// mid-append, is cut off silently; damage before records that verify
    /// is recovered (`recoverDamagedJournal`).
    private mutating func consumeRecords(_ bytes: [UInt8], report: Bool) {
        guard !bytes.isEmpty else { return }
        let tail = DatastoreFileFormat.readRecords(bytes, offset: journalEnd)
        apply(tail, report: report)
        if tail.damage.isEmpty { return cutTornTail(tail, readFrom: bytes.count) }
        // The damaged file is kept as it is, torn tail included, to be set aside.
        journalEnd += tail.validLength
        recoverDamagedJournal(tail.damage)
    }

    private mutating func apply(_ tail: DatastoreFileFormat.JournalTail, report: Bool) {
        for batch in tail.batches {
            for mutation in batch { state.applyDeferringTrim(mutation) }
            if report { unreported.append(contentsOf: batch) }
        }
    }

    private mutating func cutTornTail(_ tail: DatastoreFileFormat.JournalTail, readFrom count: Int) {
        journalEnd += tail.validLength
        if tail.validLength < count, journalIsWritable {
            // Safe: every writer holds the lock, so no append is in progress.
            _ = POSIXFile.truncate(journalFD, to: journalEnd)
        }
    }

    // MARK: Writing

    mutating func appendRecord(_ batch: [DatastoreMutation]) -> Bool {
        guard journalFD >= 0, journalIsWritable, identity != nil else {
            writeFailure = writeProblem ?? "could not open the journal"
            return false
        }
        guard !refusesWritesForTesting else {
            writeFailure = "could not write the journal: no space left on device (simulated)"
            return false
        }
        let record = Self.records(batch[...])
        guard POSIXFile.write(journalFD, record, at: journalEnd), POSIXFile.sync(journalFD) else {
            writeFailure = "could not write the journal: \(POSIXFile.lastError)"
            // Leave no partial record behind: the next append would follow it.
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

    /// Whether the open journal is of this build's format version, rewriting
    /// an older store in it first (a compaction, which writes both files in
    /// this version; older builds then leave the store alone). False, with
    /// `writeFailure` set, when the rewrite fails: the caller retries.
    mutating func isInCurrentVersion() -> Bool {
        guard journalVersion < DatastoreFileFormat.currentVersion else { return true }
        guard compact() else {
            writeFailure =
                "cannot rewrite the store, of format version \(journalVersion), in version"
                + " \(DatastoreFileFormat.currentVersion) before writing to it"
            return false
        }
        return true
    }

    /// Starts an empty journal for the open snapshot (its own was missing or
    /// set aside).
    mutating func adoptNewJournal(_ expected: Identity) {
        guard let fd = createJournal(expected) else {
            return cannotWrite(journalURL(expected.generation), "cannot create the journal: \(POSIXFile.lastError)")
        }
        journalFD = fd
        journalIsWritable = true
        journalVersion = DatastoreFileFormat.currentVersion
        journalEnd = DatastoreFileFormat.journalHeaderSize
    }

    /// A durable, empty journal (truncating a stray file of the same name:
    /// nobody appends to a generation before its snapshot is live, and
    /// callers pick a generation whose file holds nothing to keep).
    func createJournal(_ identity: Identity) -> Int32? {
        let path = journalPath(identity.generation)
        guard case .opened(let fd) = POSIXFile.openRegular(path, O_RDWR | O_CREAT | O_TRUNC) else { return nil }
        guard POSIXFile.write(fd, DatastoreFileFormat.journalHeader(identity), at: 0), POSIXFile.sync(fd),
            POSIXFile.syncDirectory(directory.path)
        else {
            POSIXFile.close(fd)
            return nil
        }
        return fd
    }

    mutating func closeJournal() {
        POSIXFile.close(journalFD)
        journalFD = -1
        journalIsWritable = false
        journalEnd = 0
    }
}
