import Foundation

/// The executable product `name` (`tipc`, `tips-store-stress`) that
/// `swift build` put in the build products directory beside the test bundle,
/// or in this package's `.build/debug` or `.build/release`; nil when none is
/// built.
///
/// ```swift
/// let tipc = try #require(builtExecutable(named: "tipc"))
/// ```
public func builtExecutable(named name: String) -> URL? {
    builtProductsDirectories().lazy.map { $0.appendingPathComponent(name) }.first { url in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
}

/// The directories a built product may be in, nearest to the running tests first.
private func builtProductsDirectories() -> [URL] {
    var directories: [URL] = []
    if let first = CommandLine.arguments.first {
        // From `.build/debug/tipcPackageTests.xctest` (or inside it) up to `.build/debug`.
        var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(directory)
            directory = directory.deletingLastPathComponent()
        }
    }
    if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    // This file is Tests/TipsTestSupport/BuiltExecutable.swift in the package.
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    for configuration in ["debug", "release"] {
        directories.append(packageRoot.appendingPathComponent(".build/\(configuration)"))
    }
    return directories
}
