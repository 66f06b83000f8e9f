import Foundation
import Testing

@testable import TipsCompiler

/// A large file parsed in parts at the same time gives the syntax tree and
/// diagnostics of parsing it whole.
@Suite struct ParserPartsTests {
    /// A large file with everything that could go wrong at a split: doc
    /// comments (after blank lines), `//` comments, block comments that hold
    /// lines looking like places to split, and every kind of declaration.
    static func largeFile(tips: Int) -> String {
        var text = "config {\n    displayFrequency daily\n}\n\nenum Plan { free, pro }\n"
        text += "parameter saved: Int = 0\ntransient parameter editing: Bool = false\n"
        text += "event opened keep 100, 7d\nevent visited(region: String, level: Int)\n"
        for index in 0..<tips {
            switch index % 5 {
            case 0: text += "\n/// Tip \(index), documented.\n///\n/// Second paragraph.\n"
            case 1: text += "\n// An ordinary comment: not a doc.\n"
            case 2: text += "\n/*\n}\n\ntip Hidden\(index) {\n    title \"in a comment\"\n}\n*/\n"
            case 3: text += "\n\n/// A doc after two blank lines.\n\n"
            default: text += "\n"
            }
            text += "tip T\(index) {\n    title \"Save route \(index)\"\n"
            text += "    rule saved > \(index) && visited.donations.where(.level > 2).count >= 1\n}\n"
            if index % 50 == 49 { text += "\ngroup G\(index) { T\(index - 1) T\(index) }\n" }
        }
        return text
    }

    /// Parses `text` with `jobs`, or in one pass when `jobs` is nil.
    static func parse(_ text: String, jobs: Int?) -> (ast: String, diagnostics: [Diagnostic]) {
        var sources = SourceManager()
        let file = sources.add(path: "Large.tips", bytes: Array(text.utf8))
        var diagnostics = DiagnosticEngine()
        let syntax =
            jobs.map { Parser.parse(file, diagnostics: &diagnostics, jobs: $0) }
            ?? Parser.parseWhole(file, diagnostics: &diagnostics)
        return (dumpAST(syntax, sources: sources), diagnostics.reported)
    }

    @Test func aLargeFileSplitsIntoParts() {
        let bytes = Array(Self.largeFile(tips: 3_000).utf8)
        let parts = SourceParts.split(bytes, into: 4)
        #expect(parts.count == 4)
        #expect(parts.first?.lowerBound == 0)
        #expect(parts.last?.upperBound == bytes.count)
        for (left, right) in zip(parts, parts.dropFirst()) {
            #expect(left.upperBound == right.lowerBound)
            #expect(SourceParts.startsPart(bytes, at: right.lowerBound))
        }
        #expect(SourceParts.split(Array("tip A {\n}\n".utf8), into: 8) == [0..<10])
        // A large file is cut into parts of about 256 KB even for one job.
        let large = Array(Self.largeFile(tips: 12_000).utf8)
        let oneJob = SourceParts.split(large, into: 1)
        #expect(oneJob.count == large.count / SourceParts.preferredPartSize)
        #expect(oneJob.count > 4)
    }

    @Test func partsStartOnlyAfterALineThatIsOnlyABrace() {
        func starts(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard let at = text.utf8.firstIndex(of: UInt8(ascii: "@")) else { return false }
            var cleaned = bytes
            cleaned.remove(at: text.utf8.distance(from: text.utf8.startIndex, to: at))
            return SourceParts.startsPart(cleaned, at: text.utf8.distance(from: text.utf8.startIndex, to: at))
        }
        #expect(starts("}\n@tip A {"))
        #expect(starts("}\n\n  \r\n@/// doc"))
        #expect(starts("}  \n@event e"))
        #expect(!starts("} // end\n@tip A {"))
        #expect(!starts("}\n// note\n@tip A {"))
        #expect(!starts("    }\n@tip A {"))
        #expect(!starts("}\n@tipster"))
        #expect(!starts("@tip A {"))
        #expect(!starts("/* old:\n}\n@tip A {"))
        #expect(starts("/* old */\n}\n@tip A {"))
    }

    @Test(arguments: [1, 2, 3, 4, 8])
    func aLargeFileParsesTheSameInParts(_ jobs: Int) {
        let text = Self.largeFile(tips: 4_000)
        let whole = Self.parse(text, jobs: nil)
        #expect(whole.diagnostics.isEmpty)
        var sources = SourceManager()
        let file = sources.add(path: "Large.tips", bytes: Array(text.utf8))
        #expect(Parser.parseInParts(file, jobs: jobs) != nil, "the clean file is parsed in parts")
        let parts = Self.parse(text, jobs: jobs)
        #expect(parts.ast == whole.ast)
        #expect(parts.diagnostics.isEmpty)
    }

    @Test func anErrorInAnyPartParsesTheFileWholeWithItsDiagnostics() {
        let clean = Self.largeFile(tips: 3_000)
        for fraction in [0.1, 0.5, 0.9] {
            var bytes = Array(clean.utf8)
            // Break one rule somewhere in the file.
            var position = Int(Double(bytes.count) * fraction)
            while bytes[position] != UInt8(ascii: "&") { position += 1 }
            bytes[position] = UInt8(ascii: "@")
            let text = String(decoding: bytes, as: UTF8.self)
            var sources = SourceManager()
            let file = sources.add(path: "Large.tips", bytes: bytes)
            #expect(Parser.parseInParts(file, jobs: 4) == nil)
            let whole = Self.parse(text, jobs: nil)
            #expect(!whole.diagnostics.isEmpty)
            let parts = Self.parse(text, jobs: 4)
            #expect(parts.ast == whole.ast)
            #expect(parts.diagnostics == whole.diagnostics)
        }
    }

    @Test func mutatedLargeFilesParseTheSameInParts() {
        // Damage anywhere (often near a split point): parts must give the
        // one-pass tree and diagnostics, whether they fall back or not.
        let original = Array(Self.largeFile(tips: 2_000).utf8)
        var generator = SplitMix64(seed: 2_026)
        var splitAndKept = 0
        for variant in 0..<10 {
            var mutator = Mutator(bytes: original)
            for _ in 0...(variant % 3) { mutator.mutate(using: &generator) }
            let text = String(decoding: mutator.bytes, as: UTF8.self)
            let whole = Self.parse(text, jobs: nil)
            let parts = Self.parse(text, jobs: 3)
            #expect(parts.ast == whole.ast, "variant \(variant)")
            #expect(parts.diagnostics == whole.diagnostics, "variant \(variant)")
            var sources = SourceManager()
            let file = sources.add(path: "Large.tips", bytes: Array(text.utf8))
            if Parser.parseInParts(file, jobs: 3) != nil { splitAndKept += 1 }
        }
        // Some mutants are still clean (damage inside a comment or string) and stay in parts.
        #expect(splitAndKept > 0, "no mutant stayed clean")
    }

    @Test func aSplitInsideAnUnclosedBlockCommentFallsBackToOnePass() {
        // Every line that looks like a split point is inside one block comment.
        var text = "/*\n"
        for index in 0..<8_000 { text += "}\n\ntip C\(index) {\n    title \"c\"\n" }
        text += "*/\ntip Real {\n    title \"r\"\n    maxDisplayCount 1\n}\n"
        let whole = Self.parse(text, jobs: nil)
        #expect(whole.diagnostics.isEmpty)
        let parts = Self.parse(text, jobs: 4)
        #expect(parts.ast == whole.ast)
        #expect(parts.diagnostics.isEmpty)
    }
}
