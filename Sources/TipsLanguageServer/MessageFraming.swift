import Foundation
import TipsCompiler

/// The base protocol's framing: each message is `Content-Length: N` (and
/// optionally `Content-Type`), a blank line, then N bytes of UTF-8 JSON.
///
/// Bytes are fed in as they arrive; whole messages come out. A header
/// without a usable length is skipped to the next header, so one bad frame
/// does not lose the rest of the stream.
public struct MessageReader: Sendable {
    var buffer: [UInt8] = []
    var start = 0

    /// Creates an empty reader.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message's body, or nil until more bytes arrive. A body
    /// that is not JSON comes out as `.failure` so the server can answer with a
    /// parse error.
    public mutating func next() -> Result<JSON, MessageFramingError>? {
        while true {
            guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], from: start) else { return nil }
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            var length: Int?
            for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                    length = Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
            }
            let bodyStart = headerEnd + 4
            guard let length, length >= 0 else {
                // No usable length: drop this header and look for the next one.
                start = bodyStart
                continue
            }
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Data(buffer[bodyStart..<bodyStart + length])
            start = bodyStart + length
            guard let message = JSON.decode(body) else { return .failure(MessageFramingError()) }
            return .success(message)
        }
    }

    func find(_ pattern: [UInt8], from offset: Int) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var index = offset
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], Array(buffer[index..<index + pattern.count]) == pattern { return index }
            index += 1
        }
        return nil
    }

    /// One message framed for the stream.
    public static func frame(_ message: JSON) -> Data {
        let body = message.encoded()
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}

/// A frame whose body is not JSON.
public struct MessageFramingError: Error, Hashable, Sendable {}
