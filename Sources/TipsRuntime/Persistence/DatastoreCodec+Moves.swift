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
        case .tip(let from, let to):
            writer.byte(1)
            writer.string(from)
            writer.string(to)
        case .parameter(let from, let to):
            writer.byte(2)
            writer.string(from)
            writer.string(to)
        case .donations(let from, let to, let keepCount):
            writer.byte(3)
            writer.string(from)
            writer.string(to)
            writer.int(keepCount)
        case .parameterCase(let parameter, let from, let to):
            writer.byte(4)
            writer.string(parameter)
            writer.string(from)
            writer.string(to)
        case .fieldCase(let event, let field, let from, let to):
            writer.byte(5)
            writer.string(event)
            writer.string(field)
            writer.string(from)
            writer.string(to)
        }
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
