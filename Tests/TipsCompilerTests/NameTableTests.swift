import Testing

@testable import TipsCompiler

/// `NameTable`, the lowering's and the back end's table of names: a name
/// finds what was stored under any name `==` finds equal to it, whatever its
/// length, and adding keeps what is there.
@Suite struct NameTableTests {
    @Test func everyNameFindsItsValueAsTheTableGrows() {
        var table = NameTable<Int>()
        // Lengths 0 to 40 cover the short tail (1, 2 and 4 bytes) and the words before it.
        let names = (0..<2_000).map { index in String(repeating: "n", count: index % 41) + "\(index)" } + [""]
        for (index, name) in names.enumerated() { table.updateValue(index, for: name) }
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() { #expect(table[name] == index, "\(name)") }
        #expect(table["absent"] == nil)
        #expect(table["n"] == nil, "a prefix of a stored name is another name")
    }

    @Test func namesThatAreEqualAsStringsAreOneKey() {
        var table = NameTable<String>()
        table.updateValue("composed", for: "caf\u{E9}")
        #expect(table["cafe\u{301}"] == "composed", "the decomposed spelling is the same name")
        #expect(table.insertIfAbsent("decomposed", for: "cafe\u{301}") == "composed")
        #expect(table.count == 1)
        #expect(table["cafe"] == nil)
    }

    @Test func insertingKeepsWhatIsThereAndUpdatingReplacesIt() {
        var table = NameTable<Int>()
        #expect(table.insertIfAbsent(1, for: "a") == nil)
        #expect(table.insertIfAbsent(2, for: "a") == 1)
        table.updateValue(3, for: "a")
        #expect(table["a"] == 3)
        table.removeAll()
        #expect(table.count == 0 && table["a"] == nil)
        table.updateValue(4, for: "a")
        #expect(table["a"] == 4)
    }

    @Test func modifyingChangesOnlyAHeldNameAndNamesKeepTheOrderAdded() {
        var table = NameTable<Int>()
        for (index, name) in ["zeta", "alpha", "caf\u{E9}", "mid"].enumerated() { table.updateValue(index, for: name) }
        table.modifyValue(for: "cafe\u{301}") { $0 += 10 }
        #expect(table["caf\u{E9}"] == 12, "the decomposed spelling modifies the composed name's value")
        table.modifyValue(for: "absent") { $0 = 99 }
        #expect(table["absent"] == nil && table.count == 4, "modifying a name the table lacks adds nothing")
        #expect(table.names { _ in true } == ["zeta", "alpha", "caf\u{E9}", "mid"])
        #expect(table.names { $0.isMultiple(of: 2) } == ["zeta", "caf\u{E9}"])
    }
}
