/// The testing overrides in force, and how they decide a tip's status.
///
/// Precedence: show these, then hide these, then show all, then hide all.
/// A tip is named by its id or by its type (a type names every tip it makes,
/// so every instance of a reusable tip).
struct TestingOverrides: Sendable, Hashable {
    var showAll = false
    var hideAll = false
    var shown: Set<String> = []
    var hidden: Set<String> = []
    var shownTypes: Set<ObjectIdentifier> = []
    var hiddenTypes: Set<ObjectIdentifier> = []

    /// The override that decides the status of the tip with this id and
    /// type (`RegisteredTip.type`), or nil when its rules decide. It takes
    /// the type, not the tip: passing an `any Tip` copies it (retains and
    /// releases what the tip holds), which measures half of the gates' cost
    /// in a donation's engine step (perf, tipc-bench --only donation).
    func decision(for id: String, ofType type: ObjectIdentifier?) -> TipExplanation.TestingOverride? {
        // `isEmpty` first: `contains` hashes the id even on an empty set.
        if !shown.isEmpty, shown.contains(id) { return .showTips }
        if !shownTypes.isEmpty, let type, shownTypes.contains(type) { return .showTips }
        if !hidden.isEmpty, hidden.contains(id) { return .hideTips }
        if !hiddenTypes.isEmpty, let type, hiddenTypes.contains(type) { return .hideTips }
        if showAll { return .showAllTips }
        if hideAll { return .hideAllTips }
        return nil
    }

    /// Adds the switches set by launch arguments or environment variables.
    mutating func merge(_ switches: TestingSwitches) {
        showAll = showAll || switches.showAll
        hideAll = hideAll || switches.hideAll
        shown.formUnion(switches.shown)
        hidden.formUnion(switches.hidden)
    }
}
