import Foundation
import Testing

@testable import TipsRuntime

/// The settings' invariants: the frequency given to `configure` wins, else
/// the longest declared; each testing id is reported once.
@Suite struct SettingsTests {
    private func declared(_ frequency: Tips.DisplayFrequency, _ file: String) -> Tips.DeclaredConfiguration {
        Tips.DeclaredConfiguration(displayFrequency: frequency, file: file)
    }

    @Test func theLongestDeclaredFrequencyAppliesWithAWarningWhenTheFilesDisagree() {
        var settings = Settings()
        settings.choose(nil)
        let first = settings.adopt(declared(.daily, "A.tips"))
        #expect(first.changed && first.warning == nil)
        let again = settings.adopt(declared(.daily, "A.tips"))
        #expect(!again.changed && again.warning == nil, "a block is taken in once")
        let (changed, warning) = settings.adopt(declared(.weekly, "B.tips"))
        #expect(changed)
        #expect(settings.frequency == .weekly)
        #expect(warning?.contains("using weekly, the longest") == true)
        let shorter = settings.adopt(declared(.hourly, "C.tips"))
        #expect(!shorter.changed)
    }

    @Test func theFrequencyGivenToConfigureWins() {
        var settings = Settings()
        let declaredFirst = settings.adopt(declared(.weekly, "A.tips"))
        #expect(declaredFirst.changed)
        settings.choose(.hourly)
        #expect(settings.frequency == .hourly)
        let (changed, warning) = settings.adopt(declared(.monthly, "B.tips"))
        #expect(!changed)
        #expect(warning?.contains("Tips.configure's .displayFrequency(hourly) applies") == true)
        settings.choose(nil)
        #expect(settings.frequency == .monthly, "without a choice, the longest declared")
    }

    @Test func aMisspelledTestingIdIsReportedOnce() {
        var settings = Settings()
        settings.overrides.shown = ["FavoriteTrial"]
        let first = settings.misspelledTestingIDs(among: ["FavoriteTrail"]) { _ in false }
        #expect(first.count == 1)
        #expect(first.first?.contains("did you mean \"FavoriteTrail\"") == true)
        let again = settings.misspelledTestingIDs(among: ["FavoriteTrail"]) { _ in false }
        #expect(again.isEmpty)
        settings.overrides.hidden = ["Favoritetrail"]
        let registered = settings.misspelledTestingIDs(among: ["FavoriteTrail"]) { $0 == "Favoritetrail" }
        #expect(registered.isEmpty, "an id a registered tip has is no misspelling")
    }
}
