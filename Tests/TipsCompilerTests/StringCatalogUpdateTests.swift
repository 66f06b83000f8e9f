import Foundation
import Testing
import TipsSyntax

@testable import TipsStringCatalog

/// The rules of `tipc strings`: translations kept, changed sources marked for
/// review, removed keys marked stale, nothing a translator wrote dropped, and
/// the same bytes every time. `Fixtures/Catalogs/Trails.xcstrings` is a
/// catalog as Xcode writes it after translators worked on it.
@Suite struct StringCatalogUpdateTests {
    /// The strings `Trails.xcstrings` was made from.
    static let current = [
        CatalogString(
            key: "FavoriteTrail.title", value: "Save as a Favorite", comment: "The title of the tip FavoriteTrail."),
        CatalogString(
            key: "FavoriteTrail.action.learnMore", value: "Learn More", comment: "A button of the tip FavoriteTrail."),
        CatalogString(key: "Welcome.title", value: "Welcome", comment: "The title of the tip Welcome."),
    ]

    func trails() throws -> StringCatalog {
        let read = Catalogs.read(try Catalogs.fixture("Trails.xcstrings"))
        return try #require(read.catalog, "\(read.rendered)")
    }

    @Test func aCatalogAlreadyUpToDateIsTheSameBytes() throws {
        let catalog = try trails()
        #expect(Array(Catalogs.updated(catalog, with: Self.current).utf8) == (try Catalogs.fixture("Trails.xcstrings")))
    }

    @Test func aChangedSourceMarksItsFinishedTranslationsForReview() throws {
        var strings = Self.current
        strings[0].value = "Keep your favorite trails"
        let text = Catalogs.updated(try trails(), with: strings)
        let updated = try #require(Catalogs.read(text).catalog)
        let entry = try #require(updated.entry("FavoriteTrail.title"))
        #expect(entry.unit(for: "en")?.value == "Keep your favorite trails")
        #expect(entry.unit(for: "en")?.state == "translated")
        #expect(entry.unit(for: "de")?.value == "Als Favorit sichern", "the translation is kept")
        #expect(entry.unit(for: "de")?.state == "needs_review")
        #expect(entry.unit(for: "ja")?.state == "new", "an unfinished translation stays as it was")
        #expect(updated.entry("FavoriteTrail.action.learnMore")?.unit(for: "de")?.state == "translated")
    }

    @Test func aChangedSourceMarksVariationsForReviewToo() throws {
        var strings = Self.current
        strings[2].value = "Hello"
        let text = Catalogs.updated(try trails(), with: strings)
        #expect(!text.contains("\"state\" : \"translated\",\n                  \"value\" : \"Willkommen"))
        #expect(text.components(separatedBy: "needs_review").count == 3)
        #expect(text.contains("Willkommen am Mac"))
    }

    @Test func aRemovedKeyIsMarkedStaleAndKeepsItsTranslations() throws {
        let text = Catalogs.updated(try trails(), with: Array(Self.current.prefix(2)))
        let updated = try #require(Catalogs.read(text).catalog)
        let welcome = try #require(updated.entry("Welcome.title"))
        #expect(welcome.isStale)
        #expect(text.contains("Willkommen am Mac"))
        #expect(updated.entries.map(\.key) == (try trails()).entries.map(\.key))
    }

    @Test func aKeyThatComesBackIsNoLongerStale() throws {
        let offline = CatalogString(
            key: "OfflineMaps.title", value: "Use maps offline", comment: "The title of the tip OfflineMaps.")
        let text = Catalogs.updated(try trails(), with: Self.current + [offline])
        let entry = try #require(Catalogs.read(text).catalog?.entry("OfflineMaps.title"))
        #expect(entry.extractionState == "manual")
        #expect(entry.unit(for: "de")?.state == "translated", "the same source text: the translation still holds")
    }

    @Test func addedKeysGoWhereXcodeWouldPutThem() throws {
        let added = [
            CatalogString(key: "Compass.title", value: "Find north", comment: "The title of the tip Compass."),
            CatalogString(key: "FavoriteTrail.message", value: "They stay on top.", comment: "The message."),
            CatalogString(key: "Zoom.title", value: "Pinch to zoom", comment: "The title of the tip Zoom."),
        ]
        let text = Catalogs.updated(try trails(), with: Self.current + added)
        let keys = try #require(Catalogs.read(text).catalog).entries.map(\.key)
        #expect(
            keys == [
                "Compass.title", "FavoriteTrail.action.learnMore", "FavoriteTrail.message", "FavoriteTrail.title",
                "OfflineMaps.title", "Welcome.title", "Zoom.title",
            ])
    }

    @Test func updatingTwiceGivesTheSameBytes() throws {
        var strings = Self.current
        strings[0].value = "Keep your favorite trails"
        strings.removeLast()
        strings.append(CatalogString(key: "Atlas.title", value: "Browse the atlas", comment: "A title."))
        let once = Catalogs.updated(try trails(), with: strings)
        let again = Catalogs.updated(try #require(Catalogs.read(once).catalog), with: strings)
        #expect(once == again)
        #expect(
            Catalogs.updated(try trails(), with: strings.reversed()) == once, "the order of the strings does not matter"
        )
    }

    @Test func aNewCatalogHoldsEachStringInXcodesLayout() throws {
        let text = Catalogs.updated(StringCatalog(sourceLanguage: "en"), with: Self.current)
        let url = Fixtures.url("Catalogs", "New.xcstrings")
        if Fixtures.updatesGoldens { try Data(text.utf8).write(to: url, options: .atomic) }
        #expect(text == (try String(contentsOf: url, encoding: .utf8)))
        #expect(Catalogs.read(text).catalog?.entries.map(\.key) == CatalogKeyOrder.sorted(Self.current.map(\.key)))
    }

    /// `FavoriteTrail` renamed `SaveTrail` (`renamedFrom FavoriteTrail`), its title reworded.
    static let renamed = [
        CatalogString(
            key: "SaveTrail.title", value: "Save this trail", comment: "The title of the tip SaveTrail.",
            formerKeys: ["Pinned.title", "FavoriteTrail.title"]),
        CatalogString(
            key: "SaveTrail.action.learnMore", value: "Learn More", comment: "A button of the tip SaveTrail.",
            formerKeys: ["Pinned.action.learnMore", "FavoriteTrail.action.learnMore"]),
        current[2],
    ]

    @Test func aRenamedTipsNewKeyTakesTheTranslationsOfItsFormerKey() throws {
        let catalog = try trails()
        let text = Catalogs.updated(catalog, with: Self.renamed)
        let updated = try #require(Catalogs.read(text).catalog)
        let title = try #require(updated.entry("SaveTrail.title"))
        #expect(title.extractionState == "manual")
        #expect(title.comment == "The title of the tip SaveTrail.")
        #expect(title.unit(for: "en")?.value == "Save this trail")
        #expect(title.unit(for: "de")?.value == "Als Favorit sichern", "carried from FavoriteTrail.title")
        #expect(title.unit(for: "de")?.state == "needs_review", "its source text changed with the rename")
        #expect(title.unit(for: "ja")?.state == "new", "an unfinished translation stays as it was")
        let button = try #require(updated.entry("SaveTrail.action.learnMore"))
        #expect(button.unit(for: "de")?.value == "Mehr erfahren")
        #expect(button.unit(for: "de")?.state == "translated", "the same source text: the translation still holds")
        // The former keys stay, stale, with every translation.
        #expect(updated.entry("FavoriteTrail.title")?.isStale == true)
        #expect(updated.entry("FavoriteTrail.title")?.unit(for: "de")?.value == "Als Favorit sichern")
        #expect(updated.entry("FavoriteTrail.action.learnMore")?.isStale == true)
        #expect(
            catalog.summary(of: Self.renamed).description
                == "3 strings: 2 added (2 with the translations of their keys under a former tip name), "
                + "1 translation to review, 2 stale")
        #expect(Catalogs.updated(updated, with: Self.renamed) == text, "updating again changes nothing")
    }

    @Test func onlyAKeyTheCatalogLacksTakesAFormerKeysTranslations() throws {
        var strings = Self.current
        strings[0].formerKeys = ["Welcome.title"]
        strings.append(
            CatalogString(
                key: "Atlas.title", value: "Browse the atlas", comment: "A title.", formerKeys: ["Gone.title"]))
        let updated = try #require(Catalogs.read(Catalogs.updated(try trails(), with: strings)).catalog)
        #expect(updated.entry("FavoriteTrail.title")?.unit(for: "de")?.value == "Als Favorit sichern")
        #expect(updated.entry("Atlas.title")?.units.map(\.language) == ["en"], "no former key in the catalog")
    }

    @Test func theCommentFollowsTheSource() throws {
        var strings = Self.current
        strings[1].comment = "The button that opens the guide."
        let text = Catalogs.updated(try trails(), with: strings)
        let entry = try #require(Catalogs.read(text).catalog?.entry("FavoriteTrail.action.learnMore"))
        #expect(entry.comment == "The button that opens the guide.")
        #expect(entry.unit(for: "de")?.state == "translated", "a new comment does not call for review")
    }
}
