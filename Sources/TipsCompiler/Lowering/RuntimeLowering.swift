// Lowering: the one place that decides which TipsRuntime values a checked
// program becomes. `tipc test` runs these values on the runtime's engine and
// the TipsRuntime back end prints them as Swift, so a scenario and the
// generated code cannot disagree; `LoweringAgreementTests` compiles every
// golden, runs it, and compares what its declarations hold with these values.
//
// A new lowered value (a tip option, a config item, a rename) is one field
// here and one line in the back end's printer.

import TipsRuntime
import TipsSyntax

/// Lowers checked declarations to runtime values. Made once per program: it
/// knows every parameter and event by name, which the rules refer to.
public struct RuntimeLowering: Sendable {
    /// Every parameter's reference, by name.
    let parameters: NameTable<Tips.ParameterReference>
    /// Every event, by name.
    let events: NameTable<Tips.Event>
    /// The `config` block's display frequency (`immediate` without one).
    public let displayFrequency: Tips.DisplayFrequency
    /// What every tip returns as its `declaredConfiguration`: the `config`
    /// block and the file that holds it, or nil when no file has one.
    public let declaredConfiguration: Tips.DeclaredConfiguration?
    /// What every tip returns as its `declaredRenames`: the `renamedFrom`
    /// clauses of every file (empty when nothing is renamed).
    public let renames: Tips.Renames
    /// The file that declares ``renames`` (see `renames(of:)`); nil when nothing is renamed.
    public let renamesFile: FileID?
    /// The String Catalog's checked translations (`--strings`), if any.
    public let translations: CheckedTranslations?
    /// Where each tip's title is in its file's ``LoweredCopy``, by tip name; empty without translations.
    let copyIndices: [String: Int]

    /// Prepares to lower the declarations of `program`.
    public init(_ program: CheckedProgram) {
        (renames, renamesFile) = Self.renames(of: program)
        let carried = Self.carried(renames)
        var parameters = NameTable<Tips.ParameterReference>()
        var events = NameTable<Tips.Event>()
        // Room for every name at once: growing a table one rehash at a time costs more than filling it.
        var counts = (parameters: 0, events: 0)
        for file in program.files {
            for index in file.declarations.indices {
                switch file.declarations[index] {
                case .parameter: counts.parameters += 1
                case .event: counts.events += 1
                case .enumeration, .tip, .group: break
                }
            }
        }
        parameters.reserveCapacity(counts.parameters)
        events.reserveCapacity(counts.events)
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .parameter(let parameter):
                    parameters.updateValue(Self.reference(parameter, renames: carried), for: parameter.name)
                case .event(let event): events.updateValue(Self.event(event, renames: carried), for: event.name)
                case .enumeration, .tip, .group: break
                }
            }
        }
        self.parameters = parameters
        self.events = events
        let frequency = Self.frequency(program.config.displayFrequency)
        displayFrequency = frequency
        declaredConfiguration = program.files.first { $0.emitsConfiguration }.map {
            Tips.DeclaredConfiguration(
                displayFrequency: frequency, file: $0.fileName, sessionLimit: program.config.sessionLimit,
                oneAtATime: program.config.oneAtATime)
        }
        translations = program.translations
        copyIndices = program.translations == nil ? [:] : Self.copyIndices(program)
    }

    /// One declaration.
    public func lower(_ declaration: CheckedDeclaration) -> LoweredDeclaration {
        switch declaration {
        case .enumeration(let decl): .enumeration(decl)
        case .parameter(let parameter): .parameter(lower(parameter))
        case .event(let event): .event(lower(event))
        case .tip(let tip): .tip(lower(tip))
        case .group(let group): .group(lower(group))
        }
    }

    /// A parameter.
    public func lower(_ parameter: CheckedParameter) -> LoweredParameter {
        LoweredParameter(declaration: parameter, reference: reference(of: parameter))
    }

    /// An event.
    public func lower(_ event: CheckedEvent) -> LoweredEvent {
        LoweredEvent(declaration: event, event: runtimeEvent(of: event))
    }

    /// The runtime's reference of a parameter, ``lower(_:)``'s `reference`,
    /// for a printer that reads the declaration where its file stores it.
    func reference(of parameter: CheckedParameter) -> Tips.ParameterReference {
        Self.reference(parameter, renames: carriedRenames)
    }

    /// The runtime's event of an event's declaration, ``lower(_:)``'s
    /// `event`, for a printer that reads the declaration where its file stores it.
    func runtimeEvent(of event: CheckedEvent) -> Tips.Event {
        Self.event(event, renames: carriedRenames)
    }

    /// The renames every event and parameter carries: nil when nothing is renamed.
    private var carriedRenames: Tips.Renames? { Self.carried(renames) }

    /// Every event and parameter of a module with renames carries them (see
    /// `Tips.Event.renames`); one that renames nothing carries none.
    private static func carried(_ renames: Tips.Renames) -> Tips.Renames? { renames.isEmpty ? nil : renames }

    /// A group.
    public func lower(_ group: CheckedGroup) -> LoweredGroup {
        LoweredGroup(declaration: group, priority: group.priority == .ordered ? .ordered : .firstAvailable)
    }

    /// A tip; a reusable tip's arguments stay slots (see ``LoweredTip``).
    public func lower(_ tip: CheckedTip) -> LoweredTip {
        var lowered = lowerForPrinting(tip)
        lowered.rules = rules(of: tip)
        return lowered
    }

    /// A tip without its rules, which the back end writes as text itself
    /// (``CheckedRule/writeText(to:names:)``) rather than reading them back.
    func lowerForPrinting(_ tip: CheckedTip) -> LoweredTip {
        let events = events
        return LoweredTip(
            declaration: tip, rules: [],
            options: Tips.Options(
                maxDisplayCount: tip.options.maxDisplayCount,
                maxDisplayDuration: tip.options.maxDisplayDuration.map(Double.init),
                ignoresDisplayFrequency: tip.options.ignoresDisplayFrequency,
                invalidatedBy: tip.options.invalidatedBy.map { Self.event(named: $0, in: events) },
                snooze: tip.options.snooze.map { Tips.Snooze(duration: Double($0.seconds), maxCount: $0.maxCount) },
                holdoutPercent: tip.options.holdoutPercent),
            declaredConfiguration: declaredConfiguration, copy: copy(of: tip))
    }

    /// The event declared as `name` (a checked program declares every event its rules name).
    public func event(named name: String) -> Tips.Event { Self.event(named: name, in: events) }

    /// The event `events` declares as `name`, else one of that id with the defaults.
    static func event(named name: String, in events: NameTable<Tips.Event>) -> Tips.Event {
        events[name] ?? Tips.Event(id: name)
    }

    /// The parameter declared as `name`, if any.
    public func parameter(named name: String) -> Tips.ParameterReference? { parameters[name] }

    private static func reference(_ parameter: CheckedParameter, renames: Tips.Renames?) -> Tips.ParameterReference {
        Tips.ParameterReference(
            id: parameter.name, defaultValue: parameter.defaultValue, isTransient: parameter.isTransient,
            renames: renames)
    }

    private static func event(_ event: CheckedEvent, renames: Tips.Renames?) -> Tips.Event {
        Tips.Event(
            id: event.name, keepCount: event.keepCount, keepDuration: event.keepDuration.map(Double.init),
            renames: renames)
    }

    private static func frequency(_ frequency: DisplayFrequency) -> Tips.DisplayFrequency {
        switch frequency {
        case .immediate: .immediate
        case .hourly: .hourly
        case .daily: .daily
        case .weekly: .weekly
        case .monthly: .monthly
        case .every(let seconds): .custom(seconds: Double(seconds))
        }
    }
}
