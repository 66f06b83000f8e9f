import TipsRuntime

/// A string that may interpolate the tip's arguments.
public struct InterpolatedText: Hashable, Sendable {
    /// One piece of the text.
    public enum Segment: Hashable, Sendable {
        case text(String)
        /// A tip argument, by name.
        case argument(String)
    }

    /// The pieces, in order.
    public var segments: [Segment]

    /// Creates text from its pieces.
    public init(segments: [Segment]) { self.segments = segments }

    /// Creates plain text.
    public init(_ text: String) { self.segments = [.text(text)] }

    /// The text with interpolations written back as `\(name)`.
    public var displayText: String {
        if segments.count == 1, case .text(let text) = segments[0] { return text }
        return joined { "\\(\($0))" }
    }

    /// The text with the instance's argument values, as Swift interpolates them in the generated tip.
    public func filled(with arguments: [String: TipValue]) -> String {
        joined { arguments[$0].map(Self.interpolated) ?? "" }
    }

    /// The pieces in order, each argument as `argument` writes it.
    private func joined(_ argument: (String) -> String) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .text(let piece): out += piece
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
        segments.contains { if case .argument = $0 { true } else { false } }
    }
}
