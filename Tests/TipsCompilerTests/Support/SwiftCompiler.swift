import Foundation
import TipsTestSupport

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

    /// The object files `swift build` compiled TipsRuntime into, to link a program that runs generated code:
    /// one per source file the runtime has now (the build directory keeps those of deleted files).
    static var runtimeObjects: [URL] {
        guard let modules = runtimeModuleDirectory else { return [] }
        let sources = runtimeSourceNames
        for build in [modules.deletingLastPathComponent(), modules] {
            let directory = build.appendingPathComponent("TipsRuntime.build")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let objects = names.filter { $0.hasSuffix(".swift.o") && sources.contains(String($0.dropLast(2))) }
                .sorted().map(directory.appendingPathComponent)
            if !objects.isEmpty { return objects }
        }
        return []
    }

    /// The file names of TipsRuntime's Swift sources.
    static var runtimeSourceNames: Set<String> {
        let root = Fixtures.packageRoot.appendingPathComponent("Sources/TipsRuntime")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return Set(files.filter { $0.hasSuffix(".swift") }.map { URL(fileURLWithPath: $0).lastPathComponent })
    }

    /// Runs `swiftc` (Swift 6, TipsRuntime's module on the search path) with `arguments`.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let swiftc, let modules = runtimeModuleDirectory else { return (-1, "no swiftc or runtime module") }
        return try Self.process(swiftc, ["-swift-version", "6", "-I", modules.path] + arguments)
    }

    /// Runs `executable` and collects its output and error output together.
    static func process(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run(executable, arguments, errorsInOutput: true)
        return (result.status, result.output)
    }

    /// Writes each of `sources` (generated Swift, a test's own files) under
    /// its file name into a new temporary directory, for `swiftc`; the
    /// directory, which the caller keeps for as long as it compiles or runs
    /// what is in it, and the files' URLs in the order given.
    static func write(
        _ sources: [(fileName: String, text: String)], prefix: String
    ) throws -> (directory: TemporaryDirectory, files: [URL]) {
        let directory = TemporaryDirectory(prefix)
        let files = try sources.map { source in
            let url = directory.appendingPathComponent(source.fileName)
            try Data(source.text.utf8).write(to: url)
            return url
        }
        return (directory, files)
    }

    /// Typechecks `source` as Swift 6 against TipsRuntime; returns the exit status and output.
    static func typecheck(
        source: String, fileName: String, extraArguments: [String]
    ) throws -> (status: Int32, output: String) {
        let (directory, files) = try write([(fileName, source)], prefix: "tipc-typecheck")
        return try withExtendedLifetime(directory) { try typecheck(files: files, extraArguments: extraArguments) }
    }

    /// Typechecks files together as one module.
    static func typecheck(files: [URL], extraArguments: [String]) throws -> (status: Int32, output: String) {
        try run(["-typecheck", "-package-name", "goldens"] + extraArguments + files.map(\.path))
    }
}
