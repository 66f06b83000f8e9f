// The syntax tree: what the parser hands to the checker. Every node keeps its
// source range so any later stage can report at the right place.

import TipsRuntime

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
    /// The name's text.
    public var name: String
    /// Where the name is.
    public var range: SourceRange

    /// Creates an identifier.
    public init(_ name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}

/// The `///` lines that precede a declaration, without the slashes and one
/// leading space.
public struct DocComment: Hashable, Sendable {
    /// One entry per `///` line.
    public var lines: [String]
    /// The range from the first `///` to the end of the last line.
    public var range: SourceRange
}

/// One parsed `.tips` file.
public struct SourceFileSyntax: Sendable {
    /// The file that was parsed.
    public var file: FileID
    /// Its declarations in source order.
    public var declarations: [Declaration]
    /// The first tokens of the block items that something unexpected
    /// followed on their line (a syntax error, reported): such a rule may be
    /// only part of what was meant (`rule count > 1 && plan ! = .free` read up
    /// to `plan`). Kept beside the tree, so that no item is larger for it.
    public var cutShortItems: [SourceRange] = []

    package init(file: FileID, declarations: [Declaration]) {
        self.file = file
        self.declarations = declarations
    }
}

/// A file-scope declaration.
public enum Declaration: Sendable {
    case config(ConfigDecl)
    case enumeration(EnumDecl)
    case parameter(ParameterDecl)
    case event(EventDecl)
    case tip(TipDecl)
    case group(GroupDecl)
    /// `scenario "name" { ... }`: run by `tipc test`, checked by every command, never emitted.
    case scenario(ScenarioDecl)
}

/// `config { displayFrequency daily }`
public struct ConfigDecl: Sendable {
    /// The `config` keyword.
    public var keyword: SourceRange
    /// The items in the braces.
    public var items: [ConfigItem]
    /// The whole declaration.
    public var range: SourceRange
}

/// One item of a `config` block.
public enum ConfigItem: Sendable {
    /// `displayFrequency <value>`; `keyword` is the range of `displayFrequency`.
    case displayFrequency(DisplayFrequencySyntax, keyword: SourceRange, range: SourceRange)
    /// `sourceLanguage "en"`: the language the copy is written in; `keyword` is the range of `sourceLanguage`.
    case sourceLanguage(StringLiteral, keyword: SourceRange, range: SourceRange)
    /// `sessionLimit N`: at most N different tips per session.
    case sessionLimit(IntegerLiteral, keyword: SourceRange, range: SourceRange)
    /// `oneAtATime`: one tip on screen holds every other back.
    case oneAtATime(keyword: SourceRange, range: SourceRange)
}

/// The value after `displayFrequency`.
public enum DisplayFrequencySyntax: Sendable {
    /// `immediate`, `hourly`, `daily`, `weekly` or `monthly` (checked later).
    case named(Identifier)
    /// `every <duration>`.
    case every(DurationLiteral, range: SourceRange)
}

/// `enum Plan { free, plus, pro }`
public struct EnumDecl: Sendable {
    /// The doc comment, if any.
    public var doc: DocComment?
    /// The enum's name.
    public var name: Identifier
    /// Its cases, in order.
    public var cases: [Identifier]
    /// The whole declaration.
    public var range: SourceRange
    /// Whether the enum's `}` is missing (reported): cases after those
    /// read may have been lost with it.
    public var casesCutShort = false
    /// Each case's `renamedFrom` clause, parallel to `cases` (nil where it has
    /// none); empty when no case has one. Read it through ``renamedFrom(ofCase:)``.
    public var caseRenames: [RenamedFromSyntax?] = []

    /// The `renamedFrom` clause of the case at `index`, if it has one.
    public func renamedFrom(ofCase index: Int) -> RenamedFromSyntax? {
        caseRenames.indices.contains(index) ? caseRenames[index] : nil
    }
}

/// `renamedFrom OLD, …`: the identities under which a declaration's users'
/// state was stored before, for the runtime to move it (`pro renamedFrom premium`).
public struct RenamedFromSyntax: Hashable, Sendable {
    /// The `renamedFrom` keyword.
    public var keyword: SourceRange
    /// The old identities, in order.
    public var sources: [RenameSourceSyntax]
    /// The whole clause.
    public var range: SourceRange
}

/// One old identity after `renamedFrom`.
public enum RenameSourceSyntax: Hashable, Sendable {
    /// An old name: of a tip (whose id was its name), an event, a parameter or an enum case.
    case name(Identifier)
    /// A tip's old id, as its `id` item spelled it (a reusable tip's interpolates arguments).
    case id(StringLiteral)

    /// Where it is written.
    public var range: SourceRange {
        switch self {
        case .name(let identifier): identifier.range
        case .id(let literal): literal.range
        }
    }
}

/// A type as written: `Bool`, `Int`, `Double`, `String`, or an enum's name.
public struct TypeSyntax: Hashable, Sendable {
    /// The type's name; empty when the type was missing (already reported).
    public var name: Identifier
}

/// `[transient] parameter name: Type = default`
public struct ParameterDecl: Sendable {
    /// The doc comment, if any.
    public var doc: DocComment?
    /// The `transient` keyword, when present.
    public var transient: SourceRange?
    /// The parameter's name.
    public var name: Identifier
    /// Its declared type.
    public var type: TypeSyntax
    /// Its default value (nil only after a parse error was reported).
    public var defaultValue: Expr?
    /// The whole declaration.
    public var range: SourceRange
    /// `renamedFrom OLD`, the clause at its end, if any.
    public var renamedFrom: RenamedFromSyntax? = nil
}

/// A typed field: an event's donation field or a tip's argument.
public struct FieldSyntax: Hashable, Sendable {
    /// The field's name.
    public var name: Identifier
    /// Its type.
    public var type: TypeSyntax
    /// The whole `name: Type`.
    public var range: SourceRange
}

/// `keep 200, 30d` (a count, a duration, or both).
public struct KeepClause: Sendable {
    /// The count, if given.
    public var count: IntegerLiteral?
    /// The duration, if given.
    public var duration: DurationLiteral?
    /// The whole clause.
    public var range: SourceRange
}

/// `event name`, `event name(field: Type, ...)`, optionally with `keep`.
public struct EventDecl: Sendable {
    /// The doc comment, if any.
    public var doc: DocComment?
    /// The event's name.
    public var name: Identifier
    /// Its donation fields; empty when declared without parentheses.
    public var fields: [FieldSyntax]
    /// The `keep` clause, if any.
    public var keep: KeepClause?
    /// The whole declaration.
    public var range: SourceRange
    /// `renamedFrom OLD`, the clause at its end, if any.
    public var renamedFrom: RenamedFromSyntax? = nil
    /// Whether a syntax error cut the field list short, so that fields
    /// after it were not read.
    public var fieldsCutShort = false
}

/// `tip Name { ... }` or `tip Name(arg: Type, ...) { ... }`.
public struct TipDecl: Sendable {
    /// The doc comment, if any.
    public var doc: DocComment?
    /// The tip's name.
    public var name: Identifier
    /// The tip's arguments; nil for a tip declared without parentheses.
    public var arguments: [FieldSyntax]?
    /// Whether a syntax error cut the argument list short, so that
    /// arguments after it were not read.
    public var argumentsCutShort = false
    /// The items of the body, in source order.
    public var items: [TipItem]
    /// The whole declaration.
    public var range: SourceRange
    /// Whether an error (lexical or syntax) was reported inside the
    /// declaration: some of it did not parse, so the checker does not judge
    /// the tip by what is left of it.
    public var hasSyntaxErrors = false
}

/// One item of a tip body.
public struct TipItem: Sendable {
    /// What the item is.
    public var kind: TipItemKind
    /// The item's leading keyword (`title`, `rule`, ...).
    public var keyword: SourceRange
    /// The whole item.
    public var range: SourceRange
}

/// The kinds of tip body item.
public enum TipItemKind: Sendable {
    case title(StringLiteral)
    case message(StringLiteral)
    case image(StringLiteral)
    case id(StringLiteral)
    /// `action name "Title"`
    case action(name: Identifier, title: StringLiteral)
    /// `rule <expr>`, with the expression's text on one line (see ``SourceFile/singleLineText(in:)``).
    case rule(Expr, source: String)
    case maxDisplayCount(IntegerLiteral)
    case maxDisplayDuration(DurationLiteral)
    case ignoresDisplayFrequency
    /// `invalidatedBy event`
    case invalidatedBy(Identifier)
    /// `renamedFrom OldName` or `renamedFrom "old-id"`: where the tip's users' state was stored before.
    case renamedFrom([RenameSourceSyntax])
    /// `snooze 1d` or `snooze 1d, 3`: how long a snooze hides the tip, and how many are allowed.
    case snooze(DurationLiteral, count: IntegerLiteral?)
    /// `holdout 10%`: the share of installs held out of the tip.
    case holdout(IntegerLiteral)

    /// The keyword the item starts with.
    public var keyword: Keyword {
        switch self {
        case .title: .title
        case .message: .message
        case .image: .image
        case .id: .id
        case .action: .action
        case .rule: .rule
        case .maxDisplayCount: .maxDisplayCount
        case .maxDisplayDuration: .maxDisplayDuration
        case .ignoresDisplayFrequency: .ignoresDisplayFrequency
        case .invalidatedBy: .invalidatedBy
        case .renamedFrom: .renamedFrom
        case .snooze: .snooze
        case .holdout: .holdout
        }
    }
}

/// `group Name [ordered | firstAvailable] { A B ... }`
public struct GroupDecl: Sendable {
    /// The doc comment, if any.
    public var doc: DocComment?
    /// The group's name.
    public var name: Identifier
    /// `ordered` or `firstAvailable` as written; nil means the default, first available.
    public var priority: Identifier?
    /// The member tips, in order.
    public var members: [Identifier]
    /// The whole declaration.
    public var range: SourceRange
}

// MARK: - Literals

/// An integer literal such as `42` or `1_000`.
public struct IntegerLiteral: Hashable, Sendable {
    /// Its value (the lexer reports literals too large for `Int`).
    public var value: Int
    /// Where it is.
    public var range: SourceRange
}

/// A duration literal such as `30s` or `5d`.
public struct DurationLiteral: Hashable, Sendable {
    /// The number before the unit.
    public var amount: Int
    /// The unit (the runtime's, which writes durations back into rule text).
    package var unit: DurationUnit
    /// Where it is.
    public var range: SourceRange

    /// The duration in seconds (saturating instead of overflowing).
    public var totalSeconds: Int {
        let (product, overflow) = amount.multipliedReportingOverflow(by: unit.seconds)
        return overflow ? Int.max : product
    }
}

/// A string literal, split into text and `\(name)` interpolations.
public struct StringLiteral: Hashable, Sendable {
    /// One piece of a string literal.
    public enum Segment: Hashable, Sendable {
        /// Literal text, with escapes already decoded.
        case text(String)
        /// `\(name)`.
        case interpolation(Identifier)
    }

    /// The pieces, in order.
    public var segments: Segments
    /// The whole literal, quotes included.
    public var range: SourceRange

    /// The literal's text with interpolations written back as `\(name)`.
    public var displayText: String {
        if segments.count == 1, case .text(let text) = segments[0] { return text }
        let pieces = segments.map { segment -> InterpolatedText.Segment in
            switch segment {
            case .text(let text): .text(text)
            case .interpolation(let name): .argument(name.name)
            }
        }
        return InterpolatedText(segments: pieces).displayText
    }

    /// The text of a literal without interpolations, or nil.
    public var plainText: String? {
        var out = ""
        for segment in segments {
            guard case .text(let text) = segment else { return nil }
            out += text
        }
        return out
    }
}

// MARK: - Expressions

/// A prefix operator.
public enum UnaryOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
}

/// A call argument: `5d`, or `by: .region`.
public struct ArgumentSyntax: Sendable {
    /// The label, if any.
    public var label: Identifier?
    /// The value.
    public var value: Expr
}

/// A rule expression. Query chains such as
/// `E.donations.within(5d).where(.x == 1).count` are left as generic member
/// accesses and calls; the checker gives them meaning.
///
/// Only the cases that hold other expressions are `indirect` (one heap box
/// each); literals and names are stored inline, with no allocation.
public enum Expr: Sendable {
    case boolean(Bool, SourceRange)
    case integer(IntegerLiteral)
    case decimal(Double, SourceRange)
    case string(StringLiteral)
    case duration(DurationLiteral)
    /// A bare name: a parameter, an event, or a tip argument.
    case name(Identifier)
    /// `.name`: an enum case, or a donation field inside a query predicate.
    /// The range covers the dot and the name.
    case implicitMember(Identifier, range: SourceRange)
    /// `base.name`
    indirect case member(base: Expr, name: Identifier, range: SourceRange)
    /// `callee(arguments)`, where callee is normally a member access.
    indirect case call(callee: Expr, arguments: [ArgumentSyntax], range: SourceRange)
    indirect case unary(UnaryOperator, operand: Expr, operatorRange: SourceRange, range: SourceRange)
    indirect case binary(RuleOperator, lhs: Expr, rhs: Expr, operatorRange: SourceRange, range: SourceRange)
    indirect case parenthesized(Expr, range: SourceRange)
    /// Stands in for an expression that failed to parse (already diagnosed).
    case error(SourceRange)

    /// The whole expression's range.
    public var range: SourceRange {
        switch self {
        case .boolean(_, let range), .decimal(_, let range), .error(let range): range
        case .integer(let literal): literal.range
        case .string(let literal): literal.range
        case .duration(let literal): literal.range
        case .name(let identifier): identifier.range
        case .implicitMember(_, let range), .member(_, _, let range), .call(_, _, let range),
            .unary(_, _, _, let range), .binary(_, _, _, _, let range), .parenthesized(_, let range):
            range
        }
    }
}
