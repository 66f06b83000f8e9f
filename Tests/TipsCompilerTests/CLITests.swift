import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The `tipc` executable: exit statuses, messages, and how it writes outputs.
@Suite(.serialized) struct CLITests {
    static let valid = """
        parameter on: Bool = true
        tip Hello {
            title "Hello"
            rule on
        }

        """

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    @Test func helpPrintsUsageAndExitsZero() throws {
        let output = try TipcProcess.run(["--help"])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("USAGE: tipc <command>"))
        #expect(output.standardError.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let output = try TipcProcess.run(["--version"])
        #expect(output.status == 0)
        #expect(output.standardOutput == "tipc \(TipcVersion.current)\n")
    }

    @Test func commandHelpComesBothWays() throws {
        let first = try TipcProcess.run(["help", "compile"])
        let second = try TipcProcess.run(["compile", "--help"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.standardOutput.contains("--output-dir"))
    }

    @Test func unknownFlagIsAUsageError() throws {
        let output = try TipcProcess.run(["check", "--verbose", "a.tips"])
        #expect(output.status == 2)
        #expect(output.standardError == "tipc: error: unknown option '--verbose' for 'check'\n")
    }

    /// An option's spelling is judged without its dashes: `--bogus` is three
    /// edits from `--jobs`, too far for a word of five letters.
    @Test func anOptionIsSuggestedByItsWordAlone() throws {
        let far = try TipcProcess.run(["compile", "a.tips", "--bogus"])
        #expect(far.status == 2)
        #expect(far.standardError == "tipc: error: unknown option '--bogus' for 'compile'\n")
        let near = try TipcProcess.run(["compile", "a.tips", "--ouput-dir", "out"])
        #expect(
            near.standardError
                == "tipc: error: unknown option '--ouput-dir' for 'compile'; did you mean '--output-dir'?\n")
        // The start of one option's word (three letters or more), as `--output` is of `--output-dir`.
        let begun = try TipcProcess.run(["compile", "a.tips", "--output", "out"])
        #expect(
            begun.standardError
                == "tipc: error: unknown option '--output' for 'compile'; did you mean '--output-dir'?\n")
        let short = try TipcProcess.run(["compile", "a.tips", "--wa"])
        #expect(short.standardError == "tipc: error: unknown option '--wa' for 'compile'\n")
    }

    @Test func missingOptionValueIsAUsageError() throws {
        let output = try TipcProcess.run(["compile", "a.tips", "--output-dir"])
        #expect(output.status == 2)
        #expect(output.standardError == "tipc: error: option '--output-dir' needs a value\n")
    }

    @Test func unreadableInputIsExitTwo() throws {
        let directory = TipcProcess.temporaryDirectory()
        let output = try TipcProcess.run(["check", directory.appendingPathComponent("missing.tips").path])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("tipc: error: cannot read '"))
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    @Test func checkOfValidInputPrintsNothing() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("Valid.tips"))
        let output = try TipcProcess.run(["check", "Valid.tips"], in: directory)
        #expect(output.status == 0)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.isEmpty)
    }

    @Test func errorsInTheInputAreExitOneWithPositions() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write("tip Broken {\n    rule nope\n}\n", to: directory.appendingPathComponent("Broken.tips"))
        let output = try TipcProcess.run(
            ["compile", "Broken.tips", "--output-dir", "out"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains("Broken.tips:2:10: error: unknown name 'nope'"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/Broken.tips.swift").path))
    }

    @Test func warningsPassUnlessWarningsAreErrors() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write("tip Everyone { title \"Hi\" }\n", to: directory.appendingPathComponent("W.tips"))
        let lenient = try TipcProcess.run(["check", "W.tips"], in: directory)
        #expect(lenient.status == 0)
        #expect(lenient.standardError.contains("W.tips:1:5: warning: tip 'Everyone' has no rules"))
        let strict = try TipcProcess.run(["check", "W.tips", "--warnings-as-errors"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("W.tips:1:5: error: tip 'Everyone' has no rules"))
    }

    @Test func compileRewritesAnOutputOnlyWhenItChanges() throws {
        let directory = TipcProcess.temporaryDirectory()
        let input = directory.appendingPathComponent("Hello.tips")
        try write(Self.valid, to: input)
        let outputURL = directory.appendingPathComponent("gen/nested/Hello.tips.swift")
        let first = try TipcProcess.run([
            "compile", input.path, "--output-dir", directory.appendingPathComponent("gen/nested").path,
        ])
        #expect(first.status == 0, "\(first.standardError)")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: outputURL.path)

        let second = try TipcProcess.run([
            "compile", input.path, "--output-dir", directory.appendingPathComponent("gen/nested").path,
        ])
        #expect(second.status == 0)
        let unchanged = try FileManager.default.attributesOfItem(atPath: outputURL.path)[.modificationDate] as? Date
        #expect(unchanged == old)

        try write(Self.valid.replacingOccurrences(of: "\"Hello\"", with: "\"Hi there\""), to: input)
        let third = try TipcProcess.run([
            "compile", input.path, "--output-dir", directory.appendingPathComponent("gen/nested").path,
        ])
        #expect(third.status == 0)
        let changed = try FileManager.default.attributesOfItem(atPath: outputURL.path)[.modificationDate] as? Date
        #expect(changed != old)
        #expect(try String(contentsOf: outputURL, encoding: .utf8).contains("Hi there"))
    }

    @Test func pathsWithSpacesAndNonASCIIWork() throws {
        let temporary = TipcProcess.temporaryDirectory()
        let directory = temporary.appendingPathComponent("my tips é")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let input = directory.appendingPathComponent("Café Tips.tips")
        try write(Self.valid, to: input)
        let outputDirectory = directory.appendingPathComponent("out put")
        let output = try TipcProcess.run(["compile", input.path, "--output-dir", outputDirectory.path])
        #expect(output.status == 0, "\(output.standardError)")
        let text = try String(
            contentsOf: outputDirectory.appendingPathComponent("Café Tips.tips.swift"), encoding: .utf8)
        #expect(text.hasPrefix("// Generated by tipc \(TipcVersion.current) from Café Tips.tips."))
    }

    @Test func outputDirectoryThatIsAFileIsExitTwo() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        try write("not a directory", to: directory.appendingPathComponent("blocker"))
        let output = try TipcProcess.run(["compile", "A.tips", "--output-dir", "blocker"], in: directory)
        #expect(output.status == 2)
        #expect(output.standardError == "tipc: error: cannot write to 'blocker': it is not a directory\n")
    }

    @Test func accessLevelIsApplied() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        let output = try TipcProcess.run(
            ["compile", "A.tips", "--output-dir", "out", "--access-level", "public"], in: directory)
        #expect(output.status == 0)
        let text = try String(contentsOf: directory.appendingPathComponent("out/A.tips.swift"), encoding: .utf8)
        #expect(text.contains("public struct Hello: TipsRuntime.Tip, _TipcTip"))
        #expect(text.contains("public init() {}"))
        #expect(!text.contains("internal "))
    }

    /// As written on Linux, and as a Windows tool writes it (a UTF-8 byte order mark, CRLF line ends).
    @Test func optionsFileSuppliesOptions() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        for options in ["# for the plugin\n\n--access-level public\n", "\u{FEFF}--access-level public\r\n"] {
            try write(options, to: directory.appendingPathComponent("tipc.options"))
            let output = try TipcProcess.run(
                ["compile", "A.tips", "--output-dir", "out", "--options-file", "tipc.options"], in: directory)
            #expect(output.status == 0, "\(output.standardError)")
            let text = try String(contentsOf: directory.appendingPathComponent("out/A.tips.swift"), encoding: .utf8)
            #expect(text.contains("public struct Hello: TipsRuntime.Tip, _TipcTip"))
        }
    }

    @Test func aBadOptionsFileLineIsReportedAtItsLineAndColumn() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        let cases = [
            (
                "# access\n--access-level privat\n",
                "tipc.options:2:16: error: '--access-level' is internal, package or public, not 'privat'"
            ),
            (
                "\n\n   --acess-level public\n",
                "tipc.options:3:4: error: unknown option '--acess-level' for 'compile'; did you mean '--access-level'?"
            ),
            ("--warnings-as-errors --jobs\n", "tipc.options:1:22: error: option '--jobs' needs a value"),
            (
                "--options-file other\n",
                "tipc.options:1:1: error: options file 'tipc.options' may not name another options file"
            ),
        ]
        for (text, expected) in cases {
            try write(text, to: directory.appendingPathComponent("tipc.options"))
            let output = try TipcProcess.run(
                ["compile", "A.tips", "--options-file", "tipc.options", "--output-dir", "out"], in: directory)
            #expect(output.status == 2)
            #expect(output.standardError == expected + "\n")
        }
    }

    @Test func aBadOptionOnTheCommandLineIsStillTipcsOwn() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        try write("--warnings-as-errors\n", to: directory.appendingPathComponent("tipc.options"))
        let output = try TipcProcess.run(
            ["compile", "A.tips", "--options-file", "tipc.options", "--access-level", "open", "-o", "out"],
            in: directory)
        #expect(output.standardError == "tipc: error: '--access-level' is internal, package or public, not 'open'\n")
    }

    @Test func missingOptionsFileIsExitTwo() throws {
        let directory = TipcProcess.temporaryDirectory()
        try write(Self.valid, to: directory.appendingPathComponent("A.tips"))
        let output = try TipcProcess.run(["check", "A.tips", "--options-file", "nope.options"], in: directory)
        #expect(output.status == 2)
        #expect(output.standardError == "tipc: error: cannot read the options file 'nope.options': no such file\n")
    }
}
