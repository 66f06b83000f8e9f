import Foundation

/// How a wanted language meets the languages a text exists in: region, then
/// language, then the source language (`pt-BR` → `pt` → `en`).
enum LanguageMatch {
    /// The identifiers to look for, best first, for one wanted language:
    /// itself, without its script, without its region, the bare language
    /// (`zh-Hant-TW` → `zh-TW`, `zh-Hant`, `zh`); then the same for its
    /// maximal form, which adds the likely script and region (`zh-TW` →
    /// `zh-Hant-TW` → `zh-Hant`), so that `zh-TW` finds a `zh-Hant` text.
    /// Identifiers are compared without case and with `_` read as `-`.
    static func candidates(for language: String) -> [String] {
        var result: [String] = []
        for identifier in [normalized(language)] + maximal(language) {
            for candidate in chain(identifier) where !result.contains(candidate) { result.append(candidate) }
        }
        return result
    }

    /// Which of `available` (normalized identifiers) serves `preferred`, the
    /// wanted languages best first: the first preferred language any of whose
    /// candidates is available decides; nil when none is.
    static func best(in available: [String: Int], for preferred: [String]) -> Int? {
        for language in preferred {
            for candidate in candidates(for: language) {
                if let index = available[candidate] { return index }
            }
        }
        return nil
    }

    /// `pt_BR`, `PT-br` → `pt-br`: the form identifiers are compared in.
    static func normalized(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    /// `identifier` (normalized), then without the script, without the region, and the bare language.
    static func chain(_ identifier: String) -> [String] {
        let parts = identifier.split(separator: "-").map(String.init)
        guard let language = parts.first, parts.count > 1 else { return parts.isEmpty ? [] : [identifier] }
        let script = parts.dropFirst().first { $0.count == 4 }
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        var chain = [identifier]
        for reduced in [[language, region], [language, script], [language]] {
            let candidate = reduced.compactMap { $0 }.joined(separator: "-")
            if !chain.contains(candidate) { chain.append(candidate) }
        }
        return chain
    }

    /// The maximal form of `identifier` (`zh-TW` → `zh-hant-tw`), where Foundation knows one.
    static func maximal(_ identifier: String) -> [String] {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return [] }
        let language = Locale.Language(identifier: identifier)
        guard language.languageCode != nil else { return [] }
        return [normalized(language.maximalIdentifier)]
    }

    /// The languages the person prefers, best first, from a POSIX
    /// environment: `LANGUAGE` (`pt_BR:pt`), then `LC_ALL`, `LC_MESSAGES` and
    /// `LANG`, each without its encoding or modifier (`de_DE.UTF-8@euro` →
    /// `de-DE`); `C` and `POSIX` name no language.
    static func preferredLanguages(environment: [String: String]) -> [String] {
        var languages: [String] = []
        let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        for value in listed + ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap({ environment[$0] }) {
            let name = String(value.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "_", with: "-")
            guard !name.isEmpty, name != "C", name != "POSIX", !languages.contains(name) else { continue }
            languages.append(name)
        }
        return languages
    }

    /// The languages the system says the person prefers: on Apple platforms
    /// `Locale.preferredLanguages` (Settings, `-AppleLanguages`); elsewhere
    /// the process's POSIX environment, which Foundation does not read there.
    static func systemPreferredLanguages() -> [String] {
        #if canImport(Darwin)
            Locale.preferredLanguages
        #else
            preferredLanguages(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The system's preferred languages, read once.
    static let systemPreferred: [String] = systemPreferredLanguages()
}
