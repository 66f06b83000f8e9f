import Foundation
import TipsScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves a ``LanguageServer`` over a pair of file descriptors: `tipc lsp`
/// reads standard input and writes standard output.
///
/// Every message is handled as it arrives, and answers go out at once; the
/// diagnostics of changed documents go out only when no input is waiting,
/// and only if none arrived while they were being checked. So a storm of
/// edits costs a check whenever the server catches up, not one per edit,
/// and what the editor is sent is always for the latest text. When the
/// input is still quiet after that, the scenarios of the compilations just
/// published start, on a task of their own, and their failed steps go out
/// when they are done; messages that arrive meanwhile are answered at once.
public struct LanguageServerConnection {
    /// Where messages come from.
    public let input: Int32
    /// Where answers and notifications go.
    public let output: Int32

    /// A connection over `input` and `output`.
    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Serves until the client sends `exit` or closes the input; returns the exit status.
    public func run(_ server: LanguageServer = LanguageServer()) -> Int32 {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let scenarios = BackgroundScenarios()
        while !server.isFinished {
            if !inputIsWaiting() {
                server.checkPending()
                if !inputIsWaiting() { send(server.publishPending()) }
                if !inputIsWaiting() {
                    if let scenarios { scenarios.startNext(of: server) } else { send(runScenarios(of: server)) }
                }
            }
            if let scenarios, !waitForInput(or: scenarios.descriptor) {
                send(scenarios.finish(server))
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }  // The client went away.
            reader.append(chunk[..<count])
            while !server.isFinished, let next = reader.next() {
                switch next {
                case .success(let message): send(server.receive(message))
                case .failure(let error): send(LanguageServer.response(to: error))
                }
            }
            scenarios?.cancelIfStale(of: server)
        }
        return server.exitCode
    }

    /// Runs the scenarios of the compilations just published, waiting on this
    /// thread (the process's main thread) for them, and returns their failed
    /// steps' diagnostics: how scenarios run when no pipe could be made to
    /// run them in the background.
    func runScenarios(of server: LanguageServer) -> [JSON] {
        server.takeScenarioJobs().flatMap { job in server.publish(waitingForTask { await job.run() }, of: job) }
    }

    /// Waits until the input or `other` is readable; true when the input is
    /// (it comes first: what the editor sends may make what `other` holds stale).
    func waitForInput(or other: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            // Any event on the input (data, its end, an error) is for read() to tell.
            return ready < 0 || descriptors[0].revents != 0 || descriptors[1].revents == 0
        }
    }

    /// Whether bytes (or the end of the input) can be read without waiting.
    func inputIsWaiting() -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, 0)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Writes each message framed, all of it, in order.
    func send(_ messages: [JSON]) {
        for message in messages {
            let frame = MessageReader.frame(message)
            frame.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(output, base + offset, bytes.count - offset)
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }
}
