import Foundation
import Testing

/// The tests' one way to run a child process reads and writes every pipe at
/// once, so a child that fills one pipe while the parent is busy with
/// another still runs to its end (a child left waiting fails the test at its time limit).
@Suite(.timeLimit(.minutes(1))) struct ChildProcessTests {
    private static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aChildThatFillsItsErrorOutputBeforeWritingItsOutputRunsToItsEnd() throws {
        let result = try ChildProcess.run(Self.shell, ["-c", "head -c 300000 /dev/zero >&2; echo done"])
        #expect(result.status == 0)
        #expect(result.output == "done\n")
        #expect(result.standardError.count == 300_000)
    }

    @Test func aChildThatEchoesMoreThanAPipeHoldsGetsAllItsInput() throws {
        let input = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        let result = try ChildProcess.run(Self.shell, ["-c", "cat"], input: input)
        #expect(result.status == 0)
        #expect(result.standardOutput == input)
    }
}
