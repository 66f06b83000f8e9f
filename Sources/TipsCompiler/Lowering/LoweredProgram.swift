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
    /// The language the `.tips` copy is written in.
    public let sourceLanguage: String
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
        sourceLanguage = program.translations?.sourceLanguage ?? program.config.sourceLanguage
        plainInstances = tips.filter { !$0.value.declaration.isReusable }.mapValues { $0.instance() }
    }

    /// The instance of the tip named `name`: a plain tip's one instance, or a
    /// reusable tip's for `arguments` (its argument values in declaration order).
    public func instance(of name: String, arguments: [TipValue]?) -> LoweredTipInstance? {
        if let plain = plainInstances[name] { return plain }
        guard let tip = tips[name], let values = Self.values(of: tip, arguments) else { return nil }
        return tip.instance(values)
    }

    /// The instance of the tip named `name` (see ``instance(of:arguments:)``)
    /// with its copy in the language that serves `language` as the runtime
    /// picks one (by region, then language, else the source language), and
    /// that language.
    public func instance(of name: String, arguments: [TipValue]?, language: String)
        -> (tip: LoweredTipInstance, language: String)?
    {
        guard let translations = lowering.translations else {
            return instance(of: name, arguments: arguments).map { ($0, sourceLanguage) }
        }
        let served = Tips.Translations.language(
            for: [language], sourceLanguage: translations.sourceLanguage, languages: translations.languages)
        guard served != translations.sourceLanguage, let tip = tips[name] else {
            return instance(of: name, arguments: arguments).map { ($0, served) }
        }
        guard let values = Self.values(of: tip, arguments) else { return nil }
        return (tip.instance(values, language: served), served)
    }

    /// A tip's argument values by name: none for a plain tip; nil for a reusable tip named without them.
    private static func values(of tip: LoweredTip, _ arguments: [TipValue]?) -> [String: TipValue]? {
        guard let declared = tip.declaration.arguments else { return [:] }
        guard let arguments else { return nil }
        var values: [String: TipValue] = [:]
        for (field, value) in zip(declared, arguments) { values[field.name] = value }
        return values
    }

    /// The group's member tips, in order.
    public func members(of group: LoweredGroup) -> [LoweredTipInstance] {
        group.declaration.members.compactMap { plainInstances[$0] }
    }
}
