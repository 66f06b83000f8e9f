/// The framing of the datastore's two kinds of file: the snapshot
/// (`Tips.store`) and the journals (`Tips.journal.<generation>`). The byte
/// layout is documented in docs/DatastoreFormat.md; keep the two in step.
enum DatastoreFileFormat {
    /// The format version this build writes. Version 2 added the reset date
    /// of a tip record and the journal's mutations 8 and 9, version 3 the
    /// journal's mutations 10 (a move, `renamedFrom`), 11 (a snooze) and 12
    /// (the holdout seed), a tip record's snooze and the snapshot's holdout
    /// seed; each reads the earlier versions' files as they are (subsets of it).
    static let currentVersion: UInt32 = 3
    /// The oldest format version this build reads.
    static let oldestReadableVersion: UInt32 = 1
    /// The newest version written before the header check existed: a header
    /// whose check is 0 is accepted for these versions only.
    static let newestVersionWithoutHeaderCheck: UInt32 = 2
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
        /// Committed batches, oldest first: every record that verifies.
        var batches: [[DatastoreMutation]] = []
        /// How many bytes, from where reading started, reach the end of the
        /// last record that verifies.
        var validLength = 0
        /// What is wrong before `validLength`, in words: bytes that hold no
        /// record that verifies although records that do follow them, and
        /// records that verify but do not decode. A crash tears only the tail,
        /// so any of this is damage. Empty for a whole journal.
        var damage: [String] = []
        /// Whether the bytes after `validLength` (if any) are only a torn
        /// tail: no record that verifies starts anywhere in them. False when
        /// they were too many to search; then they are damage too.
        var tailIsTorn = true
    }

    // MARK: Snapshot

    static func snapshotFile(_ snapshot: DatastoreSnapshot, identity: Identity) -> [UInt8] {
        var body = ByteWriter(capacity: 1 << 16)
        DatastoreCodec.encode(snapshot, into: &body)
        var file = ByteWriter(capacity: snapshotHeaderSize + body.bytes.count)
        file.raw(snapshotMagic)
        file.uint32(currentVersion)
        file.uint32(CRC32.checksum(file.bytes))  // Header check over magic and version.
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
        file.uint32(CRC32.checksum(file.bytes))  // Header check over magic and version.
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

    /// Reads every record of `bytes` that verifies. A region that does not
    /// hold one is a torn tail when no record that verifies follows it, and
    /// damage when one does; reading resumes at that record.
    /// `offset` is where `bytes` start in the file, for the words of `damage`.
    static func readRecords(_ bytes: [UInt8], offset: Int = 0) -> JournalTail {
        var tail = JournalTail()
        bytes.withUnsafeBufferPointer { buffer in
            var cache = DecodingCache(byteCount: buffer.count)
            var scanner = RecordScanner(buffer: buffer)
            var position = 0
            while position < buffer.count {
                guard let length = scanner.verifiedRecord(at: position) else {
                    switch scanner.nextVerifiedRecord(after: position) {
                    case .found(let next):
                        tail.damage.append(
                            "bytes \(offset + position)..<\(offset + next) hold no record that verifies")
                        position = next
                        continue
                    case .none:
                        return
                    case .tooLongToSearch:
                        tail.tailIsTorn = false
                        tail.damage.append(
                            "bytes from \(offset + position) hold no record that verifies, and are too many to search")
                        return
                    }
                }
                let start = position + recordHeaderSize
                var payloadReader = ByteReader(UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
                if let batch = try? DatastoreCodec.decodeBatch(&payloadReader, &cache) {
                    tail.batches.append(batch)
                } else {
                    tail.damage.append("the record at byte \(offset + position) verifies but does not decode")
                }
                position = start + length
                tail.validLength = position
            }
        }
        return tail
    }

    /// Finds records in a journal's bytes by their framing and checksum.
    private struct RecordScanner {
        enum Search {
            case found(Int)
            case none
            case tooLongToSearch
        }

        let buffer: UnsafeBufferPointer<UInt8>
        /// Bytes checksummed while searching past damage. A search tries
        /// every offset, so it is bounded: damage never makes a load slow.
        private var budget: Int

        init(buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
            budget = 16 * buffer.count + (1 << 24)
        }

        /// The payload length of the record at `position` if it is whole and
        /// its checksum holds. An empty payload is never written (a batch
        /// holds at least its count), so eight zero bytes, what a crash most
        /// often leaves, are not a record.
        func verifiedRecord(at position: Int) -> Int? {
            guard let length = claimedLength(at: position) else { return nil }
            let start = position + recordHeaderSize
            let expected = word(at: position + 4)
            return CRC32.checksum(UnsafeBufferPointer(rebasing: buffer[start..<start + length])) == expected
                ? length : nil
        }

        /// The next offset after `position` where a record that verifies starts.
        mutating func nextVerifiedRecord(after position: Int) -> Search {
            // A flipped bit in a payload leaves its length intact: try the end
            // of the damaged record first.
            if let length = claimedLength(at: position), position + recordHeaderSize + length < buffer.count,
                verifiedRecord(at: position + recordHeaderSize + length) != nil
            {
                return .found(position + recordHeaderSize + length)
            }
            var candidate = position + 1
            while candidate + recordHeaderSize < buffer.count {
                if let length = claimedLength(at: candidate) {
                    budget -= length
                    if budget < 0 { return .tooLongToSearch }
                    if verifiedRecord(at: candidate) != nil { return .found(candidate) }
                }
                candidate += 1
            }
            return .none
        }

        private func claimedLength(at position: Int) -> Int? {
            guard position >= 0, position + recordHeaderSize < buffer.count else { return nil }
            let length = Int(word(at: position))
            guard length > 0, length <= maximumRecordLength, length <= buffer.count - position - recordHeaderSize
            else { return nil }
            return length
        }

        private func word(at position: Int) -> UInt32 {
            UInt32(buffer[position]) | UInt32(buffer[position + 1]) << 8 | UInt32(buffer[position + 2]) << 16
                | UInt32(buffer[position + 3]) << 24
        }
    }

    // MARK: Shared header

    /// The format version a header names (bytes 8..<12), for a header already
    /// read as valid: older than `currentVersion` means the file must be
    /// rewritten before anything of this version is appended to it.
    static func version(ofHeader bytes: [UInt8]) -> UInt32 {
        guard bytes.count >= 12 else { return 0 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[8 + $1]) << (8 * UInt32($1)) }
    }

    /// Magic, version, header check, store id and generation: the part both
    /// headers share.
    ///
    /// The header check (bytes 12..<16) is the CRC-32 of the magic and
    /// version, so that a damaged version is told from a newer one before
    /// anything else is believed. Files written before it existed hold 0
    /// there (the field was reserved flags) and version 1; they still read.
    private static func readHeader(
        _ reader: inout ByteReader, magic: [UInt8], what: String
    ) throws(DatastoreDecodingError) -> Header {
        let found = try reader.bytes(magic.count)
        guard found.elementsEqual(magic) else { return .damaged("not a Tips \(what) (wrong magic bytes)") }
        let version = try reader.uint32()
        let check = try reader.uint32()
        var covered = ByteWriter(capacity: magic.count + 4)
        covered.raw(magic)
        covered.uint32(version)
        if check == CRC32.checksum(covered.bytes) {
            if version > currentVersion { return .newer(version) }
            guard version >= oldestReadableVersion else {
                return .damaged("\(what) format version \(version) is unknown")
            }
        } else if !(check == 0 && (oldestReadableVersion...newestVersionWithoutHeaderCheck).contains(version)) {
            return .damaged("\(what) header check mismatch (its version field reads \(version))")
        }
        let storeID = try reader.uint64()
        let generation = try reader.uint64()
        return .valid(Identity(storeID: storeID, generation: generation))
    }
}
