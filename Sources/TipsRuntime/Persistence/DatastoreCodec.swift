/// Encodes and decodes the datastore's content (snapshots and mutation
/// batches) in the compact binary format described in docs/DatastoreFormat.md.
enum DatastoreCodec {
    // MARK: Tags

    /// The byte before a value, which says its type (docs/DatastoreFormat.md,
    /// `value`): the one table the encoder and the decoder read.
    enum ValueTag: UInt8 {
        case bool = 1
        case int = 2
        case double = 3
        case string = 4
        /// A `double` of seconds.
        case duration = 5
        /// A `string`, the case name.
        case enumCase = 6
    }

    /// The byte before a mutation, which says its kind (docs/DatastoreFormat.md,
    /// `mutation`): the one table the encoder and the decoder read. A new
    /// mutation takes the next byte.
    enum MutationTag: UInt8 {
        case setParameter = 1
        case donate = 2
        case recordDisplayStart = 3
        case addDisplayDuration = 4
        case invalidate = 5
        /// Version 1's reset, which forgets the whole record.
        case resetTip = 6
        case replaceAll = 7
        /// Version 2's reset at a date.
        case resetTipAtDate = 8
        case deleteDonations = 9
        case move = 10
        case snooze = 11
        case setHoldoutSeed = 12
    }

    /// The byte that starts a move (mutation `move`, docs/DatastoreFormat.md),
    /// which says its kind and the fields that follow: the one table the
    /// encoder and the decoder read.
    enum MoveKind: UInt8 {
        /// `string from, string to`
        case tip = 1
        /// `string from, string to`
        case parameter = 2
        /// `string from, string to, int keepCount`
        case donations = 3
        /// `string parameter, string from, string to`
        case parameterCase = 4
        /// `string event, string field, string from, string to`
        case fieldCase = 5
    }

    // MARK: Values

    static func encode(_ value: TipValue, into writer: inout ByteWriter) {
        switch value {
        case .bool(let flag):
            writer.tag(ValueTag.bool)
            writer.byte(flag ? 1 : 0)
        case .int(let number):
            writer.tag(ValueTag.int)
            writer.int(number)
        case .double(let number):
            writer.tag(ValueTag.double)
            writer.double(number)
        case .string(let text):
            writer.tag(ValueTag.string)
            writer.string(text)
        case .duration(let seconds):
            writer.tag(ValueTag.duration)
            writer.double(seconds)
        case .enumCase(let name):
            writer.tag(ValueTag.enumCase)
            writer.string(name)
        }
    }

    static func decodeValue(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> TipValue
    {
        let tag = try reader.byte()
        switch ValueTag(rawValue: tag) {
        case .bool:
            switch try reader.byte() {
            case 0: return .bool(false)
            case 1: return .bool(true)
            case let flag: throw .invalid("bool \(flag)")
            }
        case .int: return .int(try reader.int())
        case .double: return .double(try reader.double())
        case .string: return .string(try string(&reader, &cache))
        case .duration: return .duration(try reader.double())
        case .enumCase: return .enumCase(try string(&reader, &cache))
        case nil: throw .invalid("value tag \(tag)")
        }
    }

    static func string(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> String
    {
        let length = try reader.count()
        return cache.string(try reader.bytes(length))
    }

    static func encode(_ reason: Tips.InvalidationReason, into writer: inout ByteWriter) {
        switch reason {
        case .actionPerformed: writer.byte(0)
        case .tipClosed: writer.byte(1)
        case .displayCountExceeded: writer.byte(2)
        case .displayDurationExceeded: writer.byte(3)
        }
    }

    static func decodeReason(_ reader: inout ByteReader) throws(DatastoreDecodingError) -> Tips.InvalidationReason {
        switch try reader.byte() {
        case 0: return .actionPerformed
        case 1: return .tipClosed
        case 2: return .displayCountExceeded
        case 3: return .displayDurationExceeded
        case let tag: throw .invalid("invalidation reason \(tag)")
        }
    }

    /// A donation: its date, then its fields prefixed by their byte length
    /// (so that a decoder can recognize fields it has already decoded).
    static func encode(_ donation: StoredDonation, into writer: inout ByteWriter) {
        writer.double(donation.date)
        guard !donation.fields.isEmpty else { return writer.count(0) }
        var fields = ByteWriter(capacity: 32)
        fields.count(donation.fields.count)
        // Sorted so that equal fields always give equal bytes.
        for key in donation.fields.keys.sorted() {
            fields.string(key)
            if let value = donation.fields[key] { encode(value, into: &fields) }
        }
        writer.count(fields.bytes.count)
        writer.raw(fields.bytes)
    }

    static func decodeDonation(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> StoredDonation
    {
        let date = try reader.double()
        let length = try reader.count()
        guard length > 0 else { return StoredDonation(date: date, fields: [:]) }
        let fields = try cache.fields(encodedIn: try reader.bytes(length)) {
            bytes, cache throws(DatastoreDecodingError) in
            var fieldReader = ByteReader(bytes)
            let count = try fieldReader.count(minimumSize: 3)
            // Not `init(minimumCapacity:)`: that one is not specialized and
            // looks up generic metadata on every call (10% of a load).
            var fields: [String: TipValue] = [:]
            fields.reserveCapacity(count)
            for _ in 0..<count {
                let key = try string(&fieldReader, &cache)
                fields[key] = try decodeValue(&fieldReader, &cache)
            }
            guard fieldReader.isAtEnd else { throw .invalid("donation fields length") }
            return fields
        }
        return StoredDonation(date: date, fields: fields)
    }

    // MARK: Snapshots

    static func encode(_ snapshot: DatastoreSnapshot, into writer: inout ByteWriter) {
        writer.count(snapshot.parameters.count)
        for id in snapshot.parameters.keys.sorted() {
            writer.string(id)
            if let value = snapshot.parameters[id] { encode(value, into: &writer) }
        }
        writer.count(snapshot.donations.count)
        for eventID in snapshot.donations.keys.sorted() {
            let list = snapshot.keptDonations(of: eventID)
            writer.string(eventID)
            writer.count(list.count)
            for donation in list { encode(donation, into: &writer) }
        }
        writer.count(snapshot.tips.count)
        for tipID in snapshot.tips.keys.sorted() {
            guard let record = snapshot.tips[tipID] else { continue }
            writer.string(tipID)
            writer.int(record.displayCount)
            writer.double(record.displayDuration)
            writer.optionalDouble(record.firstDisplayDate)
            writer.optionalDouble(record.lastDisplayDate)
            // Bit 0: invalidated (reason, date follow); bit 1 (format 2): reset (its date follows);
            // bit 2 (format 3): snoozed (count, date, until follow).
            let snoozed = record.snoozeCount > 0 || record.snooze != nil
            writer.byte(
                (record.invalidation == nil ? 0 : 1) | (record.eligibleSince == nil ? 0 : 2) | (snoozed ? 4 : 0))
            if let invalidation = record.invalidation {
                encode(invalidation.reason, into: &writer)
                writer.double(invalidation.date)
            }
            if let eligibleSince = record.eligibleSince { writer.double(eligibleSince) }
            if snoozed {
                writer.int(record.snoozeCount)
                writer.optionalDouble(record.snooze?.date)
                writer.double(record.snooze?.until ?? 0)
            }
        }
        writer.optionalDouble(snapshot.lastDisplayDate)
        // Format 3: the holdout seed, a presence byte then a `u64`.
        writer.byte(snapshot.holdoutSeed == nil ? 0 : 1)
        if let seed = snapshot.holdoutSeed { writer.uint64(seed) }
    }

    static func decodeSnapshot(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> DatastoreSnapshot
    {
        var snapshot = DatastoreSnapshot()
        let parameterCount = try reader.count(minimumSize: 3)
        snapshot.parameters.reserveCapacity(parameterCount)
        for _ in 0..<parameterCount {
            let id = try string(&reader, &cache)
            snapshot.parameters[id] = try decodeValue(&reader, &cache)
        }
        let eventCount = try reader.count(minimumSize: 2)
        snapshot.donations.reserveCapacity(eventCount)
        for _ in 0..<eventCount {
            let eventID = try string(&reader, &cache)
            let donationCount = try reader.count(minimumSize: 9)
            var list: [StoredDonation] = []
            list.reserveCapacity(donationCount)
            for _ in 0..<donationCount { list.append(try decodeDonation(&reader, &cache)) }
            snapshot.donations[eventID] = list
        }
        let tipCount = try reader.count(minimumSize: 12)
        snapshot.tips.reserveCapacity(tipCount)
        for _ in 0..<tipCount {
            let tipID = try string(&reader, &cache)
            var record = TipRecord()
            record.displayCount = try reader.int()
            // Counting on from an absurd count must not overflow.
            guard (0..<(1 << 31)).contains(record.displayCount) else { throw .invalid("display count") }
            record.displayDuration = try reader.double()
            record.firstDisplayDate = try reader.optionalDouble()
            record.lastDisplayDate = try reader.optionalDouble()
            let flags = try reader.byte()
            guard flags & ~7 == 0 else { throw .invalid("tip record flags \(flags)") }
            if flags & 1 != 0 {
                let reason = try decodeReason(&reader)
                record.invalidation = StoredInvalidation(reason: reason, date: try reader.double())
            }
            if flags & 2 != 0 { record.eligibleSince = try reader.double() }
            if flags & 4 != 0 { try decodeSnooze(into: &record, &reader) }
            snapshot.tips[tipID] = record
        }
        snapshot.lastDisplayDate = try reader.optionalDouble()
        // A body of format 2 or older ends here: no holdout seed.
        if !reader.isAtEnd, try reader.byte() != 0 { snapshot.holdoutSeed = try reader.uint64() }
        return snapshot
    }

    /// A tip record's snooze (flag bit 2): its count, then the snooze's date and end.
    private static func decodeSnooze(into record: inout TipRecord, _ reader: inout ByteReader)
        throws(DatastoreDecodingError)
    {
        record.snoozeCount = try reader.int()
        // Counting on from an absurd count must not overflow.
        guard (0..<(1 << 31)).contains(record.snoozeCount) else { throw .invalid("snooze count") }
        let date = try reader.optionalDouble()
        let until = try reader.double()
        record.snooze = date.map { StoredSnooze(date: $0, until: until) }
    }

    // MARK: Mutations

    static func encode(_ mutation: DatastoreMutation, into writer: inout ByteWriter) {
        switch mutation {
        case .setParameter(let id, let value):
            writer.tag(MutationTag.setParameter)
            writer.string(id)
            encode(value, into: &writer)
        case .donate(let eventID, let donation, let keepCount, let keepDuration):
            writer.tag(MutationTag.donate)
            writer.string(eventID)
            encode(donation, into: &writer)
            writer.int(keepCount)
            writer.optionalDouble(keepDuration)
        case .recordDisplayStart(let tipID, let date):
            writer.tag(MutationTag.recordDisplayStart)
            writer.string(tipID)
            writer.double(date)
        case .addDisplayDuration(let tipID, let seconds):
            writer.tag(MutationTag.addDisplayDuration)
            writer.string(tipID)
            writer.double(seconds)
        case .invalidate(let tipID, let reason, let date):
            writer.tag(MutationTag.invalidate)
            writer.string(tipID)
            encode(reason, into: &writer)
            writer.double(date)
        case .resetTip(let tipID, nil):
            writer.tag(MutationTag.resetTip)
            writer.string(tipID)
        case .resetTip(let tipID, let date?):
            writer.tag(MutationTag.resetTipAtDate)
            writer.string(tipID)
            writer.double(date)
        case .deleteDonations(let eventID):
            writer.tag(MutationTag.deleteDonations)
            writer.string(eventID)
        case .move(let move):
            writer.tag(MutationTag.move)
            encode(move, into: &writer)
        case .snooze(let tipID, let date, let until):
            writer.tag(MutationTag.snooze)
            writer.string(tipID)
            writer.double(date)
            writer.double(until)
        case .setHoldoutSeed(let seed):
            writer.tag(MutationTag.setHoldoutSeed)
            writer.uint64(seed)
        case .replaceAll(let snapshot):
            writer.tag(MutationTag.replaceAll)
            encode(snapshot, into: &writer)
        }
    }

    static func decodeMutation(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> DatastoreMutation
    {
        let tag = try reader.byte()
        switch MutationTag(rawValue: tag) {
        case .setParameter:
            let id = try string(&reader, &cache)
            return .setParameter(id: id, value: try decodeValue(&reader, &cache))
        case .donate:
            let eventID = try string(&reader, &cache)
            let donation = try decodeDonation(&reader, &cache)
            let keepCount = try reader.int()
            let keepDuration = try reader.optionalDouble()
            return .donate(eventID: eventID, donation: donation, keepCount: keepCount, keepDuration: keepDuration)
        case .recordDisplayStart:
            let tipID = try string(&reader, &cache)
            return .recordDisplayStart(tipID: tipID, date: try reader.double())
        case .addDisplayDuration:
            let tipID = try string(&reader, &cache)
            return .addDisplayDuration(tipID: tipID, seconds: try reader.double())
        case .invalidate:
            let tipID = try string(&reader, &cache)
            let reason = try decodeReason(&reader)
            return .invalidate(tipID: tipID, reason: reason, date: try reader.double())
        case .resetTip:
            return .resetTip(tipID: try string(&reader, &cache), date: nil)
        case .resetTipAtDate:
            let tipID = try string(&reader, &cache)
            return .resetTip(tipID: tipID, date: try reader.double())
        case .deleteDonations:
            return .deleteDonations(eventID: try string(&reader, &cache))
        case .move:
            return .move(try decodeMove(&reader, &cache))
        case .snooze:
            let tipID = try string(&reader, &cache)
            let date = try reader.double()
            return .snooze(tipID: tipID, date: date, until: try reader.double())
        case .setHoldoutSeed:
            return .setHoldoutSeed(try reader.uint64())
        case .replaceAll:
            return .replaceAll(try decodeSnapshot(&reader, &cache))
        case nil:
            throw .invalid("mutation tag \(tag)")
        }
    }

    /// A journal record's payload: one committed batch.
    static func encodeBatch(_ mutations: [DatastoreMutation]) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 * mutations.count)
        writer.count(mutations.count)
        for mutation in mutations { encode(mutation, into: &writer) }
        return writer.bytes
    }

    static func decodeBatch(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> [DatastoreMutation]
    {
        let count = try reader.count(minimumSize: 2)
        var mutations: [DatastoreMutation] = []
        mutations.reserveCapacity(count)
        for _ in 0..<count { mutations.append(try decodeMutation(&reader, &cache)) }
        guard reader.isAtEnd else { throw .invalid("bytes after the last mutation") }
        return mutations
    }

    /// Decodes a whole batch payload.
    static func decodeBatch(_ bytes: [UInt8]) throws(DatastoreDecodingError) -> [DatastoreMutation] {
        try bytes.withUnsafeBufferPointer { buffer throws(DatastoreDecodingError) in
            var reader = ByteReader(buffer)
            var cache = DecodingCache()
            return try decodeBatch(&reader, &cache)
        }
    }
}
