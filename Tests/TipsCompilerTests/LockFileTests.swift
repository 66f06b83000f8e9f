import Foundation
import Testing
import TipsTestSupport

@testable import TipcCommandLine
@testable import TipsCompiler
@testable import TipsSyntax

/// The lock file on its own: its text, and reading it back, damaged or not.
@Suite struct LockFileTests {
    /// A lock of every kind of entry, locked and retired.
    static let sample = LockFile(entries: [
        LockEntry(
            .tip(name: "NewTrail", id: InterpolatedText(segments: [.text("NewTrailTip-"), .argument("trailID")]))),
        LockEntry(.parameter(name: "tier", type: .enumeration(name: "Tier", cases: ["basic", "guide", "member"]))),
        LockEntry(.event(name: "visitedRegion", fields: [LockedField(name: "region", type: .primitive(.string))])),
        LockEntry(.tip(name: "FavoriteTrail", id: InterpolatedText("FavoriteTrail"))),
        LockEntry(.parameter(name: "isSignedIn", type: .primitive(.bool))),
        LockEntry(.event(name: "openedTrailDetail", fields: [])),
        LockEntry(.enumCase(slot: "tier", name: "premium"), isRetired: true),
        LockEntry(.tip(name: "OldTip", id: InterpolatedText("old-tip")), isRetired: true),
        LockEntry(.parameter(name: "isLoggedIn", type: .primitive(.bool)), isRetired: true),
        // Moved by renamedFrom: a tip to a tip's id, an event to an event, a case to a case of its slot.
        LockEntry(
            .tip(name: "FavoriteTrailTip", id: InterpolatedText("FavoriteTrailTip")), isRetired: true,
            movedTo: "\"FavoriteTrail\""),
        LockEntry(.event(name: "openedDetail", fields: []), isRetired: true, movedTo: "openedTrailDetail"),
        LockEntry(.enumCase(slot: "tier", name: "gold"), isRetired: true, movedTo: "member"),
    ])

    static let sampleText =
        LockFile.header + """

            format 1

            event openedTrailDetail
            event visitedRegion(region: String)
            parameter isSignedIn: Bool
            parameter tier: Tier { basic, guide, member }
            tip FavoriteTrail "FavoriteTrail"
            tip NewTrail "NewTrailTip-\\(trailID)"

            # Retired: removed from the .tips files with their users' state; no new declaration may take one.
            # `-> new` marks state a renamedFrom moves: keep it, for people who skip the version that moved it.
            retired case tier.gold -> member
            retired case tier.premium
            retired event openedDetail -> openedTrailDetail
            retired parameter isLoggedIn: Bool
            retired tip FavoriteTrailTip "FavoriteTrailTip" -> "FavoriteTrail"
            retired tip OldTip "old-tip"

            """

    /// Reads `text` as `tipc.lock`; the lock (nil on errors) and its diagnostics as printed.
    static func read(_ text: String) -> (lock: LockFile?, diagnostics: String) {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: "tipc.lock", text: text)
        let lock = LockFile.read(file, diagnostics: &diagnostics)
        var printer = DiagnosticPrinter(showsSourceLines: false)
        printer.collect(diagnostics.sorted, in: sources)
        return (lock, printer.text)
    }

    @Test func writesSortedLinesUnderItsHeader() {
        #expect(Self.sample.text == Self.sampleText)
        #expect(Self.sample.text.hasPrefix("# The persisted identities"))
        #expect(Self.sample.text.contains("`tipc lock FILE... --output tipc.lock`"))
    }

    @Test func theSameEntriesInAnyOrderGiveTheSameBytes() {
        var entries = Self.sample.entries
        entries.reverse()
        #expect(LockFile(entries: entries).text == Self.sampleText)
        entries.swapAt(0, 4)
        #expect(LockFile(entries: entries).text == Self.sampleText)
        // An event's fields and an enum's cases are listed sorted, whatever their order in the .tips file.
        let event = LockFile(entries: [
            LockEntry(
                .event(
                    name: "e",
                    fields: [
                        LockedField(name: "b", type: .primitive(.int)),
                        LockedField(name: "a", type: .primitive(.double)),
                    ]))
        ])
        #expect(event.text.contains("\nevent e(a: Double, b: Int)\n"))
    }

    @Test func readsBackWhatItWrites() throws {
        let (lock, diagnostics) = Self.read(Self.sampleText)
        #expect(diagnostics == "")
        let read = try #require(lock)
        #expect(Set(read.entries) == Set(Self.sample.entries))
        #expect(read.text == Self.sampleText)
    }

    @Test func anEmptyLockIsWrittenWithItsHeaderAndFormat() throws {
        let empty = LockFile()
        #expect(empty.text == LockFile.header + "\nformat 1\n")
        let read = try #require(Self.read(empty.text).lock)
        #expect(read.entries.isEmpty)
    }

    @Test func idsWithQuotesBackslashesAndInvisibleCharactersRoundTrip() throws {
        let odd = "a \"quoted\" \\(not an argument) \n\t\r \u{202E}é\u{0}✓"
        let lock = LockFile(entries: [
            LockEntry(.tip(name: "Odd", id: InterpolatedText(segments: [.text(odd), .argument("x"), .text("-")])))
        ])
        #expect(lock.text.contains(#"tip Odd "a \"quoted\" \\(not an argument) \n\t\r \u{202E}é\u{0}✓\(x)-""#))
        let read = try #require(Self.read(lock.text).lock)
        #expect(read.entries == lock.entries)
        #expect(read.text == lock.text)
    }

    @Test func crlfLineEndsRead() throws {
        let text = Self.sampleText.replacingOccurrences(of: "\n", with: "\r\n")
        let (lock, diagnostics) = Self.read(text)
        #expect(diagnostics == "")
        #expect(Set(try #require(lock).entries) == Set(Self.sample.entries))
    }

    @Test(arguments: [
        (
            "format 2\ntip A \"A\"\n",
            "tipc.lock:1:8: error: this lock was written by a newer tipc (lock format 2); tipc \(TipcVersion.current) reads format 1: update tipc to use it\n"
        ),
        (
            "# comment\n\nformat 0\n",
            "tipc.lock:3:8: error: unknown lock format 0: tipc writes format 1\n"
        ),
        (
            "tip A \"A\"\nformat 1\n",
            "tipc.lock:1:1: error: not a tipc lock: its first line after the comments must be `format 1`\n"
        ),
        (
            "",
            "tipc.lock:1:1: error: the lock is empty: a lock starts with `format 1` after its comments; write it with `tipc lock`\n"
        ),
        (
            "# only comments\n",
            "tipc.lock:1:1: error: not a tipc lock: a lock starts with `format 1` after its comments; write it with `tipc lock`\n"
        ),
        (
            "format 1\ntip A \"A\"\ntip A \"A\"\n",
            "tipc.lock:3:1: error: tip 'A' (id \"A\") is listed twice (first at line 2)\n"
        ),
        (
            "format 1\nparameter p: Bool\nretired parameter p: Int\n",
            "tipc.lock:3:1: error: parameter 'p' is listed both as locked and as retired (also at line 2)\n"
        ),
        (
            "format 1\ntip A \"a\"\ntip A \"b\"\n",
            "tipc.lock:3:1: error: two locked tips are named 'A' (first at line 2)\n"
        ),
        (
            "format 1\ntips A \"A\"\n",
            "tipc.lock:2:1: error: unknown entry 'tips': a lock line starts with `tip`, `parameter`, `event` or `retired`\n"
        ),
        (
            "format 1\nparameter 2x: Bool\n",
            "tipc.lock:2:11: error: expected the parameter's name, found '2x:'\n"
        ),
        (
            "format 1\nparameter x\u{301}y: Bool\nparameter \u{301}y: Bool\n",
            "tipc.lock:3:11: error: expected the parameter's name, found '\u{301}y:'\n"
        ),
        (
            "format 1\nparameter p Bool\n",
            "tipc.lock:2:13: error: expected ':' and the parameter's type, found 'Bool'\n"
        ),
        (
            "format 1\nparameter p: Tier\n",
            "tipc.lock:2:14: error: 'Tier' is not Bool, Int, Double or String; an enum lists its cases: `Tier { a, b }`\n"
        ),
        (
            "format 1\nparameter p: Tier { a, a }\n",
            "tipc.lock:2:24: error: the case 'a' is listed twice\n"
        ),
        (
            "format 1\nevent e(a: Int\n",
            "tipc.lock:2:15: error: expected ',' or ')' after a field; the line ends\n"
        ),
        (
            "format 1\nevent e(a: Int, a: Bool)\n",
            "tipc.lock:2:17: error: the field 'a' is listed twice\n"
        ),
        (
            "format 1\ntip A \"A\n",
            "tipc.lock:2:7: error: the quoted id has no closing quote\n"
        ),
        (
            "format 1\ntip A \"a\\qb\"\n",
            "tipc.lock:2:9: error: unknown escape in the quoted id (a lock writes only \\\\ \\\" \\n \\t \\r \\u{…} \\(…))\n"
        ),
        (
            "format 1\ntip A \"a\\u{110000}\"\n",
            "tipc.lock:2:9: error: \\u{…} names no Unicode character\n"
        ),
        (
            "format 1\ntip A A\n",
            "tipc.lock:2:7: error: expected the tip's id in quotes, found 'A'\n"
        ),
        (
            "format 1\ntip A \"A\" extra\n",
            "tipc.lock:2:11: error: expected the end of the line, found 'extra'\n"
        ),
        (
            "format 1\ncase p.a\n",
            "tipc.lock:2:1: error: a case in use is listed in its parameter's or field's type; only a retired case has a line\n"
        ),
        (
            "format 1\nretired case p\n",
            "tipc.lock:2:15: error: expected '.' and the retired case; the line ends\n"
        ),
        (
            "format 1\nformat 1\n",
            "tipc.lock:2:1: error: a second `format` line\n"
        ),
        (
            "format 1\nevent e -> f\n",
            "tipc.lock:2:9: error: expected the end of the line, found '->'\n"
        ),
        (
            "format 1\nretired event e ->\n",
            "tipc.lock:2:19: error: expected the event it moved to; the line ends\n"
        ),
        (
            "format 1\nretired event e - f\n",
            "tipc.lock:2:19: error: expected '>' after '-', found 'f'\n"
        ),
        (
            "format 1\nretired tip A \"A\" -> B\n",
            "tipc.lock:2:22: error: expected the id in quotes of the tip it moved to, found 'B'\n"
        ),
        (
            "format 1\nretired case p.a -> b c\n",
            "tipc.lock:2:23: error: expected `->` or the end of the line, found 'c'\n"
        ),
        (
            "format 1\n<<<<<<< HEAD\ntip A \"A\"\n=======\ntip B \"B\"\n>>>>>>> other\n",
            """
            tipc.lock:2:1: error: an unresolved merge conflict ('<<<<<<<'): keep the entries of both sides and delete the markers; `tipc lock` then checks and rewrites it
            tipc.lock:4:1: error: an unresolved merge conflict ('======='): keep the entries of both sides and delete the markers; `tipc lock` then checks and rewrites it
            tipc.lock:6:1: error: an unresolved merge conflict ('>>>>>>>'): keep the entries of both sides and delete the markers; `tipc lock` then checks and rewrites it

            """
        ),
    ])
    func aDamagedLockIsAnErrorAtItsLine(_ text: String, _ expected: String) {
        let (lock, diagnostics) = Self.read(text)
        #expect(lock == nil)
        #expect(diagnostics == expected)
    }

    @Test func aLockSavedAsUTF16IsOneErrorThatNamesItsEncoding() {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let text = "format 1\ntip A \"a\"\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(LockFile.read(sources.add(path: "tipc.lock", bytes: bytes), diagnostics: &diagnostics) == nil)
        var printer = DiagnosticPrinter(showsSourceLines: false)
        printer.collect(diagnostics.sorted, in: sources)
        #expect(
            printer.text
                == "tipc.lock:1:1: error: this file is UTF-16 (little-endian), and a tipc lock is read as UTF-8; "
                + "save it as UTF-8 (with or without a byte order mark)\n")
    }

    @Test func aByteThatIsNotUTF8IsAnError() {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let file = sources.add(path: "tipc.lock", bytes: Array("format 1\ntip A \"a".utf8) + [0xFF, 0x22, 0x0A])
        #expect(LockFile.read(file, diagnostics: &diagnostics) == nil)
        var printer = DiagnosticPrinter(showsSourceLines: false)
        printer.collect(diagnostics.sorted, in: sources)
        #expect(printer.text == "tipc.lock:2:9: error: a byte that is not UTF-8: the lock is damaged\n")
    }

    @Test(arguments: [
        (
            "format 1\nparameter  p: Bool\n",
            "tipc.lock:2:1: warning: this line is not as tipc writes it (tipc writes it `parameter p: Bool`): was the lock edited by hand? `tipc lock` writes it again\n"
        ),
        (
            "format 1\ntip B \"B\"\ntip A \"A\"\nevent z\n",
            "tipc.lock:3:1: warning: this line is not as tipc writes it (it is out of order (tipc sorts the lines)): was the lock edited by hand? `tipc lock` writes it again\n"
        ),
        (
            "format 1\nretired tip B \"B\"\ntip A \"A\"\n",
            "tipc.lock:3:1: warning: this line is not as tipc writes it (a locked entry after the retired ones): was the lock edited by hand? `tipc lock` writes it again\n"
        ),
        (
            "format 1\nevent e(b: Int, a: Int)\n",
            "tipc.lock:2:1: warning: this line is not as tipc writes it (tipc writes it `event e(a: Int, b: Int)`): was the lock edited by hand? `tipc lock` writes it again\n"
        ),
    ])
    func aLockEditedByHandReadsWithOneWarning(_ text: String, _ expected: String) throws {
        let (lock, diagnostics) = Self.read(text)
        #expect(diagnostics == expected)
        #expect(try #require(lock).entries.count == text.split(separator: "\n").count - 1)
    }

    @Test func nothingReadFromAnyBytesCrashesOrPassesSilently() {
        // Every prefix and every one-byte change of a good lock either reads
        // (to a lock that writes without loss) or is an error; none traps.
        let bytes = Array(Self.sampleText.utf8)
        var generator = SystemRandomNumberGenerator()
        var inputs = (0...bytes.count).map { Array(bytes[..<$0]) }
        for _ in 0..<2_000 {
            var changed = bytes
            changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            inputs.append(changed)
        }
        for input in inputs {
            var sources = SourceManager()
            var diagnostics = DiagnosticEngine()
            let file = sources.add(path: "tipc.lock", bytes: input)
            if let lock = LockFile.read(file, diagnostics: &diagnostics) {
                #expect(!diagnostics.hasErrors)
                let again = Self.read(lock.text)
                #expect(again.lock.map { Set($0.entries) } == Set(lock.entries))
            } else {
                #expect(diagnostics.hasErrors)
            }
        }
    }

    @Test func aLockIsWrittenWholeAndOnlyWhenItsBytesChange() throws {
        let temporary = TemporaryDirectory("lock")
        let directory = temporary.url
        let path = directory.appendingPathComponent("tipc.lock").path
        let file = EmittedFile(fileName: "tipc.lock", text: Self.sample.text)
        try OutputWriter.write(file, toPath: path)
        #expect(FileManager.default.contents(atPath: path) == Data(Self.sampleText.utf8))
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try OutputWriter.write(file, toPath: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        // A change is a new file renamed over the old one: a reader sees one or the other.
        try OutputWriter.write(EmittedFile(fileName: "tipc.lock", text: LockFile().text), toPath: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int != inode)
        #expect(FileManager.default.contents(atPath: path) == Data(LockFile().text.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tipc.lock"])
        #expect(throws: UsageError("cannot write '\(directory.path)': it is a directory")) {
            try OutputWriter.write(file, toPath: directory.path)
        }
    }
}
