import TipsSyntax

/// A JSON value: read from a file (with where it was), or made by tipc.
///
/// Objects keep their members in the order read, so that a file written back
/// without changes is the same bytes; strings and keys keep their spelling
/// when it differs from the one ``JSONPrinter`` would choose (`\u00e9` for
/// `é`), for the same reason. A value tipc makes has neither.
public struct JSONValue: Hashable, Sendable {
    /// What the value is.
    public enum Kind: Hashable, Sendable {
        /// Members in order; keys are unique.
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        /// A number as written (`1`, `-2.5e3`), so that it is written back unchanged.
        case number(String)
        case bool(Bool)
        case null
    }

    /// What the value is.
    public var kind: Kind
    /// Where the value was read (a string's range includes its quotes); nil for a value tipc made.
    public var range: SourceRange?
    /// For a string read from a file, the bytes between its quotes as written,
    /// when they differ from how ``JSONPrinter`` writes the string.
    var spelling: String?

    /// Creates a value; a value made this way was not read from a file.
    public init(_ kind: Kind, range: SourceRange? = nil) {
        self.kind = kind
        self.range = range
    }

    /// A string value.
    public static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

    /// An object value with these members, in this order.
    public static func object(_ members: [JSONMember]) -> JSONValue { JSONValue(.object(members)) }

    /// The text of a string value, or nil.
    public var stringValue: String? {
        if case .string(let text) = kind { text } else { nil }
    }

    /// The members of an object value, or nil.
    public var members: [JSONMember]? {
        if case .object(let members) = kind { members } else { nil }
    }

    /// The member of an object value with this key, or nil (also for a value that is not an object).
    public func member(_ key: String) -> JSONMember? {
        members?.first { $0.key == key }
    }

    /// The value of the member with this key of an object value, or nil.
    public subscript(key: String) -> JSONValue? {
        member(key)?.value
    }

    /// What kind of value this is, in a message's words: "an object", "a string".
    public var kindDescription: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        }
    }
}

/// One `"key" : value` of an object.
public struct JSONMember: Hashable, Sendable {
    /// The key.
    public var key: String
    /// Where the key was read, quotes included; nil for a member tipc made.
    public var keyRange: SourceRange?
    /// The key's bytes between its quotes as written, when they differ from how ``JSONPrinter`` writes it.
    var keySpelling: String?
    /// The value.
    public var value: JSONValue

    /// Creates a member that was not read from a file.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// Sets the member `key` of an object value to `value`: in place when
    /// the object has it (its key keeps its position and spelling, and a
    /// string, number or Boolean equal to `value` is left as read), else
    /// inserted before the first member whose key sorts after `key`
    /// (``CatalogKeyOrder``). Does nothing to a value that is not an object.
    public mutating func setMember(_ key: String, to value: JSONValue) {
        guard case .object(var members) = kind else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            guard members[index].value.kind != value.kind else { return }
            members[index].value = value
        } else {
            let index = members.firstIndex { CatalogKeyOrder.precedes(key, $0.key) } ?? members.count
            members.insert(JSONMember(key, value), at: index)
        }
        kind = .object(members)
    }

    /// Changes the value of the member `key` of an object value in place with
    /// `change`, starting from `initial` when the object has no such member.
    public mutating func updateMember(_ key: String, default initial: JSONValue, _ change: (inout JSONValue) -> Void) {
        var value = self[key] ?? initial
        change(&value)
        setMember(key, to: value)
    }
}
