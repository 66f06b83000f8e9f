import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsLanguageServer
@testable import TipsSyntax

/// Invalid UTF-8 anywhere in a file is an error at the exact line and column
/// of each bad byte, through the whole pipeline; each bad byte counts as one
/// column and shows as one replacement character, so the caret lines up.
@Suite struct InvalidUTF8PositionTests {
    /// The `line:column: message` of every invalid-UTF-8 error from compiling `bytes`.
    func positions(_ bytes: [UInt8]) -> [String] {
        let result = PipelineInvariants.check([CompilationInput(path: "bad.tips", bytes: bytes)])
        let file = result.sources.files[0]
        return result.diagnostics.filter { $0.message.hasPrefix("invalid UTF-8") }.map {
            "\(file.lineColumn(of: $0.range.start)): \($0.message)"
        }
    }

    /// A file saved as UTF-16 or UTF-32 (Windows Notepad's "Unicode",
    /// PowerShell 5's `>`), with a byte order mark or without, is one error
    /// that names its encoding, not an error for every other byte; a UTF-8
    /// file with a stray NUL is not taken for one.
    @Test func aFileSavedAsUTF16IsOneErrorThatNamesItsEncoding() {
        let text = "tip A {\n    title \"A\"\n}\n"
        let utf16 = Array(text.utf16)
        let littleEndian = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32 = text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> ($0 * 8)) & 0xFF) } }
        for (bytes, encoding) in [
            ([0xFF, 0xFE] + littleEndian, "UTF-16 (little-endian)"), ([0xFE, 0xFF] + bigEndian, "UTF-16 (big-endian)"),
            (littleEndian, "UTF-16 (little-endian)"), (bigEndian, "UTF-16 (big-endian)"),
            ([0xFF, 0xFE, 0, 0] + utf32, "UTF-32 (little-endian)"),
        ] {
            let result = PipelineInvariants.check([CompilationInput(path: "a.tips", bytes: bytes)])
            let file = result.sources.files[0]
            #expect(
                result.diagnostics.map { "\(file.lineColumn(of: $0.range.start)): \($0.message)" } == [
                    "1:1: this file is \(encoding), and a .tips file is read as UTF-8; "
                        + "save it as UTF-8 (with or without a byte order mark)"
                ])
        }
        let stray = PipelineInvariants.check([CompilationInput(path: "a.tips", bytes: Array("t\0ip A {}\n".utf8))])
        #expect(stray.diagnostics.contains { $0.message == "unexpected control character U+0000" })
        #expect(!stray.diagnostics.contains { $0.message.contains("UTF-16") })
    }

    @Test func inACommentAfterAccentedLetters() {
        let bytes = Array("// café ".utf8) + [0xFF] + Array("\ntip A {\n    title \"t\"\n}\n".utf8)
        #expect(positions(bytes) == ["1:9: invalid UTF-8 byte 0xFF"])
    }

    @Test func inAStringLiteralOnALaterLine() {
        let bytes = Array("tip A {\n    title \"Té".utf8) + [0xC3, 0x28] + Array("\"\n}\n".utf8)
        #expect(positions(bytes) == ["2:14: invalid UTF-8 byte 0xC3"])
    }

    @Test func anEncodedSurrogateIsThreeErrorsInThreeColumns() {
        let bytes = Array("tip A {\n    title \"T".utf8) + [0xED, 0xA0, 0x80] + Array("!\"\n}\n".utf8)
        #expect(
            positions(bytes) == [
                "2:13: invalid UTF-8 byte 0xED", "2:14: invalid UTF-8 byte 0xA0", "2:15: invalid UTF-8 byte 0x80",
            ])
    }

    @Test func aTruncatedSequenceAtTheEndOfTheFile() {
        let bytes = Array("tip A {\n    title \"t\"\n}\n// ok ".utf8) + [0xE2, 0x82]
        #expect(positions(bytes) == ["4:7: invalid UTF-8 byte 0xE2", "4:8: invalid UTF-8 byte 0x82"])
    }

    @Test func loneContinuationBytesAndOverlongFormsAtFileScope() {
        #expect(
            positions([0x0A, 0x80, 0x80, 0x20, 0xC0, 0xAF]) == [
                "2:1: invalid UTF-8 byte 0x80", "2:2: invalid UTF-8 byte 0x80", "2:4: invalid UTF-8 byte 0xC0",
                "2:5: invalid UTF-8 byte 0xAF",
            ])
    }

    @Test func theCaretPointsAtTheReplacementCharacter() {
        let bytes = Array("// é ".utf8) + [0x80, 0x80] + Array("x ".utf8) + [0xFF]
        let result = PipelineInvariants.check([CompilationInput(path: "bad.tips", bytes: bytes)])
        let rendered = result.renderedDiagnostics()
        #expect(rendered.contains("bad.tips:1:10: error: invalid UTF-8 byte 0xFF\n// é ��x �\n         ^\n"))
        #expect(rendered.contains("bad.tips:1:6: error: invalid UTF-8 byte 0x80\n// é ��x �\n     ^\n"))
    }

    @Test func columnsCountValidScalarsOnceAndInvalidBytesEach() {
        var sources = SourceManager()
        let file = sources.add(path: "f.tips", bytes: Array("a\u{1F600}".utf8) + [0xF0, 0x9F, 0x98] + Array("b".utf8))
        // "a" 1, emoji 2, three bytes of a truncated emoji 3...5, "b" 6.
        #expect(file.lineColumn(of: 5) == LineColumn(line: 1, column: 3))
        #expect(file.lineColumn(of: 8) == LineColumn(line: 1, column: 6))
        #expect(file.lineText(1) == "a\u{1F600}\u{FFFD}\u{FFFD}\u{FFFD}b")
    }

    /// Columns, positions and offsets on long lines of ASCII runs of every
    /// length around eight, scalars of every UTF-8 length and invalid
    /// bytes, against counting character by character.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func longLinesCountAsCharacterByCharacter(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("€".utf8), Array("\u{1F600}".utf8),
            [0xFF], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80],
        ]
        var bytes: [UInt8] = []
        while bytes.count < 1_500 {
            bytes += (0..<random.int(in: 0...19)).map { _ in UInt8(random.int(in: 0x20...0x7E)) }
            bytes += random.pick(pieces)
        }
        // Each offset counted from the line's start, byte by byte.
        var columns: [Int] = []
        var units: [Int] = []
        var index = 0
        var (column, unit) = (0, 0)
        while index < bytes.count {
            let scalar = bytes[index] < 0x80 ? nil : SourceFile.decodeScalar(in: bytes, at: index)
            let length = bytes[index] < 0x80 ? 1 : scalar?.length ?? 1
            for _ in 0..<length {
                columns.append(column)
                units.append(unit)
            }
            column += 1
            unit += scalar.map { $0.scalar.utf16.count } ?? 1
            index += length
        }
        var sources = SourceManager()
        let file = sources.add(path: "f.tips", bytes: bytes)
        let document = TextDocument(uri: "x", version: 0, bytes: bytes)
        for offset in 0..<bytes.count {
            let startsCharacter = offset == 0 || columns[offset] != columns[offset - 1]
            guard startsCharacter else { continue }
            #expect(file.lineColumn(of: UInt32(offset)).column == 1 + columns[offset])
            #expect(document.position(of: offset) == LSPPosition(line: 0, character: units[offset]))
            #expect(document.offset(of: LSPPosition(line: 0, character: units[offset])) == offset)
        }
    }

    /// A counter carried from offset to offset, as the server publishes a
    /// document's diagnostics, gives every offset the position a count from
    /// its line's start gives, whether the offsets come in order (on one
    /// line, or across lines) or not, inside a character or at its start.
    @Test(arguments: [4, 5, 6] as [UInt64])
    func aCarriedCountGivesWhatACountFromTheLineStartGives(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("\u{1F600}".utf8), [0xFF], [0xC7, 0x0D], [0xE2, 0x82], Array("\n".utf8),
        ]
        var bytes: [UInt8] = []
        while bytes.count < 3_000 {
            bytes += (0..<random.int(in: 0...12)).map { _ in UInt8(random.int(in: 0x20...0x7E)) }
            bytes += random.pick(pieces)
        }
        let document = TextDocument(uri: "x", version: 0, bytes: bytes)
        let ascending = (0..<400).map { _ in random.int(in: 0...bytes.count) }.sorted()
        let shuffled = (0..<400).map { _ in random.int(in: 0...bytes.count) }
        for offsets in [ascending, shuffled] {
            var counter = PositionCounter()
            for offset in offsets {
                #expect(counter.position(of: offset, in: document) == document.position(of: offset))
            }
        }
        var counter = PositionCounter()
        for start in ascending {
            let range = SourceRange(file: FileID(0), start: UInt32(start), end: UInt32(min(bytes.count, start + 40)))
            #expect(counter.range(range, in: document) == document.range(range))
        }
    }

    @Test func theLanguageServerCountsInvalidBytesAsTheCompilerDoes() {
        // An encoded surrogate is three bad bytes: three columns for the
        // compiler, three UTF-16 units for an editor; an emoji is two units.
        var document = TextDocument(uri: "x", version: 0, text: "")
        document.bytes = Array("a".utf8) + [0xED, 0xA0, 0x80] + Array("\u{1F600}b".utf8)
        #expect(document.position(of: 4) == LSPPosition(line: 0, character: 4))
        #expect(document.position(of: 8) == LSPPosition(line: 0, character: 6))
        #expect(document.offset(of: LSPPosition(line: 0, character: 2)) == 2)
        #expect(document.offset(of: LSPPosition(line: 0, character: 5)) == 4)
    }
}
