import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// `tipc format [--check]` as a user runs it: what it writes and its exit status.
@Suite(.serialized) struct FormatCommandTests {
    static let unformatted = "tip A { title \"A\"; rule  true }\n"
    static let formatted = "tip A {\n    title \"A\"\n    rule true\n}\n"
    static let broken = "tip A {\n    title \"A\"\n    rule 1 +\n}\n"

    func folder(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = TipcProcess.temporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    func read(_ directory: TemporaryDirectory, _ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func formatRewritesFilesInPlace() throws {
        let directory = try folder(["a.tips": Self.unformatted, "b.tips": Self.formatted])
        let output = try TipcProcess.run(["format", "a.tips", "b.tips"], in: directory)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        #expect(try read(directory, "a.tips") == Self.formatted)
        #expect(try read(directory, "b.tips") == Self.formatted)
    }

    @Test func checkListsWhatWouldChangeAndWritesNothing() throws {
        let directory = try folder(["a.tips": Self.unformatted, "b.tips": Self.formatted])
        let output = try TipcProcess.run(["format", "--check", "a.tips", "b.tips"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardOutput == "a.tips\n")
        #expect(try read(directory, "a.tips") == Self.unformatted)
        let clean = try TipcProcess.run(["format", "--check", "b.tips"], in: directory)
        #expect(clean.status == 0)
        #expect(clean.standardOutput.isEmpty)
    }

    /// A checkout that ends lines in CRLF (Git for Windows' default) keeps
    /// them: the file's first line break decides, so `--check` passes a
    /// formatted CRLF file and a file whose lines end both ways is written
    /// the way its first line ends.
    @Test func aFileKeepsItsCRLFLineEnds() throws {
        func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }
        let mixed = "tip A {\r\n    title \"A\"\n    rule  true\n}\n"
        let directory = try folder(["a.tips": crlf(Self.unformatted), "b.tips": crlf(Self.formatted), "c.tips": mixed])
        let check = try TipcProcess.run(["format", "--check", "a.tips", "b.tips", "c.tips"], in: directory)
        #expect(check.status == 1)
        #expect(check.standardOutput == "a.tips\nc.tips\n")
        let output = try TipcProcess.run(["format", "a.tips", "b.tips", "c.tips"], in: directory)
        #expect(output.status == 0, "\(output.standardError)")
        for name in ["a.tips", "b.tips", "c.tips"] { #expect(try read(directory, name) == crlf(Self.formatted)) }
        #expect(try TipcProcess.run(["format", "--check", "a.tips", "b.tips", "c.tips"], in: directory).status == 0)
    }

    /// A UTF-8 byte order mark, as Windows tools write, is kept too: a
    /// formatted file with one passes `--check`, and formatting one keeps it.
    @Test func aFileKeepsItsByteOrderMark() throws {
        let mark = "\u{FEFF}"
        let directory = try folder(["a.tips": mark + Self.unformatted, "b.tips": mark + Self.formatted])
        let check = try TipcProcess.run(["format", "--check", "a.tips", "b.tips"], in: directory)
        #expect(check.standardOutput == "a.tips\n")
        #expect(try TipcProcess.run(["format", "a.tips"], in: directory).status == 0)
        let written = try Data(contentsOf: directory.appendingPathComponent("a.tips"))
        #expect(Array(written) == [0xEF, 0xBB, 0xBF] + Array(Self.formatted.utf8))
    }

    @Test func aFileWithSyntaxErrorsIsLeftAloneWithItsDiagnostics() throws {
        let directory = try folder(["bad.tips": Self.broken, "a.tips": Self.unformatted])
        let output = try TipcProcess.run(["format", "bad.tips", "a.tips"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardError.hasPrefix("bad.tips:3:13: error: expected an expression after '+'"))
        #expect(try read(directory, "bad.tips") == Self.broken)
        // The other file is still formatted.
        #expect(try read(directory, "a.tips") == Self.formatted)
    }

    @Test func aDashFormatsStandardInputToStandardOutput() throws {
        guard let executable = TipcProcess.executable else { return }
        for (input, output, status) in [
            (Self.unformatted, Self.formatted, Int32(0)), (Self.broken, Self.broken, Int32(1)),
        ] {
            let run = try ChildProcess.run(executable, ["format", "-"], input: Data(input.utf8))
            #expect(run.output == output)
            #expect(run.status == status)
        }
    }

    @Test func formattingKeepsTheFilesPermissions() throws {
        let directory = try folder(["a.tips": Self.unformatted])
        let path = directory.appendingPathComponent("a.tips").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try TipcProcess.run(["format", "a.tips"], in: directory).status == 0)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try read(directory, "a.tips") == Self.formatted)
    }

    @Test func usageErrors() throws {
        let none = try TipcProcess.run(["format"])
        #expect(none.status == 2)
        let unknown = try TipcProcess.run(["format", "--chek", "a.tips"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "tipc: error: unknown option '--chek' for 'format'; did you mean '--check'?\n")
        let directory = TipcProcess.temporaryDirectory()
        let missing = try TipcProcess.run(["format", "missing.tips"], in: directory)
        #expect(missing.status == 2)
        // Read as every command reads its inputs, with the same reasons.
        #expect(missing.standardError == "tipc: error: cannot read 'missing.tips': no such file\n")
        #expect(
            try TipcProcess.run(["format", "."], in: directory).standardError
                == "tipc: error: cannot read '.': it is a directory; name its .tips files, as in './*.tips'\n")
        #expect(try TipcProcess.run(["help", "format"]).standardOutput.contains("--check"))
    }
}
