import Foundation
import TipsRuntime

/// Splits work over contiguous ranges run at the same time, for the stages
/// whose items are independent (files to parse, tips to check or emit).
///
/// The results come back in range order, so output and diagnostics do not
/// depend on how many jobs ran or how the threads were scheduled.
package enum Parallel {
    /// How many jobs a compilation runs by default: one. On the benchmark's
    /// machine (2 processors, shared as a build shares them with `swiftc`),
    /// a second job did not pay for what it costs. 10,000 tips (4.4 MB, one
    /// file): at load 5-6 one job took 0.96x the wall time of two (369 against
    /// 384 ms, `tipc-bench --quick --only compiler`); at load 2.3 two jobs took
    /// 0.38-0.41 s against 0.47 s but 469-583 ms of CPU against 440-445 ms
    /// (`perf stat -r 5 tipc compile --jobs N`). 1,000 tips: 41-52 ms either
    /// way, two jobs 1-5 % more CPU. `--jobs N` spreads files and a file's
    /// tips over N threads, for a machine with processors to spare.
    package static let defaultJobs = 1

    /// Splits `0..<count` into contiguous ranges of at least `minimumChunk`
    /// items, up to four per job (one range when that leaves fewer than two),
    /// runs `body` on each at the same time, and returns the results in range
    /// order. Four per job rather than one, so that a thread the machine slows
    /// down (another process, a page fault storm) holds up a quarter of its
    /// share instead of the whole stage: the others take the ranges it has not started.
    package static func map<Result: Sendable>(
        _ count: Int, jobs: Int, minimumChunk: Int = 1, _ body: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let chunks = jobs > 1 ? max(1, min(jobs * 4, count / max(1, minimumChunk))) : 1
        return mapEach(chunks, jobs: jobs) { chunk in
            body((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
        }
    }

    /// Runs `body(index)` on every index of `0..<count`, on up to `jobs`
    /// threads that each take the next index not yet taken, so that uneven
    /// items balance out; returns the results in index order.
    package static func mapEach<Result: Sendable>(
        _ count: Int, jobs: Int, _ body: @Sendable (_ index: Int) -> Result
    ) -> [Result] {
        let workers = jobs > 1 && count > 1 ? min(jobs, count) : 1
        guard workers > 1 else { return (0..<count).map(body) }
        let slots = Locked([Result?](repeating: nil, count: count))
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index: Int? = next.withLock { next in
                    guard next < count else { return nil }
                    defer { next += 1 }
                    return next
                }
                guard let index else { return }
                let result = body(index)
                slots.withLock { $0[index] = result }
            }
        }
        // Read after `concurrentPerform` returned, so every slot is filled.
        return slots.withLock { $0.compactMap { $0 } }
    }

    /// Lets `value` be freed on a utility thread when more than one job may
    /// run, so the stages after its last use do not wait for it: a large
    /// file's syntax tree is millions of small allocations, and freeing them
    /// misses the cache on almost every one.
    ///
    /// The utility thread is handed the only reference: the caller passes
    /// `consume value`, and nothing here keeps a copy. A copy kept until this
    /// function returns makes the caller free it all whenever the utility
    /// thread is done first, and under callgrind it often is: with two jobs,
    /// 8.5 M of the 147 M instructions of compiling 1,000 tips again in
    /// `tipc lsp` (the previous compilation freed, the new syntax tree
    /// freed) ran on the compiling thread.
    package static func releaseInBackground<Value: Sendable>(_ value: consuming Value, jobs: Int) {
        guard jobs > 1 else { return }
        let owner = Unmanaged.passRetained(ReleasedValue(consume value))
        DispatchQueue.global(qos: .utility).async { owner.release() }
    }
}

/// A value on its way to be freed by ``Parallel/releaseInBackground(_:jobs:)``.
private final class ReleasedValue<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: consuming Value) { self.value = value }
}
