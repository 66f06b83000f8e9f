/// The framing of the datastore's two kinds of file: the snapshot
/// (`Tips.store`) and the journals (`Tips.journal.<generation>`). The byte
/// layout is documented in docs/DatastoreFormat.md; keep the two in step.
enum DatastoreFileFormat {
    /// The format version this build writes. Version 2 added the reset date
    /// of a tip record and the journal's mutations 8 and 9; it reads version 1
    /// files as they are (a subset of version 2).
    static let currentVersion: UInt32 = 2
    /// The oldest format version this build reads.
    static let oldestReadableVersion: UInt32 = 1
    static let snapshotMagic: [UInt8] = Array("TIPSSNAP".utf8)
    static let journalMagic: [UInt8] = Array("TIPSJRNL".utf8)
    static let snapshotHeaderSize = 44
    static let journalHeaderSize = 36
    static let recordHeaderSize = 8
    /// A record claiming more is damage, not data.
    static let maximumRecordLength = 64 << 20

    /// Which store a file belongs to, and which generation of it.
    ///
    /// The store id is random, drawn when a store is created, so that a store
    /// erased and created again is never mistaken for the old one. The
    /// generation increases at every compaction.
    struct Identity: Equatable {
        var storeID: UInt64
        var generation: UInt64
    }

    /// What a file header says.
    enum Header: Equatable {
        case valid(Identity)
        /// Written by a newer release, in this format version.
        case newer(UInt32)
        case damaged(String)
    }

    /// What a whole snapshot file holds.
    enum SnapshotContent {
        case valid(Identity, DatastoreSnapshot)
        case newer(UInt32)
        case damaged(String)
    }

    /// The records read from a journal.
    struct JournalTail {
        /// Committed batches, oldest first.
        var batches: [[DatastoreMutation]] = []
        /// How many bytes, from where reading started, hold whole records;
        /// anything after is a torn or damaged tail.
        var validLength = 0
        /// Records whose checksum held but whose content did not decode.
        var undecodable = 0
    }

    // MARK: Snapshot

    static func snapshotFile(_ snapshot: DatastoreSnapshot, identity: Identity) -> [UInt8] {
        var body = ByteWriter(capacity: 1 << 16)
        DatastoreCodec.encode(snapshot, into: &body)
        var file = ByteWriter(capacity: snapshotHeaderSize + body.bytes.count)
        file.raw(snapshotMagic)
        file.uint32(currentVersion)
        file.uint32(0)  // Flags, reserved.
        file.uint64(identity.storeID)
        file.uint64(identity.generation)
        file.uint64(UInt64(body.bytes.count))
        var checksum = CRC32.checksum(file.bytes)
        checksum = body.bytes.withUnsafeBufferPointer { CRC32.update(checksum, $0) }
        file.uint32(checksum)
        file.raw(body.bytes)
        return file.bytes
    }

    /// Reads a snapshot header; `bytes` may be only the first
    /// `snapshotHeaderSize` bytes of the file.
    static func snapshotHeader(_ bytes: [UInt8]) -> Header {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            return (try? readHeader(&reader, magic: snapshotMagic, what: "snapshot"))
                ?? .damaged("snapshot is truncated")
        }
    }

    static func readSnapshot(_ bytes: [UInt8]) -> SnapshotContent {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            do throws(DatastoreDecodingError) {
                let identity: Identity
                switch try readHeader(&reader, magic: snapshotMagic, what: "snapshot") {
                case .valid(let found): identity = found
                case .newer(let version): return .newer(version)
                case .damaged(let reason): return .damaged(reason)
                }
                let length = try reader.uint64()
                let expected = try reader.uint32()
                guard length == UInt64(reader.remaining) else {
                    return .damaged("snapshot body is \(reader.remaining) bytes, header says \(length)")
                }
                let header = UnsafeBufferPointer(rebasing: buffer[0..<snapshotHeaderSize - 4])
                let body = UnsafeBufferPointer(rebasing: buffer[snapshotHeaderSize...])
                guard CRC32.update(CRC32.checksum(header), body) == expected else {
                    return .damaged("snapshot checksum mismatch")
                }
                var cache = DecodingCache(byteCount: buffer.count)
                let snapshot = try DatastoreCodec.decodeSnapshot(&reader, &cache)
                guard reader.isAtEnd else { return .damaged("bytes after the snapshot's content") }
                return .valid(identity, snapshot)
            } catch {
                switch error {
                case .truncated: return .damaged("snapshot is truncated")
                case .invalid(let what): return .damaged("snapshot holds an invalid \(what)")
                }
            }
        }
    }

    // MARK: Journal

    static func journalHeader(_ identity: Identity) -> [UInt8] {
        var file = ByteWriter(capacity: journalHeaderSize)
        file.raw(journalMagic)
        file.uint32(currentVersion)
        file.uint32(0)  // Flags, reserved.
        file.uint64(identity.storeID)
        file.uint64(identity.generation)
        file.uint32(CRC32.checksum(file.bytes))
        return file.bytes
    }

    static func journalHeader(_ bytes: [UInt8]) -> Header {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            do throws(DatastoreDecodingError) {
                let header = try readHeader(&reader, magic: journalMagic, what: "journal")
                guard case .valid = header else { return header }
                let expected = try reader.uint32()
                let covered = UnsafeBufferPointer(rebasing: buffer[0..<journalHeaderSize - 4])
                return CRC32.checksum(covered) == expected ? header : .damaged("journal header checksum mismatch")
            } catch {
                return .damaged("journal header is truncated")
            }
        }
    }

    /// One journal record: length, checksum, payload.
    static func record(_ payload: [UInt8]) -> [UInt8] {
        var record = ByteWriter(capacity: recordHeaderSize + payload.count)
        record.uint32(UInt32(truncatingIfNeeded: payload.count))
        record.uint32(CRC32.checksum(payload))
        record.raw(payload)
        return record.bytes
    }

    /// Reads whole records from `bytes`, stopping at the first torn or
    /// damaged one.
    static func readRecords(_ bytes: [UInt8]) -> JournalTail {
        var tail = JournalTail()
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            var cache = DecodingCache(byteCount: buffer.count)
            while !reader.isAtEnd {
                guard let length = try? reader.uint32(), let expected = try? reader.uint32(),
                    length <= UInt32(maximumRecordLength), let payload = try? reader.bytes(Int(length)),
                    CRC32.checksum(payload) == expected
                else { return }
                var payloadReader = ByteReader(payload)
                if let batch = try? DatastoreCodec.decodeBatch(&payloadReader, &cache) {
                    tail.batches.append(batch)
                } else {
                    tail.undecodable += 1
                }
                tail.validLength = reader.position
            }
        }
        return tail
    }

    // MARK: Shared header

    /// Magic, version, flags, store id and generation: the part both headers share.
    private static func readHeader(
        _ reader: inout ByteReader, magic: [UInt8], what: String
    ) throws(DatastoreDecodingError) -> Header {
        let found = try reader.bytes(magic.count)
        guard found.elementsEqual(magic) else { return .damaged("not a Tips \(what) (wrong magic bytes)") }
        let version = try reader.uint32()
        if version > currentVersion { return .newer(version) }
        guard version >= oldestReadableVersion else { return .damaged("\(what) format version \(version) is unknown") }
        _ = try reader.uint32()  // Flags: none defined yet.
        let storeID = try reader.uint64()
        let generation = try reader.uint64()
        return .valid(Identity(storeID: storeID, generation: generation))
    }
}
