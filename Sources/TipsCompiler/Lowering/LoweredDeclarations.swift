// The checked program's declarations as TipsRuntime values, each beside its
// checked declaration, which a back end reads to declare it in Swift (its
// name, doc comment and types).
// ``RuntimeLowering`` makes them; nothing else builds runtime values from
// the checked model.

import TipsRuntime
import TipsSyntax

/// A parameter: its declaration (name, doc comment and type) and the
/// reference its rules and `set` steps use.
public struct LoweredParameter: Hashable, Sendable {
    /// The checked declaration; its name is also the runtime id (`reference.id`).
    public var declaration: CheckedParameter
    /// The runtime's reference: id, default value (as the Swift value's
    /// `tipValue` gives it) and whether it is transient.
    public var reference: Tips.ParameterReference
}

/// An event: its declaration (name, doc comment and typed donation fields)
/// and the runtime's value.
public struct LoweredEvent: Hashable, Sendable {
    /// The checked declaration; its name is also the runtime id (`event.id`).
    public var declaration: CheckedEvent
    /// The runtime's event: id and what it keeps.
    public var event: Tips.Event
}

/// A tip: its declaration (name, doc comment, arguments, id, texts and
/// actions) and what the runtime holds beside them. A reusable tip's texts
/// keep their slots and its rules read each argument as a stand-in value:
/// ``instance(_:)`` fills both with one instance's values, and a printer
/// writes the slots as Swift interpolations and the arguments as the tip's
/// stored properties.
public struct LoweredTip: Hashable, Sendable {
    /// The checked declaration; its name names the Swift type.
    public var declaration: CheckedTip
    /// The rules, in order, as the runtime reads them from their text.
    /// `.argument(name:value:)` holds the argument type's stand-in value.
    public var rules: [TipRule]
    /// Display limits and invalidating events.
    public var options: Tips.Options
    /// The program's `config` block, which every tip carries; nil without one.
    public var declaredConfiguration: Tips.DeclaredConfiguration?
    /// The tip's place in its file's copy and its translations; nil without a String Catalog.
    public var copy: LoweredTipCopy? = nil
}

/// A group: its declaration (name, doc comment and member tips by name) and
/// how the runtime picks its current tip.
public struct LoweredGroup: Hashable, Sendable {
    /// The checked declaration; its name is the Swift type's and the group's
    /// name in explanations. Its members are never reusable tips.
    public var declaration: CheckedGroup
    /// How the group picks its current tip.
    public var priority: TipGroup.Priority
}

/// One lowered declaration, in source order. An enum has no runtime value of
/// its own (its case names are the values persisted): it stays as checked.
public enum LoweredDeclaration: Hashable, Sendable {
    case enumeration(CheckedEnum)
    case parameter(LoweredParameter)
    case event(LoweredEvent)
    case tip(LoweredTip)
    case group(LoweredGroup)
}
