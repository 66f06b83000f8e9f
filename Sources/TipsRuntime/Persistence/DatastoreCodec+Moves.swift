// Mutation 10 (format version 3): a move, its kind (``DatastoreCodec/MoveKind``)
// then its fields.

extension DatastoreCodec {
    static func encode(_ move: DatastoreMove, into writer: inout ByteWriter) {
        switch move {
        case .tip(let from, let to): encodeMoveHead(.tip, from, to, into: &writer)
        case .parameter(let from, let to): encodeMoveHead(.parameter, from, to, into: &writer)
        case .donations(let from, let to, let keepCount):
            encodeMoveHead(.donations, from, to, into: &writer)
            writer.int(keepCount)
        case .parameterCase(let parameter, let from, let to):
            encodeMoveHead(.parameterCase, parameter, from, into: &writer)
            writer.string(to)
        case .fieldCase(let event, let field, let from, let to):
            encodeMoveHead(.fieldCase, event, field, into: &writer)
            writer.string(from)
            writer.string(to)
        }
    }

    /// What every move starts with, as `decodeMove` reads it: its kind, then two strings.
    private static func encodeMoveHead(
        _ kind: MoveKind, _ first: String, _ second: String, into writer: inout ByteWriter
    ) {
        writer.tag(kind)
        writer.string(first)
        writer.string(second)
    }

    static func decodeMove(_ reader: inout ByteReader, _ cache: inout DecodingCache) throws(DatastoreDecodingError)
        -> DatastoreMove
    {
        let kind = try reader.byte()
        let first = try string(&reader, &cache)
        let second = try string(&reader, &cache)
        switch MoveKind(rawValue: kind) {
        case .tip: return .tip(from: first, to: second)
        case .parameter: return .parameter(from: first, to: second)
        case .donations: return .donations(from: first, to: second, keepCount: try reader.int())
        case .parameterCase: return .parameterCase(parameter: first, from: second, to: try string(&reader, &cache))
        case .fieldCase:
            let from = try string(&reader, &cache)
            return .fieldCase(event: first, field: second, from: from, to: try string(&reader, &cache))
        case nil: throw .invalid("move kind \(kind)")
        }
    }
}
