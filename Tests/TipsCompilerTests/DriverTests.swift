import Foundation
import Testing
import TipsTestSupport

@testable import TipcCommandLine
@testable import TipsCompiler
@testable import TipsSyntax

/// The command-line parser and the Compilation API, without a process.
@Suite struct DriverTests {
    @Test func parsesCompileWithEveryOption() throws {
        let command = try CommandLineArguments.parse([
            "compile", "a.tips", "--output-dir=out", "b c.tips", "--access-level", "package", "--warnings-as-errors",
            "-j", "3",
        ])
        #expect(
            command
                == .compile(
                    files: ["a.tips", "b c.tips"], outputDirectory: "out", accessLevel: .package,
                    warningsAsErrors: true, jobs: 3))
        #expect(
            try CommandLineArguments.parse(["check", "--jobs=1", "a.tips"])
                == .check(files: ["a.tips"], warningsAsErrors: false, jobs: 1))
    }

    @Test func doubleDashEndsOptions() throws {
        let command = try CommandLineArguments.parse(["check", "--", "--weird.tips"])
        #expect(command == .check(files: ["--weird.tips"], warningsAsErrors: false, jobs: nil))
    }

    @Test(arguments: [
        (["compile", "a.tips"], "'compile' needs '--output-dir <directory>'"),
        (["check"], "no input files; run 'tipc help check' for usage"),
        (
            ["compile", "a.tips", "-o", "x", "--access-level", "open"],
            "'--access-level' is internal, package or public, not 'open'"
        ),
        (["chek", "a.tips"], "unknown command 'chek'; did you mean 'check'?"),
        (
            ["frobnicate", "a.tips"],
            "unknown command 'frobnicate'; the commands are compile, check, lock, preview, strings, format, lsp, test and dump"
        ),
        (["--frobnicate"], "unknown option '--frobnicate'; run 'tipc --help' for usage"),
        (
            ["check", "--warnings-as-error", "a.tips"],
            "unknown option '--warnings-as-error' for 'check'; did you mean '--warnings-as-errors'?"
        ),
        (["dump", "a.tips"], "'dump' prints 'tokens' or 'ast', not 'a.tips'"),
        (["check", "a.tips", "--jobs", "0"], "'--jobs' is a number of jobs, 1 or more, not '0'"),
        (["check", "a.tips", "-j", "two"], "'-j' is a number of jobs, 1 or more, not 'two'"),
    ])
    func usageErrorsSayWhatIsWrong(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try CommandLineArguments.parse(arguments) }
    }

    @Test func noArgumentsShowsHelp() throws {
        #expect(try CommandLineArguments.parse([]) == .help(topic: nil))
    }

    @Test func outputNamesComeFromInputNames() {
        #expect(TipsRuntimeBackend().outputFileName(for: "Trails.tips") == "Trails.tips.swift")
        #expect(TipsRuntimeBackend().outputFileName(for: "a.b.tips") == "a.b.tips.swift")
        #expect(TipsRuntimeBackend().outputFileName(for: "noext") == "noext.tips.swift")
        #expect(TipsRuntimeBackend().outputFileName(for: "Menu.txt") == "Menu.tips.swift")
    }

    @Test func twoInputsWithOneOutputNameAreAnError() {
        let result = Compilation(inputs: [
            CompilationInput(path: "a/Same.tips", text: ""),
            CompilationInput(path: "b/Same.tips", text: ""),
        ]).run()
        #expect(result.hasErrors)
        #expect(result.outputs.isEmpty)
        #expect(
            result.diagnostics.first?.message
                == "inputs 'a/Same.tips' and 'b/Same.tips' would both generate 'Same.tips.swift'; rename one of them")
    }

    @Test func crossFileReferencesResolveInAnyOrder() {
        let result = Compilation(inputs: [
            CompilationInput(path: "A.tips", text: "tip T {\n title \"T\"\n rule flag && seen.count > 1\n}\n"),
            CompilationInput(path: "B.tips", text: "parameter flag: Bool = true\nevent seen\n"),
        ]).run()
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        #expect(result.outputs.count == 2)
    }

    @Test func warningsAsErrorsSuppressesOutput() {
        let input = CompilationInput(path: "W.tips", text: "tip W { title \"Hi\" }\n")
        #expect(Compilation(inputs: [input]).run().outputs.count == 1)
        let strict = Compilation(inputs: [input], options: CompilationOptions(warningsAsErrors: true)).run()
        #expect(strict.hasErrors)
        #expect(strict.outputs.isEmpty)
    }

    @Test func checkedModelCarriesRuleSourceAndLine() throws {
        let result = Compilation(inputs: [
            CompilationInput(
                path: "dir/R.tips",
                text:
                    "event opened\ntip R {\n    title \"R\"\n    rule opened.donations\n        .within(2d).count >= 2\n}\n"
            )
        ]).run()
        let program = try #require(result.program, "\(result.renderedDiagnostics())")
        guard case .tip(let tip)? = program.files.first?.declarations.last else {
            Issue.record("no tip")
            return
        }
        let rule = try #require(tip.rules.first)
        #expect(rule.source == "opened.donations.within(2d).count >= 2")
        #expect(rule.fileName == "R.tips")
        #expect(rule.line == 4)
        #expect(
            rule.expression
                == .binary(
                    .greaterOrEqual, .count(CheckedQuery(event: "opened", steps: [.within(seconds: 172_800)])),
                    .literal(.int(2)), type: .bool))
    }
}

extension DriverTests {
    @Test func checkCanEmitTheSyntaxTree() throws {
        #expect(try CommandLineArguments.parse(["check", "--emit", "ast", "a.tips"]) == .dump(.ast, files: ["a.tips"]))
        #expect(try CommandLineArguments.parse(["dump", "tokens", "a.tips"]) == .dump(.tokens, files: ["a.tips"]))
    }
}

extension DriverTests {
    /// Malformed and ill-typed inputs go through the whole pipeline without
    /// crashing, and produce outputs exactly when they have no errors.
    @Test(
        arguments: Fixtures.names(in: "Syntax").map { ("Syntax", $0) }
            + Fixtures.names(in: "Semantic").map { ("Semantic", $0) })
    func everyFixtureRunsThroughTheWholePipeline(_ folder: String, _ name: String) throws {
        let bytes = Array(try Data(contentsOf: Fixtures.url(folder, name)))
        let result = Compilation(inputs: [CompilationInput(path: name, bytes: bytes)]).run()
        #expect(result.hasErrors == result.outputs.isEmpty)
        #expect(result.hasErrors == (result.program == nil))
    }

    @Test func optionsFilesExpandInPlaceSkippingComments() throws {
        let files = ["a.options": "# comment\n--access-level public\n\n  --warnings-as-errors  \n"]
        let expanded = try OptionsFile.expand(
            ["compile", "x.tips", "--options-file", "a.options", "-o", "out"]
        ) { files[$0] ?? "" }.arguments
        #expect(expanded == ["compile", "x.tips", "--access-level", "public", "--warnings-as-errors", "-o", "out"])
        #expect(throws: UsageError("options file 'loop' may not name another options file")) {
            try OptionsFile.expand(["check", "--options-file=loop"]) { _ in "--options-file loop" }
        }
    }
}

/// Generated text kept in the pieces it was written in.
@Suite struct EmittedFilePiecesTests {
    static func file(_ pieces: [String]) -> EmittedFile {
        EmittedFile(fileName: "A.swift", pieces: pieces.map { ByteBuffer(Array($0.utf8)) })
    }

    @Test func filesWithTheSameBytesAreEqualHoweverTheyAreCut() {
        let whole = EmittedFile(fileName: "A.swift", text: "let a = 1\nlet b = 2\n")
        let cut = Self.file(["let a", "", " = 1\nlet b", " = 2\n"])
        #expect(cut == whole)
        #expect(cut.hashValue == whole.hashValue)
        #expect(cut.byteCount == 20)
        #expect(cut.text == "let a = 1\nlet b = 2\n")
        #expect(cut != Self.file(["let a = 1\nlet b = 3\n"]))
        #expect(cut != EmittedFile(fileName: "B.swift", text: "let a = 1\nlet b = 2\n"))
        var pieces: [String] = []
        cut.forEachPiece { pieces.append(String(decoding: $0, as: UTF8.self)) }
        #expect(pieces == ["let a", " = 1\nlet b", " = 2\n"])
    }

    @Test func theOutputWriterWritesPiecesAtomicallyAndOnlyWhenTheBytesChange() throws {
        let temporary = TemporaryDirectory("tipc-pieces")
        // A folder the writer makes.
        let directory = temporary.appendingPathComponent("pieces").path
        let file = Self.file(["// one\n", "// two\n"])
        try OutputWriter.write([file], to: directory)
        let path = directory + "/A.swift"
        #expect(FileManager.default.contents(atPath: path) == Data("// one\n// two\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["A.swift"])
        #expect(OutputWriter.fileHolds(path, file))
        #expect(!OutputWriter.fileHolds(path, Self.file(["// one\n", "// twx\n"])))
        #expect(!OutputWriter.fileHolds(path, Self.file(["// one\n"])))
        #expect(!OutputWriter.fileHolds(directory + "/Missing.swift", file))

        // The same bytes cut differently: the file is left alone.
        let stamp = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
        try OutputWriter.write([Self.file(["// one\n// t", "wo\n"])], to: directory)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.modificationDate] as? Date == stamp)
    }

    @Test func filesAreReadWholeFromDiskAndFromAPipe() throws {
        let temporary = TemporaryDirectory("tipc-read")
        // 2.5 MB, with every byte value, compared a megabyte at a time.
        let bytes = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let path = temporary.appendingPathComponent("big.tips").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(FileBytes.read(path) == bytes)
        let cut = EmittedFile(
            fileName: "A.swift",
            pieces: [
                ByteBuffer(Array(bytes[..<3])), ByteBuffer(Array(bytes[3..<1_048_579])),
                ByteBuffer(Array(bytes[1_048_579...])),
            ])
        #expect(OutputWriter.fileHolds(path, cut))
        var changed = bytes
        changed[2_400_000] ^= 1
        #expect(!OutputWriter.fileHolds(path, EmittedFile(fileName: "A.swift", pieces: [ByteBuffer(changed)])))

        let empty = temporary.appendingPathComponent("empty.tips").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(FileBytes.read(empty) == [])
        #expect(FileBytes.read(temporary.appendingPathComponent("missing.tips").path) == nil)

        // A pipe has no size: what it holds is read to its end, past the first 64 KB.
        let fifo = temporary.appendingPathComponent("pipe.tips").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = Array(bytes[..<200_000])
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = piped.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(FileBytes.read(fifo) == piped)
    }

    /// A class instance whose freeing a test can see through a weak reference.
    final class Tracked {}

    @Test func whatIsLeftToTheExitIsNeverFreed() {
        weak var kept: Tracked?
        weak var dropped: Tracked?
        do {
            let first = Tracked()
            let second = Tracked()
            (kept, dropped) = (first, second)
            LeftToExit.keep(first)
        }
        #expect(kept != nil)
        #expect(dropped == nil)
    }

    @Test func aCompileThatEndsTheProcessWritesWhatAnyOtherWrites() throws {
        let temporary = TemporaryDirectory("tipc-ends")
        let directory = temporary.path
        let input = directory + "/Menu.tips"
        try Data("event opened\ntip Hello {\n    title \"Hi\"\n    rule opened.count >= 2\n}\n".utf8)
            .write(to: URL(fileURLWithPath: input))
        var written: [Data?] = []
        for endsProcess in [false, true] {
            let output = directory + "/out-\(endsProcess)"
            var errors = ""
            let status = CommandLineTool.run(
                ["compile", input, "-o", output], standardOutput: { _ in }, standardError: { errors += $0 },
                endsProcess: endsProcess)
            #expect(status == CommandLineTool.success, "\(errors)")
            written.append(FileManager.default.contents(atPath: output + "/Menu.tips.swift"))
        }
        #expect(written[0] != nil)
        #expect(written[0] == written[1])
    }
}

/// Every command's options come from one table (`HelpText`), read by one parser.
@Suite struct CommandTableTests {
    @Test func everyOptionInACommandsHelpIsReadByItsParser() throws {
        for spec in HelpText.commands {
            let help = HelpText.command(spec.name)
            for option in spec.options {
                for spelled in [option.name] + (option.short.map { [$0] } ?? []) {
                    #expect(help.contains(spelled), "\(spec.name): \(spelled)")
                    let parsed = try spec.parse(["a.tips", spelled] + (option.value == nil ? [] : ["v"]))
                    #expect(parsed.value(option.name) == (option.value == nil ? "" : "v"))
                    #expect(parsed.operands.map(\.text) == ["a.tips"])
                }
            }
        }
    }

    @Test(arguments: [
        // A flag given a value is the same mistake for every command, `format` included.
        (["format", "--check=yes", "a.tips"], "option '--check' takes no value"),
        (["check", "--warnings-as-errors=yes", "a.tips"], "option '--warnings-as-errors' takes no value"),
        (["test", "a.tips", "--filter"], "option '--filter' needs a value"),
        (["preview", "a.tips", "-o", "p.html", "-j", "none"], "'-j' is a number of jobs, 1 or more, not 'none'"),
        (["dump", "-x", "tokens", "a.tips"], "unknown option '-x' for 'dump'"),
    ])
    func theSameMistakeReadsTheSameInEveryCommand(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try CommandLineArguments.parse(arguments) }
    }

    @Test func aMistakeBlamesItsArgumentInEveryCommand() {
        // The index counts from the command's name, so an options file can point at the word.
        for (arguments, index) in [
            (["preview", "a.tips", "--jobs", "0", "-o", "p.html"], 3), (["test", "a.tips", "--filtr", "x"], 2),
            (["compile", "a.tips", "--output-dir"], 2), (["dump", "nodes", "a.tips"], 1),
        ] {
            do {
                _ = try CommandLineArguments.parse(arguments)
                Issue.record("\(arguments) parsed")
            } catch {
                #expect(error.argumentIndex == index, "\(arguments)")
            }
        }
    }
}
