import Foundation

/// Recovery: what the directory does with damage, missing files and files of
/// the wrong kind. It keeps every record that still verifies, sets aside
/// (renames, never deletes) what it cannot use, and reports both.
extension DatastoreDirectory {
    /// Sets the unusable snapshot aside and recovers what its journals allow.
    mutating func setAsideSnapshot(reason: String) {
        guard setAside(snapshotURL, reason: reason) else { return needsReload = true }
        recoverWithoutSnapshot(because: "Tips.store was set aside (\(reason))")
    }

    /// Rebuilds the store when `Tips.store` is gone. Journals with nothing
    /// after their header hold nothing to keep. The first generation's
    /// snapshot is always empty, so the journals of generations 1, 2, ...
    /// (one store id, no gap) replay from an empty state to exactly the
    /// store's: they are replayed into a new store and kept aside. Any other
    /// journal holds changes over a snapshot that is lost: it is set aside.
    mutating func recoverWithoutSnapshot(because cause: String) {
        var recovered = DatastoreSnapshot()
        var replayed: [(url: URL, reason: String)] = []
        /// The last journal of the chain from generation 1; nil before it
        /// starts, and once a journal breaks it (nothing after a gap replays).
        var chain: Identity?
        var chainIsBroken = false
        for generation in journalGenerations() {
            let url = journalURL(generation)
            let bytes: [UInt8]
            switch POSIXFile.readFile(url.path) {
            case .missing: continue
            case .bytes(let read): bytes = read
            case .failed(let reason):
                guard setAside(url, reason: "\(cause); this journal is unreadable (\(reason))") else {
                    return needsReload = true
                }
                continue
            }
            let header = DatastoreFileFormat.journalHeader(bytes)
            if case .newer(let version) = header { return enterReadOnly(url, reason: newerReason(version)) }
            let next = chain.map { Identity(storeID: $0.storeID, generation: $0.generation &+ 1) }
            if !chainIsBroken, case .valid(let found) = header, found.generation == generation,
                next.map({ $0 == found }) ?? (generation == 1)
            {
                chain = found
                let body = Array(bytes[DatastoreFileFormat.journalHeaderSize...])
                guard !body.isEmpty else { continue }
                let tail = DatastoreFileFormat.readRecords(body, offset: DatastoreFileFormat.journalHeaderSize)
                // Only a torn record: a crash, with nothing to keep.
                guard !tail.batches.isEmpty || !tail.damage.isEmpty else { continue }
                for batch in tail.batches {
                    for mutation in batch { recovered.applyDeferringTrim(mutation) }
                }
                let damage = tail.damage.isEmpty ? "" : " (it is damaged too: \(tail.damage.joined(separator: "; ")))"
                replayed.append(
                    (
                        url,
                        "\(cause); its \(tail.batches.count) records that verify were replayed into a new store\(damage)"
                    ))
                continue
            }
            chainIsBroken = true
            if case .valid = header, bytes.count == DatastoreFileFormat.journalHeaderSize { continue }
            if bytes.isEmpty { continue }
            let what =
                if case .damaged(let reason) = header { "this journal is damaged (\(reason))" } else {
                    "this journal holds changes over a snapshot that is lost"
                }
            guard setAside(url, reason: "\(cause); \(what)") else { return needsReload = true }
        }
        guard !replayed.isEmpty else {
            createStore()
            return
        }
        // Past every journal, so that creating the new one truncates nothing.
        let generation = min(journalGenerations().last ?? 0, UInt64.max - 1) + 1
        createStore(recovered, generation: generation, keepingAside: replayed)
    }

    /// A journal with damage before records that verify: every record that
    /// verifies is in `state`; compaction writes them into a new snapshot,
    /// and then the damaged journal is set aside. Until a compaction
    /// succeeds, nothing is appended to it.
    mutating func recoverDamagedJournal(_ damage: [String]) {
        guard let identity else { return }
        let reason =
            "damaged: \(damage.joined(separator: "; ")); every record that verifies, before and after, was kept"
        damagedJournal = (identity.generation, reason)
        if journalIsWritable, compact() { return }
        damagedJournal = nil
        journalIsWritable = false
        cannotWrite(journalURL(identity.generation), "\(reason), but cannot be rewritten yet")
    }

    /// Renames `url` to `<name>.corrupt-<milliseconds since 1970>` and
    /// records the recovery. Never deletes.
    mutating func setAside(_ url: URL, reason: String) -> Bool {
        let target = asideName(for: url)
        guard POSIXFile.rename(url.path, target) else {
            report(url, movedTo: nil, "\(reason); could not move it aside: \(POSIXFile.lastError)")
            return false
        }
        report(url, movedTo: URL(fileURLWithPath: target), reason)
        return true
    }

    /// Like `setAside`, but the file keeps its name too (a second link; a
    /// rename where links are not supported); it is left for the caller to
    /// remove. For a file whose content was recovered elsewhere: a crash
    /// before the removal then leaves it where the recovery can find it again.
    mutating func keepAside(_ url: URL, reason: String) {
        let target = asideName(for: url)
        guard POSIXFile.link(url.path, target) || POSIXFile.rename(url.path, target) else {
            return report(url, movedTo: nil, "\(reason); could not keep a copy aside: \(POSIXFile.lastError)")
        }
        report(url, movedTo: URL(fileURLWithPath: target), reason)
    }

    private func asideName(for url: URL) -> String {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var target = url.path + ".corrupt-\(stamp)"
        var suffix = 1
        while POSIXFile.kind(target, followingLinks: false) != .missing {
            target = url.path + ".corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        return target
    }

    /// The store cannot be written now: `state` holds what was readable, the
    /// next write reloads, and the cause is reported once (not again when
    /// the next append fails for it).
    mutating func cannotWrite(_ url: URL, _ reason: String) {
        needsReload = true
        writeProblem = reason
        writeFailure = reason
        report(url, movedTo: nil, "\(reason); what could be read is loaded, and writing is retried")
    }

    /// Records a recovery; one that moved nothing is recorded once per
    /// process (a store that cannot be written is reloaded at every retry).
    mutating func report(_ url: URL, movedTo: URL?, _ reason: String) {
        if movedTo == nil {
            guard reportedProblems.insert("\(url.path)\n\(reason)").inserted else { return }
        }
        recoveries.append(Tips.DatastoreRecovery(originalURL: url, movedTo: movedTo, reason: reason))
    }

    /// Stops writing to the directory and serves an empty in-memory state.
    mutating func enterReadOnly(_ url: URL, reason: String) {
        closeJournal()
        forgetSnapshotFile()
        isReadOnly = true
        identity = nil
        state = DatastoreSnapshot()
        report(url, movedTo: nil, reason)
    }

    func newerReason(_ version: UInt32) -> String {
        "written in format version \(version), newer than this build's \(DatastoreFileFormat.currentVersion); "
            + "left untouched, starting from an empty state that is not saved"
    }
}
