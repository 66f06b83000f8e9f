import TipsCompiler
import TipsSyntax

// Every name declared in a compilation and every place it is used, from the
// parser's syntax trees. Names resolve as the checker resolves them: inside
// a tip, its own arguments first, then the declarations every file shares;
// `.name` inside `where` / `largestSubset` / `smallestSubset` is a field of
// the queried event when it has one, and otherwise a case of the enum the
// other side of a comparison (or the parameter's type) expects.

/// What a name denotes.
enum SymbolKey: Hashable {
    /// A file-scope declaration (enum, parameter, event, tip, group).
    case global(String)
    /// A case of an enum: the enum's name and the case's.
    case enumCase(String, String)
    /// A donation field: the event's name and the field's.
    case field(String, String)
    /// A tip's argument: the tip's name and the argument's.
    case argument(String, String)

    /// The name as written.
    var name: String {
        switch self {
        case .global(let name), .enumCase(_, let name), .field(_, let name), .argument(_, let name): name
        }
    }
}

/// What kind of thing a declaration is.
enum SymbolKind {
    case enumeration, enumCase, parameter, event, field, tip, argument, group

    var description: String {
        switch self {
        case .enumeration: "enum"
        case .enumCase: "enum case"
        case .parameter: "parameter"
        case .event: "event"
        case .field: "donation field"
        case .tip: "tip"
        case .argument: "tip argument"
        case .group: "group"
        }
    }

    /// The LSP `SymbolKind` number.
    var lspKind: Int {
        switch self {
        case .enumeration: 10
        case .enumCase: 22
        case .parameter: 13
        case .event: 24
        case .field: 8
        case .tip: 23
        case .argument: 7
        case .group: 19
        }
    }
}

/// One declared name.
struct SymbolDefinition {
    var key: SymbolKey
    var kind: SymbolKind
    /// The range of the name where it is declared.
    var range: SourceRange
    /// The whole declaration.
    var fullRange: SourceRange
    /// The `///` lines.
    var doc: [String]
    /// A one-line summary, such as `parameter plan: Plan = .free`.
    var detail: String
    /// The type as written, for a parameter, a field or an argument.
    var type: String? = nil
}

/// The names of a compilation and their uses.
struct SymbolIndex {
    private(set) var definitions: [SymbolKey: SymbolDefinition] = [:]
    /// Definitions in source order, for symbol lists.
    private(set) var ordered: [SymbolKey] = []
    /// Every use of a name (not its declaration).
    private(set) var occurrences: [(key: SymbolKey, range: SourceRange)] = []
    /// The parsed files.
    private(set) var trees: [SourceFileSyntax] = []
    let sources: SourceManager
    /// Types of parameters, fields and arguments as written (for the enum a `.case` belongs to).
    private(set) var parameterTypes: [String: String] = [:]
    private(set) var fieldTypes: [String: [String: String]] = [:]
    private var enumCases: [String: [String]] = [:]

    /// Indexes the first `fileCount` files of `sources` (all when nil): the `.tips` files, not the lock after them.
    init(sources: SourceManager, fileCount: Int? = nil) {
        self.sources = sources
        for file in sources.files.prefix(fileCount ?? sources.files.count) {
            var diagnostics = DiagnosticEngine()
            trees.append(Parser.parse(file, diagnostics: &diagnostics))
        }
        for tree in trees {
            for declaration in tree.declarations { define(declaration, in: sources[tree.file]) }
        }
        for tree in trees {
            for declaration in tree.declarations { use(declaration) }
        }
    }

    // MARK: - Declarations

    private mutating func add(_ definition: SymbolDefinition) {
        // The first declaration of a name is the one uses resolve to (as in the checker's messages).
        guard definitions[definition.key] == nil else { return }
        definitions[definition.key] = definition
        ordered.append(definition.key)
    }

    private mutating func define(_ declaration: Declaration, in file: SourceFile) {
        let text = { (range: SourceRange) in file.text(in: range) }
        switch declaration {
        case .config, .scenario: break
        case .enumeration(let decl):
            let cases = decl.cases.map(\.name)
            add(
                SymbolDefinition(
                    key: .global(decl.name.name), kind: .enumeration, range: decl.name.range, fullRange: decl.range,
                    doc: decl.doc?.lines ?? [], detail: "enum \(decl.name.name) { \(cases.joined(separator: ", ")) }"))
            if enumCases[decl.name.name] == nil { enumCases[decl.name.name] = cases }
            for item in decl.cases {
                add(
                    SymbolDefinition(
                        key: .enumCase(decl.name.name, item.name), kind: .enumCase, range: item.range,
                        fullRange: item.range, doc: [], detail: "case .\(item.name) of enum \(decl.name.name)"))
            }
        case .parameter(let decl):
            let value = decl.defaultValue.map { " = " + text($0.range) } ?? ""
            let transient = decl.transient == nil ? "" : "transient "
            add(
                SymbolDefinition(
                    key: .global(decl.name.name), kind: .parameter, range: decl.name.range, fullRange: decl.range,
                    doc: decl.doc?.lines ?? [],
                    detail: "\(transient)parameter \(decl.name.name): \(decl.type.name.name)\(value)",
                    type: decl.type.name.name))
            if parameterTypes[decl.name.name] == nil { parameterTypes[decl.name.name] = decl.type.name.name }
        case .event(let decl):
            let fields = decl.fields.map { "\($0.name.name): \($0.type.name.name)" }.joined(separator: ", ")
            let keep = decl.keep.map { " " + text($0.range) } ?? ""
            add(
                SymbolDefinition(
                    key: .global(decl.name.name), kind: .event, range: decl.name.range, fullRange: decl.range,
                    doc: decl.doc?.lines ?? [],
                    detail: "event \(decl.name.name)\(fields.isEmpty ? "" : "(\(fields))")\(keep)"))
            var types: [String: String] = [:]
            for field in decl.fields {
                add(
                    SymbolDefinition(
                        key: .field(decl.name.name, field.name.name), kind: .field, range: field.name.range,
                        fullRange: field.range, doc: [],
                        detail: "\(field.name.name): \(field.type.name.name), a field of event \(decl.name.name)",
                        type: field.type.name.name))
                types[field.name.name] = types[field.name.name] ?? field.type.name.name
            }
            if fieldTypes[decl.name.name] == nil { fieldTypes[decl.name.name] = types }
        case .tip(let decl):
            let arguments = decl.arguments.map {
                "(" + $0.map { "\($0.name.name): \($0.type.name.name)" }.joined(separator: ", ") + ")"
            }
            add(
                SymbolDefinition(
                    key: .global(decl.name.name), kind: .tip, range: decl.name.range, fullRange: decl.range,
                    doc: decl.doc?.lines ?? [], detail: "tip \(decl.name.name)\(arguments ?? "")"))
            for argument in decl.arguments ?? [] {
                add(
                    SymbolDefinition(
                        key: .argument(decl.name.name, argument.name.name), kind: .argument,
                        range: argument.name.range, fullRange: argument.range, doc: [],
                        detail:
                            "\(argument.name.name): \(argument.type.name.name), an argument of tip \(decl.name.name)",
                        type: argument.type.name.name))
            }
        case .group(let decl):
            add(
                SymbolDefinition(
                    key: .global(decl.name.name), kind: .group, range: decl.name.range, fullRange: decl.range,
                    doc: decl.doc?.lines ?? [],
                    detail: "group \(decl.name.name) \(decl.priority?.name ?? "firstAvailable")"))
        }
    }

    // MARK: - Uses

    mutating func refer(_ key: SymbolKey, _ range: SourceRange) {
        if definitions[key] != nil { occurrences.append((key, range)) }
    }

    private mutating func referType(_ type: TypeSyntax) {
        refer(.global(type.name.name), type.name.range)
    }

    /// The context names resolve in: the tip being read and the event a query predicate reads fields of.
    struct Scope {
        var tip: String?
        var arguments: [String: String] = [:]
        var fieldsOf: String?
    }

    private mutating func use(_ declaration: Declaration) {
        switch declaration {
        case .config, .enumeration: break
        case .parameter(let decl):
            referType(decl.type)
            if let value = decl.defaultValue { use(value, scope: Scope(), expected: decl.type.name.name) }
        case .event(let decl):
            for field in decl.fields { referType(field.type) }
        case .tip(let decl):
            var scope = Scope(tip: decl.name.name)
            for argument in decl.arguments ?? [] {
                referType(argument.type)
                scope.arguments[argument.name.name] = scope.arguments[argument.name.name] ?? argument.type.name.name
            }
            for item in decl.items { use(item, scope: scope) }
        case .group(let decl):
            for member in decl.members { refer(.global(member.name), member.range) }
        case .scenario(let decl): use(decl)
        }
    }

    private mutating func use(_ item: TipItem, scope: Scope) {
        switch item.kind {
        case .title(let text), .message(let text), .image(let text), .id(let text): use(text, scope: scope)
        case .action(_, let title): use(title, scope: scope)
        case .rule(let expression, _): use(expression, scope: scope, expected: nil)
        case .invalidatedBy(let event): refer(.global(event.name), event.range)
        case .renamedFrom(let sources):
            for case .id(let text) in sources { use(text, scope: scope) }
        case .maxDisplayCount, .maxDisplayDuration, .ignoresDisplayFrequency: break
        }
    }

    private mutating func use(_ literal: StringLiteral, scope: Scope) {
        guard let tip = scope.tip else { return }
        for case .interpolation(let name) in literal.segments {
            refer(.argument(tip, name.name), name.range)
        }
    }

    /// The key a bare name resolves to.
    func resolve(_ name: String, scope: Scope) -> SymbolKey? {
        if let tip = scope.tip, scope.arguments[name] != nil { return .argument(tip, name) }
        return definitions[.global(name)] == nil ? nil : .global(name)
    }

    /// The enum type of an expression, when it is a name, a field or a case.
    func enumType(of expression: Expr, scope: Scope) -> String? {
        let type: String?
        switch expression {
        case .name(let name):
            if let argument = scope.arguments[name.name] {
                type = argument
            } else {
                type = parameterTypes[name.name]
            }
        case .implicitMember(let name, _):
            type = scope.fieldsOf.flatMap { fieldTypes[$0]?[name.name] }
        case .parenthesized(let inner, _):
            type = enumType(of: inner, scope: scope)
        default:
            type = nil
        }
        guard let type, enumCases[type] != nil else { return nil }
        return type
    }

    mutating func use(_ expression: Expr, scope: Scope, expected: String?) {
        switch expression {
        case .boolean, .integer, .decimal, .string, .duration, .error: break
        case .name(let name):
            if let key = resolve(name.name, scope: scope) { refer(key, name.range) }
        case .implicitMember(let name, _):
            if let event = scope.fieldsOf, fieldTypes[event]?[name.name] != nil {
                refer(.field(event, name.name), name.range)
            } else if let expected {
                refer(.enumCase(expected, name.name), name.range)
            } else if let owner = enumCases.keys.sorted().first(where: { enumCases[$0]?.contains(name.name) == true }) {
                refer(.enumCase(owner, name.name), name.range)
            }
        case .member(let base, _, _):
            use(base, scope: scope, expected: nil)
        case .call(let callee, let arguments, _):
            use(callee, scope: scope, expected: nil)
            var inner = scope
            if case .member(let base, let method, _) = callee,
                ["where", "largestSubset", "smallestSubset"].contains(method.name)
            {
                inner.fieldsOf = queriedEvent(base)
            }
            for argument in arguments { use(argument.value, scope: inner, expected: nil) }
        case .unary(_, let operand, _, _):
            use(operand, scope: scope, expected: nil)
        case .binary(let op, let lhs, let rhs, _, _):
            let comparesEnums = op == .equal || op == .notEqual
            use(lhs, scope: scope, expected: comparesEnums ? enumType(of: rhs, scope: scope) : nil)
            use(rhs, scope: scope, expected: comparesEnums ? enumType(of: lhs, scope: scope) : nil)
        case .parenthesized(let inner, _):
            use(inner, scope: scope, expected: expected)
        }
    }

    /// The event at the root of a query chain (`E.donations.within(1d)` → E).
    func queriedEvent(_ expression: Expr) -> String? {
        switch expression {
        case .name(let name): fieldTypes[name.name] != nil ? name.name : nil
        case .member(let base, _, _): queriedEvent(base)
        case .call(let callee, _, _): queriedEvent(callee)
        case .parenthesized(let inner, _): queriedEvent(inner)
        default: nil
        }
    }

    // MARK: - Lookups

    /// The name at a byte offset of a file (a declaration or a use), with its range there.
    func symbol(at offset: UInt32, in file: FileID) -> (key: SymbolKey, range: SourceRange)? {
        let contains = { (range: SourceRange) in range.file == file && range.start <= offset && offset <= range.end }
        if let use = occurrences.first(where: { contains($0.range) }) { return use }
        if let definition = definitions.values.first(where: { contains($0.range) }) {
            return (definition.key, definition.range)
        }
        return nil
    }

    /// Every range where `key` is written: its declaration first, then its uses.
    func ranges(of key: SymbolKey) -> [SourceRange] {
        var ranges: [SourceRange] = []
        if let definition = definitions[key] { ranges.append(definition.range) }
        ranges += occurrences.filter { $0.key == key }.map(\.range)
        return ranges
    }

    /// The names a new name would clash with when renaming `key`.
    func clashes(renaming key: SymbolKey, to name: String) -> SymbolDefinition? {
        switch key {
        case .global:
            // A tip argument of that name would hide the renamed declaration inside its tip.
            return definitions[.global(name)]
                ?? definitions.values.first { if case .argument(_, name) = $0.key { true } else { false } }
        case .enumCase(let owner, _):
            return definitions[.enumCase(owner, name)]
        case .field(let owner, _):
            return definitions[.field(owner, name)]
        case .argument(let tip, _):
            return definitions[.argument(tip, name)] ?? definitions[.global(name)]
        }
    }
}
