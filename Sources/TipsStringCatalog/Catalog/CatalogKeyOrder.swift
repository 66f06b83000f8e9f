import Foundation

/// The order Xcode writes an object's keys in: Foundation's JSON key order,
/// which compares with the root locale's collation, numbers by value and
/// letters without case (lower case first only between keys that differ in
/// case alone): `"1 Hour"` before `"10 Min"`, `"A-"` before `"A+"`,
/// `"zh-Hans"` before `"zh-HK"`, `"Vitamin B6"` before `"Vitamin B12"`.
///
/// Used only to place keys tipc adds; keys already in a catalog keep the
/// order they were read in, so a catalog written by any version of Xcode is
/// written back unchanged.
public enum CatalogKeyOrder {
    /// The options of Foundation's `sortedKeys`.
    static let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
    /// The root locale (Foundation's `sortedKeys` compares in the system locale, which on Apple platforms is the root).
    static let locale = Locale(identifier: "")

    /// Whether `left` sorts before `right`.
    public static func precedes(_ left: String, _ right: String) -> Bool {
        left.compare(right, options: options, range: left.startIndex..<left.endIndex, locale: locale)
            == .orderedAscending
    }

    /// `keys` in Xcode's order.
    public static func sorted(_ keys: [String]) -> [String] {
        keys.sorted(by: precedes)
    }
}
