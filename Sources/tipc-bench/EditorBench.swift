import Foundation
import TipsCompiler
import TipsLanguageServer
import TipsSyntax

/// The language server: how long after an edit to a 1,000-tip file its
/// diagnostics are ready (the `didChange` handled and `publishDiagnostics`
/// built), as an editor sees it, minus the pipe.
enum EditorBench {
    static let tipCount = 1_000

    static func run(options: Options, report: Report) {
        section("Language server: diagnostics after an edit to a \(Format.count(tipCount))-tip file")
        let text = SyntheticTips(tipCount: tipCount).text()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-bench-lsp-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(BenchCompiler.fileName)
        guard (try? Data(text.utf8).write(to: url)) != nil else {
            report.fail("cannot write the language server's input")
            return
        }
        let uri = url.absoluteString
        let server = LanguageServer()
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        _ = server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        _ = server.handle([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)]
            ],
        ])
        // An edit in the middle of the file: type a character into a title, then take it out again.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.indices.dropFirst(lines.count / 2).first(where: { lines[$0].contains("title \"") })
        else {
            report.fail("the synthetic input has no title")
            return
        }
        let column = lines[line].utf16.count - 1
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
        var insert = true
        let cpuBefore = processCPUSeconds()
        let samples = measure(runs: runs) {
            edit(insert)
            insert.toggle()
        }
        // CPU time is less at the mercy of a loaded machine than wall time.
        let cpuPerEdit = (processCPUSeconds() - cpuBefore) / Double(runs + 1)
        guard published == runs + 1 else {
            report.fail("the server published \(published) diagnostics for \(runs + 1) edits")
            return
        }
        print("  edit, check, diagnostics: \(Format.spread(samples)); CPU per edit \(Format.time(cpuPerEdit))")
        report.judge(
            "diagnostics after an edit, \(Format.count(tipCount)) tips < 20 ms", measured: Format.time(samples.median),
            passed: samples.median < 0.020)
    }
}

/// User and system CPU time of this process so far (all threads), in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}
