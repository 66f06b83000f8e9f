extension Tips {
    /// Where a module's users' state was stored before: the `renamedFrom`
    /// clauses of its `.tips` files. Applied to a store, each rename moves
    /// what the old identity holds to the new one in one journal record,
    /// merging where both hold state (`DatastoreMove`); an old identity that
    /// holds nothing moves nothing, so applying it again is harmless. State
    /// that no rename names is never touched.
    ///
    /// ```swift
    /// Tips.Renames(
    ///     tips: [.init(from: "FavoriteTrailTip", to: "FavoriteTrail")],
    ///     parameters: [.init(from: "isLoggedIn", to: "signedIn")],
    ///     events: [.init(from: "openedTrailDetail", to: "openedDetail", keepCount: 1000)],
    ///     enumCases: [.init(from: "premium", to: "pro", parameters: ["plan"])])
    /// ```
    public struct Renames: Sendable, Hashable {
        /// Tips whose id changed; a reusable tip's id pattern interpolates its arguments.
        public var tips: [TipRename]
        /// Persisted parameters whose name changed.
        public var parameters: [Rename]
        /// Events whose name changed.
        public var events: [EventRename]
        /// Enum cases whose name changed, with the stored values that may hold them.
        public var enumCases: [EnumCaseRename]

        /// Creates the renames of a module.
        public init(
            tips: [TipRename] = [], parameters: [Rename] = [], events: [EventRename] = [],
            enumCases: [EnumCaseRename] = []
        ) {
            self.tips = tips
            self.parameters = parameters
            self.events = events
            self.enumCases = enumCases
        }

        /// Whether it renames nothing.
        public var isEmpty: Bool { tips.isEmpty && parameters.isEmpty && events.isEmpty && enumCases.isEmpty }
    }

    /// An identity's old spelling and its new one: a parameter's name
    /// (``Rename``), or a tip's id (``TipRename``).
    public struct Renaming<Identity: Sendable & Hashable>: Sendable, Hashable {
        public let from: Identity
        public let to: Identity

        public init(from: Identity, to: Identity) {
            self.from = from
            self.to = to
        }
    }

    /// An old name and the new one (a parameter's).
    public typealias Rename = Renaming<String>

    /// A tip's old id and its new one. For a reusable tip both interpolate
    /// its arguments: each stored instance whose id the old pattern matches
    /// moves to the new id of the same argument values.
    public typealias TipRename = Renaming<TipIDPattern>

    /// A tip id, with the argument values of a reusable tip's instance as
    /// placeholders: `[.text("new-trail-"), .argument("trailID")]`. A string
    /// literal is a plain id.
    public struct TipIDPattern: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// One piece of the pattern.
        public enum Piece: Sendable, Hashable {
            case text(String)
            case argument(String)
        }

        public let pieces: [Piece]

        public init(_ pieces: [Piece]) { self.pieces = pieces }

        public init(stringLiteral value: String) { self.pieces = [.text(value)] }

        /// As the `.tips` file writes it: `new-trail-\(trailID)`.
        public var description: String {
            pieces.map { piece in
                switch piece {
                case .text(let text): text
                case .argument(let name): "\\(\(name))"
                }
            }.joined()
        }
    }

    /// An event's old name, its new one, and how many donations the new one keeps.
    public struct EventRename: Sendable, Hashable {
        public let from: String
        public let to: String
        /// The renamed event's keep count: the donations of both names, united, are cut to it.
        public let keepCount: Int

        public init(from: String, to: String, keepCount: Int = 1000) {
            self.from = from
            self.to = to
            self.keepCount = keepCount
        }
    }

    /// An enum case's old name and its new one, and where values of the enum are stored.
    public struct EnumCaseRename: Sendable, Hashable {
        /// A field of an event's donations.
        public struct Field: Sendable, Hashable {
            public let event: String
            public let field: String

            public init(event: String, field: String) {
                self.event = event
                self.field = field
            }
        }

        public let from: String
        public let to: String
        /// The persisted parameters of the enum's type (their new names).
        public let parameters: [String]
        /// The donation fields of the enum's type (their events' new names).
        public let fields: [Field]

        public init(from: String, to: String, parameters: [String] = [], fields: [Field] = []) {
            self.from = from
            self.to = to
            self.parameters = parameters
            self.fields = fields
        }
    }
}

extension Tips.TipIDPattern {
    /// Whether the pattern interpolates an argument.
    var isPlain: Bool { !pieces.contains { if case .argument = $0 { true } else { false } } }

    /// The argument values that make `id` from this pattern, or nil when it
    /// does not match. Each argument takes the shortest text that lets the
    /// rest match (the first occurrence of the text after it); an argument
    /// written twice must take one value.
    func match(_ id: String) -> [String: String]? {
        var values: [String: String] = [:]
        return match(Substring(id), from: pieces[...], into: &values) ? values : nil
    }

    private func match(
        _ rest: Substring, from pieces: ArraySlice<Piece>, into values: inout [String: String]
    ) -> Bool {
        guard let first = pieces.first else { return rest.isEmpty }
        switch first {
        case .text(let text):
            guard rest.hasPrefix(text) else { return false }
            return match(rest.dropFirst(text.count), from: pieces.dropFirst(), into: &values)
        case .argument(let name):
            var end = rest.startIndex
            while true {
                let candidate = String(rest[..<end])
                if values[name].map({ $0 == candidate }) ?? true {
                    var attempt = values
                    attempt[name] = candidate
                    if match(rest[end...], from: pieces.dropFirst(), into: &attempt) {
                        values = attempt
                        return true
                    }
                }
                guard end < rest.endIndex else { return false }
                end = rest.index(after: end)
            }
        }
    }

    /// The id of the instance with `values`; nil when one of its arguments has none.
    func filled(with values: [String: String]) -> String? {
        var id = ""
        for piece in pieces {
            switch piece {
            case .text(let text): id += text
            case .argument(let name):
                guard let value = values[name] else { return nil }
                id += value
            }
        }
        return id
    }
}
