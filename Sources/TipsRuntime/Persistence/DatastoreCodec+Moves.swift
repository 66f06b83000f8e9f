// Mutation 10 (format version 3): a move, `kind` then its fields.
//
//     1 tip            string from, string to
//     2 parameter      string from, string to
//     3 donations      string from, string to, int keepCount
//     4 parameterCase  string parameter, string from, string to
//     5 fieldCase      string event, string field, string from, string to

extension DatastoreCodec {
    static func encode(_ move: DatastoreMove, into writer: inout ByteWriter) {
        switch move {
        case .tip(let from, let to): encodeMoveHead(1, from, to, into: &writer)
        case .parameter(let from, let to): encodeMoveHead(2, from, to, into: &writer)
        case .donations(let from, let to, let keepCount):
            encodeMoveHead(3, from, to, into: &writer)
            writer.int(keepCount)
        case .parameterCase(let parameter, let from, let to):
            encodeMoveHead(4, parameter, from, into: &writer)
            writer.string(to)
        case .fieldCase(let event, let field, let from, let to):
            encodeMoveHead(5, event, field, into: &writer)
            writer.string(from)
            writer.string(to)
        }
    }

    /// What every move starts with, as `decodeMove` reads it: its kind, then two strings.
    private static func encodeMoveHead(_ kind: UInt8, _ first: String, _ second: String, into writer: inout ByteWriter)
    {
        writer.byte(kind)
        writer.string(first)
        writer.string(second)
    }

    static func decodeMove(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> DatastoreMove
    {
        let kind = try reader.byte()
        let first = try string(&reader, &cache)
        let second = try string(&reader, &cache)
        switch kind {
        case 1: return .tip(from: first, to: second)
        case 2: return .parameter(from: first, to: second)
        case 3: return .donations(from: first, to: second, keepCount: try reader.int())
        case 4: return .parameterCase(parameter: first, from: second, to: try string(&reader, &cache))
        case 5:
            let from = try string(&reader, &cache)
            return .fieldCase(event: first, field: second, from: from, to: try string(&reader, &cache))
        case let kind: throw .invalid("move kind \(kind)")
        }
    }
}
