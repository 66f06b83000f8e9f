import Foundation

/// A new, empty directory under the system's temporary directory, removed
/// with everything in it when the last reference goes, and again when the
/// process exits (a datastore that outlives its test may make it anew).
///
/// A `static let` holds one for every test of the process: it goes only
/// when the process exits.
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
        DirectoriesRemovedAtExit.shared.add(url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The directory's path.
    public var path: String { url.path }

    /// A path inside the directory.
    public func appendingPathComponent(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// The names of the files in the directory, sorted.
    public func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

/// Every directory a `TemporaryDirectory` made, removed (if it is there)
/// by an `atexit` handler registered with the first.
private final class DirectoriesRemovedAtExit: @unchecked Sendable {
    static let shared = DirectoriesRemovedAtExit()

    private let lock = NSLock()
    // Guarded by `lock`.
    private var urls: [URL] = []

    private init() {
        atexit { DirectoriesRemovedAtExit.shared.removeAll() }
    }

    func add(_ url: URL) {
        lock.withLock { urls.append(url) }
    }

    private func removeAll() {
        for url in lock.withLock({ urls }) { try? FileManager.default.removeItem(at: url) }
    }
}
