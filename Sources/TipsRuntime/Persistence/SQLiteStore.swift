import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The datastore as one SQLite database, `Tips.sqlite`, in WAL mode with
/// `synchronous = FULL`, shared by every process that opens the directory.
///
/// Schema (`user_version` 1):
/// - `meta(id = 1, store_id, up_to)`: a random id, redrawn by an erase; the
///   last batch the snapshot holds.
/// - `snapshot(id = 1, body, crc)`: the state as of `up_to`, a
///   `DatastoreCodec` snapshot body and its CRC-32.
/// - `batches(seq AUTOINCREMENT, payload, crc)`: committed batches after it.
/// - `damaged(seq, payload, crc, reason)`: rows that failed their check, kept.
///
/// SQLite gives atomic commits, the lock between processes and crash
/// safety; the rows use the journal's codec, so `apply(_:)` stays the one
/// definition of what a mutation does.
struct SQLiteStore {
    typealias Failure = SQLiteConnection.Failure
    static let databaseName = "Tips.sqlite"
    static let schemaVersion: Int64 = 1

    let directory: URL
    let path: String
    let compactionThreshold: Int
    var connection: SQLiteConnection?
    /// The database file held open, to notice it being renamed away.
    var heldFD: Int32 = -1

    var state = DatastoreSnapshot()
    var storeID: Int64 = 0
    /// The newest batch applied to `state`.
    var lastSeq: Int64 = 0
    var batchBytes = 0
    var snapshotSize = 0
    var isReadOnly = false
    var needsReload = false
    var unreported: [DatastoreMutation] = []
    var needsReplaceAll = false
    var recoveries: [Tips.DatastoreRecovery] = []
    var reportedProblems: Set<String> = []
    var writeFailure: String?
    var batchesWritten = 0
    var compactions = 0
    var refusesWritesForTesting = false

    init(directory: URL, compactionThreshold: Int) {
        self.directory = directory
        self.compactionThreshold = compactionThreshold
        path = directory.appendingPathComponent(Self.databaseName, isDirectory: false).path
    }

    // MARK: Operations

    mutating func load() -> DatastoreSnapshot {
        isReadOnly = false
        reload()
        unreported = []
        needsReplaceAll = false
        state.trimDeferredDonations()
        return state
    }

    /// Appends one batch durably; false when nothing of it was written.
    mutating func append(_ batch: [DatastoreMutation]) -> Bool {
        guard !isReadOnly else { return true }
        let written = appendOnce(batch)
        if written {
            writeFailure = nil
        } else if writeFailure == nil {
            writeFailure = "the database refused a write"
            report(directory, movedTo: nil, "the database refused a write; changes are retried")
        }
        return written
    }

    private mutating func appendOnce(_ batch: [DatastoreMutation]) -> Bool {
        guard !refusesWritesForTesting else { return false }
        if connection == nil || needsReload || !isDatabaseUnmoved() { reloadReportingChange() }
        guard !isReadOnly else { return true }
        guard let connection else { return false }
        do throws(Failure) {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(Failure) {
                try catchUp(connection)
                let payload = DatastoreCodec.encodeBatch(batch)
                try connection.query(
                    "INSERT INTO batches(payload, crc) VALUES (?, ?)",
                    [.blob(payload), .int(Int64(CRC32.checksum(payload)))])
                lastSeq = connection.lastInsertedRowID
                batchBytes += payload.count
                for mutation in batch { state.applyDeferringTrim(mutation) }
                if batchBytes > compactionThreshold, batchBytes > snapshotSize / 4 { try compact(connection) }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                needsReload = true
                throw error
            }
            batchesWritten += 1
            return true
        } catch {
            if error.isCorruption { recoverCorrupt(error) }
            return false
        }
    }

    mutating func readOutsideChanges() {
        guard !isReadOnly, let connection, !needsReload else { return }
        do throws(Failure) {
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            try catchUp(connection)
        } catch {
            needsReload = true
        }
    }

    mutating func takeUnreported() -> (mutations: [DatastoreMutation], replacement: DatastoreSnapshot?) {
        defer {
            unreported = []
            needsReplaceAll = false
        }
        guard needsReplaceAll else { return (unreported, nil) }
        var replacement = state
        replacement.trimDeferredDonations()
        return ([], replacement)
    }

    /// Empties the store in one transaction under a new store id (other
    /// processes see the id change and reload), and removes set-aside files.
    mutating func erase() {
        isReadOnly = false
        if connection == nil { reload() }
        if let connection {
            do throws(Failure) {
                try connection.execute("BEGIN IMMEDIATE")
                try connection.execute("DELETE FROM batches; DELETE FROM damaged")
                try writeSnapshot(DatastoreSnapshot(), connection)
                try connection.query(
                    "UPDATE meta SET store_id = ?, up_to = (SELECT ifnull(max(seq), 0) FROM sqlite_sequence), kept_from = 0",
                    [.int(Int64.random(in: 1...Int64.max))])
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                removeDatabaseFiles()
            }
        } else {
            removeDatabaseFiles()
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(Self.databaseName) && name.contains(".corrupt-") {
            _ = POSIXFile.remove(directory.appendingPathComponent(name).path)
        }
        reload()
        unreported = []
        needsReplaceAll = false
    }

    mutating func takeRecoveries() -> [Tips.DatastoreRecovery] {
        defer { recoveries = [] }
        return recoveries
    }

    mutating func close() {
        connection?.close()
        connection = nil
        POSIXFile.close(heldFD)
        heldFD = -1
    }

    // MARK: Reading

    /// Reads the whole store from scratch, creating it when there is none.
    mutating func reload() {
        state = DatastoreSnapshot()
        storeID = 0
        lastSeq = 0
        batchBytes = 0
        needsReload = false
        guard let connection = open() else { return }
        do throws(Failure) {
            try createSchemaIfNeeded(connection)
            guard !isReadOnly else { return }
            try connection.execute("BEGIN")
            let damaged: [(seq: Int64, reason: String)]
            do throws(Failure) {
                damaged = try readAll(connection)
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
            if !damaged.isEmpty { try quarantine(damaged, connection) }
        } catch {
            if error.isCorruption { return recoverCorrupt(error) }
            needsReload = true
            report(URL(fileURLWithPath: path), movedTo: nil, "cannot read the database: \(error)")
        }
    }

    mutating func reloadReportingChange() {
        var before = state
        reload()
        var after = state
        before.trimDeferredDonations()
        after.trimDeferredDonations()
        if !isReadOnly, after != before { needsReplaceAll = true }
        unreported = []
    }

    /// Reads the snapshot and every batch after it; the batches that fail
    /// their check (with why).
    private mutating func readAll(_ connection: SQLiteConnection) throws(Failure) -> [(seq: Int64, reason: String)] {
        var upTo: Int64 = 0
        try connection.query("SELECT store_id, up_to FROM meta WHERE id = 1") { row in
            storeID = row.integer(0)
            upTo = row.integer(1)
        }
        var damaged: [(Int64, String)] = []
        try connection.query("SELECT body, crc FROM snapshot WHERE id = 1") { row in
            let body = row.blob(0)
            snapshotSize = body.count
            switch Self.decodeSnapshot(body, crc: row.integer(1)) {
            case .success(let snapshot): state = snapshot
            case .failure(let reason): damaged.append((0, "the snapshot: \(reason)"))
            }
        }
        lastSeq = upTo
        damaged += try readBatches(after: upTo, connection, report: false)
        return damaged
    }

    /// Applies the batches after `seq`; the ones that fail their check.
    private mutating func readBatches(after seq: Int64, _ connection: SQLiteConnection, report: Bool) throws(Failure)
        -> [(seq: Int64, reason: String)]
    {
        var damaged: [(Int64, String)] = []
        try connection.query("SELECT seq, payload, crc FROM batches WHERE seq > ? ORDER BY seq", [.int(seq)]) { row in
            let seq = row.integer(0)
            let payload = row.blob(1)
            lastSeq = seq
            batchBytes += payload.count
            guard UInt32(truncatingIfNeeded: row.integer(2)) == CRC32.checksum(payload) else {
                return damaged.append((seq, "batch \(seq) fails its checksum"))
            }
            guard let batch = try? DatastoreCodec.decodeBatch(payload) else {
                return damaged.append((seq, "batch \(seq) does not decode"))
            }
            for mutation in batch { state.applyDeferringTrim(mutation) }
            if report { unreported += batch }
        }
        return damaged
    }

    /// Takes in what other processes committed since this one last looked,
    /// inside the caller's transaction.
    private mutating func catchUp(_ connection: SQLiteConnection) throws(Failure) {
        var current: (storeID: Int64, keptFrom: Int64) = (0, 0)
        try connection.query("SELECT store_id, kept_from FROM meta WHERE id = 1") { row in
            current = (row.integer(0), row.integer(1))
        }
        guard current.storeID == storeID, current.keptFrom <= lastSeq else {
            // Erased, or compacted past what was read: deltas cannot tell it.
            var before = state
            state = DatastoreSnapshot()
            _ = try readAll(connection)
            var after = state
            before.trimDeferredDonations()
            after.trimDeferredDonations()
            if after != before { needsReplaceAll = true }
            unreported = []
            return
        }
        _ = try readBatches(after: lastSeq, connection, report: true)
    }

    private static func decodeSnapshot(_ body: [UInt8], crc: Int64) -> Result<DatastoreSnapshot, Reason> {
        guard UInt32(truncatingIfNeeded: crc) == CRC32.checksum(body) else { return .failure(Reason("checksum")) }
        return body.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            var cache = DecodingCache()
            guard let snapshot = try? DatastoreCodec.decodeSnapshot(&reader, &cache) else {
                return .failure(Reason("does not decode"))
            }
            return .success(snapshot)
        }
    }

    struct Reason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Writing

    /// Writes the state as the snapshot and drops the batches the previous
    /// snapshot held (those of the last one stay, so that a process one
    /// compaction behind still reads them as deltas).
    private mutating func compact(_ connection: SQLiteConnection) throws(Failure) {
        try writeSnapshot(state, connection)
        try connection.query("DELETE FROM batches WHERE seq <= (SELECT up_to FROM meta WHERE id = 1)")
        try connection.query("UPDATE meta SET kept_from = up_to, up_to = ? WHERE id = 1", [.int(lastSeq)])
        compactions += 1
        batchBytes = 0
    }

    private mutating func writeSnapshot(_ snapshot: DatastoreSnapshot, _ connection: SQLiteConnection) throws(Failure) {
        var writer = ByteWriter(capacity: 1 << 16)
        DatastoreCodec.encode(snapshot, into: &writer)
        let body = writer.bytes
        try connection.query(
            "UPDATE snapshot SET body = ?, crc = ? WHERE id = 1", [.blob(body), .int(Int64(CRC32.checksum(body)))])
        snapshotSize = body.count
    }

    /// Moves rows that failed their check to `damaged`, writes what was
    /// kept as the snapshot, and reports them.
    private mutating func quarantine(_ damaged: [(seq: Int64, reason: String)], _ connection: SQLiteConnection)
        throws(Failure)
    {
        try connection.execute("BEGIN IMMEDIATE")
        do throws(Failure) {
            for (seq, reason) in damaged where seq > 0 {
                try connection.query(
                    "INSERT INTO damaged SELECT seq, payload, crc, ? FROM batches WHERE seq = ?",
                    [.text(reason), .int(seq)])
            }
            try compact(connection)
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        let reasons = damaged.map(\.reason).joined(separator: "; ")
        report(URL(fileURLWithPath: path), movedTo: nil, "damaged: \(reasons); every row that verifies was kept")
    }

    // MARK: Opening and recovery

    /// The open connection, opening the database first if need be.
    private mutating func open() -> SQLiteConnection? {
        if let connection { return connection }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A FIFO or a device named like a database file would block open(2).
        for name in [path, path + "-wal", path + "-shm"] {
            let kind = POSIXFile.kind(name, followingLinks: true)
            if let kind, kind != .missing, kind != .regular {
                _ = setAside(name, reason: "a \(kind.name) is named like the database, which must be a file")
            }
        }
        do throws(Failure) {
            let connection = try SQLiteConnection(path: path, readOnly: false)
            try connection.execute(
                "PRAGMA busy_timeout = 60000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
                    + " PRAGMA fullfsync = ON; PRAGMA checkpoint_fullfsync = ON")
            self.connection = connection
            if case .opened(let fd) = POSIXFile.openRegular(path, O_RDONLY) { heldFD = fd }
            return connection
        } catch {
            connection?.close()
            connection = nil
            if error.isCorruption {
                recoverCorrupt(error)
                return self.connection
            }
            needsReload = true
            report(URL(fileURLWithPath: path), movedTo: nil, "cannot open the database: \(error)")
            return nil
        }
    }

    /// Whether the database file held open is still the one named `Tips.sqlite`.
    private func isDatabaseUnmoved() -> Bool {
        heldFD >= 0 && POSIXFile.isFile(heldFD, namedBy: path)
    }

    private mutating func createSchemaIfNeeded(_ connection: SQLiteConnection) throws(Failure) {
        let version = try connection.integer("PRAGMA user_version")
        if version > Self.schemaVersion {
            isReadOnly = true
            state = DatastoreSnapshot()
            return report(
                URL(fileURLWithPath: path), movedTo: nil,
                "written in schema version \(version), newer than this build's; left untouched")
        }
        guard version == 0 else { return }
        try connection.execute("BEGIN IMMEDIATE")
        do throws(Failure) {
            if try connection.integer("PRAGMA user_version") == 0 {
                try connection.execute(
                    """
                    CREATE TABLE meta(id INTEGER PRIMARY KEY, store_id INTEGER NOT NULL, up_to INTEGER NOT NULL,
                        kept_from INTEGER NOT NULL);
                    CREATE TABLE snapshot(id INTEGER PRIMARY KEY, body BLOB NOT NULL, crc INTEGER NOT NULL);
                    CREATE TABLE batches(seq INTEGER PRIMARY KEY AUTOINCREMENT, payload BLOB NOT NULL,
                        crc INTEGER NOT NULL);
                    CREATE TABLE damaged(seq INTEGER, payload BLOB, crc INTEGER, reason TEXT);
                    INSERT INTO snapshot VALUES (1, x'', 0);
                    PRAGMA user_version = 1;
                    """)
                try connection.query(
                    "INSERT INTO meta VALUES (1, ?, 0, 0)", [.int(Int64.random(in: 1...Int64.max))])
                try writeSnapshot(DatastoreSnapshot(), connection)
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The database is not one, or is damaged: keeps what was read, sets
    /// the files aside, and starts a new database holding it.
    private mutating func recoverCorrupt(_ failure: Failure) {
        let kept = state
        close()
        var moved: [String] = []
        for name in [path, path + "-wal", path + "-shm"] where POSIXFile.exists(name) {
            if let target = setAside(name, reason: "damaged (\(failure.message))") { moved.append(target) }
        }
        guard let connection = open() else { return }
        do throws(Failure) {
            try createSchemaIfNeeded(connection)
            try connection.execute("BEGIN IMMEDIATE")
            state = kept
            try connection.query("SELECT store_id FROM meta WHERE id = 1") { row in storeID = row.integer(0) }
            lastSeq = 0
            try compact(connection)
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            needsReload = true
        }
    }

    private mutating func removeDatabaseFiles() {
        close()
        for name in [path, path + "-wal", path + "-shm"] { _ = POSIXFile.remove(name) }
    }

    /// Renames `path` aside; the new name, or nil when it could not be moved.
    private mutating func setAside(_ name: String, reason: String) -> String? {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var target = name + ".corrupt-\(stamp)"
        var suffix = 1
        while POSIXFile.kind(target, followingLinks: false) != .missing {
            target = name + ".corrupt-\(stamp)-\(suffix)"
            suffix += 1
        }
        guard POSIXFile.rename(name, target) else {
            report(URL(fileURLWithPath: name), movedTo: nil, "\(reason); could not move it aside")
            return nil
        }
        report(URL(fileURLWithPath: name), movedTo: URL(fileURLWithPath: target), reason)
        return target
    }

    private mutating func report(_ url: URL, movedTo: URL?, _ reason: String) {
        if movedTo == nil {
            guard reportedProblems.insert("\(url.path)\n\(reason)").inserted else { return }
        }
        recoveries.append(Tips.DatastoreRecovery(originalURL: url, movedTo: movedTo, reason: reason))
    }
}
