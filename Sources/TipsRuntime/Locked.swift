import Foundation

/// A value guarded by an `NSLock` (portable to every OS version the runtime
/// serves, unlike `Synchronization.Mutex`); the compiler's parallel stages use it too.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
