// The checked model: what the checker hands to every back end. Names are
// resolved, types known, options validated. Plain values, no syntax; values
// and operators are the runtime's (`TipValue`, `RuleOperator`).

import TipsRuntime
import TipsSyntax

/// A type of the `.tips` language.
public enum TipsType: Hashable, Sendable, CustomStringConvertible {
    case bool
    case int
    case double
    case string
    case duration
    /// A declared enum, by name.
    case enumeration(String)
    /// The donations of an event (a query not yet counted), by event name.
    case donations(event: String)
    /// The type of an expression that already failed to check.
    case error

    /// The type as a person writes it in `.tips` and reads it in messages.
    public var description: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .duration: "Duration"
        case .enumeration(let name): name
        case .donations(let event): "donations of '\(event)'"
        case .error: "<error>"
        }
    }

    /// The types a value is stored as besides enums, in the order messages list them.
    public static let storedPrimitives: [TipsType] = [.bool, .int, .double, .string]

    /// How ``storedPrimitives`` are spelled, in their order.
    private static let storedPrimitiveNames = storedPrimitives.map(\.description)

    /// The stored primitive type `name` spells (`Bool`); nil for any other name.
    /// The names are spelled once: spelling each type at every call made a
    /// string to release (saves 17,000 retains and 34,000 releases on 10,000 tips).
    public init?(storedPrimitive name: String) {
        guard let index = Self.storedPrimitiveNames.firstIndex(of: name) else { return nil }
        self = Self.storedPrimitives[index]
    }
}

/// Where a declaration came from: its file and its name's range.
public struct DeclarationOrigin: Hashable, Sendable {
    /// The file that declares it.
    public var file: FileID
    /// The range of the declared name, for diagnostics from later stages.
    public var nameRange: SourceRange
}

/// `enum Plan { free, plus, pro }`
public struct CheckedEnum: FieldsInBox, Hashable, Sendable {
    /// What an enum holds, read and written as its own properties (in ``SharedFields``).
    public struct Fields: Hashable, Sendable {
        public var name: String
        /// The `///` lines.
        public var doc: [String]
        /// The case names, in order.
        public var cases: [String]
        /// Each case's range, parallel to `cases`.
        public var caseRanges: [SourceRange]
        public var origin: DeclarationOrigin
        /// The old names of each case (`pro renamedFrom premium`), parallel to
        /// `cases`; empty when no case is renamed. Read through ``renames(ofCase:)``.
        public var caseRenames: [[CheckedRename]] = []
        /// Whether the enum's `}` is missing (reported), so that ``cases``
        /// may lack some: a rule that names another is not told it is missing.
        public var casesCutShort = false
    }

    public var box: SharedFields<Fields>

    public init(_ fields: Fields) { box = SharedFields(fields) }

    /// The old names of the case at `index`.
    public func renames(ofCase index: Int) -> [CheckedRename] {
        let renames = self.caseRenames
        return renames.indices.contains(index) ? renames[index] : []
    }
}

/// `[transient] parameter name: Type = default`
public struct CheckedParameter: FieldsInBox, Hashable, Sendable {
    /// What a parameter holds, read and written as its own properties (in ``SharedFields``).
    public struct Fields: Hashable, Sendable {
        /// The parameter's name, also its persisted id.
        public var name: String
        /// The `///` lines.
        public var doc: [String]
        /// Its type (storable).
        public var type: TipsType
        /// Its default value, of `type`.
        public var defaultValue: TipValue
        /// Whether it starts from its default at each launch.
        public var isTransient: Bool
        public var origin: DeclarationOrigin
        /// The names its value was stored under before (`renamedFrom isLoggedIn`).
        public var renamedFrom: [CheckedRename] = []
    }

    public var box: SharedFields<Fields>

    public init(_ fields: Fields) { box = SharedFields(fields) }
}

/// `event name(field: Type) keep N, D`
public struct CheckedEvent: FieldsInBox, Hashable, Sendable {
    /// What an event holds, read and written as its own properties (in ``SharedFields``).
    public struct Fields: Hashable, Sendable {
        /// The event's name, also its persisted id.
        public var name: String
        /// The `///` lines.
        public var doc: [String]
        /// Its donation fields, in order.
        public var fields: [CheckedField]
        /// How many donations it keeps (default 1000).
        public var keepCount: Int
        /// How long it keeps donations, in seconds; nil keeps them regardless of age.
        public var keepDuration: Int?
        public var origin: DeclarationOrigin
        /// The names its donations were stored under before (`renamedFrom openedTrailDetail`).
        public var renamedFrom: [CheckedRename] = []
        /// Fields written without a type, or with one that does not exist
        /// (reported): not in ``fields``.
        public var untypedFields: [String] = []
        /// Whether a syntax error cut the field list short (reported), so
        /// that ``fields`` may lack some.
        public var fieldsCutShort = false
    }

    public var box: SharedFields<Fields>

    public init(_ fields: Fields) { box = SharedFields(fields) }

    /// The default number of donations an event keeps.
    public static let defaultKeepCount = 1000

    /// The field with this name, if any.
    public func field(named name: String) -> CheckedField? { self.fields.first { $0.name == name } }

    /// Whether a field `name` that ``fields`` lacks may have been written,
    /// in a declaration that failed (reported there): a rule that reads it
    /// is then not told the event has no such field.
    func mayHaveFailedField(named name: String) -> Bool {
        self.fieldsCutShort || self.untypedFields.contains(name)
    }

    /// The type of the field with this name, if any: the field is found in
    /// place, where a copy of it would retain its name too (saves 13,000
    /// retains and as many releases on 10,000 tips).
    func fieldType(named name: String) -> TipsType? {
        let fields = self.fields
        guard let index = fields.firstIndex(where: { $0.name == name }) else { return nil }
        return fields[index].type
    }
}

/// A typed field of an event's donations, or a tip argument.
public struct CheckedField: Hashable, Sendable {
    public var name: String
    /// Its type (storable).
    public var type: TipsType
    /// The range of its name.
    public var nameRange: SourceRange
}

/// `action name "Title"`
public struct CheckedAction: Hashable, Sendable {
    /// The action's id.
    public var id: String
    /// Its button title.
    public var title: InterpolatedText
    /// Where the title's string is written.
    public var titleRange: SourceRange? = nil
}

/// A tip's display options.
public struct CheckedTipOptions: Hashable, Sendable {
    /// `maxDisplayCount N` (N ≥ 1).
    public var maxDisplayCount: Int?
    /// `maxDisplayDuration D`, in seconds (≥ 1).
    public var maxDisplayDuration: Int?
    /// `ignoresDisplayFrequency`.
    public var ignoresDisplayFrequency: Bool = false
    /// `invalidatedBy event`, event names in source order.
    public var invalidatedBy: [String] = []
    /// `snooze D[, N]`: what `snooze()` does; nil for the runtime's standard snooze.
    public var snooze: CheckedSnooze?
    /// `holdout P%`: the share of installs (1 to 99) held out of the tip; nil for none.
    public var holdoutPercent: Int?

    /// Whether no option that decides when the tip shows is set (`snooze` and
    /// `holdout` do not: they act after it shows, or on whom it shows to).
    public var isEmpty: Bool {
        maxDisplayCount == nil && maxDisplayDuration == nil && !ignoresDisplayFrequency && invalidatedBy.isEmpty
    }
}

/// `snooze 1d, 3`: how long a snooze hides a tip, and how many snoozes are allowed.
public struct CheckedSnooze: Hashable, Sendable {
    /// How long a snooze hides the tip, in seconds (≥ 1).
    public var seconds: Int
    /// How many snoozes are allowed (≥ 1); the next one closes the tip. Nil: as many as asked.
    public var maxCount: Int?
}

/// `tip Name(args) { ... }`: its ``Fields``, read and written as its own
/// properties (`tip.name`, `tip.rules`).
///
/// The fields live in one shared box (``SharedFields``): for the benchmark's
/// 10,000 tips, the box takes `Compilation.run` from 1,652 M to 1,612 M
/// instructions (callgrind, `tipc compile`).
public struct CheckedTip: FieldsInBox, Hashable, Sendable {
    /// What a tip holds.
    public struct Fields: Hashable, Sendable {
        public var name: String
        /// The `///` lines.
        public var doc: [String]
        /// Its arguments; nil for a tip declared without parentheses.
        public var arguments: [CheckedField]?
        /// The persisted id; for a plain tip without `id` it is the tip's name.
        public var id: InterpolatedText
        /// Whether `id` was written (otherwise it defaults to the name).
        public var hasExplicitID: Bool
        public var title: InterpolatedText
        public var message: InterpolatedText?
        public var image: InterpolatedText?
        public var actions: [CheckedAction]
        /// The rules, in order; all must hold.
        public var rules: [CheckedRule]
        public var options: CheckedTipOptions
        public var origin: DeclarationOrigin
        /// Where its `id` string is, when it has one (for diagnostics).
        public var idRange: SourceRange? = nil
        /// The ids its state was stored under before (`renamedFrom FavoriteTrailTip`, `renamedFrom "trail-v1"`).
        public var renamedFrom: [CheckedRename] = []
        /// Where its title's string is written.
        public var titleRange: SourceRange? = nil
        /// Where its message's string is written, when it has one.
        public var messageRange: SourceRange? = nil
    }

    public var box: SharedFields<Fields>

    /// Creates a tip from its fields.
    public init(_ fields: Fields) { box = SharedFields(fields) }

    /// Whether the tip takes arguments (one instance per argument values).
    public var isReusable: Bool { self.arguments != nil }
}

/// How a group picks its current tip.
public enum GroupPriority: String, Hashable, Sendable {
    case ordered
    case firstAvailable
}

/// `group Name ordered { A B }`
public struct CheckedGroup: FieldsInBox, Hashable, Sendable {
    /// What a group holds, read and written as its own properties (in ``SharedFields``).
    public struct Fields: Hashable, Sendable {
        public var name: String
        /// The `///` lines.
        public var doc: [String]
        /// How the group picks its current tip.
        public var priority: GroupPriority
        /// Member tip names, in order.
        public var members: [String]
        public var origin: DeclarationOrigin
    }

    public var box: SharedFields<Fields>

    public init(_ fields: Fields) { box = SharedFields(fields) }
}

/// The global display frequency.
public enum DisplayFrequency: Hashable, Sendable {
    case immediate, hourly, daily, weekly, monthly
    /// `every <duration>`, in seconds.
    case every(seconds: Int)
}

/// `config { ... }`
public struct CheckedConfig: Hashable, Sendable {
    /// The language the copy is written in when no `sourceLanguage` says otherwise.
    public static let defaultSourceLanguage = "en"

    /// The display frequency (default immediate).
    public var displayFrequency: DisplayFrequency = .immediate
    /// The language the `.tips` copy is written in (`sourceLanguage "en"`, the default).
    public var sourceLanguage = CheckedConfig.defaultSourceLanguage
    /// Where `sourceLanguage` is written, when it is.
    public var sourceLanguageRange: SourceRange?
    /// `sessionLimit N`: at most N (≥ 1) different tips appear in one session; nil for no limit.
    public var sessionLimit: Int?
    /// `oneAtATime`: while one tip is on screen, every other tip is pending.
    public var oneAtATime = false
    /// Where the `sessionLimit` and `oneAtATime` keywords are written, when they are.
    public var sessionLimitRange, oneAtATimeRange: SourceRange?

    /// Creates a configuration.
    public init(displayFrequency: DisplayFrequency = .immediate) {
        self.displayFrequency = displayFrequency
    }
}

/// One declaration of a checked file, in source order.
public enum CheckedDeclaration: Hashable, Sendable {
    case enumeration(CheckedEnum)
    case parameter(CheckedParameter)
    case event(CheckedEvent)
    case tip(CheckedTip)
    case group(CheckedGroup)
}

/// One checked input file.
public struct CheckedFile: Hashable, Sendable {
    public var id: FileID
    /// The input's file name without directories (`Trails.tips`).
    public var fileName: String
    /// Its declarations in source order (the config is on the program).
    public var declarations: [CheckedDeclaration]
    /// Whether this file carries the program's configuration.
    public var emitsConfiguration: Bool
}

/// The checked program: every file of one compilation, sharing one scope.
public struct CheckedProgram: Hashable, Sendable {
    /// The files, in input order.
    public var files: [CheckedFile]
    /// The configuration (the default when no file declares one).
    public var config: CheckedConfig
    /// Every scenario of every file, in input order (`tipc test` runs them; nothing is emitted for them).
    public var scenarios: [CheckedScenario] = []
    /// Every declaration and every use of one, resolved (also kept, by
    /// ``CompilationResult/symbols``, when the input has errors).
    public var symbols = SymbolTable()
    /// The strings' translations, when the compilation was given a String Catalog (`--strings`).
    public var translations: CheckedTranslations? = nil
}
