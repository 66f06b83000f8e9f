import Foundation
import Testing
import TipsTestSupport

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `tips-store-stress`, built next to the test bundle; an issue recorded at
/// the caller when it is not there.
func requireStressTool(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(
        builtExecutable(named: "tips-store-stress"),
        "tips-store-stress is not built next to the tests (swift build builds it)", sourceLocation: sourceLocation)
}

/// A `tips-store-stress` child whose standard output goes to a file.
struct StressChild {
    let process: Process
    let output: URL
    private let handle: FileHandle

    /// Where its standard error goes, when it is kept apart.
    let errors: URL?
    private let errorHandle: FileHandle?

    /// Starts the tool with `arguments`, its standard output in `output`
    /// and, if `errors` is given, its standard error there.
    init(tool: URL, arguments: [String], output: URL, errors: URL? = nil) throws {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        handle = try FileHandle(forWritingTo: output)
        if let errors {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            errorHandle = try FileHandle(forWritingTo: errors)
        } else {
            errorHandle = nil
        }
        process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.standardOutput = handle
        if let errorHandle { process.standardError = errorHandle }
        self.output = output
        self.errors = errors
        try process.run()
    }

    /// Kills the child with SIGKILL and reaps it.
    func terminate() throws {
        _ = kill(process.processIdentifier, SIGKILL)
        try reap()
    }

    /// Waits for the child to exit, without blocking a thread of the cooperative pool for long.
    func finish(timeout: Double = 30) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
        try reap()
    }

    private func reap() throws {
        process.waitUntilExit()
        try handle.close()
        try errorHandle?.close()
    }

    /// Waits until the child has printed a whole line, or has exited, or
    /// `timeout` seconds have passed; whether it printed one. Blocks the
    /// calling thread: call it off the cooperative pool.
    func waitForFirstLine(timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline && !hasWholeLine { usleep(5_000) }
        return hasWholeLine
    }

    private var hasWholeLine: Bool { fileBytes(of: output).contains(UInt8(ascii: "\n")) }

    /// The whole lines the child printed (the last may have been cut by a kill).
    var lines: [Substring] {
        let text = String(decoding: fileBytes(of: output), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
}

/// Runs `body` on a thread of its own and returns what it returns. For tests
/// that time their steps against child processes: on the cooperative pool,
/// which blocking compiler tests keep busy in a whole `swift test` run, a
/// short wait can last seconds.
func onThreadOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}
