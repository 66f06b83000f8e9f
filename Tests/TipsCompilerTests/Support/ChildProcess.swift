import Foundation
import TipsTestSupport

/// Runs an executable as a child process to its end: its standard input
/// given at once, its output and error output collected.
enum ChildProcess {
    /// How the child ended and what it wrote.
    struct Result {
        var status: Int32
        var standardOutput: Data
        /// Empty when the error output went with the standard output.
        var standardError: Data

        /// The standard output, as UTF-8 text.
        var output: String { String(decoding: standardOutput, as: UTF8.self) }
        /// The error output, as UTF-8 text.
        var errors: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `directory` (by default the
    /// tests' own), writes `input` to its standard input and closes it, and
    /// waits for it to exit. With `errorsInOutput`, its error output goes
    /// into the same pipe as its standard output, in the order written.
    ///
    /// The input is written and the error output read on threads of their
    /// own while this one reads the output: a child that fills one pipe
    /// while the parent waits on another would otherwise wait forever. Not
    /// on Dispatch's global queue: on Linux it runs as many blocks at once
    /// as there are cores, and the blocks of other tests' children, each
    /// blocked reading a pipe for as long as its child runs, kept a child
    /// here waiting on a full pipe until the test's time limit.
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
        errorsInOutput: Bool = false
    ) throws -> Result {
        // `swiftc` leaves an empty directory in `TMPDIR` at each run (Swift
        // 6.3's driver), about forty for each run of the tests: each child's
        // is a directory of its own, removed once it exits.
        let scratch = TemporaryDirectory("tipc-child")
        defer { withExtendedLifetime(scratch) {} }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let standardInput = input.map { _ in Pipe() }
        if let standardInput { process.standardInput = standardInput }
        let output = Pipe()
        let errors = errorsInOutput ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let others = DispatchGroup()
        func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
            others.enter()
            Thread {
                body()
                others.leave()
            }.start()
        }
        if let standardInput, let input {
            let writing = standardInput.fileHandleForWriting
            onThreadOfItsOwn {
                writing.write(input)
                try? writing.close()
            }
        }
        let errorData = Collected()
        if !errorsInOutput {
            let reading = errors.fileHandleForReading
            onThreadOfItsOwn { errorData.data = reading.readDataToEndOfFile() }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        others.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: outputData, standardError: errorData.data)
    }

    /// Bytes one thread collects and another reads once the group it ran in is done.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
