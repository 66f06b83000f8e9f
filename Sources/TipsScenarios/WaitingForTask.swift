import Foundation

/// Runs `operation` as a task of its own and waits on this thread for its
/// result: how a command or a server that reads its input on one thread runs
/// scenarios, which are tasks. Call it from a thread of its own (a process's
/// main thread), never from a task: the operation's tasks need the threads
/// of the Swift runtime's pool, and a task blocked here may hold one.
public func waitingForTask<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.result = await operation()
        done.signal()
    }
    done.wait()
    guard let result = box.result else { preconditionFailure("the task signalled without a result") }
    return result
}

/// Hands a result from the task that made it to the thread that waits for it.
private final class ResultBox<Result: Sendable>: @unchecked Sendable {
    // @unchecked: written once before the semaphore is signalled, read after it is waited for.
    var result: Result?
}
