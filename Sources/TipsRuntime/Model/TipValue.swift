/// A value that rules compute with: a parameter's value, a donation field, a
/// literal, or an intermediate result.
public enum TipValue: Sendable, Hashable, Codable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// A duration in seconds.
    case duration(Double)
    /// An enum case, by name.
    case enumCase(String)

    /// The value as it reads in a `.tips` file.
    public var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .duration(let seconds): "\(seconds)s"
        case .enumCase(let name): ".\(name)"
        }
    }
}

/// A Swift type whose values can be stored in a parameter or a donation field.
///
/// `Bool`, `Int`, `Double` and `String` conform; so does every `String`-backed
/// enum that declares conformance (generated enums do).
public protocol TipValueConvertible: Sendable {
    /// The value as the runtime stores it.
    var tipValue: TipValue { get }
    /// Reads a stored value back, or nil when it has another type.
    init?(tipValue: TipValue)
}

extension Bool: TipValueConvertible {
    /// The value as the runtime stores it.
    public var tipValue: TipValue { .bool(self) }
    /// Reads a stored value back, or nil when it has another type.
    public init?(tipValue: TipValue) {
        guard case .bool(let value) = tipValue else { return nil }
        self = value
    }
}

extension Int: TipValueConvertible {
    /// The value as the runtime stores it.
    public var tipValue: TipValue { .int(self) }
    /// Reads a stored value back, or nil when it has another type.
    public init?(tipValue: TipValue) {
        guard case .int(let value) = tipValue else { return nil }
        self = value
    }
}

extension Double: TipValueConvertible {
    /// The value as the runtime stores it.
    public var tipValue: TipValue { .double(self) }
    /// Reads a stored value back, or nil when it has another type.
    public init?(tipValue: TipValue) {
        switch tipValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
}

extension String: TipValueConvertible {
    /// The value as the runtime stores it.
    public var tipValue: TipValue { .string(self) }
    /// Reads a stored value back, or nil when it has another type.
    public init?(tipValue: TipValue) {
        guard case .string(let value) = tipValue else { return nil }
        self = value
    }
}

extension TipValueConvertible where Self: RawRepresentable, Self.RawValue == String {
    /// The value as the runtime stores it.
    public var tipValue: TipValue { .enumCase(rawValue) }
    /// Reads a stored value back, or nil when it has another type.
    public init?(tipValue: TipValue) {
        guard case .enumCase(let name) = tipValue else { return nil }
        self.init(rawValue: name)
    }
}
