import Foundation

/// The settings: what the host chose (the display frequency given to
/// `configure`, the testing switches) and what the `.tips` files declared
/// (their `config` blocks), with the warnings about how they are used.
///
/// Invariants:
/// - `frequency` is the one given to `configure` when one was
///   (`explicitFrequency`), else the longest that the registered tips'
///   `config` blocks declare, else `.immediate`.
/// - `declaredConfigurations` lists each distinct `config` block once, in
///   the order its first tip registered.
/// - A testing id is reported as a likely misspelling at most once.
/// - `sessionLimit` and `oneAtATime` are the ones given to `configure` when
///   they were, else the strictest the `config` blocks declare (the least
///   session limit; one at a time if any block asks for it).
struct Settings {
    /// The testing overrides in force.
    var overrides = TestingOverrides()
    /// The display frequency in force.
    private(set) var frequency: Tips.DisplayFrequency = .immediate
    /// Whether `configure` was given the frequency (else the `.tips` files' applies).
    private(set) var explicitFrequency = false
    /// The distinct `config` blocks of the registered tips, in registration order.
    private(set) var declaredConfigurations: [Tips.DeclaredConfiguration] = []
    /// Testing ids already reported as likely misspellings.
    private var reportedTestingIDs: Set<String> = []
    /// At most this many different tips appear in one session; nil: no limit.
    private(set) var sessionLimit: Int?
    /// Whether one tip on screen holds every other tip back.
    private(set) var oneAtATime = false
    /// The limits `configure` was given, which the `config` blocks' do not change.
    private var chosenLimits = Tips.ChosenLimits()
    /// Which tips this install is held out of.
    var holdouts = Tips.HoldoutMembership.stored

    /// Whether a limit across tips other than the display frequency is in
    /// force, so that one tip's display changes other tips' status.
    var limitsAcrossTips: Bool { oneAtATime || sessionLimit != nil }

    /// Takes in the limits across tips given to `configure`.
    mutating func choose(limits: Tips.ChosenLimits) {
        chosenLimits = limits
        _ = applyDeclaredLimits()
    }

    /// Sets the limits across tips from `configure`'s choice and the
    /// declared configurations; returns whether they changed.
    private mutating func applyDeclaredLimits() -> Bool {
        let declaredLimit = declaredConfigurations.compactMap(\.sessionLimit).min()
        let limit = chosenLimits.sessionLimit ?? declaredLimit
        let single = chosenLimits.oneAtATime ?? declaredConfigurations.contains(where: \.oneAtATime)
        defer { (sessionLimit, oneAtATime) = (limit, single) }
        return limit != sessionLimit || single != oneAtATime
    }

    /// Takes in the frequency given to `configure`, if any.
    mutating func choose(_ chosen: Tips.DisplayFrequency?) {
        explicitFrequency = chosen != nil
        frequency = chosen ?? .immediate
        _ = applyDeclaredFrequency()
    }

    /// Takes in a registered tip's `config` block. Returns whether the
    /// frequency changed, and a warning when the blocks disagree.
    mutating func adopt(_ declared: Tips.DeclaredConfiguration) -> (changed: Bool, warning: String?) {
        guard !declaredConfigurations.contains(declared) else { return (false, nil) }
        declaredConfigurations.append(declared)
        var warning: String?
        if Set(declaredConfigurations.map(\.displayFrequency)).count > 1 {
            let listed = declaredConfigurations.map { "\($0.file) declares displayFrequency \($0.displayFrequency)" }
            let longest = Self.longest(declaredConfigurations.map(\.displayFrequency))
            warning =
                "the .tips files disagree: \(listed.joined(separator: ", ")); "
                + (explicitFrequency
                    ? "Tips.configure's .displayFrequency(\(frequency)) applies"
                    : "using \(longest), the longest; pass .displayFrequency(_:) to Tips.configure to choose")
        }
        let frequencyChanged = applyDeclaredFrequency()
        return (applyDeclaredLimits() || frequencyChanged, warning)
    }

    /// Sets the frequency from the declared configurations unless `configure`
    /// chose one. Returns whether it changed.
    private mutating func applyDeclaredFrequency() -> Bool {
        guard !explicitFrequency, !declaredConfigurations.isEmpty else { return false }
        let declared = Self.longest(declaredConfigurations.map(\.displayFrequency))
        guard declared != frequency else { return false }
        frequency = declared
        return true
    }

    /// The frequency with the longest interval; the first of equal ones.
    static func longest(_ frequencies: [Tips.DisplayFrequency]) -> Tips.DisplayFrequency {
        frequencies.dropFirst().reduce(frequencies.first ?? .immediate) { $1.interval > $0.interval ? $1 : $0 }
    }

    /// Whether a testing switch names tips by id (`showTipsForTesting(_:)`
    /// or `hideTipsForTesting(_:)` with strings): the ids to check.
    var hasTestingIDs: Bool { !overrides.shown.isEmpty || !overrides.hidden.isEmpty }

    /// Warnings for testing ids that match no registered tip
    /// (`isRegistered`) but look like a misspelling of one of `candidates`
    /// (registered ids), or are the former id of one (`renamedTo`, from
    /// the renames met): checked for the tips registered together once all
    /// of them are, and for every tip when the switches change. Each id is
    /// reported once. `reusableType` gives the type name of the tip with an
    /// id when that tip is reusable (its id comes from its arguments), for a hint that fits it.
    mutating func misspelledTestingIDs<C: Collection<String>>(
        among candidates: C, isRegistered: (String) -> Bool, reusableType: (String) -> String? = { _ in nil },
        renamedTo: (String) -> String? = { _ in nil }
    ) -> [String] {
        guard hasTestingIDs else { return [] }
        var warnings: [String] = []
        for (ids, switchName) in [(overrides.shown, "showTipsForTesting"), (overrides.hidden, "hideTipsForTesting")] {
            for id in ids.sorted() where !isRegistered(id) && !reportedTestingIDs.contains(id) {
                if let renamed = renamedTo(id), candidates.contains(renamed) {
                    reportedTestingIDs.insert(id)
                    warnings.append(
                        "\(switchName) names \"\(id)\", the id tip \"\(renamed)\" had before it was renamed "
                            + "(renamedFrom); no tip in use has it now: pass \"\(renamed)\", or the tip's type, as "
                            + "in [\(renamed).self], which a rename cannot break.")
                    continue
                }
                guard let match = Self.closeMatch(to: id, among: candidates) else { continue }
                reportedTestingIDs.insert(id)
                let hint =
                    reusableType(match).map {
                        "(\(match) is an instance of the reusable tip \($0), whose ids come from its arguments: "
                            + "check the arguments of the instance meant, or pass [\($0).self] for every instance.)"
                    } ?? "(Passing the tip's type, as in [\(match).self], cannot be misspelled.)"
                warnings.append(
                    "\(switchName) names \"\(id)\", but no tip in use has that id; did you mean \"\(match)\"? \(hint)")
            }
        }
        return warnings
    }

    /// The id among `candidates` that `id` is most likely a misspelling of:
    /// the same but for case, or (for ids of 6 characters or more) one edit
    /// away, two for ids of 10 or more. A transposition is one edit.
    static func closeMatch<S: Sequence<String>>(to id: String, among candidates: S) -> String? {
        let limit = id.count >= 10 ? 2 : id.count >= 6 ? 1 : 0
        return Spelling.closest(to: id, among: candidates, limit: limit, units: Spelling.lowercasedCharacters)
    }
}
