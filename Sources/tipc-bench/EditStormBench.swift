import Foundation
import TipsLanguageServer

/// The language server under a storm of edits to a 1,000-tip file, as an
/// editor drives it: `LanguageServerConnection` (what `tipc lsp` runs) on a
/// thread of its own, over pipes. The client writes 10,000 `didChange`
/// messages as fast as the pipe takes them; the figure is how long after its
/// last write the diagnostics for the last edit arrive, judged against a
/// check of the same text alone measured in the same run (``EditorBench``).
enum EditStormBench {
    static let tipCount = 1_000
    static let editCount = 10_000
    /// The most the last diagnostics may take, in checks of the text alone.
    static let ratioLimit = 2.5

    static func run(options: Options, checkAlone: Double?, report: Report) {
        section("Language server: \(Format.count(editCount)) edits at once to a \(Format.count(tipCount))-tip file")
        let text = SyntheticTips(tipCount: tipCount).text()
        let uri = "file:///tmp/tipc-bench-storm-\(getpid())/Bench.tips"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.indices.dropFirst(lines.count / 2).first(where: { lines[$0].contains("title \"") })
        else {
            report.fail("the synthetic input has no title")
            return
        }
        let column = lines[line].utf16.count - 1
        var samples: [Double] = []
        var publications = 0
        var bytes = 0
        for _ in 0..<(options.scale == .quick ? 3 : 5) {
            guard let run = storm(text: text, uri: uri, line: line, column: column) else {
                report.fail("the language server never published diagnostics for the last edit")
                return
            }
            samples.append(run.latency)
            publications = max(publications, run.publications)
            bytes = max(bytes, run.bytes)
            print(
                "  storm written in \(Format.time(run.writing)); diagnostics for the last edit "
                    + "\(Format.time(run.latency)) later (CPU \(Format.time(run.cpuAfterWriting)));"
                    + " \(run.publications) publications, \(Format.count(run.bytes)) bytes")
        }
        let median = Samples(seconds: samples).median
        let target = "diagnostics after 10,000 edits <= \(ratioLimit)x a check alone, \(Format.count(tipCount)) tips"
        guard let checkAlone, checkAlone > 0 else {
            report.judge(target, measured: "not measured (no check alone)", passed: nil)
            return
        }
        report.judge(
            target,
            measured: String(format: "x%.2f", median / checkAlone)
                + " (\(Format.time(median)) against \(Format.time(checkAlone)); at most \(publications) publications)",
            passed: median / checkAlone <= ratioLimit)
    }

    struct Run {
        var writing: Double
        var latency: Double
        /// The CPU time of the process from the last write to the diagnostics (the load of the machine aside).
        var cpuAfterWriting: Double
        var publications: Int
        var bytes: Int
    }

    /// One storm on a fresh server: open, wait for the first diagnostics, then every edit at once.
    static func storm(text: String, uri: String, line: Int, column: Int) -> Run? {
        let client = StormClient()
        defer { client.stop() }
        client.send([
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)]
                ],
            ],
        ])
        guard client.awaitDiagnostics(version: 1) != nil else { return nil }
        var storm = Data()
        for edit in 0..<editCount {
            let insert = edit % 2 == 0
            let start: JSON = ["line": .int(line), "character": .int(column)]
            let end: JSON = ["line": .int(line), "character": .int(insert ? column : column + 1)]
            storm.append(
                MessageReader.frame([
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": .string(uri), "version": .int(edit + 2)],
                        "contentChanges": [["range": ["start": start, "end": end], "text": insert ? "x" : ""]],
                    ],
                ]))
        }
        let clock = ContinuousClock()
        let before = clock.now
        let published = client.publications
        client.input.fileHandleForWriting.write(storm)
        let written = clock.now
        let cpuWritten = CPUTime.ofThisProcess
        guard let arrival = client.awaitDiagnostics(version: editCount + 1) else { return nil }
        let after = client.publications
        return Run(
            writing: (written - before).seconds, latency: (arrival - written).seconds,
            cpuAfterWriting: CPUTime.ofThisProcess - cpuWritten, publications: after.count - published.count,
            bytes: after.bytes - published.bytes)
    }
}

/// The client side of a storm: the server's connection on one thread, its
/// output read on another, which notes when each publication arrives.
final class StormClient: @unchecked Sendable {
    let input = Pipe()
    let output = Pipe()
    private let lock = NSCondition()
    private var arrivals: [Int: ContinuousClock.Instant] = [:]
    private var publicationCount = 0
    private var byteCount = 0
    private let finished = DispatchSemaphore(value: 0)

    init() {
        let reading = input.fileHandleForReading.fileDescriptor
        let writing = output.fileHandleForWriting.fileDescriptor
        Thread.detachNewThread { [finished] in
            _ = LanguageServerConnection(input: reading, output: writing).run()
            finished.signal()
        }
        Thread.detachNewThread { [self] in readReplies() }
    }

    private func readReplies() {
        var reader = MessageReader()
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return }
            reader.append(chunk)
            while case .success(let message)? = reader.next() {
                guard message["method"] == "textDocument/publishDiagnostics" else { continue }
                let now = ContinuousClock.now
                lock.lock()
                publicationCount += 1
                byteCount += message.encoded().count
                if let version = message["params"]["version"].intValue { arrivals[version] = now }
                lock.broadcast()
                lock.unlock()
            }
        }
    }

    /// How many publications arrived so far, and their bytes.
    var publications: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (publicationCount, byteCount)
    }

    func send(_ messages: [JSON]) {
        var data = Data()
        for message in messages { data.append(MessageReader.frame(message)) }
        input.fileHandleForWriting.write(data)
    }

    /// When the diagnostics of `version` arrived, waiting up to a minute for them.
    func awaitDiagnostics(version: Int) -> ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while arrivals[version] == nil, lock.wait(until: deadline) {}
        return arrivals[version]
    }

    func stop() {
        send([["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"]])
        finished.wait()
        output.fileHandleForWriting.closeFile()
    }
}
