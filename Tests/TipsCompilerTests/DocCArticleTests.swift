import Foundation
import Testing

/// What the TipsRuntime DocC articles show a reader to do (`.ci/docs.sh`
/// checks how they render).
@Suite struct DocCArticleTests {
    static let catalog = Fixtures.packageRoot.appendingPathComponent("Sources/TipsRuntime/TipsRuntime.docc")

    /// The Swift listings of an article, in order.
    static func swiftListings(of article: String) throws -> [String] {
        let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
        var listings: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current {
                if line == "```" {
                    listings.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    current = lines + [line]
                }
            } else if line == "```swift" {
                current = []
            }
        }
        return listings
    }

    @Test func everyListingThatReportsADisplayAlsoReportsItsEnd() throws {
        let listings = try Self.swiftListings(of: "GettingStarted.md")
        let reporting = listings.filter { $0.contains(".didAppear(") }
        #expect(!reporting.isEmpty, "the article shows no display being reported")
        for listing in reporting {
            #expect(listing.contains(".didDisappear("), "reports a display but never its end:\n\(listing)")
        }
    }

    @Test func theListingsAwaitOnlyTheDurableInvalidation() throws {
        for article in ["GettingStarted.md", "TipsRuntime.md"] {
            for line in try Self.swiftListings(of: article).flatMap({ $0.split(separator: "\n") }) {
                #expect(!(line.contains("await ") && line.contains(".invalidate(")), "\(article): \(line)")
            }
        }
    }
}
