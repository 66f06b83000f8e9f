import Foundation
import TipsCompiler
import TipsLanguageServer
import TipsSyntax

/// The language server: how long after an edit to a 1,000-tip file its
/// diagnostics are ready (the `didChange` handled and `publishDiagnostics`
/// built), as an editor sees it, minus the pipe, against a check of the same
/// text alone, the two taken in turn: what the server adds to the compiler,
/// judged as a ratio so that it means the same on a loaded machine (the
/// time itself, 14-24 ms on one 2-core machine in a morning, is printed).
enum EditorBench {
    static let tipCount = 1_000
    /// The most an edit's diagnostics may take, in checks of the same text alone.
    static let ratioLimit = 1.25

    /// Measures and judges; returns the median time of a check alone (nil when it could not run).
    @discardableResult
    static func run(options: Options, report: Report) -> Double? {
        section("Language server: diagnostics after an edit to a \(Format.count(tipCount))-tip file")
        let text = SyntheticTips(tipCount: tipCount).text()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-bench-lsp-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(BenchCompiler.fileName)
        guard (try? Data(text.utf8).write(to: url)) != nil else {
            report.fail("cannot write the language server's input")
            return nil
        }
        // An edit in the middle of the file: type a character into a title, then take it out again.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.indices.dropFirst(lines.count / 2).first(where: { lines[$0].contains("title \"") })
        else {
            report.fail("the synthetic input has no title")
            return nil
        }
        let uri = url.absoluteString
        let server = openedServer(uri: uri, text: text)
        return measureEdits(
            server, uri: uri, line: line, column: lines[line].utf16.count - 1,
            input: [CompilationInput(path: url.path, text: text)], options: options, report: report)
    }

    /// A language server that has opened `text` as `uri`.
    private static func openedServer(uri: String, text: String) -> LanguageServer {
        let server = LanguageServer()
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        _ = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        _ = server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)]
            ],
        ])
        return server
    }

    /// Types a character at `line`:`column` and takes it out again, timing
    /// each edit until its diagnostics, each after a check of `input` alone;
    /// returns the checks' median time.
    private static func measureEdits(
        _ server: LanguageServer, uri: String, line: Int, column: Int, input: [CompilationInput], options: Options,
        report: Report
    ) -> Double? {
        var version = 1
        var published = 0
        let edit = { (insert: Bool) in
            version += 1
            let start: JSON = ["line": .int(line), "character": .int(column)]
            let end: JSON = ["line": .int(line), "character": .int(insert ? column : column + 1)]
            let replies = server.handle([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(uri), "version": .int(version)],
                    "contentChanges": [["range": ["start": start, "end": end], "text": insert ? "x" : ""]],
                ],
            ])
            published += replies.filter { $0["method"] == "textDocument/publishDiagnostics" }.count
        }
        let runs = options.scale == .quick ? 21 : 51
        let clock = ContinuousClock()
        func time(_ body: () -> Void) -> Double {
            let start = clock.now
            body()
            return (clock.now - start).seconds
        }
        // A check alone runs one job, as the server does.
        let oneJob = CompilationOptions(emitsCode: false, jobs: 1)
        let checkAlone = { _ = Compilation(inputs: input, options: oneJob).run() }
        // A warm-up of each, then a check alone and an edit in turn.
        checkAlone()
        edit(true)
        var insert = false
        var (checks, edits, cpuOfEdits) = ([Double](), [Double](), 0.0)
        for _ in 0..<runs {
            checks.append(time(checkAlone))
            let cpuBefore = CPUTime.ofThisProcess
            edits.append(time { edit(insert) })
            // CPU time is less at the mercy of a loaded machine than wall time.
            cpuOfEdits += CPUTime.ofThisProcess - cpuBefore
            insert.toggle()
        }
        guard published == runs + 1 else {
            report.fail("the server published \(published) diagnostics for \(runs + 1) edits")
            return nil
        }
        let (check, samples) = (Samples(seconds: checks), Samples(seconds: edits))
        let ratio = Samples(seconds: zip(edits, checks).map { $0 / max($1, 1e-9) }).median
        print("  check alone: \(Format.spread(check))")
        print(
            "  edit, check, diagnostics: \(Format.spread(samples)); CPU per edit \(Format.time(cpuOfEdits / Double(runs)))"
        )
        report.judge(
            "diagnostics after an edit <= \(ratioLimit)x a check alone, \(Format.count(tipCount)) tips",
            measured: String(format: "x%.2f", ratio)
                + " (\(Format.time(samples.median)) against \(Format.time(check.median)))",
            passed: ratio <= ratioLimit)
        return check.median
    }
}
