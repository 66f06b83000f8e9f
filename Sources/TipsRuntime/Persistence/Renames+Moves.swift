extension Tips.Renames {
    /// The moves that carry what `snapshot` holds under old identities to
    /// the new ones, in order (tips, parameters, events, then the enum cases
    /// of the values under their new names), each with the warning that
    /// reports it; applied to `snapshot` as they are found. An old identity
    /// that holds nothing gives no move, so a store moved before gives none.
    func moves(applyingTo snapshot: inout DatastoreSnapshot) -> [(move: DatastoreMove, report: String)] {
        var found: [(move: DatastoreMove, report: String)] = []
        func add(_ move: DatastoreMove, _ report: String) {
            snapshot.apply(move)
            found.append((move, report))
        }
        for rename in tips {
            for (from, to) in Self.instances(of: rename, in: snapshot) {
                add(.tip(from: from, to: to), "moved the state of tip '\(from)' to '\(to)' (renamedFrom)")
            }
        }
        for rename in parameters where rename.from != rename.to && snapshot.parameters[rename.from] != nil {
            add(
                .parameter(from: rename.from, to: rename.to),
                "moved the value of parameter '\(rename.from)' to '\(rename.to)' (renamedFrom)")
        }
        for rename in events where rename.from != rename.to && !snapshot.keptDonations(of: rename.from).isEmpty {
            add(
                .donations(from: rename.from, to: rename.to, keepCount: rename.keepCount),
                "moved the donations of event '\(rename.from)' to '\(rename.to)' (renamedFrom)")
        }
        for rename in enumCases where rename.from != rename.to {
            for parameter in rename.parameters where snapshot.parameters[parameter] == .enumCase(rename.from) {
                add(
                    .parameterCase(parameter: parameter, from: rename.from, to: rename.to),
                    "moved parameter '\(parameter)' from case '\(rename.from)' to '\(rename.to)' (renamedFrom)")
            }
            for place in rename.fields {
                let holds = snapshot.donations[place.event]?.contains {
                    $0.fields[place.field] == .enumCase(rename.from)
                }
                guard holds == true else { continue }
                add(
                    .fieldCase(event: place.event, field: place.field, from: rename.from, to: rename.to),
                    "moved the donations of event '\(place.event)' whose '\(place.field)' is case '\(rename.from)' "
                        + "to '\(rename.to)' (renamedFrom)")
            }
        }
        return found
    }

    /// The stored tip ids a tip rename moves, each with its new id, sorted:
    /// the old id itself for a plain tip, every instance the old pattern
    /// matches for a reusable one.
    private static func instances(of rename: Tips.TipRename, in snapshot: DatastoreSnapshot) -> [(String, String)] {
        if rename.from.isPlain {
            guard let from = rename.from.filled(with: [:]), let to = rename.to.filled(with: [:]), from != to,
                snapshot.tips[from] != nil
            else { return [] }
            return [(from, to)]
        }
        var moves: [(String, String)] = []
        // An id both patterns match is taken for the new one's (already moved, or ambiguous): it stays.
        for id in snapshot.tips.keys where rename.to.match(id) == nil {
            guard let values = rename.from.match(id), let to = rename.to.filled(with: values), to != id else {
                continue
            }
            moves.append((id, to))
        }
        return moves.sorted { $0.0 < $1.0 }
    }
}
