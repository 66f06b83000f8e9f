import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// The `tipc test` executable: what goes to which stream, and the exit statuses.
@Suite(.serialized) struct ScenarioCLITests {
    static let tips = """
        parameter on: Bool = false
        tip Hello {
            title "Hello"
            rule on
        }
        scenario "Hello once it is on" {
            expect Hello pending
            set on = true
            expect Hello available
        }
        scenario "Hello at once" {
            expect Hello available
        }

        """

    /// A new directory holding `Hello.tips`.
    func directory() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("tipc-test-cli")
        try Data(Self.tips.utf8).write(to: directory.appendingPathComponent("Hello.tips"))
        return directory
    }

    @Test func aFailedScenarioExitsOneWithItsStepOnStandardOutput() throws {
        let folder = try directory()
        let output = try TipcProcess.run(["test", "Hello.tips", "--junit-xml", "report.xml"], in: folder)
        #expect(output.status == 1)
        #expect(output.standardError.isEmpty)
        #expect(
            output.standardOutput == """
                PASS  Hello once it is on
                FAIL  Hello at once
                Hello.tips:12:5: error: expected Hello to be available, but it is pending
                    rule Hello.tips:4 `on`: does not hold (on = false)
                1 passed, 1 failed

                """)
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.contains(#"<testcase classname="Hello.tips" name="Hello at once">"#))
    }

    /// A scenario that ends with a hold in force (or restarts with one)
    /// owns it: it ends with the scenario, and the runtime's warning about a
    /// hold let go without release() is not printed.
    @Test func aHoldInForceAtTheEndIsTheScenariosOwn() throws {
        let folder = TemporaryDirectory("tipc-test-cli")
        let tips = """
            tip Hello {
                title "Hello"
                maxDisplayCount 3
            }
            scenario "Held at the end" {
                hold "checkout"
                expect Hello pending
            }
            scenario "Held across a restart" {
                hold "sheet"
                restart
                expect Hello available
            }

            """
        try Data(tips.utf8).write(to: folder.appendingPathComponent("Held.tips"))
        let output = try TipcProcess.run(["test", "Held.tips"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty, "\(output.standardError)")
        #expect(output.standardOutput == "PASS  Held at the end\nPASS  Held across a restart\n2 passed, 0 failed\n")
    }

    @Test func passingScenariosExitZero() throws {
        let folder = try directory()
        let output = try TipcProcess.run(["test", "Hello.tips", "--filter", "once it is on"], in: folder)
        #expect(output.status == 0)
        #expect(output.standardOutput == "PASS  Hello once it is on\n1 passed, 0 failed\n")
    }

    @Test func badUsageExitsTwo() throws {
        let output = try TipcProcess.run(["test", "--junit-xml"])
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "tipc: error: option '--junit-xml' needs a value\n")
        let missing = try TipcProcess.run(["test", "/no/such/file.tips"])
        #expect(missing.status == 2)
        let folder = try directory()
        let report = try TipcProcess.run(["test", "Hello.tips", "--junit-xml", "reports/tipc.xml"], in: folder)
        #expect(report.status == 2)
        #expect(
            report.standardError
                == "tipc: error: cannot write 'reports/tipc.xml': the folder 'reports' does not exist\n")
    }
}
