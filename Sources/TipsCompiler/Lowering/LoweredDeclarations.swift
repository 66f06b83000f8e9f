// The checked program's declarations as TipsRuntime values, each beside what
// a back end needs to declare it in Swift (its name, doc comment and types).
// ``RuntimeLowering`` makes them; nothing else builds runtime values from
// the checked model.

import TipsRuntime
import TipsSyntax

/// A parameter: the reference its rules and `set` steps use, and its declaration.
public struct LoweredParameter: Hashable, Sendable {
    /// The `.tips` name; also the runtime id (`reference.id`).
    public var name: String
    /// The `///` lines.
    public var doc: [String]
    /// The `.tips` type, which names the Swift type of `Tips.Parameter<Value>`.
    public var type: TipsType
    /// The runtime's reference: id, default value (as the Swift value's
    /// `tipValue` gives it) and whether it is transient.
    public var reference: Tips.ParameterReference
}

/// An event: the runtime's value and its typed donation fields.
public struct LoweredEvent: Hashable, Sendable {
    /// The `.tips` name; also the runtime id (`event.id`).
    public var name: String
    /// The `///` lines.
    public var doc: [String]
    /// The donation fields, in order.
    public var fields: [CheckedField]
    /// The runtime's event: id and what it keeps.
    public var event: Tips.Event
}

/// A button of a tip: its id and its title, which may interpolate the tip's arguments.
public struct LoweredAction: Hashable, Sendable {
    /// The action's id.
    public var id: String
    /// The button's title.
    public var title: InterpolatedText
}

/// A tip as the runtime holds it. A reusable tip's copy keeps its slots and
/// its rules read each argument as a stand-in value: ``instance(_:)`` fills
/// both with one instance's values, and a printer writes the slots as Swift
/// interpolations and the arguments as the tip's stored properties.
public struct LoweredTip: Hashable, Sendable {
    /// The `.tips` name, which names the Swift type.
    public var name: String
    /// The `///` lines.
    public var doc: [String]
    /// The arguments, in order; nil for a tip declared without parentheses.
    public var arguments: [CheckedField]?
    /// The persisted id.
    public var id: InterpolatedText
    public var title: InterpolatedText
    public var message: InterpolatedText?
    public var image: InterpolatedText?
    public var actions: [LoweredAction]
    /// The rules, in order. `.argument(name:value:)` holds the argument type's stand-in value.
    public var rules: [TipRule]
    /// Display limits and invalidating events.
    public var options: Tips.Options
    /// The program's `config` block, which every tip carries; nil without one.
    public var declaredConfiguration: Tips.DeclaredConfiguration?
    /// The tip's place in its file's copy and its translations; nil without a String Catalog.
    public var copy: LoweredTipCopy? = nil

    /// Whether the tip takes arguments (one instance per argument values).
    public var isReusable: Bool { arguments != nil }
}

/// A group: how it picks its current tip, and its member tips by name.
public struct LoweredGroup: Hashable, Sendable {
    /// The `.tips` name: the Swift type's, and the group's name in explanations.
    public var name: String
    /// The `///` lines.
    public var doc: [String]
    /// How the group picks its current tip.
    public var priority: TipGroup.Priority
    /// The member tips' names, in order (members are never reusable).
    public var members: [String]
}

/// An enum: its name and its cases, whose `.tips` names are the values persisted.
public struct LoweredEnum: Hashable, Sendable {
    /// The `.tips` name, which names the Swift type.
    public var name: String
    /// The `///` lines.
    public var doc: [String]
    /// The case names, in order: each is the Swift case's raw value.
    public var cases: [String]
}

/// One lowered declaration, in source order.
public enum LoweredDeclaration: Hashable, Sendable {
    case enumeration(LoweredEnum)
    case parameter(LoweredParameter)
    case event(LoweredEvent)
    case tip(LoweredTip)
    case group(LoweredGroup)
}
