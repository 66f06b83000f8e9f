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
        // An edit in the middle of the file: type a character into a title, then take it out again.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.indices.dropFirst(lines.count / 2).first(where: { lines[$0].contains("title \"") })
        else {
            report.fail("the synthetic input has no title")
            return
        }
        // What the server adds to the compiler: a check of the same text alone, in the same run.
        let input = [CompilationInput(path: url.path, text: text)]
        let check = measure(runs: options.scale == .quick ? 21 : 51) {
            _ = Compilation(inputs: input, options: CompilationOptions(emitsCode: false)).run()
        }
        print("  check alone: \(Format.spread(check))")
        let uri = url.absoluteString
        let server = openedServer(uri: uri, text: text)
        measureEdits(
            server, uri: uri, line: line, column: lines[line].utf16.count - 1, checkAlone: check.median,
            options: options, report: report)
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

    /// Types a character at `line`:`column` and takes it out again, timing each edit until its diagnostics.
    private static func measureEdits(
        _ server: LanguageServer, uri: String, line: Int, column: Int, checkAlone: Double, options: Options,
        report: Report
    ) {
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
        let cpuBefore = CPUTime.ofThisProcess
        let samples = measure(runs: runs) {
            edit(insert)
            insert.toggle()
        }
        // CPU time is less at the mercy of a loaded machine than wall time.
        let cpuPerEdit = (CPUTime.ofThisProcess - cpuBefore) / Double(runs + 1)
        guard published == runs + 1 else {
            report.fail("the server published \(published) diagnostics for \(runs + 1) edits")
            return
        }
        print("  edit, check, diagnostics: \(Format.spread(samples)); CPU per edit \(Format.time(cpuPerEdit))")
        print("  edit to diagnostics against a check alone: \(String(format: "%.2f", samples.median / checkAlone))×")
        report.judge(
            "diagnostics after an edit, \(Format.count(tipCount)) tips < 20 ms", measured: Format.time(samples.median),
            passed: samples.median < 0.020)
    }
}
