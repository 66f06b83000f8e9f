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
        guard chunks > 1 else { return [body(0..<count)] }
        let slots = Slots<Result>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
            slots.store(body(range), at: chunk)
        }
        return slots.values
    }

    /// One result per chunk, each written once by the thread that ran it.
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
