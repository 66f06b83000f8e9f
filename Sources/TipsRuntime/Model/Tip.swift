/// A feature-discovery tip: its copy, its rules and its options.
///
/// Generated code declares one type per `tip` of a `.tips` file; you can also
/// write one by hand:
///
/// ```swift
/// struct FavoriteTip: Tip {
///     var id: String { "FavoriteTip" }
///     var title: String { "Save as a Favorite" }
///     var rules: [TipRule] {
///         [TipRule(.parameter(TipParameters.isLoggedIn.reference), source: "isLoggedIn",
///                  file: "App.tips", line: 3)]
///     }
/// }
///
/// if FavoriteTip().shouldDisplay { show(FavoriteTip()) }
/// ```
public protocol Tip: Identifiable, Sendable where ID == String {
    /// The persistence key: two tips with the same id share their state.
    var id: String { get }
    /// The tip's title.
    var title: String { get }
    /// One or two sentences; nil by default.
    var message: String? { get }
    /// A symbol or asset name; nil by default.
    var image: String? { get }
    /// The buttons the tip offers, in order; none by default.
    var actions: [Tips.Action] { get }
    /// Rules that must all hold for the tip to be available; none by default.
    var rules: [TipRule] { get }
    /// Display limits and invalidating events; none by default.
    var options: Tips.Options { get }
    /// The `config` block of the `.tips` files the tip was generated from, if
    /// they have one; nil by default (a hand-written tip declares none).
    var declaredConfiguration: Tips.DeclaredConfiguration? { get }
    /// Where the state of the module's tips, parameters, events and enum
    /// cases was stored before (the `renamedFrom` clauses of its `.tips`
    /// files); none by default. A center moves that state the first time it
    /// meets the renames: at `configure` for tips registered before it, else
    /// when such a tip registers.
    var declaredRenames: Tips.Renames { get }
}

extension Tip {
    /// No message.
    public var message: String? { nil }
    /// No image.
    public var image: String? { nil }
    /// No actions.
    public var actions: [Tips.Action] { [] }
    /// No rules: the tip is always eligible.
    public var rules: [TipRule] { [] }
    /// No limits.
    public var options: Tips.Options { Tips.Options() }
    /// No `config` block.
    public var declaredConfiguration: Tips.DeclaredConfiguration? { nil }
    /// No renames.
    public var declaredRenames: Tips.Renames { TipsConfiguration.renames }
}

/// The namespace generated code extends with its parameters.
public enum TipParameters {}

/// The namespace generated code extends with its events.
public enum TipEvents {}

/// The namespace generated code extends with its configuration.
public enum TipsConfiguration {}

extension TipsConfiguration {
    /// No `config` block. A module whose `.tips` files have one declares its
    /// own `declared`, which shadows this one in that module; its generated
    /// tips return it as their `declaredConfiguration`.
    public static var declared: Tips.DeclaredConfiguration? { nil }

    /// No renames. A module whose `.tips` files write `renamedFrom` declares
    /// its own `renames`, which shadows this one in that module; its
    /// generated tips return it as their `declaredRenames`.
    public static var renames: Tips.Renames { Tips.Renames() }
}
