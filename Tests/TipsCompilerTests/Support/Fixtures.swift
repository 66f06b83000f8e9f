import Foundation

/// Locates test fixtures and other files relative to the package root, which
/// is found from this file's own path so tests run from any directory.
enum Fixtures {
    /// The package root: three folders above `Tests/TipsCompilerTests/Support/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/TipsCompilerTests/Fixtures`.
    static let root = packageRoot.appendingPathComponent("Tests/TipsCompilerTests/Fixtures")

    /// The shared acceptance samples (`../shared/samples` from the package root), if present.
    static var sharedSamples: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/samples")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The names of the files in `Fixtures/<subdirectory>` ending in `.<fileExtension>`, sorted.
    static func names(in subdirectory: String, withExtension fileExtension: String = "tips") -> [String] {
        let directory = root.appendingPathComponent(subdirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".\(fileExtension)") }.sorted()
    }

    /// The URL of `Fixtures/<subdirectory>/<name>`.
    static func url(_ subdirectory: String, _ name: String) -> URL {
        root.appendingPathComponent(subdirectory).appendingPathComponent(name)
    }

    /// The `.tips` files of the shared samples, sorted; empty when they are not present.
    static func sharedSampleURLs() -> [URL] {
        guard let directory = sharedSamples else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".tips") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Whether `TIPC_UPDATE_GOLDENS=1`: golden tests then rewrite their expected files.
    static var updatesGoldens: Bool { ProcessInfo.processInfo.environment["TIPC_UPDATE_GOLDENS"] == "1" }
}
