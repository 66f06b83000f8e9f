import TipsRuntime

/// A string that may interpolate the tip's arguments.
public struct InterpolatedText: Hashable, Sendable {
    /// One piece of the text.
    public enum Segment: Hashable, Sendable {
        case text(String)
        /// A tip argument, by name.
        case argument(String)
    }

    /// Text in one piece that interpolates nothing, the usual case, held
    /// as it is; any other text as its pieces. A text is always held the
    /// one way its pieces allow, so that equal texts are held alike. Plain
    /// text held as a list of one piece cost an allocation for each title,
    /// message, id and action of a tip: for the benchmark's 10,000 tips,
    /// 32,700 of them, and a pointer more to follow each time the back end
    /// read one (see ``plainText``).
    private enum Storage: Hashable, Sendable {
        case plain(String)
        case pieces([Segment])
    }

    private var storage: Storage

    /// The pieces, in order. Reading them builds the list for plain text:
    /// code that reads text often asks ``plainText`` first.
    public var segments: [Segment] {
        get {
            switch storage {
            case .plain(let text): [.text(text)]
            case .pieces(let pieces): pieces
            }
        }
        set { storage = Self.storage(of: newValue) }
    }

    /// The text when it is one piece that interpolates nothing; nil otherwise.
    public var plainText: String? {
        if case .plain(let text) = storage { text } else { nil }
    }

    /// Creates text from its pieces.
    public init(segments: [Segment]) { storage = Self.storage(of: segments) }

    /// Creates plain text.
    public init(_ text: String) { storage = .plain(text) }

    private static func storage(of segments: [Segment]) -> Storage {
        if segments.count == 1, case .text(let text) = segments[0] { return .plain(text) }
        return .pieces(segments)
    }

    /// The text with interpolations written back as `\(name)`.
    public var displayText: String {
        plainText ?? joined(argument: { "\\(\($0))" })
    }

    /// The text with the instance's argument values, as Swift interpolates them in the generated tip.
    public func filled(with arguments: [String: TipValue]) -> String {
        joined(argument: { arguments[$0].map(Self.interpolated) ?? "" })
    }

    /// The pieces in order, each text as `text` writes it (as it is, unless
    /// told) and each argument as `argument` writes it.
    package func joined(text: (String) -> String = { $0 }, argument: (String) -> String) -> String {
        guard case .pieces(let pieces) = storage else { return text(plainText ?? "") }
        var out = ""
        for segment in pieces {
            switch segment {
            case .text(let piece): out += text(piece)
            case .argument(let name): out += argument(name)
            }
        }
        return out
    }

    /// A value as Swift interpolates it into the generated tip's text: strings and
    /// enum cases bare, the rest as the `.tips` file spells it but for a duration's unit.
    package static func interpolated(_ value: TipValue) -> String {
        switch value {
        case .string(let text), .enumCase(let text): text
        case .duration(let seconds): "\(seconds)"
        default: value.description
        }
    }

    /// Whether any segment interpolates an argument.
    public var interpolates: Bool {
        guard case .pieces(let pieces) = storage else { return false }
        return pieces.contains { if case .argument = $0 { true } else { false } }
    }
}
