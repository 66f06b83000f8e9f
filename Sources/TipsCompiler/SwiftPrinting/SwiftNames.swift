/// Spelling `.tips` names and values as Swift source.
public enum SwiftNames {
    /// Words that must be written in backticks to be used as identifiers.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Names that backticks cannot make usable where the generated code needs
    /// them (`Outer.Type` is a metatype, `x.self` the value itself, `_` is no
    /// name at all), and the modules the generated code qualifies through,
    /// which a declaration of that name would hide, and the generated file's
    /// private protocol for its tips, and the generic parameter of
    /// `Tips.TypedEvent`, which the extensions that declare an event's
    /// `donate` would otherwise let hide an enum of that name, and the
    /// file's private constants, which a type of that name would clash with.
    public static let reserved: Set<String> = [
        "Type", "Protocol", "self", "Self", "init", "_", "Swift", "TipsRuntime", "Foundation", "_TipcTip",
        "_TipcDonation", "_tipcFile", "_tipcMakeFile", "_tipcRuntimeVersionCheck",
    ]

    /// Types that app code names unqualified, by the module that declares
    /// them. A generated top-level type (a tip, a group, an enum) of one of
    /// these names would hide it in the whole app module (`let s: String`,
    /// `Tips.configure()` would then mean the generated type), so such a
    /// name is rejected rather than respelled. `ShadowedNamesTests` keeps the
    /// runtime's part equal to TipsRuntime's public top-level types.
    public static let appTypeNames: [String: String] = {
        var names: [String: String] = [:]
        let swift = [
            "Any", "AnyObject", "Array", "Bool", "CaseIterable", "Character", "Codable", "Comparable", "Decodable",
            "Dictionary", "Double", "Duration", "Encodable", "Equatable", "Error", "Float", "Hashable",
            "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "MainActor", "Never", "Optional", "Range",
            "Result", "Sendable", "Sequence", "Set", "String", "Substring", "Task", "UInt", "UInt8", "UInt16",
            "UInt32", "UInt64", "Void",
        ]
        for name in swift { names[name] = "Swift" }
        for name in ["Data", "Date", "TimeInterval", "URL", "UUID"] { names[name] = "Foundation" }
        for name in runtimeTypeNames { names[name] = "TipsRuntime" }
        return names
    }()

    /// TipsRuntime's public top-level types.
    public static let runtimeTypeNames = [
        "EventQuery", "ManualClock", "RuleExpression", "RuleOperator", "SystemClock", "Tip", "TipActivity",
        "TipCenter", "TipClock", "TipDisplayHold", "TipEvents", "TipExplanation", "TipGroup", "TipGroupExplanation",
        "TipParameters", "TipPresenter", "TipRule", "TipValue", "TipValueConvertible", "Tips", "TipsConfiguration",
        "TipsMemoryDatastore", "TipsRuntimeGeneratedCodeVersion6",
    ]

    /// Members every generated enum already has (`String` raw value, `CaseIterable`, `TipValueConvertible`).
    public static let enumMembers: Set<String> = [
        "rawValue", "allCases", "hashValue", "tipValue", "RawValue", "AllCases",
    ]

    /// Members every generated tip already has (the `Tip` requirements and the runtime's extensions).
    public static let tipMembers: Set<String> = [
        "id", "title", "message", "image", "actions", "rules", "options", "status", "shouldDisplay",
        "statusUpdates", "shouldDisplayUpdates", "invalidate", "resetEligibility", "explanation",
        "declaredConfiguration", "declaredRenames",
    ]

    /// Members of a generated group, inside which it refers to its tips by their type names.
    public static let groupMembers: Set<String> = ["priority", "tips", "makeGroup"]

    /// Parameters a generated event's `donate` already has besides the fields.
    public static let donateMembers: Set<String> = ["center", "date", "hashValue"]

    /// The one spelling rule for a declared `.tips` name in the generated Swift:
    ///
    /// 1. a name in ``reserved``, or in `members` (the names the enclosing
    ///    generated declaration already uses: one of the sets that
    ///    ``SpecialWords`` knows), gets a trailing underscore:
    ///    `Type` → `Type_`, `rawValue` → `rawValue_`, `_` → `__`;
    /// 2. any other Swift keyword is written in backticks: `` `class` ``;
    /// 3. every other name is written as is.
    ///
    /// Persisted ids, field keys, enum raw values and rule source text keep the
    /// `.tips` name; only Swift identifiers use this spelling.
    public static func identifier(_ name: String, reserving members: Set<String> = []) -> String {
        // A name of no special word's shape skips the set look-ups.
        guard SpecialWords.mayContain(name) else { return name }
        if reserved.contains(name) || members.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` without the backticks around a keyword (`` `class` `` → `class`),
    /// as an argument label or `String(describing:)` of a type spells it.
    static func withoutBackticks(_ name: String) -> String {
        name.utf8.first == UInt8(ascii: "`") ? String(name.dropFirst().dropLast()) : name
    }

    /// The argument label for a `.tips` argument or field: the `.tips` name
    /// itself (any word works as a label, keywords in backticks), except `_`,
    /// which as a label would mean "no label" and so is spelled `__`.
    public static func label(_ name: String) -> String {
        if name == "_" { return identifier(name) }
        guard SpecialWords.mayContain(name) else { return name }
        return keywords.contains(name) && !reserved.contains(name) ? "`\(name)`" : name
    }

    /// The Swift name of an enum case (rule 1 with ``enumMembers``).
    public static func enumCase(_ name: String) -> String { identifier(name, reserving: enumMembers) }

    /// The Swift name of a tip's type (rule 1 with ``groupMembers``, since groups name their tips from inside).
    public static func tipType(_ name: String) -> String { identifier(name, reserving: groupMembers) }

    /// The Swift name of a tip argument's stored property and init parameter (rule 1 with ``tipMembers``).
    public static func tipArgument(_ name: String) -> String { identifier(name, reserving: tipMembers) }

    /// The Swift name of an event field's `donate` parameter (rule 1 with ``donateMembers``).
    public static func eventField(_ name: String) -> String { identifier(name, reserving: donateMembers) }

    /// The type of an event's value in `TipsRuntime.TipEvents`: the name
    /// capitalized plus `Event` (`visitedRegion` → `VisitedRegionEvent`), so it
    /// never equals an event's property name and is never a keyword.
    public static func eventType(_ name: String) -> String { typeName(name, then: eventTypeSuffix) }

    /// The type of an event's typed donations in `TipsRuntime.TipEvents`: `visitedRegion` → `VisitedRegionDonation`.
    public static func donationType(_ name: String) -> String { typeName(name, then: donationTypeSuffix) }

    /// What ``eventType(_:)`` and ``donationType(_:)`` put after the type name.
    static let eventTypeSuffix = "Event", donationTypeSuffix = "Donation"

    /// The name with its first letter uppercased (`visitedRegion` → `VisitedRegion`), then `suffix`.
    public static func typeName(_ name: String, then suffix: String = "") -> String {
        if let byte = name.utf8.first, byte < 0x80 { return asciiTypeName(name, then: suffix) }
        guard let first = name.first else { return suffix }
        var result = first.uppercased()
        // The rest as a substring: `+` would take it as a sequence of characters, one by one.
        result.append(contentsOf: name.dropFirst())
        result.append(suffix)
        return result
    }

    /// ``typeName(_:then:)`` of a name whose first byte is ASCII: that byte
    /// is the first character's first scalar, whose uppercase is A-Z for a-z
    /// and itself otherwise, as `uppercased()` gives it. Written in one
    /// piece without Unicode's case tables: the names of the benchmark's
    /// 5,000 events cost 25 M instructions fewer (callgrind, `tipc-bench --measure-compile-one-job 10000`).
    private static func asciiTypeName(_ name: String, then suffix: String) -> String {
        String(unsafeUninitializedCapacity: name.utf8.count + suffix.utf8.count) { buffer in
            writeASCIITypeName(name, then: suffix, into: buffer)
        }
    }

    /// Writes ``asciiTypeName(_:then:)`` of `name` into `buffer`, which has
    /// room for `name` and `suffix`; returns how many bytes it wrote.
    private static func writeASCIITypeName(
        _ name: String, then suffix: String, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let count = buffer.initialize(from: name.utf8).1
        if (0x61...0x7A).contains(buffer[0]) { buffer[0] -= 0x20 }
        return count + UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(from: suffix.utf8).1
    }

    /// Calls `body` with the UTF-8 of ``typeName(_:then:)``: written on the
    /// stack when the name's first byte is ASCII, rather than in a new string.
    static func withTypeNameUTF8<Result>(
        _ name: String, then suffix: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let byte = name.utf8.first, byte < 0x80 else {
            var spelled = typeName(name, then: suffix)
            return spelled.withUTF8(body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: name.utf8.count + suffix.utf8.count) { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[..<writeASCIITypeName(name, then: suffix, into: buffer)]))
        }
    }

    /// A Double literal that reads back as the same value.
    public static func double(_ value: Double) -> String {
        if value.isNaN || value.isInfinite { return "0.0" }
        // Swift prints a Double so that it reads back as the same value: "2.5", "1e+16".
        return "\(value)"
    }
}
