import Foundation

/// Runs the toolchain's `swiftc` on generated code, against the TipsRuntime
/// module that `swift build` put in this package's build directory.
enum SwiftCompiler {
    /// The `swiftc` next to the running toolchain, if found.
    static let swiftc: URL? = {
        var candidates = ["/opt/swift/usr/bin/swiftc"]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/swiftc")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }()

    /// The directory holding the built `TipsRuntime.swiftmodule`, if any (debug builds first).
    /// `TIPC_RUNTIME_MODULES` overrides the search.
    static let runtimeModuleDirectory: URL? = {
        if let override = ProcessInfo.processInfo.environment["TIPC_RUNTIME_MODULES"] {
            return URL(fileURLWithPath: override)
        }
        let build = Fixtures.packageRoot.appendingPathComponent(".build")
        let candidates = ["debug/Modules", "debug", "release/Modules", "release"]
        for candidate in candidates {
            let directory = build.appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("TipsRuntime.swiftmodule").path)
            {
                return directory
            }
        }
        return nil
    }()

    /// Typechecks `source` as Swift 6 against TipsRuntime; returns the exit status and output.
    static func typecheck(
        source: String, fileName: String, extraArguments: [String]
    ) throws -> (status: Int32, output: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tipc-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(fileName)
        try Data(source.utf8).write(to: file)
        return try typecheck(files: [file], extraArguments: extraArguments)
    }

    /// Typechecks files together as one module.
    static func typecheck(files: [URL], extraArguments: [String]) throws -> (status: Int32, output: String) {
        guard let swiftc, let modules = runtimeModuleDirectory else { return (-1, "no swiftc or runtime module") }
        let process = Process()
        process.executableURL = swiftc
        process.arguments =
            ["-typecheck", "-swift-version", "6", "-I", modules.path, "-package-name", "goldens"]
            + extraArguments + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
