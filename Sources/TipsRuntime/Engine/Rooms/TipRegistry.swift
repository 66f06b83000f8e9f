import Foundation

/// A tip the center knows, with what it derived from it once at registration.
///
/// A class, so that reading one during an evaluation retains one reference
/// instead of copying every field (a donation re-evaluates its dependents).
final class RegisteredTip {
    /// Its place in registration order: the slot of its published status
    /// (`Publication`), read without hashing its id.
    let index: Int
    let id: String
    let tip: any Tip
    /// The tip's type, as testing overrides name it.
    let type: ObjectIdentifier
    let rules: [TipRule]
    let options: Tips.Options
    /// Event id → fields its rules filter or group by, for the field columns.
    let queriedFields: [String: Set<String>]
    /// Whether time passing alone can change its status (windows, display limits, display frequency).
    let dependsOnTime: Bool
    /// A reusable tip's arguments, as its rules read them (for its activities).
    let arguments: [String: TipValue]

    /// Reads the tip's rules and options once, and derives what they query.
    init(index: Int, tip: any Tip) {
        self.index = index
        self.id = tip.id
        self.tip = tip
        type = ObjectIdentifier(Swift.type(of: tip))
        rules = tip.rules
        options = tip.options
        var queriedFields: [String: Set<String>] = [:]
        for rule in rules {
            rule.expression.visitQueriedFields { event, field in queriedFields[event, default: []].insert(field) }
        }
        self.queriedFields = queriedFields
        var arguments: [String: TipValue] = [:]
        for rule in rules {
            for (name, value) in rule.expression.arguments where arguments[name] == nil { arguments[name] = value }
        }
        self.arguments = arguments
        dependsOnTime =
            options.maxDisplayDuration != nil || options.maxDisplayCount != nil || !options.ignoresDisplayFrequency
            || rules.contains { $0.expression.dependsOnTime }
    }

    /// Whether the tip has a display limit (`maxDisplayCount` or `maxDisplayDuration`).
    var hasDisplayLimit: Bool { options.maxDisplayCount != nil || options.maxDisplayDuration != nil }
}

/// A group as the center remembers it (a group made twice is remembered once).
struct RegisteredGroup: Hashable {
    let name: String
    let priority: TipGroup.Priority
    let tipIDs: [String]
}

/// The registry: the tips and groups a center knows, and indexes of what
/// their rules and options read, so that a change re-evaluates only the tips
/// it can affect.
///
/// Invariants:
/// - A tip is never unregistered, and the first tip registered with an id is
///   the one kept; `ordered[i].index == i`, and `tips[id]` is the same object.
/// - Each dependents list holds registered tips only, each once per key;
///   `invalidatingEvents` lists each tip once per event.
/// - Every time window is a positive, finite length, and
///   `shortestTimeWindow[event]` is the least of `timeWindows[event]`.
/// - A group is listed once for each tip it holds.
struct TipRegistry {
    /// Tip id → the registered tip.
    private(set) var tips: [String: RegisteredTip] = [:]
    /// Every registered tip, in registration order.
    private(set) var ordered: [RegisteredTip] = []
    /// Parameter id → the tips whose rules read it.
    private(set) var parameterDependents: [String: [RegisteredTip]] = [:]
    /// Event id → the tips whose rules query it.
    private(set) var eventDependents: [String: [RegisteredTip]] = [:]
    /// Event id → ids of the tips it invalidates (`invalidatedBy`).
    private(set) var invalidatingEvents: [String: [String]] = [:]
    /// Event id → the lengths of the time windows registered rules count its
    /// donations within (`within` steps, the event's keep duration), for time checks.
    private(set) var timeWindows: [String: Set<Double>] = [:]
    /// Event id → the shortest of its `timeWindows`.
    private(set) var shortestTimeWindow: [String: Double] = [:]
    /// Tip id → the groups made with it, for its explanation.
    private(set) var groupsByTip: [String: [RegisteredGroup]] = [:]

    /// The registered tip with this id.
    subscript(id: String) -> RegisteredTip? { tips[id] }

    /// Registers a tip whose id is not registered yet; returns it with the
    /// time windows it added (each new event and length).
    @discardableResult
    mutating func add(_ tip: any Tip) -> (tip: RegisteredTip, newWindows: [(event: String, seconds: Double)]) {
        assert(tips[tip.id] == nil, "the first tip registered with an id is the one kept")
        let registered = RegisteredTip(index: ordered.count, tip: tip)
        tips[registered.id] = registered
        ordered.append(registered)
        var parameters: Set<String> = []
        var events: Set<String> = []
        for rule in registered.rules {
            rule.expression.visitDependencies(parameter: { parameters.insert($0) }, event: { events.insert($0) })
        }
        for parameter in parameters { parameterDependents[parameter, default: []].append(registered) }
        for event in events { eventDependents[event, default: []].append(registered) }
        for event in Set(registered.options.invalidatedBy.map(\.id)) {
            invalidatingEvents[event, default: []].append(registered.id)
        }
        return (registered, indexTimeWindows(of: registered.rules))
    }

    /// Adds the windows of `rules` to `timeWindows`; returns those not there before.
    private mutating func indexTimeWindows(of rules: [TipRule]) -> [(event: String, seconds: Double)] {
        var added: [(event: String, seconds: Double)] = []
        for rule in rules {
            rule.expression.visitTimeWindows { event, seconds in
                // A window that is not a positive finite length never lets a donation out.
                guard seconds.isFinite, seconds > 0, timeWindows[event, default: []].insert(seconds).inserted else {
                    return
                }
                shortestTimeWindow[event] = min(shortestTimeWindow[event] ?? seconds, seconds)
                added.append((event, seconds))
            }
        }
        return added
    }

    /// Remembers the group for each of its tips.
    mutating func register(_ group: RegisteredGroup) {
        for id in Set(group.tipIDs) where !(groupsByTip[id]?.contains(group) ?? false) {
            groupsByTip[id, default: []].append(group)
        }
    }

    /// The registered tips whose status time alone can change.
    var timeDependent: [RegisteredTip] { ordered.filter(\.dependsOnTime) }
}

extension RuleExpression {
    /// Calls `body` with (event id, seconds) for every time window the
    /// expression's queries count within: `within` steps and the event's keep duration.
    func visitTimeWindows(_ body: (String, Double) -> Void) {
        forEachQuery { query in
            if let keep = query.event.keepDuration { body(query.event.id, keep) }
            for case .within(let seconds) in query.steps { body(query.event.id, seconds) }
        }
    }
}
