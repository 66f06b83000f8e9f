/// What the engine derives from how it is used rather than from the
/// datastore: the display frequency the `.tips` files declare, and warnings
/// about misuse (disagreeing configs, misspelled testing ids).
extension EngineState {
    /// Takes in a registered tip's `config` block: unless `configure` was
    /// given a display frequency, the declared one applies (the longest, when
    /// modules disagree, with a warning). Returns whether the frequency changed.
    mutating func adopt(_ declared: Tips.DeclaredConfiguration) -> Bool {
        guard !declaredConfigurations.contains(declared) else { return false }
        declaredConfigurations.append(declared)
        let frequencies = Set(declaredConfigurations.map(\.displayFrequency))
        if frequencies.count > 1 {
            let listed = declaredConfigurations.map { "\($0.file) declares displayFrequency \($0.displayFrequency)" }
            let longest = Self.longest(declaredConfigurations.map(\.displayFrequency))
            warn(
                "the .tips files disagree: \(listed.joined(separator: ", ")); "
                    + (explicitFrequency
                        ? "Tips.configure's .displayFrequency(\(frequency)) applies"
                        : "using \(longest), the longest; pass .displayFrequency(_:) to Tips.configure to choose"))
        }
        return applyDeclaredFrequency()
    }

    /// Sets the frequency from the declared configurations unless `configure`
    /// chose one. Returns whether it changed.
    mutating func applyDeclaredFrequency() -> Bool {
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

    /// Queues a warning, delivered once the lock is released.
    mutating func warn(_ message: String) {
        pendingWarnings.append(message)
    }

    /// The warnings queued so far, emptied.
    mutating func takeWarnings() -> [String] {
        guard !pendingWarnings.isEmpty else { return [] }
        defer { pendingWarnings = [] }
        return pendingWarnings
    }

    /// Warns about testing ids that match no registered tip but look like a
    /// misspelling of one of `candidates` (registered ids): checked for a tip
    /// as it registers, and for every tip when the switches change.
    mutating func checkTestingIDs<C: Collection<String>>(among candidates: C) {
        guard !overrides.shown.isEmpty || !overrides.hidden.isEmpty else { return }
        for (ids, switchName) in [(overrides.shown, "showTipsForTesting"), (overrides.hidden, "hideTipsForTesting")] {
            for id in ids.sorted() where tips[id] == nil && !reportedTestingIDs.contains(id) {
                guard let match = Self.closeMatch(to: id, among: candidates) else { continue }
                reportedTestingIDs.insert(id)
                warn(
                    "\(switchName) names \"\(id)\", but no tip in use has that id; did you mean \"\(match)\"? "
                        + "(Passing the tip's type, as in [\(match).self], cannot be misspelled.)")
            }
        }
    }

    /// The id among `candidates` that `id` is most likely a misspelling of:
    /// the same but for case, or (for ids of 6 characters or more) one edit
    /// away, two for ids of 10 or more. A transposition is one edit.
    static func closeMatch<S: Sequence<String>>(to id: String, among candidates: S) -> String? {
        let limit = id.count >= 10 ? 2 : id.count >= 6 ? 1 : 0
        return Spelling.closest(to: id, among: candidates, limit: limit) { Array($0) }
    }

    /// The optimal string alignment distance of two words.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int { Spelling.distance(a, b) }
}
