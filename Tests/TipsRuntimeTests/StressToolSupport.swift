import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `tips-store-stress`, built next to the test bundle (`swift build` builds it).
func stressToolURL() -> URL? {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    return directories.lazy.map { $0.appendingPathComponent("tips-store-stress") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// A `tips-store-stress` child whose standard output goes to a file.
struct StressChild {
    let process: Process
    let output: URL
    private let handle: FileHandle

    /// Starts the tool with `arguments`, its standard output in `output`.
    init(tool: URL, arguments: [String], output: URL) throws {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        handle = try FileHandle(forWritingTo: output)
        process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.standardOutput = handle
        self.output = output
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
    }

    /// The whole lines the child printed (the last may have been cut by a kill).
    var lines: [Substring] {
        let text = String(decoding: fileBytes(of: output), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
}
