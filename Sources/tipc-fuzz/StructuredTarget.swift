import Foundation
import TipsCompiler
import TipsLanguageServer
import TipsScenarios
import TipsSyntax

/// The structure-aware target (`TIPC_FUZZ_TARGET=structured`): the
/// fuzzer's bytes are a small program that writes a large input, so that a
/// few hundred bytes reach what raw bytes of that size cannot: nesting
/// thousands deep, lines of a hundred thousand tokens, counts at the edges
/// of `Int`, and byte streams that look like the language server's frames.
/// The input goes through the whole compiler (as `compileEverything`), its
/// scenarios are run, it is edited in the language server, and it is fed to
/// the server as a stream of frames.
func fuzzStructured(_ program: [UInt8]) {
    let bytes = InputExpander.expand(program)
    compileEverything(bytes)
    runScenarios(bytes)
    editInLanguageServer(bytes, program: program)
    feedToLanguageServer(bytes)
}

/// Turns a program of bytes into an input of up to ``maximumBytes``. Each
/// operation is a byte (its value modulo the number of operations) and the
/// bytes it reads after it:
/// - a fragment of the language (keywords, names, strings, punctuation, JSON-RPC pieces);
/// - raw bytes (a length, then that many);
/// - the last piece again, 2^k times;
/// - a group opened, then closed and repeated 2^k times;
/// - a nest: an opening 2^k times, a fragment, the closing as many times;
/// - a line break; a number at an edge.
enum InputExpander {
    static let maximumBytes = 1 << 19

    static let fragments: [String] = [
        "tip T {", "}", "{", "title ", "\"Hi\"", "message ", "rule ", "event e", "event e(n: Int)", "donate e",
        "donate e(n: 1)", "parameter p: Int = 0", "enum E { a, b }", "group G { T }",
        "config { displayFrequency daily }",
        "scenario \"s\" {", "repeat ", " { ", "expect T available", "wait 1d", "show T for 10s", "set p = 1",
        "override showAll", "restart", "language \"de\"", "expect T title \"Hi\"", "expect T action a \"A\"",
        "e.donations.within(7d).count", " && ", " || ", " > ", "!", "-", "(", ")",
        ".", ",", ";", " ", "word ", "p", "T", "\\u{1B}[31m", "\u{1B}", "\"unterminated", "/*", "*/", "// c",
        "maxDisplayCount ", "maxDisplayDuration 1s", "invalidatedBy e", "keep 3, 1d", "id \"x\"", "action a \"A\"",
        "Content-Length: ", "\r\n\r\n", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"",
        "textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\"file:///f.tips\"},",
        "\"position\":{\"line\":0,\"character\":1}}}",
        "initialize\",\"params\":{}}", "\"}", "[", "]",
    ]

    static let nests: [(open: String, close: String)] = [
        ("repeat 1 {\n", "}\n"), ("(", ")"), ("!", ""), ("-", ""), ("tip T {\n", "}\n"), ("/*", "*/"),
        ("{", "}"), ("[", "]"), ("f(", ")"), ("scenario \"n\" {\n", "}\n"),
    ]

    static let numbers = [
        "0", "1", "-1", "2147483647", "9223372036854775807", "9223372036854775808", "99999999999999999999999",
        "1_000_000", "100001", "99999",
    ]

    static func expand(_ program: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var reader = ProgramReader(bytes: program)
        var lastPiece: Range<Int> = 0..<0
        var groups: [Int] = []
        while let op = reader.next(), out.count < maximumBytes {
            let start = out.count
            switch op % 8 {
            case 0: out += fragments[Int(reader.next() ?? 0) % fragments.count].utf8
            case 1: out += reader.take(Int(reader.next() ?? 0) % 32)
            case 2: repeatRange(lastPiece, times: 1 << Int((reader.next() ?? 0) % 18), in: &out)
            case 3: groups.append(out.count)
            case 4:
                let groupStart = groups.popLast() ?? 0
                repeatRange(groupStart..<out.count, times: 1 << Int((reader.next() ?? 0) % 14), in: &out)
            case 5:
                let nest = nests[Int(reader.next() ?? 0) % nests.count]
                let depth = 1 << Int((reader.next() ?? 0) % 15)
                let middle = fragments[Int(reader.next() ?? 0) % fragments.count]
                let budget = max(0, (maximumBytes - out.count) / max(1, nest.open.utf8.count + nest.close.utf8.count))
                let levels = min(depth, budget)
                for _ in 0..<levels { out += nest.open.utf8 }
                out += middle.utf8
                for _ in 0..<levels { out += nest.close.utf8 }
            case 6: out.append(0x0A)
            default: out += numbers[Int(reader.next() ?? 0) % numbers.count].utf8
            }
            lastPiece = start..<out.count
        }
        return Array(out.prefix(maximumBytes))
    }

    /// Appends `range` of `out` again, `times - 1` more times, within the size limit.
    static func repeatRange(_ range: Range<Int>, times: Int, in out: inout [UInt8]) {
        guard !range.isEmpty, range.upperBound <= out.count else { return }
        let piece = Array(out[range])
        var count = 1
        while count < times, out.count + piece.count <= maximumBytes {
            out += piece
            count += 1
        }
    }
}

/// Reads a program's bytes in order.
struct ProgramReader {
    let bytes: [UInt8]
    var index = 0

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        index += 1
        return bytes[index - 1]
    }

    mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + count)
        defer { index = end }
        return Array(bytes[index..<end])
    }
}
