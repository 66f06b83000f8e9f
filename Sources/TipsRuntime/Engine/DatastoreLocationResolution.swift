import Foundation

extension Tips.DatastoreLocation {
    /// The directory this location names.
    ///
    /// - Parameter environment: where `XDG_DATA_HOME` and `HOME` are read on Linux.
    func resolve(environment: [String: String]) throws -> URL {
        switch self {
        case .url(let url):
            return url
        case .inMemory:
            // Never read: `configure` makes an in-memory datastore for this
            // location instead of opening a directory.
            return URL(fileURLWithPath: "/dev/null")
        case .applicationDefault:
            return Self.dataRoot(environment: environment)
                .appendingPathComponent(Self.applicationName, isDirectory: true)
                .appendingPathComponent("Tips", isDirectory: true)
        case .groupContainer(let identifier):
            #if os(Linux) || os(Windows) || os(Android)
                return Self.dataRoot(environment: environment)
                    .appendingPathComponent(identifier, isDirectory: true)
                    .appendingPathComponent("Tips", isDirectory: true)
            #else
                guard
                    let container = FileManager.default.containerURL(
                        forSecurityApplicationGroupIdentifier: identifier)
                else { throw Tips.ConfigurationError.groupContainerUnavailable(identifier: identifier) }
                return container.appendingPathComponent("Library/Application Support/Tips", isDirectory: true)
            #endif
        }
    }

    /// The process's name, used as the application's directory.
    static var applicationName: String {
        let name = ProcessInfo.processInfo.processName
        return name.isEmpty ? "TipsRuntime" : name
    }

    /// The per-user data root: `$XDG_DATA_HOME` or `~/.local/share` on Linux,
    /// Application Support on Apple platforms.
    static func dataRoot(environment: [String: String]) -> URL {
        #if os(Linux) || os(Windows) || os(Android)
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                return URL(fileURLWithPath: xdg, isDirectory: true)
            }
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            return home.appendingPathComponent(".local/share", isDirectory: true)
        #else
            let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            return support ?? FileManager.default.temporaryDirectory
        #endif
    }
}
