/// The holds in force (`TipCenter.holdDisplays(reason:)`): while any is, no
/// tip is available.
///
/// Invariants:
/// - Holds belong to this process and are never persisted; each token is
///   released at most once.
/// - `reasons` lists the reasons of the holds in force in the order they
///   were taken, a reason taken twice twice.
struct DisplayHolds {
    /// Token → reason, of the holds in force.
    private var holds: [(token: UInt64, reason: String)] = []
    private var lastToken: UInt64 = 0

    /// Whether any hold is in force.
    var isHolding: Bool { !holds.isEmpty }

    /// The reasons of the holds in force, oldest first.
    var reasons: [String] { holds.map(\.reason) }

    /// Takes a hold; its token.
    mutating func take(reason: String) -> UInt64 {
        lastToken += 1
        holds.append((lastToken, reason))
        return lastToken
    }

    /// Releases the hold with `token`; false when it is not in force (released already).
    mutating func release(_ token: UInt64) -> Bool {
        guard let index = holds.firstIndex(where: { $0.token == token }) else { return false }
        holds.remove(at: index)
        return true
    }
}
