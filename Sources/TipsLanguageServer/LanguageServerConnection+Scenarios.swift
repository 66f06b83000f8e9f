import Foundation
import TipsScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scenarios a connection runs while it goes on reading its input: one
/// compilation's at a time, as a task, which writes a byte to a pipe when
/// it is done. The connection polls that pipe along with its input and
/// publishes the outcomes on its own thread (``finish(_:)``), so that the
/// editor's requests are answered while scenarios run, rather than after
/// up to half a second of them.
final class BackgroundScenarios {
    private let wakeUp: WakeUpPipe
    /// Jobs taken from the server that have not started.
    private var queued: [ScenarioJob] = []
    /// The job running, its task, and where the task leaves the outcomes.
    private var running: (job: ScenarioJob, task: Task<Void, Never>, outcomes: OutcomesBox)?

    /// Nil when no pipe can be made (the process is out of descriptors).
    init?() {
        guard let pipe = WakeUpPipe() else { return nil }
        wakeUp = pipe
    }

    /// Readable once the running job is done.
    var descriptor: Int32 { wakeUp.reading }

    /// Takes the server's new jobs and, when none is running, starts the
    /// first whose compilation is still the latest: one whose document
    /// changed since would publish nothing.
    func startNext(of server: LanguageServer) {
        queued += server.takeScenarioJobs()
        queued.removeAll { !server.isCurrent($0) }
        guard running == nil, !queued.isEmpty else { return }
        let job = queued.removeFirst()
        let box = OutcomesBox()
        let wakeUp = wakeUp
        let task = Task.detached {
            box.put(await job.run())
            wakeUp.signal()
        }
        running = (job, task, box)
    }

    /// Cancels the running job once a document of its compilation changed,
    /// so that it stops taking a core from the check of the new text.
    func cancelIfStale(of server: LanguageServer) {
        if let running, !server.isCurrent(running.job) { running.task.cancel() }
    }

    /// The diagnostics of the job that just ended, once ``descriptor`` is readable.
    func finish(_ server: LanguageServer) -> [JSON] {
        wakeUp.drain()
        guard let (job, _, box) = running, let outcomes = box.take() else { return [] }
        running = nil
        return server.publish(outcomes, of: job)
    }
}

/// Hands a job's outcomes from its task to the connection's thread.
private final class OutcomesBox: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    /// Nil until the task ends, then what the job returned (nil when cancelled).
    private var outcomes: [ScenarioOutcome]??

    func put(_ value: [ScenarioOutcome]?) { lock.withLock { outcomes = .some(value) } }

    func take() -> [ScenarioOutcome]?? { lock.withLock { outcomes.take() } }
}

/// A pipe a task writes a byte to so that a thread blocked in `poll` wakes.
/// Held by the task as well as the connection, so that its descriptors
/// stay open (and are not reused) until both are done with them.
private final class WakeUpPipe: Sendable {
    let reading: Int32
    let writing: Int32

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        (reading, writing) = (ends[0], ends[1])
    }

    deinit {
        close(reading)
        close(writing)
    }

    func signal() {
        var byte: UInt8 = 1
        while write(writing, &byte, 1) < 0, errno == EINTR {}
    }

    /// Reads the one byte a signal wrote; call only once the pipe is readable.
    func drain() {
        var byte: UInt8 = 0
        while read(reading, &byte, 1) < 0, errno == EINTR {}
    }
}
