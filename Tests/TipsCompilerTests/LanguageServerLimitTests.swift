import Foundation
import Testing

@testable import TipsLanguageServer

/// The language server under hostile or careless clients: malformed
/// requests, broken and oversized frames, headers that never end, storms of
/// edits and documents too large to check. Each is answered, and none makes
/// the server stall, grow without bound or lose the messages after it.
@Suite struct LanguageServerLimitTests {
    static func errorCode(_ reply: JSON) -> Int? { reply["error"]["code"].intValue }

    // MARK: - JSON-RPC

    @Test func aRequestWithoutAStringMethodIsAnInvalidRequest() {
        let server = LanguageServerSession().server
        let noMethod = server.handle(["jsonrpc": "2.0", "id": 7])
        #expect(noMethod.count == 1)
        #expect(noMethod.first?["id"] == 7)
        #expect(noMethod.first.flatMap(Self.errorCode) == -32600)
        let numberMethod = server.handle(["jsonrpc": "2.0", "id": "eight", "method": 5])
        #expect(numberMethod.first?["id"] == "eight")
        #expect(numberMethod.first.flatMap(Self.errorCode) == -32600)
        let objectID = server.handle(["jsonrpc": "2.0", "id": ["x": 1], "method": "shutdown"])
        #expect(objectID.first?["id"] == .null)
        #expect(objectID.first.flatMap(Self.errorCode) == -32600)
        #expect(server.handle([1, 2]).first.flatMap(Self.errorCode) == -32600)
    }

    @Test func aResponseFromTheClientGetsNoAnswer() {
        let server = LanguageServerSession().server
        #expect(server.handle(["jsonrpc": "2.0", "id": 3, "result": nil]).isEmpty)
        #expect(server.handle(["jsonrpc": "2.0", "id": 4, "error": ["code": 1, "message": "no"]]).isEmpty)
    }

    // MARK: - Framing

    static let shutdown: JSON = ["jsonrpc": "2.0", "id": 9, "method": "shutdown"]

    /// Every message `stream` holds, fed in one piece.
    static func messages(in stream: Data) -> [Result<JSON, MessageFramingError>] {
        var reader = MessageReader()
        reader.append(stream)
        var out: [Result<JSON, MessageFramingError>] = []
        while let next = reader.next() { out.append(next) }
        return out
    }

    @Test(arguments: ["abc", "-5", "99999999999999999999999", "", "5 5", "0x10"])
    func theReaderResyncsAfterAnUnusableContentLength(_ length: String) {
        var stream = Data("Content-Length: \(length)\r\n\r\n".utf8)
        stream.append(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        stream.append(MessageReader.frame(Self.shutdown))
        #expect(Self.messages(in: stream) == [.success(Self.shutdown)])
    }

    @Test func aHeaderAfterJunkIsStillRead() {
        var stream = Data("garbage".utf8)
        stream.append(MessageReader.frame(Self.shutdown))
        stream.append(Data("content-length:5\r\ncontent-type: x\r\n\r\n[1,2]".utf8))
        #expect(Self.messages(in: stream) == [.success(Self.shutdown), .success([1, 2])])
    }

    @Test func aFrameOverTheLimitIsRefusedAndItsBodyDroppedAsItArrives() {
        let length = MessageReader.maximumMessageBytes + 1
        var reader = MessageReader()
        reader.append(Data("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(reader.next() == .failure(MessageFramingError(reason: .tooLarge(length: length))))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var fed = 0
        while fed < length {
            let piece = chunk.prefix(length - fed)
            reader.append(piece)
            fed += piece.count
            #expect(reader.next() == nil)
            #expect(reader.buffer.count < 1 << 16, "the reader holds \(reader.buffer.count) bytes")
        }
        reader.append(MessageReader.frame(Self.shutdown))
        #expect(reader.next() == .success(Self.shutdown))
    }

    @Test func aRefusedFrameIsAnsweredAndShownInTheEditor() {
        let replies = LanguageServer.response(to: MessageFramingError(reason: .tooLarge(length: 1 << 31)))
        #expect(replies.first.flatMap(Self.errorCode) == -32600)
        #expect(replies.last?["method"] == "window/showMessage")
        #expect(
            replies.last?["params"]["message"]
                == "tipc lsp skipped a message of 2048 MiB, more than the 32 MiB it reads")
    }

    @Test func aHeaderThatNeverEndsIsReadInLinearTimeAndBoundedMemory() {
        let start = PathologicalInputTests.threadCPUSeconds()
        var reader = MessageReader()
        let chunk = Data(("X-Padding: " + String(repeating: "a", count: 4_085) + "\r\n").utf8)
        for _ in 0..<2_048 {
            reader.append(chunk)
            #expect(reader.next() == nil)
        }
        #expect(reader.buffer.count < 1 << 16, "the reader holds \(reader.buffer.count) bytes")
        reader.append(MessageReader.frame(Self.shutdown))
        #expect(reader.next() == .success(Self.shutdown))
        let elapsed = PathologicalInputTests.threadCPUSeconds() - start
        #expect(elapsed < 5, "8 MB of header took \(elapsed) s of CPU time")
    }

    @Test func jsonNestedPastTheLimitIsNotJSON() {
        let depth = 100_000
        let deep = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        #expect(JSON.decode(deep) == JSON?.none)
        let allowed = JSON.maximumDepth
        let shallow = Data((String(repeating: "[", count: allowed) + String(repeating: "]", count: allowed)).utf8)
        #expect(JSON.decode(shallow) != JSON?.none)
    }

    @Test func jsonStringsAndNumbersDecodeAsRFC8259Says() {
        let text = #"{"a":"\u00e9\ud83d\ude00\n\"\\\/","b":-12.5e1,"c":[true,false,null],"d":0,"e":"\ud800x"}"#
        let value = JSON.decode(Data(text.utf8))
        #expect(value?["a"] == "é😀\n\"\\/")
        #expect(value?["b"] == .number(-125))
        #expect(value?["c"] == [true, false, nil])
        #expect(value?["d"] == 0)
        #expect(value?["e"] == "\u{FFFD}x")
        for bad in ["", "01", "[1,]", "{\"a\"}", "\"\u{1}\"", "tru", "[1] 2", "-", "1.", "{\"a\":1,}"] {
            #expect(JSON.decode(Data(bad.utf8)) == JSON?.none, "\(bad)")
        }
    }
}
