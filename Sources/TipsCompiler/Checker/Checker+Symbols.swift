// What the checker records of names for the symbol table: each declaration
// as it checks it, and each use as it resolves it (see Model/SymbolTable.swift).

import TipsSyntax

extension Checker.DeclaredName {
    /// The symbol the name declares.
    var symbol: Symbol {
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
        uses.append(SymbolUse(range: range, symbol: symbol))
    }

    /// The file-scope declaration `name` names, whatever its kind, recorded as a use of it.
    @discardableResult
    mutating func resolveDeclared(_ name: Identifier) -> DeclaredName? {
        guard let declared = symbols[name.name] else { return nil }
        recordUse(declared.symbol, at: name.range)
        return declared
    }

    // MARK: - Declarations

    mutating func declare(_ decl: EnumDecl) {
        let symbol = Symbol.enumeration(decl.name.name)
        declarations.append(
            SymbolDeclaration(symbol: symbol, nameRange: decl.name.range, range: decl.range, doc: decl.doc?.lines ?? [])
        )
        for item in decl.cases {
            declarations.append(
                SymbolDeclaration(
                    symbol: .enumCase(item.name, enumeration: decl.name.name), nameRange: item.range, range: item.range,
                    storedIdentity: .name))
        }
    }

    mutating func declare(_ decl: ParameterDecl) {
        declarations.append(
            SymbolDeclaration(
                symbol: .parameter(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [],
                signature: .parameter(
                    type: decl.type.name, defaultValue: decl.defaultValue?.range, transient: decl.transient),
                storedIdentity: decl.transient == nil ? .name : nil))
    }

    mutating func declare(_ decl: EventDecl) {
        declarations.append(
            SymbolDeclaration(
                symbol: .event(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [], signature: .event(keep: decl.keep?.range), storedIdentity: .name))
        declareFields(decl.fields, identity: .name) { .field($0, event: decl.name.name) }
    }

    /// Records a tip, its arguments and its items (actions by name, the
    /// others by keyword and place among the items with that keyword).
    mutating func declare(_ decl: TipDecl) {
        let tip = decl.name.name
        let id = decl.items.lazy.compactMap { item -> SourceRange? in
            if case .id(let literal) = item.kind { return literal.range }
            return nil
        }.first
        declarations.append(
            SymbolDeclaration(
                symbol: .tip(tip), nameRange: decl.name.range, range: decl.range, doc: decl.doc?.lines ?? [],
                storedIdentity: id.map(StoredIdentity.id) ?? .name))
        declareFields(decl.arguments ?? [], identity: nil) { .argument($0, tip: tip) }
        for index in decl.items.indices {
            let item = decl.items[index]
            let symbol: Symbol
            let nameRange: SourceRange
            if case .action(let name, _) = item.kind {
                (symbol, nameRange) = (.action(name.name, tip: tip), name.range)
            } else {
                (symbol, nameRange) = (Self.itemSymbol(of: decl, at: index), item.keyword)
            }
            declarations.append(SymbolDeclaration(symbol: symbol, nameRange: nameRange, range: item.range))
        }
    }

    /// The symbol of the item of `decl` at `index`: its keyword and its
    /// place among the items with that keyword (an action by its name).
    static func itemSymbol(of decl: TipDecl, at index: Int) -> Symbol {
        let kind = decl.items[index].kind
        if case .action(let name, _) = kind { return .action(name.name, tip: decl.name.name) }
        let keyword = kind.keyword
        let place = decl.items[..<index].lazy.filter { $0.kind.keyword == keyword }.count
        return .tipItem(keyword, index: place, tip: decl.name.name)
    }

    mutating func declare(_ decl: GroupDecl) {
        declarations.append(
            SymbolDeclaration(
                symbol: .group(decl.name.name), nameRange: decl.name.range, range: decl.range,
                doc: decl.doc?.lines ?? [], signature: .group(order: decl.priority)))
    }

    mutating func declare(_ decl: ScenarioDecl) {
        declarations.append(
            SymbolDeclaration(symbol: Self.symbol(of: decl), nameRange: decl.name.range, range: decl.range))
    }

    mutating func declare(_ decl: ConfigDecl) {
        declarations.append(SymbolDeclaration(symbol: .config, nameRange: decl.keyword, range: decl.range))
    }

    /// A scenario's symbol: its name as written.
    static func symbol(of decl: ScenarioDecl) -> Symbol { .scenario(decl.name.plainText ?? decl.name.displayText) }

    /// Records `fields` as members, `member` naming each (the table keeps the first of a name).
    private mutating func declareFields(
        _ fields: [FieldSyntax], identity: StoredIdentity?, member: (String) -> Symbol
    ) {
        for field in fields {
            declarations.append(
                SymbolDeclaration(
                    symbol: member(field.name.name), nameRange: field.name.range, range: field.range,
                    signature: .typed(field.type.name), storedIdentity: identity))
        }
    }
}
