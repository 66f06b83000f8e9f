import Foundation

#if canImport(os)
    import os
#endif

extension Tips {
    /// What the runtime did when it found a datastore it could not use.
    ///
    /// The app never crashes because of its store, and nothing in it is
    /// deleted: a damaged file is set aside (renamed) and every record that
    /// still verifies is kept; a store written by a newer release is left
    /// untouched while this process runs from an empty in-memory state.
    /// When writes are refused (a full or failing disk, a read-only mount),
    /// that is reported once, with the store's directory as ``originalURL``:
    /// changes stay in memory and writing is retried until it succeeds.
    public struct DatastoreRecovery: Sendable, CustomStringConvertible {
        /// The file that could not be used.
        public let originalURL: URL
        /// Where that file was moved, or nil when it was left in place.
        public let movedTo: URL?
        /// Why the file could not be used, in words.
        public let reason: String

        init(originalURL: URL, movedTo: URL?, reason: String) {
            self.originalURL = originalURL
            self.movedTo = movedTo
            self.reason = reason
        }

        /// One line for a log.
        public var description: String {
            let line =
                if let movedTo {
                    "Tips datastore \(originalURL.path) set aside to \(movedTo.path): \(reason)"
                } else {
                    "Tips datastore \(originalURL.path) left in place: \(reason)"
                }
            return line.replacingOccurrences(of: "\n", with: " ")
        }

        /// What happens to a recovery when the app passes no
        /// `.onDatastoreRecovery`: its ``description`` goes to the unified
        /// log on Apple platforms, else as one line to standard error.
        static let defaultHandler: @Sendable (DatastoreRecovery) -> Void = { recovery in
            #if canImport(os)
                Logger(subsystem: "TipsRuntime", category: "Datastore").error(
                    "\(recovery.description, privacy: .public)")
            #else
                FileHandle.standardError.write(Data("\(recovery.description)\n".utf8))
            #endif
        }
    }
}
