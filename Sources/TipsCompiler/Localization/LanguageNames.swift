import Foundation

/// Languages as messages name them: `German (de)`, or the code alone when
/// Foundation knows no name for it.
public enum LanguageNames {
    /// `German (de)`, `Portuguese (Brazil) (pt-BR)`, or `'xx'`.
    public static func describe(_ code: String) -> String {
        guard let name = Locale(identifier: "en").localizedString(forIdentifier: code), name != code else {
            return "'\(code)'"
        }
        return "\(name) (\(code))"
    }
}
