import Foundation

/// Writing whole snapshots: compaction, the creation of a store, and erasing.
extension DatastoreDirectory {
    /// Writes the whole state as the snapshot of the next generation, with a
    /// new empty journal. The rename of the snapshot is the commit point: a
    /// crash before it leaves the old snapshot and its complete journal, a
    /// crash after it the new snapshot and its (fsynced) empty journal.
    /// A store already at the last generation (only a forged or damaged
    /// header says so) is never compacted: its journal just grows.
    /// Returns whether the new snapshot is live.
    @discardableResult
    mutating func compact() -> Bool {
        guard let identity, identity.generation < UInt64.max, clearTemporaryFile() else { return false }
        let next = Identity(storeID: identity.storeID, generation: identity.generation + 1)
        guard let fd = createJournal(next) else { return false }
        let bytes = DatastoreFileFormat.snapshotFile(state, identity: next)
        guard POSIXFile.replaceAtomically(snapshotPath, with: bytes, directory: directory.path) else {
            POSIXFile.close(fd)
            POSIXFile.remove(journalPath(next.generation))
            return false
        }
        closeJournal()
        journalFD = fd
        journalIsWritable = true
        journalVersion = DatastoreFileFormat.currentVersion
        journalEnd = DatastoreFileFormat.journalHeaderSize
        self.identity = next
        snapshotSize = bytes.count
        rememberSnapshotFile()
        compactions += 1
        if let damaged = damagedJournal, damaged.generation == identity.generation {
            // Its records that verify are in the new snapshot now.
            _ = setAside(journalURL(identity.generation), reason: damaged.reason)
        }
        damagedJournal = nil
        // The previous journal stays so that a process one generation behind
        // can finish reading it by name; older ones are no longer needed.
        removeJournals(olderThan: identity.generation)
        return true
    }

    /// Creates a brand-new store holding `content`: a random id, an empty
    /// journal first and then the snapshot that makes it live. `generation`
    /// is 1 for an empty store (the first generation's snapshot is always
    /// empty, which lets a journal of generation 1 stand for the store when
    /// its snapshot is lost), else past every journal in the directory.
    /// Returns whether the store is live; if not, `state` still holds
    /// `content` and the next write tries again. `keptAside` are journals
    /// `content` was recovered from: once the store is live, each keeps a
    /// name aside before the old journals are removed.
    @discardableResult
    mutating func createStore(
        _ content: DatastoreSnapshot = DatastoreSnapshot(), generation: UInt64 = 1,
        keepingAside keptAside: [(url: URL, reason: String)] = []
    ) -> Bool {
        state = content
        guard clearTemporaryFile() else {
            cannotWrite(directory, "cannot create the store: its temporary file is in the way")
            return false
        }
        let fresh = Identity(storeID: UInt64.random(in: 1...UInt64.max), generation: generation)
        guard let fd = createJournal(fresh) else {
            cannotWrite(journalURL(generation), "cannot create the journal: \(POSIXFile.lastError)")
            return false
        }
        let bytes = DatastoreFileFormat.snapshotFile(content, identity: fresh)
        guard POSIXFile.replaceAtomically(snapshotPath, with: bytes, directory: directory.path) else {
            let reason = POSIXFile.lastError
            POSIXFile.close(fd)
            POSIXFile.remove(journalPath(generation))
            cannotWrite(snapshotURL, "cannot create the snapshot: \(reason)")
            return false
        }
        for (url, reason) in keptAside { keepAside(url, reason: reason) }
        removeJournals(olderThan: fresh.generation)
        identity = fresh
        snapshotSize = bytes.count
        journalFD = fd
        journalIsWritable = true
        journalVersion = DatastoreFileFormat.currentVersion
        journalEnd = DatastoreFileFormat.journalHeaderSize
        rememberSnapshotFile()
        return true
    }

    /// Makes way for the snapshot's temporary file: anything but a regular
    /// file under its name (a directory, a FIFO, a link) would make every
    /// compaction fail, so it is set aside. False when it cannot be.
    mutating func clearTemporaryFile() -> Bool {
        let kind = POSIXFile.kind(temporaryPath, followingLinks: false)
        guard let kind, kind != .missing, kind != .regular else { return kind != nil }
        let url = URL(fileURLWithPath: temporaryPath)
        return setAside(
            url, reason: "a \(kind.name) is named like the temporary file that compaction writes, and was in its way")
    }

    func removeJournals(olderThan generation: UInt64) {
        for found in journalGenerations() where found < generation {
            POSIXFile.remove(journalPath(found))
        }
    }

    /// Erases the store so that a crash at any point leaves either the old
    /// store or an empty one, never part of the old one: first an empty
    /// snapshot of a new store id, at a generation past every journal
    /// (from that rename on, the old journals are strays that are never
    /// replayed), then every other file, then that snapshot.
    mutating func removeAllFiles() {
        let generation = (journalGenerations().last ?? 0) &+ 1
        if generation > 1, clearTemporaryFile() {
            let empty = Identity(storeID: UInt64.random(in: 1...UInt64.max), generation: generation)
            _ = POSIXFile.replaceAtomically(
                snapshotPath, with: DatastoreFileFormat.snapshotFile(DatastoreSnapshot(), identity: empty),
                directory: directory.path)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix("Tips.") && name != Self.lockName && name != Self.snapshotName {
            POSIXFile.remove(directory.appendingPathComponent(name).path)
        }
        POSIXFile.remove(snapshotPath)
        _ = POSIXFile.syncDirectory(directory.path)
    }
}
