import Foundation
import Testing
import TipsTestSupport

@testable import TipcCommandLine
@testable import TipsCompiler

/// `tipc lock` and `--lock` as a terminal uses them: exit statuses, what is
/// printed, and that a lock is never rewritten from input with errors.
@Suite(.serialized) struct LockCLITests {
    static let v1 = """
        parameter isLoggedIn: Bool = false
        event opened
        tip Welcome {
            title "Welcome"
            rule isLoggedIn && opened.count > 0
        }

        """

    /// A directory holding `App.tips` with `text`.
    static func app(_ text: String) throws -> TemporaryDirectory {
        let directory = TipcProcess.temporaryDirectory()
        try Data(text.utf8).write(to: directory.appendingPathComponent("App.tips"))
        return directory
    }

    static func contents(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func lockWritesTheLockAndSaysWhatChanged() throws {
        let directory = try Self.app(Self.v1)
        let first = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        #expect(first.status == 0)
        #expect(
            first.standardOutput
                == "tipc.lock: 3 changes\n  added event 'opened'\n  added parameter 'isLoggedIn': Bool\n  added tip 'Welcome'\n"
        )
        #expect(first.standardError == "")
        let lockURL = directory.appendingPathComponent("tipc.lock")
        let written = try #require(Self.contents(lockURL))
        #expect(written.hasSuffix("format 1\n\nevent opened\nparameter isLoggedIn: Bool\ntip Welcome \"Welcome\"\n"))
        let again = try TipcProcess.run(["lock", "App.tips", "-o", "tipc.lock"], in: directory)
        #expect(again.status == 0)
        #expect(again.standardOutput == "tipc.lock is up to date\n")
        #expect(Self.contents(lockURL) == written)
    }

    /// A lock checked out with CRLF line ends keeps them: up to date, it is
    /// left alone; updated, every line of it ends in CRLF.
    @Test func aLockWithCRLFLineEndsKeepsThem() throws {
        let directory = try Self.app(Self.v1)
        let lockURL = directory.appendingPathComponent("tipc.lock")
        _ = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        let crlf = try #require(Self.contents(lockURL)).replacingOccurrences(of: "\n", with: "\r\n")
        try Data(crlf.utf8).write(to: lockURL)
        let again = try TipcProcess.run(["lock", "App.tips", "-o", "tipc.lock"], in: directory)
        #expect(again.standardOutput == "tipc.lock is up to date\n")
        #expect(Self.contents(lockURL) == crlf)
        let v2 = Self.v1.replacingOccurrences(of: "event opened", with: "event opened\nevent closed")
        try Data(v2.utf8).write(to: directory.appendingPathComponent("App.tips"))
        let changed = try TipcProcess.run(["lock", "App.tips", "-o", "tipc.lock"], in: directory)
        #expect(changed.standardOutput == "tipc.lock: 1 change\n  added event 'closed'\n")
        let written = try #require(Self.contents(lockURL))
        #expect(written.contains("event closed\r\nevent opened\r\n"))
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no line ends in LF alone")
    }

    /// A lock a Windows tool saved with a UTF-8 byte order mark still reads,
    /// and `tipc lock` keeps the mark rather than rewriting an unchanged lock.
    @Test func aLockWithAByteOrderMarkReadsAndKeepsIt() throws {
        let directory = try Self.app(Self.v1)
        let lockURL = directory.appendingPathComponent("tipc.lock")
        _ = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        let marked = [0xEF, 0xBB, 0xBF] + Array(try Data(contentsOf: lockURL))
        try Data(marked).write(to: lockURL)
        let check = try TipcProcess.run(["check", "App.tips", "--lock", "tipc.lock"], in: directory)
        #expect(check.status == 0, "\(check.standardError)")
        let again = try TipcProcess.run(["lock", "App.tips", "-o", "tipc.lock"], in: directory)
        #expect(again.standardOutput == "tipc.lock is up to date\n")
        #expect(Array(try Data(contentsOf: lockURL)) == marked)
    }

    @Test func checkCompileAndTestReportWhatTheLockForbids() throws {
        let directory = try Self.app(Self.v1)
        _ = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        let v2 = Self.v1.replacingOccurrences(of: "tip Welcome {", with: "tip Welcomes {")
        try Data(v2.utf8).write(to: directory.appendingPathComponent("App.tips"))
        let error =
            "App.tips:3:5: error: locked tip 'Welcome' is gone: people who closed Welcome will see it again, and its displays count from zero; did you rename it to 'Welcomes'? Add `renamedFrom Welcome` to it (an item of the tip), or run `tipc lock` to accept the reset\n"
        let check = try TipcProcess.run(["check", "App.tips", "--lock", "tipc.lock"], in: directory)
        #expect(check.status == 1)
        #expect(check.standardError.hasPrefix(error))
        let compile = try TipcProcess.run(
            ["compile", "App.tips", "--lock", "tipc.lock", "--output-dir", "out"], in: directory)
        #expect(compile.status == 1)
        #expect(compile.standardError.hasPrefix(error))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
        // As TipsPlugin runs it: the error names the package's command.
        let plugin = try TipcProcess.run(
            [
                "compile", "App.tips", "--lock", "tipc.lock", "--lock-update",
                "swift package --allow-writing-to-package-directory tips-lock --target App", "--output-dir", "out",
            ], in: directory)
        #expect(plugin.status == 1)
        #expect(
            plugin.standardError.hasPrefix(
                error.replacingOccurrences(
                    of: "`tipc lock`",
                    with: "`swift package --allow-writing-to-package-directory tips-lock --target App`")))
        let test = try TipcProcess.run(["test", "App.tips", "--lock", "tipc.lock"], in: directory)
        #expect(test.status == 1)
        #expect(test.standardError.hasPrefix(error))
        // Without --lock nothing is checked.
        #expect(try TipcProcess.run(["check", "App.tips"], in: directory).status == 0)
        // `tipc lock` accepts the reset, and says so.
        let accept = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        #expect(accept.standardOutput == "tipc.lock: 2 changes\n  added tip 'Welcomes'\n  retired tip 'Welcome'\n")
        #expect(try TipcProcess.run(["check", "App.tips", "--lock", "tipc.lock"], in: directory).status == 0)
    }

    @Test func lockNeverRewritesTheLockFromInputWithErrors() throws {
        let directory = try Self.app(Self.v1)
        _ = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        let lockURL = directory.appendingPathComponent("tipc.lock")
        let before = try #require(Self.contents(lockURL))
        try Data("tip Broken {\n".utf8).write(to: directory.appendingPathComponent("App.tips"))
        let output = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
        #expect(output.status == 1)
        #expect(output.standardError.hasSuffix("errors in the input; 'tipc.lock' was not written\n"))
        #expect(Self.contents(lockURL) == before)
    }

    @Test func lockNeverRewritesADamagedOrNewerLock() throws {
        let directory = try Self.app(Self.v1)
        let lockURL = directory.appendingPathComponent("tipc.lock")
        for damaged in ["format 1\nretired tip Old\n", "format 2\nsomething new\n"] {
            try Data(damaged.utf8).write(to: lockURL)
            let output = try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory)
            #expect(output.status == 1)
            #expect(output.standardError.hasPrefix("tipc.lock:"))
            #expect(output.standardError.hasSuffix("'tipc.lock' was not written\n"))
            #expect(Self.contents(lockURL) == damaged)
        }
    }

    @Test func anEmptyLockFileIsFilledAndAMissingOneIsAUsageError() throws {
        let directory = try Self.app(Self.v1)
        let lockURL = directory.appendingPathComponent("tipc.lock")
        try Data("\n".utf8).write(to: lockURL)
        #expect(try TipcProcess.run(["lock", "App.tips", "--output", "tipc.lock"], in: directory).status == 0)
        #expect(Self.contents(lockURL)?.contains("tip Welcome") == true)
        let missing = try TipcProcess.run(["check", "App.tips", "--lock", "nope.lock"], in: directory)
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "tipc: error: cannot read the lock 'nope.lock': no such file; write it with 'tipc lock'\n")
        let folder = try TipcProcess.run(["check", "App.tips", "--lock", "."], in: directory)
        #expect(folder.status == 2)
        #expect(folder.standardError == "tipc: error: cannot read the lock '.': it is a directory\n")
        let noOutput = try TipcProcess.run(["lock", "App.tips"], in: directory)
        #expect(noOutput.status == 2)
        #expect(noOutput.standardError == "tipc: error: 'lock' needs '--output <tipc.lock>'\n")
    }

    @Test func theCommandLineParsesLockOptions() throws {
        #expect(
            try CommandLineArguments.parse(["lock", "a.tips", "b.tips", "--output", "x.lock", "-j", "2"])
                == .lock(LockCommand(io: InputsAndOutput(files: ["a.tips", "b.tips"], output: "x.lock", jobs: 2))))
        #expect(
            try CommandLineArguments.parse(["check", "a.tips", "--lock", "tipc.lock"])
                == .check(files: ["a.tips"], warningsAsErrors: false, jobs: nil, lock: "tipc.lock"))
        #expect(
            try CommandLineArguments.parse(["test", "a.tips", "--lock=tipc.lock"])
                == .test(files: ["a.tips"], filter: nil, junitXMLPath: nil, lock: "tipc.lock"))
        #expect(HelpText.command("lock").contains("USAGE: tipc lock <file.tips>... --output <tipc.lock>"))
        #expect(HelpText.command("check").contains("--lock <tipc.lock>"))
        #expect(
            try CommandLineArguments.parse(["check", "a.tips", "--lock", "l", "--lock-update", "make lock"])
                == .check(files: ["a.tips"], warningsAsErrors: false, jobs: nil, lock: "l", lockUpdate: "make lock"))
        #expect(HelpText.command("compile").contains("--lock-update <command>"))
    }
}
