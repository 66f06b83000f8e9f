/// What a process about to exit keeps instead of freeing.
///
/// `tipc compile` and `tipc check` end right after they report and write:
/// freeing their compilation object by object (its syntax trees and checked
/// model are hundreds of thousands of small allocations for the benchmark's
/// 10,000 tips) costs more than the exit, which returns the process's memory
/// at once. Leaving them to the exit takes `tipc compile` of those tips from
/// 394–479 ms of CPU to 303–346 ms (`perf stat`, five runs of each, taken in
/// turn). Clang leaves its syntax trees to the exit the same way
/// (`-disable-free`).
enum LeftToExit {
    /// Keeps `value` alive until the process exits: it is never freed.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Kept(value))
    }
}

/// A value kept by ``LeftToExit/keep(_:)``, referenced only by the retain that keeps it.
private final class Kept<Value> {
    let value: Value

    init(_ value: Value) { self.value = value }
}
