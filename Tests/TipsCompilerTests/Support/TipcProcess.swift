import Foundation
import TipsTestSupport

/// Runs the built `tipc` executable.
enum TipcProcess {
    /// The `tipc` binary in the build products directory beside the test bundle.
    static let executable: URL? = {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
            // From `.build/debug/tipcPackageTests.xctest` (or inside it) up to `.build/debug`.
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("tipc"))
                directory = directory.deletingLastPathComponent()
            }
        }
        for configuration in ["debug", "release"] {
            candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/\(configuration)/tipc"))
        }
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `tipc` with `arguments` in `directory`.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Output {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `tipc` with `arguments` in `directory`, which stays until it has run.
    static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> Output {
        try withExtendedLifetime(directory) { try run(arguments, in: directory.url) }
    }

    /// A fresh temporary directory for a command's files, removed when the
    /// caller's last reference to it goes.
    static func temporaryDirectory() -> TemporaryDirectory {
        TemporaryDirectory("tipc-cli")
    }
}
