// What the checker records of names for the symbol table: each declaration
// as it checks it, and each use as it resolves it (see Model/SymbolTable.swift).
// A checker that does not record symbols (`recordsSymbols`) skips all of it.

import TipsSyntax

extension Checker.DeclaredName {
    /// The symbol it declares, called `name`.
    func symbol(_ name: String) -> Symbol {
        switch kind {
        case .enumeration: .enumeration(name)
        case .parameter: .parameter(name)
        case .event: .event(name)
        case .tip: .tip(name)
        case .group: .group(name)
        }
    }
}

extension Checker {
    /// Records that the name at `range` resolves to `symbol`.
    mutating func recordUse(_ symbol: Symbol, at range: SourceRange) {
        guard recordsSymbols else { return }
        uses.append(SymbolUse(range: range, symbol: symbol))
    }

    /// What the file-scope name `name` declares, recorded as a use of it.
    @discardableResult
    mutating func resolveDeclared(_ name: Identifier) -> DeclaredName? {
        guard let declared = symbols[name.name] else { return nil }
        recordUse(declared.symbol(name.name), at: name.range)
        return declared
    }

    /// The enum called `name`, if it was checked without errors.
    func enumeration(named name: String) -> CheckedEnum? {
        guard let declared = symbols[name], declared.kind == .enumeration, declared.checked >= 0 else { return nil }
        return enums[Int(declared.checked)]
    }

    /// The parameter called `name`, if it was checked without errors.
    func parameter(named name: String) -> CheckedParameter? { parameter(declared: symbols[name]) }

    /// The parameter `declared` declares, if it was checked without errors.
    /// It takes a lookup's optional result as it is: `flatMap` with this
    /// method as its closure would copy the whole checker at each call.
    func parameter(declared: DeclaredName?) -> CheckedParameter? {
        guard let declared, declared.kind == .parameter, declared.checked >= 0 else { return nil }
        return parameters[Int(declared.checked)]
    }

    /// The event called `name`, if it was checked without errors.
    func event(named name: String) -> CheckedEvent? { event(declared: symbols[name]) }

    /// The event `declared` declares, if it was checked without errors (see `parameter(declared:)`).
    func event(declared: DeclaredName?) -> CheckedEvent? {
        guard let declared, declared.kind == .event, declared.checked >= 0 else { return nil }
        return events[Int(declared.checked)]
    }

    // MARK: - Declarations

    mutating func declare(_ decl: EnumDecl) {
        guard recordsSymbols else { return }
        let symbol = Symbol.enumeration(decl.name.name)
        declarations.append(
            SymbolDeclaration(symbol: symbol, nameRange: decl.name.range, range: decl.range, doc: decl.doc?.lines ?? [])
        )
        for index in decl.cases.indices where Self.isFirst(decl.cases[index].name, at: index, in: decl.cases) {
            let item = decl.cases[index]
            declarations.append(
                SymbolDeclaration(
                    symbol: .enumCase(item.name, enumeration: decl.name.name), nameRange: item.range, range: item.range,
                    storedIdentity: .name, renamedFrom: decl.renamedFrom(ofCase: index)?.range))
        }
    }

    mutating func declare(_ decl: ParameterDecl) {
        guard recordsSymbols else { return }
        declarations.append(
            SymbolDeclaration(
                symbol: .parameter(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [],
                signature: .parameter(
                    type: decl.type.name, defaultValue: decl.defaultValue?.range, transient: decl.transient),
                storedIdentity: decl.transient == nil ? .name : nil, renamedFrom: decl.renamedFrom?.range))
    }

    mutating func declare(_ decl: EventDecl) {
        guard recordsSymbols else { return }
        declarations.append(
            SymbolDeclaration(
                symbol: .event(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [], signature: .event(keep: decl.keep?.range), storedIdentity: .name,
                renamedFrom: decl.renamedFrom?.range))
        // The closure captures the name, not the whole declaration, which it would copy.
        let event = decl.name.name
        declareFields(decl.fields, identity: .name) { .field($0, event: event) }
    }

    /// Records a tip, its arguments and its items (actions by name, the
    /// others by keyword and place among the items with that keyword).
    mutating func declare(_ decl: TipDecl) {
        guard recordsSymbols else { return }
        let tip = decl.name.name
        var id: SourceRange?
        // Switches, not `if case`, which copies the whole item (its texts too):
        // saves 12,500 retains and as many releases on 10,000 tips.
        for index in decl.items.indices where id == nil {
            switch decl.items[index].kind {
            case .id(let literal): id = literal.range
            default: continue
            }
        }
        declarations.append(
            SymbolDeclaration(
                symbol: .tip(tip), nameRange: decl.name.range, range: decl.range, doc: decl.doc?.lines ?? [],
                storedIdentity: id.map(StoredIdentity.id) ?? .name))
        declareFields(decl.arguments ?? [], identity: nil) { .argument($0, tip: tip) }
        var places = TipItemPlaces()
        for index in decl.items.indices {
            let symbol = places.next(decl.items[index].kind, tip: tip)
            let nameRange: SourceRange
            switch decl.items[index].kind {
            case .action(let name, _): nameRange = name.range
            default: nameRange = decl.items[index].keyword
            }
            declarations.append(SymbolDeclaration(symbol: symbol, nameRange: nameRange, range: decl.items[index].range))
        }
    }

    mutating func declare(_ decl: GroupDecl) {
        guard recordsSymbols else { return }
        declarations.append(
            SymbolDeclaration(
                symbol: .group(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [], signature: .group(order: decl.priority)))
    }

    mutating func declare(_ decl: ScenarioDecl) {
        guard recordsSymbols else { return }
        declarations.append(
            SymbolDeclaration(symbol: Self.symbol(of: decl), nameRange: decl.name.range, range: decl.range))
    }

    mutating func declare(_ decl: ConfigDecl) {
        guard recordsSymbols else { return }
        declarations.append(SymbolDeclaration(symbol: .config, nameRange: decl.keyword, range: decl.range))
    }

    /// A scenario's symbol: its name as written.
    static func symbol(of decl: ScenarioDecl) -> Symbol { .scenario(decl.name.plainText ?? decl.name.displayText) }

    /// Records the first field of each name of `fields` as a member, `member` naming it.
    private mutating func declareFields(
        _ fields: [FieldSyntax], identity: StoredIdentity?, member: (String) -> Symbol
    ) {
        for index in fields.indices {
            let field = fields[index]
            // Compared in place: an array of the names is allocated, and retains
            // each (saves 26,000 retains, 41,000 releases and 10,000 allocations on 10,000 tips).
            guard !fields[..<index].contains(where: { $0.name.name == field.name.name }) else { continue }
            declarations.append(
                SymbolDeclaration(
                    symbol: member(field.name.name), nameRange: field.name.range, range: field.range,
                    signature: .typed(field.type.name), storedIdentity: identity))
        }
    }
}

extension Checker {
    /// Whether no name before `index` of `names` is `name` (a later one is a duplicate, reported).
    static func isFirst(_ name: String, at index: Int, in names: [Identifier]) -> Bool {
        !names[..<index].contains { $0.name == name }
    }
}

/// Where a tip's item is among the tip's items: all its symbol says but the tip's name.
enum TipItemPlace {
    /// An action, by its name.
    case action(String)
    /// Any other item: its keyword, and its place among the items with that keyword.
    case item(Keyword, index: Int)

    /// The item's symbol in tip `tip`.
    func symbol(tip: String) -> Symbol {
        switch self {
        case .action(let name): .action(name, tip: tip)
        case .item(let keyword, let index): .tipItem(keyword, index: index, tip: tip)
        }
    }
}

/// The places of a tip's items, item by item: an action by its name, any
/// other item by its keyword and its place among the items with that keyword.
struct TipItemPlaces {
    private var rules = 0
    private var invalidations = 0
    private var renames = 0

    /// The symbol of the next item, of `kind`, in tip `tip`.
    mutating func next(_ kind: TipItemKind, tip: String) -> Symbol { next(kind).symbol(tip: tip) }

    /// The place of the next item, of `kind`.
    mutating func next(_ kind: TipItemKind) -> TipItemPlace {
        let keyword: Keyword
        let place: Int
        switch kind {
        case .action(let name, _): return .action(name.name)
        case .rule:
            (keyword, place) = (.rule, rules)
            rules += 1
        case .invalidatedBy:
            (keyword, place) = (.invalidatedBy, invalidations)
            invalidations += 1
        case .renamedFrom:
            (keyword, place) = (.renamedFrom, renames)
            renames += 1
        default:
            // Given once (a second is an error, and shares the first's place).
            (keyword, place) = (kind.keyword, 0)
        }
        return .item(keyword, index: place)
    }
}
