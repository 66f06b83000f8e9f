import TipsCompiler
import TipsSyntax

// How the server shows a declaration of the symbol table: its one-line
// summary (hover, completion, symbol lists), its kind in words and as the
// protocol numbers it, and the declarations a rename would clash with.

extension Analysis {
    /// A one-line summary of a declaration, such as `parameter plan: Plan = .free`.
    func detail(_ declaration: SymbolDeclaration) -> String {
        let members = symbols.members(of: declaration.symbol)
        switch (declaration.symbol, declaration.signature) {
        case (.enumeration(let name), _):
            return "enum \(name) { \(members.map(\.symbol.name).joined(separator: ", ")) }"
        case (.enumCase(let name, let enumeration), _):
            return "case .\(name) of enum \(enumeration)"
        case (.parameter(let name), .parameter(let type, let value, let transient)):
            let written = value.map { " = " + text($0) } ?? ""
            return "\(transient == nil ? "" : "transient ")parameter \(name): \(type.name)\(written)"
        case (.event(let name), .event(let keep)):
            let fields = members.map(typed).joined(separator: ", ")
            return "event \(name)\(fields.isEmpty ? "" : "(\(fields))")\(keep.map { " " + text($0) } ?? "")"
        case (.field(_, let event), _):
            return "\(typed(declaration)), a field of event \(event)"
        case (.tip(let name), _):
            let arguments = members.filter { if case .argument = $0.symbol { true } else { false } }
            return "tip \(name)" + (arguments.isEmpty ? "" : "(\(arguments.map(typed).joined(separator: ", ")))")
        case (.argument(_, let tip), _):
            return "\(typed(declaration)), an argument of tip \(tip)"
        case (.group(let name), .group(let order)):
            return "group \(name) \(order?.name ?? "firstAvailable")"
        default:
            return declaration.symbol.name
        }
    }

    /// `name: Type` for a field or an argument.
    private func typed(_ declaration: SymbolDeclaration) -> String {
        guard case .typed(let type) = declaration.signature else { return declaration.symbol.name }
        return "\(declaration.symbol.name): \(type.name)"
    }

    /// The type written for a parameter, a field or an argument, if any.
    func typeName(of declaration: SymbolDeclaration?) -> String? {
        switch declaration?.signature {
        case .typed(let type)?, .parameter(let type, _, _)?: type.name
        default: nil
        }
    }

    /// The declaration a name would clash with if `symbol` were renamed to
    /// `name`: a file-scope name any declaration has (or a tip argument has,
    /// which would hide it inside that tip), a member of the same declaration.
    func clash(renaming symbol: Symbol, to name: String) -> SymbolDeclaration? {
        switch symbol {
        case .enumCase(_, let enumeration): symbols.declaration(of: .enumCase(name, enumeration: enumeration))
        case .field(_, let event): symbols.declaration(of: .field(name, event: event))
        case .argument(_, let tip):
            symbols.declaration(of: .argument(name, tip: tip)) ?? symbols.declaration(named: name)
        default:
            symbols.declaration(named: name)
                ?? symbols.declarations.first { if case .argument(name, _) = $0.symbol { true } else { false } }
        }
    }
}

extension Symbol {
    /// What kind of declaration it is, in words.
    var kindDescription: String {
        switch self {
        case .enumeration: "enum"
        case .enumCase: "enum case"
        case .parameter: "parameter"
        case .event: "event"
        case .field: "donation field"
        case .tip: "tip"
        case .argument: "tip argument"
        case .group: "group"
        case .action: "action"
        case .tipItem: "tip item"
        case .config: "config"
        case .scenario: "scenario"
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
        case .action, .tipItem, .config, .scenario: 7
        }
    }

    /// The LSP `CompletionItemKind` number.
    var completionKind: Int {
        switch self {
        case .enumeration: 13
        case .enumCase: 20
        case .parameter: 6
        case .event: 23
        case .field: 5
        case .tip: 22
        case .argument: 6
        case .group: 9
        case .action, .tipItem, .config, .scenario: 6
        }
    }

    /// Whether it is a file-scope declaration a name can refer to.
    var isReferableDeclaration: Bool { isReferable && declaration == self }
}
