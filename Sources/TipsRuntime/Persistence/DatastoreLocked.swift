import Foundation

/// A value guarded by an `NSLock` (not `Synchronization.Mutex`, which needs
/// newer OS versions than the runtime serves).
final class DatastoreLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
