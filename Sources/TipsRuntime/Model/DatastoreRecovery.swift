import Foundation

extension Tips {
    /// A report that a corrupt or unreadable datastore was set aside (renamed,
    /// never deleted) and replaced by an empty one.
    public struct DatastoreRecovery: Sendable, Hashable, CustomStringConvertible {
        /// Where the unreadable store was.
        public let originalURL: URL
        /// Where it was moved to, or nil when it could not be moved.
        public let movedTo: URL?
        /// What was wrong with it.
        public let reason: String

        /// Creates a recovery report.
        public init(originalURL: URL, movedTo: URL?, reason: String) {
            self.originalURL = originalURL
            self.movedTo = movedTo
            self.reason = reason
        }

        /// A readable one-line report.
        public var description: String {
            let destination = movedTo.map { "moved to \($0.path)" } ?? "could not be moved"
            return "Tips datastore at \(originalURL.path) was unreadable (\(reason)); \(destination)."
        }
    }
}
