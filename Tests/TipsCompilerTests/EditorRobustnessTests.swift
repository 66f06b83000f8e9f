import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsFormat
@testable import TipsSyntax

/// Half-typed and damaged files, as an editor sends them while someone types:
/// the formatter and the language server never crash, the formatter never
/// gives up on a file that parses, and every request gets an answer.
@Suite struct EditorRobustnessTests {
    static func seedFiles() throws -> [[UInt8]] {
        let trails = Fixtures.packageRoot.appendingPathComponent("Samples/Trails/Tips/Trails.tips")
        let comments = Fixtures.url("Format", "Comments.tips")
        let layout = Fixtures.url("Format", "Layout.tips")
        return try [trails, comments, layout].map { Array(try Data(contentsOf: $0)) }
    }

    @Test func theFormatterHandlesDamagedFiles() throws {
        var generator = SplitMix64(seed: 0x15_F0)
        var formatted = 0
        for original in try Self.seedFiles() {
            for _ in 0..<150 {
                var mutator = Mutator(bytes: original)
                for _ in 0..<Int.random(in: 1...3, using: &generator) { mutator.mutate(using: &generator) }
                let result = TipsFormatter.format(SourceFile(id: FileID(0), path: "m.tips", bytes: mutator.bytes))
                #expect(!result.diagnostics.contains { $0.message.contains("could not lay out") })
                guard let text = result.text else {
                    #expect(!result.diagnostics.isEmpty)
                    continue
                }
                formatted += 1
                #expect(TipsFormatter.format(text: text).text == text, "not idempotent on a mutant")
            }
        }
        // Some mutants still parse (a duplicated line, a cut at a line end), and those were formatted.
        #expect(formatted > 0)
    }

    @Test func everyRequestOnADamagedFileIsAnswered() throws {
        var generator = SplitMix64(seed: 0x15_15)
        let session = LanguageServerSession()
        let uri = "untitled:Damaged.tips"
        let files = try Self.seedFiles()
        session.open(uri, String(decoding: files[0], as: UTF8.self))
        let requests = [
            "textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion",
            "textDocument/prepareRename", "textDocument/documentSymbol", "textDocument/formatting",
            "textDocument/codeAction", "textDocument/documentHighlight",
        ]
        for version in 2..<120 {
            var mutator = Mutator(bytes: files[version % files.count])
            for _ in 0..<Int.random(in: 1...3, using: &generator) { mutator.mutate(using: &generator) }
            let text = String(decoding: mutator.bytes, as: UTF8.self)
            session.replace(uri, version: version, text: text)
            #expect(session.text(uri) == text)
            #expect(session.diagnostics(uri) != nil)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for method in requests {
                // Positions anywhere, some past the ends.
                let line = Int.random(in: 0...(lines.count + 1), using: &generator)
                let character = Int.random(in: 0...90, using: &generator)
                var params = LanguageServerSession.at(uri, line, character)
                if case .object(var members) = params {
                    members["range"] = [
                        "start": ["line": .int(line), "character": .int(character)],
                        "end": ["line": .int(line + 1), "character": 0],
                    ]
                    params = .object(members)
                }
                let response = session.request(method, params)
                #expect(response["error"].isNull, "\(method) on a damaged file: \(response["error"])")
                #expect(response["id"] != .null, "\(method) was not answered")
            }
            // Renaming anything that is a name there answers too: edits or a refusal.
            var rename = LanguageServerSession.at(uri, Int.random(in: 0..<lines.count, using: &generator), 6)
            if case .object(var members) = rename {
                members["newName"] = "renamed"
                rename = .object(members)
            }
            #expect(session.request("textDocument/rename", rename)["id"] != .null)
        }
        #expect(session.request("shutdown")["result"] == .null)
    }
}
