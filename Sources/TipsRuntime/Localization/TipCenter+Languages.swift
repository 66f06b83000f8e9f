import Foundation

extension Tips {
    /// The languages ``languageOverride(_:_:)`` sets for the current task, if any.
    @TaskLocal static var overriddenLanguages: [String]?

    /// Runs `body` with every tip's text in `language` (falling back as a
    /// preferred language would), whatever the centers were configured with:
    /// for previews, snapshots and tests that show one tip in several
    /// languages in one process. Applies to the current task and the tasks it starts.
    ///
    /// ```swift
    /// for language in ["en", "de", "ja"] {
    ///     Tips.withLanguage(language) { print(FavoriteTrail().title) }
    /// }
    /// ```
    public static func withLanguage<Result>(_ language: String, _ body: () throws -> Result) rethrows -> Result {
        try $overriddenLanguages.withValue([language], operation: body)
    }
}

extension TipCenter {
    /// The languages tips' text is chosen from, best first: inside
    /// ``Tips/withLanguage(_:_:)`` that language; else the `.language` the
    /// center was configured with; else the person's preferred languages (on
    /// Apple platforms `Locale.preferredLanguages`; elsewhere `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES` and `LANG`, from `.environment` when given).
    public var languages: [String] {
        Tips.overriddenLanguages ?? configuredLanguages.withLock { $0 } ?? LanguageMatch.systemPreferred
    }
}

extension ConfigurationChoices {
    /// The languages a center configured with these choices speaks: the
    /// `.language` option, else the preferred languages of `.environment`
    /// (where it names any), else the system's.
    var languages: [String] {
        if let language { return [language] }
        if let environment {
            let preferred = LanguageMatch.preferredLanguages(environment: environment)
            if !preferred.isEmpty { return preferred }
        }
        return LanguageMatch.systemPreferred
    }
}
