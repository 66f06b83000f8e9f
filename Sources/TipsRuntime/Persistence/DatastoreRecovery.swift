import Foundation

extension Tips {
    /// What the runtime did when it found a datastore it could not use.
    ///
    /// The app never crashes because of its store: an unreadable store is set
    /// aside (renamed, never deleted) and replaced by an empty one, and a store
    /// written by a newer release is left untouched while this process runs
    /// from an empty in-memory state. When writes start failing (a full or
    /// failing disk), that is reported once, with the store's directory as
    /// ``originalURL``: changes stay in memory and are written with the next
    /// commit that succeeds.
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
            if let movedTo {
                return "Tips datastore \(originalURL.path) set aside to \(movedTo.path): \(reason)"
            }
            return "Tips datastore \(originalURL.path) left in place: \(reason)"
        }
    }
}
