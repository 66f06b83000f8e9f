/// A checked declaration whose fields live in one ``SharedFields`` box, and
/// are read and written as its own properties (`event.name`, `tip.rules`).
@dynamicMemberLookup
public protocol FieldsInBox {
    associatedtype Fields: Hashable & Sendable
    /// The box, read through the declaration's own properties.
    var box: SharedFields<Fields> { get set }
}

extension FieldsInBox {
    /// A field, read or written as a property of the declaration.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box[field] }
        set { box[field] = newValue }
    }
}

/// A declaration's fields in one shared box. A checked declaration is copied
/// wherever it is read out of an array or an enum (`case .event(let event)`),
/// and a copy then retains one reference, not each string and array of its
/// fields; the key paths of its fields compile to plain field accesses.
public struct SharedFields<Fields: Hashable & Sendable>: Hashable, Sendable {
    /// The box, never changed: a `let` is read without the run-time
    /// exclusivity check a class's `var` costs at every read (those checks
    /// were 35 M of `Compilation.run`'s instructions on 10,000 tips, callgrind).
    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// A field; writing one (rare: the checker builds each declaration
    /// whole) puts the fields, that one changed, in a new box.
    subscript<Value>(field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set {
            var fields = storage.fields
            fields[keyPath: field] = newValue
            storage = Storage(fields)
        }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }
}
