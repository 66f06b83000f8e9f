import Foundation

/// Runs the engine's deliveries (observers, the warning handler) in the
/// order they were queued, one thread at a time, never under the engine's
/// lock, so that an observer may call back into the center.
///
/// The engine queues under its lock (`enqueue`), so the order is the order
/// in which operations held the lock; after releasing it, the operation
/// calls `deliver()`, which runs everything queued unless another thread
/// is already doing so (that thread then runs it too, before it returns). A
/// delivery that calls into the center queues more, run after it.
final class DeliveryQueue: Sendable {
    private struct Queue {
        var items: [@Sendable () -> Void] = []
        var isDelivering = false
    }

    private let queue = Locked(Queue())

    /// Queues deliveries; called under the engine's lock.
    func enqueue(_ items: [@Sendable () -> Void]) {
        guard !items.isEmpty else { return }
        queue.withLock { $0.items += items }
    }

    /// Runs what is queued, in order, unless another thread is running it.
    func deliver() {
        let claimed = queue.withLock { queue -> Bool in
            guard !queue.isDelivering, !queue.items.isEmpty else { return false }
            queue.isDelivering = true
            return true
        }
        guard claimed else { return }
        while true {
            let batch = queue.withLock { queue -> [@Sendable () -> Void]? in
                guard !queue.items.isEmpty else {
                    queue.isDelivering = false
                    return nil
                }
                defer { queue.items = [] }
                return queue.items
            }
            guard let batch else { return }
            for item in batch { item() }
        }
    }
}
