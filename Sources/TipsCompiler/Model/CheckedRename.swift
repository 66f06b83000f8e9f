import TipsSyntax

/// `renamedFrom OLD`: an identity under which a declaration's users' state
/// was stored before. The generated code registers it, and the runtime moves
/// what is stored under it to the declaration's identity when it configures.
public struct CheckedRename: Hashable, Sendable {
    /// The old identity: a tip's old id (a reusable tip's interpolates its
    /// arguments), or the old name of a parameter, an event or an enum case.
    public var identity: InterpolatedText
    /// Whether it was written as an old tip name (`renamedFrom
    /// FavoriteTrailTip`): the id of a tip without an `id` item is its name.
    public var isTipName: Bool
    /// Where it is written.
    public var range: SourceRange

    /// Creates a rename.
    public init(identity: InterpolatedText, isTipName: Bool = false, range: SourceRange) {
        self.identity = identity
        self.isTipName = isTipName
        self.range = range
    }

    /// The old identity as the `.tips` file spells it, interpolations as `\(name)`.
    public var text: String { identity.displayText }
}
