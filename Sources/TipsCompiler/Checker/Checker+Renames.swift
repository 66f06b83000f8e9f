// Checking `renamedFrom`: each old identity resolved, and none that a
// declaration still has or that two declarations claim.

import TipsSyntax

extension Checker {
    /// The old names of a parameter, an event or an enum case (a name each;
    /// the parser reported a quoted one and read it as the name).
    func checkNameRenames(_ clause: RenamedFromSyntax?) -> [CheckedRename] {
        guard let clause else { return [] }
        return clause.sources.map { source in
            switch source {
            case .name(let name): CheckedRename(identity: InterpolatedText(name.name), range: name.range)
            case .id(let literal): CheckedRename(identity: InterpolatedText(literal.displayText), range: literal.range)
            }
        }
    }

    /// A parameter's old names; a transient parameter stores nothing to move.
    mutating func checkParameterRenames(_ decl: ParameterDecl) -> [CheckedRename] {
        guard let clause = decl.renamedFrom else { return [] }
        if decl.transient != nil {
            diagnostics.error(
                "transient parameter '\(decl.name.name)' stores nothing, so there is nothing to move from "
                    + "'\(clause.sources.first.map(Self.spelling) ?? "")'; remove 'renamedFrom' or 'transient'",
                at: clause.keyword)
            return []
        }
        return checkNameRenames(clause)
    }

    /// The old names of an enum's cases, parallel to `cases` (the cases
    /// checked, each declared once); an old name that is a case of the enum,
    /// or that two cases claim, is an error.
    mutating func checkCaseRenames(_ decl: EnumDecl, cases: [String]) -> [[CheckedRename]] {
        var renames = [[CheckedRename]](repeating: [], count: cases.count)
        var claimed: [String: (caseName: String, range: SourceRange)] = [:]
        var checkedIndex: [String: Int] = [:]
        for (index, name) in cases.enumerated() { checkedIndex[name] = index }
        for (index, item) in decl.cases.enumerated() {
            // A case declared twice is checked once, at its first declaration.
            guard let slot = checkedIndex.removeValue(forKey: item.name) else { continue }
            for rename in checkNameRenames(decl.renamedFrom(ofCase: index)) {
                let old = rename.text
                if cases.contains(old) {
                    diagnostics.error(
                        "enum '\(decl.name.name)' still has a case '\(old)', so its values cannot move to "
                            + "'\(item.name)'; renamedFrom names a case that is no longer declared",
                        at: rename.range)
                } else if let first = claimed[old] {
                    reportClaimedTwice(
                        old, by: "case '\(item.name)'", at: rename.range, first: "case '\(first.caseName)'",
                        firstRange: first.range)
                } else {
                    claimed[old] = (item.name, rename.range)
                    renames[slot].append(rename)
                }
            }
        }
        return renames
    }

    /// One old identity of a tip: an old tip name (whose id was that name) or
    /// an old id, whose interpolations are the tip's arguments. A reusable
    /// tip's old id interpolates arguments, a plain tip's does not.
    mutating func checkTipRename(
        _ source: RenameSourceSyntax, tip: String, arguments: TipArguments, isReusable: Bool
    ) -> CheckedRename? {
        switch source {
        case .name(let name):
            guard !isReusable else {
                diagnostics.error(
                    "tip '\(tip)' takes arguments, so its state was stored under an id that interpolates them; "
                        + "write the old id, as in renamedFrom \"\(name.name)-\\(\(arguments.names.sorted().first ?? "arg"))\"",
                    at: name.range)
                return nil
            }
            return CheckedRename(identity: InterpolatedText(name.name), isTipName: true, range: name.range)
        case .id(let literal):
            guard let identity = checkText(literal, tip: tip, arguments: arguments) else { return nil }
            if isReusable, !identity.interpolates {
                diagnostics.error(
                    "the old id of reusable tip '\(tip)' must interpolate its arguments, as its id does, "
                        + "so that each instance's state moves to that instance",
                    at: literal.range)
                return nil
            }
            return CheckedRename(identity: identity, range: literal.range)
        }
    }

    /// A reusable tip's state moves instance by instance: every argument its
    /// id interpolates must be in each old id, or the instance is unknown.
    mutating func checkRenamedInstances(_ renames: [CheckedRename], id: InterpolatedText?, tip: String) {
        guard let id, id.interpolates else { return }
        for rename in renames {
            let old = Set(Self.arguments(of: rename.identity))
            for argument in Self.arguments(of: id) where !old.contains(argument) {
                diagnostics.error(
                    "the old id '\(rename.text)' does not hold '\(argument)', which the id of tip '\(tip)' "
                        + "interpolates: the state stored under it cannot be matched to one instance",
                    at: rename.range)
                break
            }
        }
    }

    /// The arguments an id interpolates, in order.
    static func arguments(of id: InterpolatedText) -> [String] {
        id.segments.compactMap { if case .argument(let name) = $0 { name } else { nil } }
    }

    /// `FavoriteTrailTip` or `"trail-v1"`, as written.
    static func spelling(_ source: RenameSourceSyntax) -> String {
        switch source {
        case .name(let name): name.name
        case .id(let literal): "\"\(literal.displayText)\""
        }
    }

    // MARK: - Across declarations

    /// Every old identity of the program's tips, parameters and events: none
    /// may be an identity a declaration still has, and none may be claimed by
    /// two declarations (its state can move to one place only).
    ///
    /// Only the declarations that list old identities are visited, and the
    /// tips' ids are gathered only when a tip lists one: most programs rename
    /// nothing, and this runs on every check, the language server's on every
    /// edit (reading every declaration costs 9.1 M of 168 M instructions for
    /// 1,000 tips that rename nothing, callgrind, `tipc check --jobs 1`).
    mutating func checkRenames(tips: [CheckedTip?], keys: [TipKeys?]) {
        var claimed: [LockKey: (owner: String, range: SourceRange)] = [:]
        let renamedTips = tips.indices.filter { keys[$0]?.isRenamed == true }.compactMap { tips[$0] }
        let tipIDs =
            renamedTips.isEmpty
            ? [:] : Dictionary(tips.lazy.compactMap { $0 }.map { (LockText.quoted($0.id), $0.name) }) { a, _ in a }
        for tip in renamedTips {
            for rename in tip.renamedFrom {
                let key = LockKey(kind: .tip, text: LockText.quoted(rename.identity))
                if let holder = tipIDs[key.text] {
                    reportStillDeclared(
                        "tip '\(holder)' still has the id '\(rename.text)'", rename: rename, owner: "tip '\(tip.name)'")
                } else if rename.isTipName, let symbol = symbols[rename.text], symbol.kind == .tip {
                    reportStillDeclared(
                        "tip '\(rename.text)' is still declared", rename: rename, owner: "tip '\(tip.name)'")
                } else {
                    claim(key, by: "tip '\(tip.name)'", rename: rename, in: &claimed)
                }
            }
        }
        let renamedParameters = parameters.filter { !$0.renamedFrom.isEmpty }
        for parameter in renamedParameters.sorted(by: { $0.origin.nameRange < $1.origin.nameRange }) {
            checkRenames(parameter.renamedFrom, of: "parameter '\(parameter.name)'", kind: .parameter, in: &claimed)
        }
        let renamedEvents = events.filter { !$0.renamedFrom.isEmpty }
        for event in renamedEvents.sorted(by: { $0.origin.nameRange < $1.origin.nameRange }) {
            checkRenames(event.renamedFrom, of: "event '\(event.name)'", kind: .event, in: &claimed)
        }
    }

    /// The old names of one parameter or event.
    private mutating func checkRenames(
        _ renames: [CheckedRename], of owner: String, kind: LockKey.Kind,
        in claimed: inout [LockKey: (owner: String, range: SourceRange)]
    ) {
        for rename in renames {
            let declared = kind == .parameter ? parameter(named: rename.text) != nil : event(named: rename.text) != nil
            if declared {
                let noun = kind == .parameter ? "parameter" : "event"
                reportStillDeclared("\(noun) '\(rename.text)' is still declared", rename: rename, owner: owner)
            } else {
                claim(LockKey(kind: kind, text: rename.text), by: owner, rename: rename, in: &claimed)
            }
        }
    }

    /// Records that `owner` moves the state under `key`, or reports that another declaration does.
    private mutating func claim(
        _ key: LockKey, by owner: String, rename: CheckedRename,
        in claimed: inout [LockKey: (owner: String, range: SourceRange)]
    ) {
        if let first = claimed[key] {
            reportClaimedTwice(rename.text, by: owner, at: rename.range, first: first.owner, firstRange: first.range)
        } else {
            claimed[key] = (owner, rename.range)
        }
    }

    private mutating func reportStillDeclared(_ what: String, rename: CheckedRename, owner: String) {
        diagnostics.error(
            "\(what), so its state cannot move to \(owner); renamedFrom names an identity that nothing declares any more",
            at: rename.range)
    }

    private mutating func reportClaimedTwice(
        _ old: String, by owner: String, at range: SourceRange, first: String, firstRange: SourceRange
    ) {
        let what =
            first == owner ? "\(owner) lists '\(old)' twice" : "\(first) and \(owner) are both renamed from '\(old)'"
        diagnostics.error(
            "\(what): the state stored under '\(old)' can move to one place only", at: range,
            notes: [DiagnosticNote("'\(old)' is first claimed here", at: firstRange)])
    }
}
