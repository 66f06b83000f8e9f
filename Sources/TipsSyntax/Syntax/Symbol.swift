// Declarations by the names the source gives them: what a use of a name
// resolves to, what a diagnostic belongs to, and what a tool asks the checked
// model about.

/// A declaration of a compilation, or a part of one.
///
/// File-scope names are one namespace (a name is declared once per
/// compilation), so a file-scope declaration is known by its kind and name;
/// a member by its own name and its declaration's; a tip item by its keyword
/// and its place among the tip's items with that keyword.
public enum Symbol: Hashable, Sendable {
    /// The compilation's `config` block.
    case config
    /// `enum Name`.
    case enumeration(String)
    /// A case of an enum.
    case enumCase(String, enumeration: String)
    /// `parameter name`.
    case parameter(String)
    /// `event name`.
    case event(String)
    /// A donation field of an event.
    case field(String, event: String)
    /// `tip Name`.
    case tip(String)
    /// An argument of a reusable tip.
    case argument(String, tip: String)
    /// `action name "Title"` in a tip.
    case action(String, tip: String)
    /// Any other item of a tip (its title, message, image, id, a rule, an
    /// option): its keyword, and which of the tip's items with that keyword
    /// it is, from 0 in source order (the third rule is `index: 2`).
    case tipItem(Keyword, index: Int, tip: String)
    /// `group Name`.
    case group(String)
    /// `scenario "name"`.
    case scenario(String)

    /// The file-scope declaration this is, or is part of.
    public var declaration: Symbol {
        switch self {
        case .enumCase(_, let name): .enumeration(name)
        case .field(_, let name): .event(name)
        case .argument(_, let tip), .action(_, let tip), .tipItem(_, _, let tip): .tip(tip)
        default: self
        }
    }

    /// The name it is written with: a declaration's or a member's name, a
    /// tip item's keyword, `config`.
    public var name: String {
        switch self {
        case .config: "config"
        case .enumeration(let name), .parameter(let name), .event(let name), .tip(let name), .group(let name),
            .scenario(let name):
            name
        case .enumCase(let name, _), .field(let name, _), .argument(let name, _), .action(let name, _): name
        case .tipItem(let keyword, _, _): keyword.rawValue
        }
    }

    /// Whether a name can refer to it: a declaration a use resolves to
    /// (not the config, a scenario or a tip item; an action, from a
    /// scenario's `expect T action name`).
    public var isReferable: Bool {
        switch self {
        case .config, .scenario, .tipItem: false
        default: true
        }
    }
}
