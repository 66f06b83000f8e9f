import Foundation

/// A new, empty directory under the system's temporary directory, removed
/// with everything in it when the last reference goes.
///
/// ```swift
/// let store = TemporaryDirectory("trails-e2e")
/// try await center.configure([.datastoreLocation(.url(store.url))])
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory, its name starting with `prefix`.
    public init(_ prefix: String = "tipc-tests") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    public func appendingPathComponent(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// The names of the files in the directory, sorted.
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
