import Foundation
import Testing
import TipsSyntax

@testable import TipsStringCatalog

/// Reading String Catalogs and writing them back: a catalog Xcode wrote comes
/// back byte for byte, with every part tipc does not use.
@Suite struct StringCatalogReadingTests {
    static let layouts = ["Xcode15.xcstrings", "Xcode26.xcstrings", "CompactLayout.xcstrings"]

    @Test(arguments: layouts)
    func aCatalogIsWrittenBackByteForByte(_ name: String) throws {
        let bytes = try Catalogs.fixture(name)
        let read = Catalogs.read(bytes, path: name)
        let catalog = try #require(read.catalog, "\(read.rendered)")
        #expect(read.diagnostics.isEmpty)
        #expect(catalog.bytes == bytes)
    }

    @Test(arguments: ["Xcode15.xcstrings", "Xcode26.xcstrings"])
    func xcodeWritesEveryObjectsKeysInTheCatalogKeyOrder(_ name: String) throws {
        let catalog = try #require(Catalogs.read(try Catalogs.fixture(name)).catalog)
        var objects = [catalog.document.root]
        while let object = objects.popLast() {
            guard let members = object.members else {
                if case .array(let elements) = object.kind { objects += elements }
                continue
            }
            let keys = members.map(\.key)
            #expect(keys == CatalogKeyOrder.sorted(keys), "\(keys)")
            objects += members.map(\.value)
        }
    }

    @Test func theKeyOrderIsXcodes() {
        // Orders seen in catalogs Xcode wrote: numbers by value, case ignored,
        // punctuation before digits before letters, the root locale's collation.
        let order = [
            "", " to see.", "- %@", ":", "... (+ %lld more)", ".%@", "(%lld)", "/path", "# %@", "%@ used", "%lld",
            "0", "1 Hour", "2 Hours", "10 Min", "100", "127.0.0.1", "A-", "A+", "About", "Unknown", "UV Index",
            "Vitamin B6", "Vitamin B12", "VO₂ max", "Vomiting", "zh-Hans", "zh-HK",
        ]
        #expect(CatalogKeyOrder.sorted(order.reversed()) == order)
        #expect(
            CatalogKeyOrder.sorted(["Trail.title", "Trail.message", "Trail.action.more", "Trail2.title"])
                == ["Trail.action.more", "Trail.message", "Trail.title", "Trail2.title"])
    }

    @Test func whatTipcUsesIsReadWithWhereItIs() throws {
        let read = Catalogs.read(try Catalogs.fixture("Xcode15.xcstrings"))
        let catalog = try #require(read.catalog)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.version == "1.0")
        #expect(catalog.entries.count == 16)
        let maps = try #require(catalog.entry("Open in Maps"))
        #expect(maps.units.map(\.language) == ["ja"])
        #expect(maps.variationsOnly.map(\.language) == ["de"])
        #expect(maps.variationsOnly.map(\.kinds) == [["device"]])
        let unit = try #require(maps.unit(for: "ja"))
        #expect(unit.value == "マップで開く")
        #expect(unit.state == "translated")
        let file = read.sources.files[0]
        #expect(unit.valueRange.map { file.lineColumn(of: $0.start) } == LineColumn(line: 160, column: 23))
        #expect(catalog.entry("1 Hour")?.isStale == true)
        #expect(catalog.entry("Acme")?.comment == "The company's name.\nNever translated.")
        #expect(catalog.translationLanguages == ["de", "ja", "zh-Hans", "zh-HK"])
    }

    @Test func spellingsFoundationWouldNotWriteAreKeptWhileTheTextIsTheSame() throws {
        var catalog = try #require(Catalogs.read(try Catalogs.fixture("CompactLayout.xcstrings")).catalog)
        #expect(catalog.entry("café")?.unit(for: "fr")?.value == "café / thé")
        #expect(catalog.entry("a/b") != nil)
        catalog.document.root.updateMember("strings", default: .object([])) { strings in
            strings.setMember("café", to: .object([]))
        }
        let text = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(text.contains(#""a\/b" : {}"#))
        #expect(text.contains(#""caf\u00e9" : {}"#), "the key keeps its spelling when its value changes")
        #expect(!text.contains("th\\u00e9"))
    }

    @Test func newTextIsEscapedAsFoundationEscapesIt() {
        #expect(JSONPrinter.escaped("a\"b\\c/d") == #"a\"b\\c/d"#)
        #expect(
            JSONPrinter.escaped("\u{08}\u{0C}\n\r\t\u{01}\u{1B}\u{7F}\u{2028}é")
                == "\\b\\f\\n\\r\\t\\u0001\\u001b\u{7F}\u{2028}é")
    }

    @Test func aNewCatalogHasXcodesLayout() {
        let catalog = StringCatalog(sourceLanguage: "en")
        let text = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(text == "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
    }

    @Test func everyEscapeAndNumberIsRead() throws {
        let text =
            #"{"sourceLanguage":"en","strings":{"\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00":{"n":[0,-1.5e+3,2E-2,true,false,null]}},"version":"1.1"}"#
        let read = Catalogs.read(text)
        let catalog = try #require(read.catalog, "\(read.rendered)")
        #expect(catalog.entries.map(\.key) == ["\"\\/\u{08}\u{0C}\n\r\té😀"])
        #expect(catalog.version == "1.1")
        let printed = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(
            printed.contains(
                "\"n\" : [\n        0,\n        -1.5e+3,\n        2E-2,\n        true,\n        false,\n        null\n      ]"
            ))
        #expect(Catalogs.read(printed).catalog?.entries.map(\.key) == catalog.entries.map(\.key))
    }
}
