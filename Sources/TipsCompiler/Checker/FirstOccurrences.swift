// Where names were first given, to report one given again.

/// Where each name was first given: searched one by one while few are
/// recorded (the cases of an enum, the fields of an event, the actions of a
/// tip), so that small lists cost no hashing; indexed by a dictionary beyond.
struct FirstOccurrences {
    /// Up to this many names are searched one by one.
    private static let linearLimit = 8

    private var names: [(name: String, range: SourceRange)] = []
    private var index: [String: SourceRange] = [:]

    /// Where `name` was first recorded, if it was.
    subscript(name: String) -> SourceRange? {
        if names.count > Self.linearLimit { return index[name] }
        for entry in names where entry.name == name { return entry.range }
        return nil
    }

    /// Records a name not recorded yet.
    mutating func record(_ name: String, at range: SourceRange) {
        names.append((name, range))
        if names.count == Self.linearLimit + 1 {
            index.reserveCapacity(names.count * 2)
            for entry in names { index[entry.name] = entry.range }
        } else if names.count > Self.linearLimit + 1 {
            index[name] = range
        }
    }
}
