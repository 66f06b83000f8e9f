import TipsRuntime
import TipsSyntax

/// A whole program lowered at once, each kind of declaration by name: what a
/// tool that runs the program (`tipc test`) looks things up in. A back end
/// lowers declaration by declaration instead, as it prints them.
public struct LoweredProgram: Sendable {
    /// The lowering every value here came from.
    public let lowering: RuntimeLowering
    public let parameters: [String: LoweredParameter]
    public let events: [String: LoweredEvent]
    public let tips: [String: LoweredTip]
    public let groups: [String: LoweredGroup]
    /// Each plain tip's one instance, made once: most lookups name one.
    private let plainInstances: [String: LoweredTipInstance]

    /// Lowers every declaration of `program`.
    public init(_ program: CheckedProgram) {
        let lowering = RuntimeLowering(program)
        var parameters: [String: LoweredParameter] = [:]
        var events: [String: LoweredEvent] = [:]
        var tips: [String: LoweredTip] = [:]
        var groups: [String: LoweredGroup] = [:]
        for file in program.files {
            for declaration in file.declarations {
                switch lowering.lower(declaration) {
                case .enumeration: break
                case .parameter(let parameter): parameters[parameter.declaration.name] = parameter
                case .event(let event): events[event.declaration.name] = event
                case .tip(let tip): tips[tip.declaration.name] = tip
                case .group(let group): groups[group.declaration.name] = group
                }
            }
        }
        self.lowering = lowering
        self.parameters = parameters
        self.events = events
        self.tips = tips
        self.groups = groups
        plainInstances = tips.filter { !$0.value.declaration.isReusable }.mapValues { $0.instance() }
    }

    /// The instance of the tip named `name`: a plain tip's one instance, or a
    /// reusable tip's for `arguments` (its argument values in declaration order).
    public func instance(of name: String, arguments: [TipValue]?) -> LoweredTipInstance? {
        if let plain = plainInstances[name] { return plain }
        guard let tip = tips[name], let declared = tip.declaration.arguments, let arguments else { return nil }
        var values: [String: TipValue] = [:]
        for (field, value) in zip(declared, arguments) { values[field.name] = value }
        return tip.instance(values)
    }

    /// The group's member tips, in order.
    public func members(of group: LoweredGroup) -> [LoweredTipInstance] {
        group.declaration.members.compactMap { plainInstances[$0] }
    }
}
