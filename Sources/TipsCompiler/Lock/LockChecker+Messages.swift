import TipsRuntime
import TipsSyntax

// What each lock error says: what users lose, and the ways out.

extension LockChecker {
    /// Error 1: a locked identity nothing declares or renames. Reported at
    /// the most similar new declaration of its kind ("did you rename it"):
    /// the one with a similar name, else the only one stored alike (an
    /// event with the same fields, a parameter of the same type); else at
    /// the identity's line in the lock.
    ///
    /// Once the error for the rest stands, an identity gone is counted
    /// without the search: with every tip renamed, 10,000 searches among
    /// 10,000 new tips took `tipc check --lock` 179 s.
    mutating func reportGone(_ identity: LockedIdentity) {
        guard !diagnostics.dropsErrorRanges else { return diagnostics.reportDroppedError(at: firstLine) }
        let new = newDeclarations ?? findNewDeclarations()
        newDeclarations = new
        let (noun, loss, source, placement): (String, String, String, String)
        let candidates: [(name: String, range: SourceRange)]
        var storedAlike: [String] = []
        switch identity {
        case .tip(let name, _):
            (noun, loss) = ("tip", "people who closed \(name) will see it again, and its displays count from zero")
            source = Self.renameSource(of: identity)
            placement = "an item of the tip"
            candidates = new.tips.map { ($0.name, $0.origin.nameRange) }
        case .parameter(let name, let type):
            (noun, loss) = ("parameter", "the value the app set for it on each device is lost")
            (source, placement) = (name, "a clause at the end of the parameter")
            let new = new.parameters
            candidates = new.map { ($0.name, $0.origin.nameRange) }
            storedAlike = new.filter { identities.lockedType($0.type).map { Self.alike($0, type) } ?? false }
                .map(\.name)
        case .event(let name, let fields):
            (noun, loss) = (
                "event", "the donations people made of it are lost, so rules that count them start from zero"
            )
            (source, placement) = (name, "a clause at the end of the event")
            let new = new.events
            candidates = new.map { ($0.name, $0.origin.nameRange) }
            storedAlike = new.filter { Self.alike(identities.lockedFields(of: $0), fields) }.map(\.name)
        case .enumCase:
            return
        }
        let name = identity.displayName
        if case .tip(_, let id) = identity, let same = identities.tips.first(where: { $0.name == name }) {
            // The tip is still declared, under another id.
            diagnostics.error(
                "locked tip '\(name)' changed its id from \(LockText.quoted(id, asTipsString: true)) to "
                    + "\(LockText.quoted(same.id, asTipsString: true)): \(loss); keep its id, or add "
                    + "`renamedFrom \(source)` to it, or run `\(updateCommand)` to accept the reset",
                at: same.idRange ?? same.origin.nameRange, fixIts: addingRenamedFrom(source, to: .tip(name)))
            return
        }
        let similar =
            Self.mostSimilar(to: name, among: candidates.map(\.name)) ?? (storedAlike.count == 1 ? storedAlike[0] : nil)
        let range = candidates.first { $0.name == similar }?.range ?? lock.lines[identity.key] ?? firstLine
        let way =
            similar.map { "did you rename it to '\($0)'? Add `renamedFrom \(source)` to it (\(placement))" }
            ?? "to keep it, add `renamedFrom \(source)` to the \(noun) that replaces it (\(placement))"
        let fixIts =
            similar.flatMap { Self.symbol(of: identity, named: $0) }.map { addingRenamedFrom(source, to: $0) } ?? []
        diagnostics.error(
            "locked \(noun) '\(name)' is gone: \(loss); \(way), or run `\(updateCommand)` to accept the reset",
            at: range, fixIts: fixIts)
    }

    /// Whether a value stored as `locked` is likely what a new declaration
    /// of type `type` stores, for "did you rename it?": the same type, or
    /// an enum of the same name, whose cases may have been renamed at the
    /// same time (a case gone without `renamedFrom` is its own error once
    /// the declaration's rename is said).
    static func alike(_ type: LockedType, _ locked: LockedType) -> Bool {
        if case .enumeration(let name, _) = type, case .enumeration(let lockedName, _) = locked {
            return name == lockedName
        }
        return type == locked
    }

    /// Whether an event's fields are likely those of a locked event's:
    /// each locked field kept, of a type ``alike(_:_:)`` its locked one,
    /// and perhaps fields added (which a locked event may gain); an event
    /// without fields is like one without fields only.
    static func alike(_ fields: [LockedField], _ locked: [LockedField]) -> Bool {
        guard !locked.isEmpty else { return fields.isEmpty }
        return locked.allSatisfy { old in fields.contains { $0.name == old.name && alike($0.type, old.type) } }
    }

    /// Error 7, for a tip, parameter or event: the lock records that the
    /// state of the retired `identity` moved to `movedTo`, and nothing says
    /// `renamedFrom` it any more. Reported at `holder`, the declaration
    /// that has the key it moved to (or that is renamed from that one).
    mutating func reportMoveGone(_ identity: LockedIdentity, movedTo: String, holder: LockKey) {
        let declared: (name: String, range: SourceRange)?
        let source: String
        let (noun, loss): (String, String)
        switch identity {
        case .tip(let name, _):
            (noun, loss) = ("tip", "would see \(name) again, its displays counted from zero")
            source = Self.renameSource(of: identity)
            declared = identities.tips.first { LockedIdentity.tip(name: $0.name, id: $0.id).key == holder }
                .map { ($0.name, $0.origin.nameRange) }
        case .parameter(let name, _):
            (noun, loss, source) = ("parameter", "would lose the value the app set for it", name)
            declared = identities.parameters.first { $0.name == holder.text }.map { ($0.name, $0.origin.nameRange) }
        case .event(let name, _):
            (noun, loss, source) = ("event", "would lose the donations they made of it", name)
            declared = identities.events.first { $0.name == holder.text }.map { ($0.name, $0.origin.nameRange) }
        case .enumCase:
            return
        }
        guard let declared else { return }
        let target = movedTo.hasPrefix("\"") ? movedTo : "'\(movedTo)'"
        diagnostics.error(
            "the lock records that \(noun) '\(identity.displayName)' moved to \(target), but nothing says "
                + "`renamedFrom \(source)` any more: people who skip the version that moved it \(loss); keep "
                + "`renamedFrom \(source)` on \(noun) '\(declared.name)', or run `\(updateCommand)` to accept the reset",
            at: declared.range,
            fixIts: Self.symbol(of: identity, named: declared.name).map { addingRenamedFrom(source, to: $0) } ?? [])
    }

    /// Error 7, for a case: the lock records that values `.name` of the
    /// slot `holder` holds (or held under an older name) moved to the case
    /// `movedTo`; that case (or the one renamed from it in turn) no longer
    /// says `renamedFrom name`.
    mutating func reportMoveGone(ofCase name: String, slot holder: EnumSlot, to movedTo: String) {
        let checked = holder.checked
        let renamed = ProgramIdentities.caseRenames(of: checked)
        guard let target = checked.cases.contains(movedTo) ? movedTo : renamed[movedTo],
            let index = checked.cases.firstIndex(of: target)
        else { return }
        diagnostics.error(
            "the lock records that .\(name) of \(holder.description) moved to .\(movedTo), but no case of enum "
                + "'\(checked.name)' says `renamedFrom \(name)` any more: devices that skip the version that moved it "
                + "still hold .\(name), which reads as the default; keep `\(target) renamedFrom \(name)`, or run "
                + "`\(updateCommand)` to accept the reset",
            at: checked.caseRanges[index],
            fixIts: addingRenamedFrom(name, to: .enumCase(target, enumeration: checked.name)))
    }

    /// What `renamedFrom` names to move `identity`'s state: a tip's name
    /// when its id is its name, else its id in quotes; a parameter's or
    /// event's name.
    static func renameSource(of identity: LockedIdentity) -> String {
        guard case .tip(let name, let id) = identity, id != InterpolatedText(name) else {
            return identity.displayName
        }
        return LockText.quoted(id, asTipsString: true)
    }

    /// The fix-it that adds `renamedFrom source` to the declaration of
    /// `symbol`; none when the compilation records no symbols.
    func addingRenamedFrom(_ source: String, to symbol: Symbol) -> [FixIt] {
        symbols.renamedFromInsertion(of: source, for: symbol, in: sources).map { [$0] } ?? []
    }

    /// The symbol of the file-scope declaration called `name` of `identity`'s
    /// kind (a case is no file-scope declaration: nil).
    static func symbol(of identity: LockedIdentity, named name: String) -> Symbol? {
        switch identity {
        case .tip: .tip(name)
        case .parameter: .parameter(name)
        case .event: .event(name)
        case .enumCase: nil
        }
    }

    /// A locked parameter declared `transient` now.
    mutating func reportTransient(_ parameter: CheckedParameter) {
        diagnostics.error(
            "locked parameter '\(parameter.name)' is transient now: the value the app set for it on each device is "
                + "no longer read, and it starts from its default at every launch; remove `transient`, or run "
                + "`\(updateCommand)` to accept the reset",
            at: parameter.origin.nameRange)
    }

    /// The tips, parameters and events the lock does not hold (see ``newDeclarations``).
    func findNewDeclarations() -> NewDeclarations {
        NewDeclarations(
            tips: identities.tips.filter { locked[LockedIdentity.tip(name: $0.name, id: $0.id).key] == nil },
            parameters: identities.parameters.filter { locked[LockKey(kind: .parameter, text: $0.name)] == nil },
            events: identities.events.filter { locked[LockKey(kind: .event, text: $0.name)] == nil })
    }

    /// Error 3: a case stored values held is gone from their enum. Reported
    /// at the case with the most similar name ("did you rename it"), else
    /// at `onlyNew`, the one new case when it is the one case gone.
    mutating func reportCaseGone(_ name: String, of slot: EnumSlot, onlyNew: String?) {
        let checked = slot.checked
        let loss =
            slot.slot.contains(".")
            ? "donations whose \(slot.description) is .\(name) no longer match a `where` on it"
            : "devices whose \(slot.description) holds .\(name) read its default instead"
        let renamed = Set(ProgramIdentities.caseRenames(of: checked).values)
        let candidates = checked.cases.filter { !renamed.contains($0) }
        let similar = Self.mostSimilar(to: name, among: candidates) ?? onlyNew
        let range = similar.flatMap { checked.cases.firstIndex(of: $0) }.map { checked.caseRanges[$0] }
        let way =
            similar.map { "did you rename it to '\($0)'? Write `\($0) renamedFrom \(name)` to move them" }
            ?? "to move them, write `renamedFrom \(name)` after the case that replaces it"
        diagnostics.error(
            "case '\(name)' of enum '\(checked.name)' is gone: \(loss); \(way), or run `\(updateCommand)` to accept the reset",
            at: range ?? checked.origin.nameRange,
            fixIts: similar.map { addingRenamedFrom(name, to: .enumCase($0, enumeration: checked.name)) } ?? [])
    }

    /// The warning for a `renamedFrom` whose old identity the lock lacks.
    mutating func warnNothingToMove(_ key: LockKey, _ rename: CheckedRename) {
        // What a rename could move: a locked identity of the kind that no
        // declaration holds today. One still held (the renamed declaration's
        // own, or another's) is no old name to suggest.
        let all = lock.entries.map(\.identity).filter { $0.key.kind == key.kind && !held.contains($0.key) }
        let (noun, what): (String, String)
        var hint = ""
        switch key.kind {
        case .tip:
            (noun, what) = ("tip", "tip with the id \(key.text)")
            let named = all.first { $0.displayName == rename.text }
            if rename.isTipName, case .tip(_, let id)? = named {
                hint =
                    "; the lock's tip '\(rename.text)' had the id \(LockText.quoted(id, asTipsString: true)): "
                    + "write renamedFrom \(LockText.quoted(id, asTipsString: true))"
            } else if let similar = Self.mostSimilar(to: rename.text, among: all.map(\.displayName)) {
                hint = "; did you mean '\(similar)'?"
            }
        case .parameter, .event:
            noun = key.kind == .parameter ? "parameter" : "event"
            what = "\(noun) '\(rename.text)'"
            hint =
                Self.mostSimilar(to: rename.text, among: all.map(\.displayName)).map { "; did you mean '\($0)'?" } ?? ""
        case .enumCase:
            return
        }
        diagnostics.warning(
            "renamedFrom '\(rename.text)': the lock has no \(what), so nothing moves to this \(noun)\(hint)",
            at: rename.range)
    }

    /// Line 1 of the first file: where a removed identity that no declaration
    /// resembles is reported when the lock was made in memory, not read from a file.
    var firstLine: SourceRange {
        SourceRange(file: identities.firstFile ?? FileID(0), start: 0, end: 0)
    }

    /// The candidate most like `name`: a misspelling of it, or one that
    /// contains it or is contained in it (`FavoriteTrailTip` and
    /// `FavoriteTrail`), or one within half its length of edits; of equals,
    /// the alphabetically first.
    static func mostSimilar(to name: String, among candidates: [String]) -> String? {
        if let close = SpellingSuggester.closest(to: name, among: candidates) { return close }
        var (scalars, other, rows): ([Unicode.Scalar], [Unicode.Scalar], [Int]) = ([], [], [])
        Spelling.lowercasedScalars(of: name, into: &scalars)
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            Spelling.lowercasedScalars(of: candidate, into: &other)
            var score = 0
            if other.isEmpty || !(Self.occurs(other, in: scalars) || Self.occurs(scalars, in: other)) {
                // Within half the longer name's length, and no further than the best so far.
                let bound = min(max(scalars.count, other.count) / 2, best?.distance ?? .max)
                score = Spelling.distance(scalars[...], other[...], limit: bound, rows: &rows)
                guard score <= bound else { continue }
            }
            if best.map({ score < $0.distance || (score == $0.distance && candidate < $0.name) }) ?? true {
                best = (score, candidate)
            }
        }
        return best?.name
    }

    /// Whether `part` occurs in `whole`, scalar for scalar. A name is short:
    /// tried at each start. (The standard library's search for a collection
    /// in a collection took two thirds of `tipc check --lock` of 2,000 tips
    /// renamed, in its generic metadata, and is not on macOS 12.)
    private static func occurs(_ part: [Unicode.Scalar], in whole: [Unicode.Scalar]) -> Bool {
        guard part.count <= whole.count else { return false }
        return (0...(whole.count - part.count)).contains { start in
            whole[start..<(start + part.count)].elementsEqual(part)
        }
    }

    /// "an Int", "a String".
    static func article(_ type: String) -> String {
        (type.first.map { "AEIOU".contains($0) } ?? false ? "an " : "a ") + type
    }
}
