import Foundation
import TipsCompiler
import TipsLanguageServer
import TipsScenarios
import TipsSyntax

// The tools beyond the compiler that the structure-aware target drives:
// `tipc test`'s runner, and the language server both as an editor uses it
// and as a stream of bytes.

/// The most steps the target runs for one input: the checker's own limit
/// holds for every scenario, and running up to it on every input would
/// leave the fuzzer no time for anything else.
private let stepsRunPerInput = 5_000

/// Runs the input's scenarios when it compiles; every scenario the checker
/// accepts runs at most ``CheckedScenario/maximumStepsRun`` steps.
func runScenarios(_ bytes: [UInt8]) {
    let options = CompilationOptions(emitsCode: false)
    let result = Compilation(inputs: [CompilationInput(path: "fuzz.tips", bytes: bytes)], options: options).run()
    guard let program = result.program, !program.scenarios.isEmpty, isWithinStepBudget(program) else { return }
    let outcomes = waitingForTask { await ScenarioRunner(program: program).run(program.scenarios) }
    precondition(outcomes.count == program.scenarios.count, "a scenario did not run")
    for failure in outcomes.flatMap(\.failures) {
        precondition(Int(failure.range.end) <= bytes.count, "a failed step outside its file")
    }
}

/// Whether `program`'s scenarios run at most ``stepsRunPerInput`` steps in
/// all; each scenario the checker accepts runs at most
/// ``CheckedScenario/maximumStepsRun``.
private func isWithinStepBudget(_ program: CheckedProgram) -> Bool {
    for scenario in program.scenarios {
        let steps = CheckedScenario.stepsRun(scenario.steps)
        precondition(steps <= CheckedScenario.maximumStepsRun, "a scenario of \(steps) steps was accepted")
    }
    return CheckedScenario.stepsRun(program.scenarios.flatMap(\.steps)) <= stepsRunPerInput
}

/// Opens the input in the language server, asks every kind of request at a
/// place the program picks, and edits it there: each request is answered.
func editInLanguageServer(_ bytes: [UInt8], program: [UInt8]) {
    let server = LanguageServer()
    let uri: JSON = "file:///tipc-fuzz/Fuzz.tips"
    _ = server.handle(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": [:]])
    let text = String(decoding: bytes, as: UTF8.self)
    _ = server.handle([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": uri, "languageId": "tips", "version": 1, "text": .string(text)]],
    ])
    // The scenarios, as the connection runs them once the editor is quiet:
    // each failed step is published in the document.
    for job in server.takeScenarioJobs() where isWithinStepBudget(job.program) {
        // Never cancelled here, so never nil.
        guard let outcomes = waitingForTask({ await job.run() }) else {
            preconditionFailure("a run not cancelled ended nil")
        }
        let published = server.publish(outcomes, of: job)
        precondition(
            published.isEmpty == outcomes.allSatisfy(\.passed), "failed steps were not published, or passes were")
    }
    let lineCount = bytes.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
    let line = Int(program.last ?? 0) * lineCount / 256
    let position: JSON = ["line": .int(line), "character": .int(Int(program.first ?? 0) % 64)]
    let document: JSON = ["uri": uri]
    let at: JSON = ["textDocument": document, "position": position]
    let requests: [(String, JSON)] = [
        ("textDocument/hover", at), ("textDocument/definition", at), ("textDocument/completion", at),
        ("textDocument/references", ["textDocument": document, "position": position, "context": [:]]),
        ("textDocument/documentHighlight", at), ("textDocument/prepareRename", at),
        ("textDocument/rename", ["textDocument": document, "position": position, "newName": "Renamed"]),
        ("textDocument/codeAction", ["textDocument": document, "range": ["start": position, "end": position]]),
        ("textDocument/documentSymbol", ["textDocument": document]),
        ("textDocument/formatting", ["textDocument": document]),
        ("workspace/symbol", ["query": "T"]),
    ]
    for (index, (method, params)) in requests.enumerated() {
        let id = JSON.int(index + 1)
        let replies = server.handle(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        precondition(replies.contains { $0["id"] == id }, "\(method) was not answered")
    }
    let edit: JSON = ["range": ["start": position, "end": position], "text": "x"]
    let published = server.handle([
        "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [edit]],
    ])
    precondition(published.contains { $0["params"]["version"] == 2 }, "no diagnostics for the edited text")
}

/// Feeds the input to the language server as the bytes of its standard
/// input, in chunks the input picks: the reader never holds more than one
/// message, and every message is handled.
func feedToLanguageServer(_ bytes: [UInt8]) {
    let server = LanguageServer()
    var reader = MessageReader()
    let chunk = 1 + Int(bytes.first ?? 0) * 64
    var offset = 0
    while offset < bytes.count {
        reader.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        while let next = reader.next() {
            switch next {
            case .success(let message): _ = server.receive(message)
            case .failure(let error): _ = LanguageServer.response(to: error)
            }
        }
        precondition(
            reader.bufferedByteCount <= MessageReader.maximumMessageBytes + MessageReader.maximumHeaderBytes + chunk,
            "the reader holds \(reader.bufferedByteCount) bytes")
    }
    _ = server.publishPending()
}
