import Foundation
import Testing
import TipsSyntax
import TipsTestSupport

@testable import TipsStringCatalog

/// A catalog that is not valid JSON, has an unknown version or a part of the
/// wrong shape: each mistake is one error at its line and column, never a
/// crash. Each `Fixtures/Catalogs/Bad/<name>.xcstrings` sits beside
/// `<name>.expected`, the exact diagnostics (`TIPC_UPDATE_GOLDENS=1` rewrites them).
@Suite struct StringCatalogBadInputTests {
    static let names = Fixtures.names(in: "Catalogs/Bad", withExtension: "xcstrings")

    @Test func thereAreBadCatalogs() {
        #expect(Self.names.count >= 20)
    }

    @Test(arguments: names)
    func aBadCatalogIsReportedAtItsLineAndColumn(_ name: String) throws {
        let read = Catalogs.read(try Catalogs.fixture("Bad/" + name), path: name)
        #expect(read.catalog == nil)
        #expect(read.diagnostics.contains { $0.severity == .error })
        let url = Fixtures.url("Catalogs/Bad", name.replacingOccurrences(of: ".xcstrings", with: ".expected"))
        if Fixtures.updatesGoldens {
            try Data(read.rendered.utf8).write(to: url, options: .atomic)
            return
        }
        #expect(read.rendered == (try String(contentsOf: url, encoding: .utf8)))
    }

    /// Damages the catalogs Xcode wrote the ways editors, merges and bad
    /// encodings do: whatever comes of it is read or reported inside the
    /// file, never a crash, and what tipc writes it reads again.
    @Test func mangledCatalogsNeverCrashTheReader() throws {
        var generator = SplitMix64(seed: 26)
        for name in StringCatalogReadingTests.layouts {
            let original = try Catalogs.fixture(name)
            for _ in 0..<300 {
                var mutator = Mutator(bytes: original)
                for _ in 0..<Int.random(in: 1...3, using: &generator) { mutator.mutate(using: &generator) }
                let read = Catalogs.read(mutator.bytes)
                #expect((read.catalog == nil) == read.diagnostics.contains { $0.severity == .error })
                for diagnostic in read.diagnostics {
                    #expect(Int(diagnostic.range.end) <= mutator.bytes.count)
                }
                #expect(read.rendered.isEmpty == read.diagnostics.isEmpty)
                if let catalog = read.catalog {
                    #expect(Catalogs.read(catalog.bytes).catalog != nil, "what tipc writes, it reads")
                }
            }
        }
    }
}
