import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsFormat
@testable import TipsSyntax

/// `tipc format`: the layout of `Fixtures/Format/*.tips` is pinned by the
/// `.formatted` file beside each (`TIPC_UPDATE_GOLDENS=1` rewrites them; read
/// the diff), and over every `.tips` file of the repository formatting is
/// idempotent and keeps what the compilation means.
@Suite struct FormatterTests {
    /// Every `.tips` file of the repository (fixtures, samples, fuzz corpus) and the shared samples.
    static func corpus() -> [String] {
        var paths: [String] = []
        for folder in ["Tests", "Samples", "Fuzz"] {
            let root = Fixtures.packageRoot.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let relative = walker?.nextObject() as? String {
                if relative.hasSuffix(".tips"), !relative.contains(".build/") { paths.append("\(folder)/\(relative)") }
            }
        }
        for url in Fixtures.sharedSampleURLs() { paths.append(url.path) }
        return paths.sorted()
    }

    static func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : Fixtures.packageRoot.appendingPathComponent(path)
    }

    static func compile(_ inputs: [CompilationInput]) -> CompilationResult {
        Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false, jobs: 1)).run()
    }

    @Test func theCorpusHoldsTheSamplesGoldensAndFuzzInputs() {
        let corpus = Self.corpus()
        #expect(corpus.count >= 200)
        #expect(corpus.contains("Samples/Trails/Tips/Trails.tips"))
        #expect(corpus.contains { $0.hasPrefix("Fuzz/corpus/") })
        #expect(corpus.contains { $0.hasPrefix("Tests/TipsCompilerTests/Fixtures/Goldens/") })
    }

    /// The safety net: a layout is kept only when it checks to the file's model, positions aside.
    @Test func theSafetyNetComparesCheckedModels() {
        let file = SourceFile(
            id: FileID(0), path: "a.tips",
            bytes: Array(
                "event opened\ntip A { title \"A\"; rule opened.count  >  2 }\nscenario \"s\" { wait 1d }\n".utf8))
        let relaid =
            "event opened\n\ntip A {\n    title \"A\"\n    rule opened.count > 2\n}\n\nscenario \"s\" {\n    wait 1d\n}\n"
        #expect(TipsFormatter.sameMeaning(file, as: relaid))
        // Another operator, another literal, another name, another step: another meaning.
        for changed in [">=", "> 3"] {
            #expect(!TipsFormatter.sameMeaning(file, as: relaid.replacingOccurrences(of: "> 2", with: changed)))
        }
        #expect(!TipsFormatter.sameMeaning(file, as: relaid.replacingOccurrences(of: "wait 1d", with: "wait 2d")))
        #expect(!TipsFormatter.sameMeaning(file, as: relaid.replacingOccurrences(of: "tip A", with: "tip B")))
        // A file that does not check alone is compared by what checks and by its names' uses.
        let alone = SourceFile(id: FileID(0), path: "b.tips", bytes: Array("tip B { title \"B\"; rule a && b }\n".utf8))
        #expect(TipsFormatter.sameMeaning(alone, as: "tip B {\n    title \"B\"\n    rule a && b\n}\n"))
        #expect(!TipsFormatter.sameMeaning(alone, as: "tip B {\n    title \"B\"\n}\n"))
        #expect(!TipsFormatter.sameMeaning(alone, as: "tip B {\n    title \"B\"\n    rule a &&\n}\n"))
    }

    @Test(arguments: corpus())
    func formattingIsIdempotentAndKeepsTheMeaning(_ path: String) throws {
        let bytes = Array(try Data(contentsOf: Self.url(path)))
        let name = Self.url(path).lastPathComponent
        var sources = SourceManager()
        let result = TipsFormatter.format(sources.add(path: name, bytes: bytes))
        var parseDiagnostics = DiagnosticEngine()
        _ = Parser.parse(SourceFile(id: FileID(0), path: name, bytes: bytes), diagnostics: &parseDiagnostics)
        guard let formatted = result.text else {
            // Left alone only for syntax errors, and then with them.
            #expect(parseDiagnostics.hasErrors || !result.diagnostics.isEmpty)
            #expect(result.diagnostics.contains { $0.severity == .error })
            #expect(!result.diagnostics.contains { $0.message.contains("could not lay out") }, "\(path)")
            return
        }
        #expect(!parseDiagnostics.hasErrors)
        let again = TipsFormatter.format(text: formatted, path: name).text
        #expect(again == formatted, "formatting \(path) twice changes it again")
        let before = ModelShape.of(Self.compile([CompilationInput(path: name, bytes: bytes)]))
        let after = ModelShape.of(Self.compile([CompilationInput(path: name, text: formatted)]))
        #expect(before == after, "formatting \(path) changes its checked model or diagnostics")
        #expect(formatted.hasSuffix("\n") || formatted.isEmpty)
        #expect(!formatted.contains("\n\n\n"))
    }

    @Test func aMultiFileCompilationMeansTheSameFormatted() throws {
        let folder = Fixtures.url("Goldens", "MultiFile")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tips") }
            .sorted()
        #expect(names.count >= 2)
        var original: [CompilationInput] = []
        var formatted: [CompilationInput] = []
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            original.append(CompilationInput(path: name, bytes: bytes))
            let text = try #require(TipsFormatter.format(text: String(decoding: bytes, as: UTF8.self), path: name).text)
            formatted.append(CompilationInput(path: name, text: text))
        }
        let before = Self.compile(original)
        #expect(before.program != nil)
        #expect(ModelShape.of(before) == ModelShape.of(Self.compile(formatted)))
    }

    @Test(arguments: Fixtures.names(in: "Format"))
    func layoutMatchesGolden(_ name: String) throws {
        let input = Fixtures.url("Format", name)
        let golden = input.deletingPathExtension().appendingPathExtension("formatted")
        let result = TipsFormatter.format(text: try String(contentsOf: input, encoding: .utf8), path: name)
        var actual = result.text ?? "(left as it is)\n"
        for diagnostic in result.diagnostics {
            actual += "\(diagnostic.severity): \(diagnostic.message)\n"
        }
        if Fixtures.updatesGoldens {
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected, "format of \(name) differs from \(golden.lastPathComponent)")
    }

    @Test func longRulesBreakBeforeTheOperatorWithinTheWidth() throws {
        let text = try #require(
            TipsFormatter.format(
                text: """
                    parameter aaaaaaaaaaaaaaaaaaaa: Bool = false
                    tip T {
                        title "T"
                        rule aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa || aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa
                    }
                    """
            ).text)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= TipsFormatter.lineWidth })
        #expect(lines.contains("        || aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa"))
        #expect(lines.contains("    rule aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa && aaaaaaaaaaaaaaaaaaaa"))
    }

    /// The width is counted in the columns an editor shows: a Japanese
    /// character takes two, so a rule of 70 characters and 120 columns breaks.
    @Test func theWidthCountsWideCharactersTwice() throws {
        let japanese = String(repeating: "地図", count: 25)
        let text = try #require(
            TipsFormatter.format(
                text: """
                    parameter name: String = ""
                    tip T {
                        title "T"
                        rule name == "\(japanese)" || name == "x"
                    }
                    """
            ).text)
        #expect(text.contains("    rule name == \"\(japanese)\"\n        || name == \"x\"\n"), "\(text)")
    }

    @Test func aFileWithSyntaxErrorsIsNotFormatted() {
        let result = TipsFormatter.format(text: "tip A {\n    title \"A\"\n    rule 1 +\n}\n")
        #expect(result.text == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func commentsAreNeverLost() throws {
        for path in Self.corpus() {
            let bytes = Array(try Data(contentsOf: Self.url(path)))
            guard let text = TipsFormatter.format(SourceFile(id: FileID(0), path: path, bytes: bytes)).text else {
                continue
            }
            var diagnostics = DiagnosticEngine()
            let before = Lexer.tokenizeKeepingComments(
                SourceFile(id: FileID(0), path: path, bytes: bytes), diagnostics: &diagnostics)
            let after = Lexer.tokenizeKeepingComments(
                SourceFile(id: FileID(0), path: path, bytes: Array(text.utf8)), diagnostics: &diagnostics)
            let words: (SourceFile, [SourceRange]) -> [String] = { file, ranges in
                ranges.map { file.text(in: $0).filter { !$0.isWhitespace } }
            }
            #expect(
                words(SourceFile(id: FileID(0), path: path, bytes: bytes), before.comments)
                    == words(SourceFile(id: FileID(0), path: path, bytes: Array(text.utf8)), after.comments),
                "comments of \(path)")
        }
    }
}

extension FormatterTests {
    @Test func theModelShapeSeesWhatARuleMeansButNotWhereItIs() {
        let shape = { (text: String) in
            ModelShape.of(Self.compile([CompilationInput(path: "a.tips", text: text)]))
        }
        let base = "parameter n: Int = 0\ntip T {\n    title \"T\"\n    rule n > 1\n}\n"
        #expect(shape(base).contains("greater"))
        #expect(shape(base) == shape("\n\n" + base.replacingOccurrences(of: "n > 1", with: "n>1")))
        #expect(shape(base) != shape(base.replacingOccurrences(of: "n > 1", with: "n >= 1")))
        #expect(shape(base) != shape(base.replacingOccurrences(of: "\"T\"", with: "\"U\"")))
    }
}
