import Foundation

/// Splits work over contiguous ranges run at the same time, for the stages
/// whose items are independent (files to parse, tips to check or emit).
///
/// The results come back in range order, so output and diagnostics do not
/// depend on how many jobs ran or how the threads were scheduled.
enum Parallel {
    /// How many jobs a compilation runs by default: one per active processor.
    static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Splits `0..<count` into at most `jobs` contiguous ranges of at least
    /// `minimumChunk` items (one range when that leaves fewer than two), runs
    /// `body` on each at the same time, and returns the results in range order.
    static func map<Result: Sendable>(
        _ count: Int, jobs: Int, minimumChunk: Int = 1, _ body: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let chunks = max(1, min(jobs, count / max(1, minimumChunk)))
        return mapEach(chunks, jobs: jobs) { chunk in
            body((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
        }
    }

    /// Runs `body(index)` on every index of `0..<count`, on up to `jobs`
    /// threads that each take the next index not yet taken, so that uneven
    /// items balance out; returns the results in index order.
    static func mapEach<Result: Sendable>(
        _ count: Int, jobs: Int, _ body: @Sendable (_ index: Int) -> Result
    ) -> [Result] {
        let workers = jobs > 1 && count > 1 ? min(jobs, count) : 1
        guard workers > 1 else { return (0..<count).map(body) }
        let slots = Slots<Result>(count: count)
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.take { $0 < count ? ($0, $0 + 1) : (nil, $0) }
                guard let index else { return }
                slots.store(body(index), at: index)
            }
        }
        return slots.values
    }

    /// Runs `first` and `second` at the same time when `jobs` allows, and
    /// returns both results.
    static func both<First: Sendable, Second: Sendable>(
        jobs: Int, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard jobs > 1 else { return (first(), second()) }
        let firstResult = Slots<First>(count: 1)
        let secondResult = Slots<Second>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { firstResult.store(first(), at: 0) } else { secondResult.store(second(), at: 0) }
        }
        // Both slots are filled once concurrentPerform returns.
        return (firstResult.values[0], secondResult.values[0])
    }

    /// Lets go of `value` on another thread, so that freeing a large tree
    /// does not hold up the work after it.
    static func release(_ value: some Sendable) {
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(value) {} }
    }

    /// A value behind a lock.
    private final class Locked<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every access to `value` holds `lock`.
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) { self.value = value }

        /// Replaces the value by the second of `change`'s results and returns the first.
        func take<Taken>(_ change: (Value) -> (Taken, Value)) -> Taken {
            lock.withLock {
                let (taken, newValue) = change(value)
                value = newValue
                return taken
            }
        }
    }

    /// One result per item, each written once by the thread that ran it.
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every access to `values` holds `lock`.
        private let lock = NSLock()
        private var stored: [Value?]

        init(count: Int) { stored = Array(repeating: nil, count: count) }

        func store(_ value: Value, at index: Int) {
            lock.withLock { stored[index] = value }
        }

        /// The results; read after `concurrentPerform` returned, so every slot is filled.
        var values: [Value] { lock.withLock { stored.compactMap { $0 } } }
    }
}
