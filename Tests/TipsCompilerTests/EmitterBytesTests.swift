import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// The emitter's byte-level writers give exactly the text of the string-level
/// spellings in `SwiftNames`, wherever the tricky bytes fall.
@Suite struct EmitterBytesTests {
    /// Texts with every byte that needs an escape, at every offset within a
    /// chunk of sixteen (the escaping scans sixteen bytes at a time).
    static var escapingSamples: [String] {
        let tricky = OracleTests.samples + ["\u{2028}", "\u{2029}", "\u{2027}", "\u{1F}\u{7F}\u{80}", "\"", "\\"]
        var texts: [String] = []
        for sample in tricky {
            for padding in 0..<17 {
                texts.append(String(repeating: "x", count: padding) + sample)
                texts.append(sample + String(repeating: "y", count: padding))
            }
        }
        // Texts with nothing to escape, written in one piece, at every length across two chunks.
        texts += (0...40).map { String(repeating: "p", count: $0) }
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("ab \"\\\n\r\t\u{0}\u{7F}\u{E9}\u{2028}\u{2029}\u{2026}🐦")
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &generator)
            texts.append(
                String((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
        }
        return texts
    }

    @Test func appendedLiteralsMatchTheScalarEscaping() {
        for text in Self.escapingSamples {
            var bytes = ByteBuffer()
            bytes.appendStringLiteral(text)
            #expect(
                bytes.string(0..<bytes.count) == "\"" + OracleTests.scalarEscaped(text) + "\"",
                "\(text.debugDescription)")
        }
    }

    @Test func appendedIntegersMatchTheStringSpellings() {
        var values = [0, 1, -1, 9, 10, 999, 1000, 9999, 10_000, -10_000, 99_999, 100_000, 1_234_567, Int.max, Int.min]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<500 {
            values.append(Int.random(in: Int.min...Int.max, using: &generator) >> (generator.next() % 64))
        }
        for value in values {
            var grouped = ByteBuffer()
            grouped.appendInteger(value)
            #expect(grouped.string(0..<grouped.count) == SwiftNames.integer(value))
        }
    }

    @Test func everySpecialWordPassesTheQuickTest() {
        let sets = [
            SwiftNames.keywords, SwiftNames.reserved, SwiftNames.enumMembers, SwiftNames.tipMembers,
            SwiftNames.groupMembers, SwiftNames.donateMembers,
        ]
        for word in sets.joined() {
            #expect(SwiftNames.SpecialWords.mayContain(word), "\(word)")
        }
        #expect(!SwiftNames.SpecialWords.mayContain("opened0"))
        #expect(!SwiftNames.SpecialWords.mayContain(""))
    }

    @Test func aBufferCopiedBeforeAWriteKeepsItsText() {
        var first = ByteBuffer()
        first.appendUTF8("shared")
        var second = first
        second.append(UInt8(ascii: "!"))
        first.append(UInt8(ascii: "?"))
        #expect(first.string(0..<first.count) == "shared?")
        #expect(second.string(0..<second.count) == "shared!")
        #expect(first.withBytes(0..<first.count) { Array($0) } == Array("shared?".utf8))
    }

    @Test func anExpressionWithAPrefixAndASuffixBreaksLikeTheCodeTree() {
        let long = String(repeating: "z", count: 110)
        var writer = SwiftWriter()
        writer.expression { code in
            code.prefix { $0.appendUTF8("let x = ") }
            code.beginCall("f")
            code.beginLabeled("a")
            code.atom(string: long)
            code.end()
            code.atom("b")
            code.end()
            code.suffix { $0.append(UInt8(ascii: ",")) }
        }
        var tree = SwiftWriter()
        SwiftCode.call("f", [.labeled("a", .atom(long)), .atom("b")]).write(to: &tree, prefix: "let x = ", suffix: ",")
        #expect(writer.text == tree.text)
        #expect(writer.text == "let x = f(\n    a: \(long),\n    b\n),\n")
    }
}

/// A large text written in pieces (``SwiftWriter/endPieceIfLong()``) is the
/// text written in one buffer, wherever the pieces end: the blank lines that
/// the writer leaves out after a blank line or a `{` are judged across them.
@Suite struct SwiftWriterPieceTests {
    /// Writes the same random declarations to a writer that ends pieces
    /// between them and to one that never does.
    @Test(arguments: [1, 2, 3])
    func piecesJoinToTheTextOfOneBuffer(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var pieced = SwiftWriter()
        var whole = SwiftWriter()
        for declaration in 0..<20_000 {
            let kind = generator.next() % 6
            Self.write(kind, declaration, into: &pieced)
            pieced.endPieceIfLong()
            Self.write(kind, declaration, into: &whole)
        }
        #expect(pieced.utf8Pieces.count > 3)
        #expect(whole.utf8Pieces.count == 1)
        #expect(pieced.text == whole.text)
        #expect(pieced.utf8Pieces.dropLast().allSatisfy { $0.count >= SwiftWriter.pieceBytes })
    }

    /// Writes a declaration of kind `kind` (0 to 5): blank lines, a line, blocks, a doc comment.
    static func write(_ kind: UInt64, _ index: Int, into writer: inout SwiftWriter) {
        switch kind {
        case 0: writer.blankLine()
        case 1:
            writer.blankLine()
            writer.blankLine()
        case 2: writer.line("let x\(index) = \(index)")
        case 3:
            writer.block("enum E\(index)") {
                $0.blankLine()
                $0.line("case a")
            }
        case 4: writer.docComment(["One \(index).", "", "Two."])
        default: writer.block("struct S\(index)") { _ in }
        }
    }
}
