import Foundation
import TipsCompiler

/// The base protocol's framing: each message is `Content-Length: N` (and
/// optionally `Content-Type`), a blank line, then N bytes of UTF-8 JSON.
///
/// Bytes are fed in as they arrive; whole messages come out, and every byte
/// is looked at a bounded number of times however the stream is cut. The
/// reader never holds more than one message of at most
/// ``maximumMessageBytes``: a longer one is reported and its body dropped as
/// it arrives. A header without a usable length, or one that runs past
/// ``maximumHeaderBytes`` without its blank line, is dropped up to the next
/// `Content-Length`, so one bad frame does not lose the rest of the stream.
public struct MessageReader: Sendable {
    /// The largest message body the server reads (32 MiB): room for the
    /// largest document it checks, ``LanguageServer/maximumDocumentBytes``,
    /// even with every character escaped in JSON (`\u0000` is 6 bytes).
    public static let maximumMessageBytes = 32 << 20
    /// The longest header the server reads: far more than `Content-Length`
    /// and `Content-Type` take.
    public static let maximumHeaderBytes = 4_096

    var buffer: [UInt8] = []
    /// Where the unread bytes start.
    var start = 0
    /// How far the search for the end of the header at ``start`` has looked.
    var scanned = 0
    /// How many bytes of a refused body are still to come, to be dropped.
    var discarding = 0

    /// Creates an empty reader.
    public init() {}

    /// How many bytes the reader holds that are not yet part of a message it returned.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        guard discarding > 0 else {
            buffer.append(contentsOf: bytes)
            return
        }
        let chunk = Array(bytes)
        let dropped = min(discarding, chunk.count)
        discarding -= dropped
        buffer.append(contentsOf: chunk[dropped...])
    }

    /// The next whole message's body, or nil until more bytes arrive. A body
    /// that is not JSON, or a frame over ``maximumMessageBytes``, comes out
    /// as `.failure` so the server can answer it.
    public mutating func next() -> Result<JSON, MessageFramingError>? {
        while true {
            guard let headerEnd = findHeaderEnd() else {
                // A header that never ends is not a header: look for the next one.
                if buffer.count - start > Self.maximumHeaderBytes, resync() { continue }
                return nil
            }
            let bodyStart = headerEnd + 4
            guard headerEnd - start <= Self.maximumHeaderBytes, let length = contentLength(before: headerEnd)
            else {
                // No usable length: where its body ends is unknown, so the next frame starts at the next header.
                _ = resync()
                continue
            }
            guard length <= Self.maximumMessageBytes else {
                let received = min(length, buffer.count - bodyStart)
                consume(upTo: bodyStart + received)
                discarding = length - received
                return .failure(MessageFramingError(reason: .tooLarge(length: length)))
            }
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Data(buffer[bodyStart..<bodyStart + length])
            consume(upTo: bodyStart + length)
            guard let message = JSON.decode(body) else { return .failure(MessageFramingError(reason: .notJSON)) }
            return .success(message)
        }
    }

    private mutating func consume(upTo offset: Int) {
        start = offset
        scanned = offset
    }

    /// The offset of the `\r\n\r\n` that ends the header at ``start``; the
    /// bytes already searched are not searched again.
    private mutating func findHeaderEnd() -> Int? {
        var index = max(start, scanned - 3)
        while index + 4 <= buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        scanned = max(start, buffer.count)
        return nil
    }

    /// The `Content-Length` of the header from ``start`` to `end`; nil when
    /// there is none, or it is not a whole number of bytes. Read from the
    /// bytes: it is parsed once per message.
    private func contentLength(before end: Int) -> Int? {
        let name = Array("content-length".utf8)
        var length: Int?
        var lineStart = start
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, buffer[lineEnd] != 0x0D, buffer[lineEnd] != 0x0A { lineEnd += 1 }
            var index = lineStart
            while index < lineEnd, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
            if index + name.count <= lineEnd, name.indices.allSatisfy({ buffer[index + $0] | 0x20 == name[$0] }) {
                length = Self.wholeNumber(after: index + name.count, upTo: lineEnd, in: buffer)
            }
            lineStart = lineEnd + 1
        }
        return length
    }

    /// The number in `: 123` (spaces and tabs allowed around both) from
    /// `start` to `end`; nil for anything else, or one too large for an `Int`.
    private static func wholeNumber(after start: Int, upTo end: Int, in bytes: [UInt8]) -> Int? {
        var index = start
        func skipBlanks() { while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        skipBlanks()
        guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipBlanks()
        var value = 0
        let digits = index
        while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            index += 1
        }
        skipBlanks()
        return index > digits && index == end ? value : nil
    }

    /// Drops the header at ``start`` and what follows it up to the next
    /// `Content-Length` (in any letter case); true when there is one. Without
    /// one, keeps only the last few bytes, which may be the start of one.
    private mutating func resync() -> Bool {
        let name = Array("content-length".utf8)
        var index = start + 1
        while index + name.count <= buffer.count {
            // `| 0x20` lowers an ASCII letter and keeps '-'.
            if buffer[index] | 0x20 == name[0], name.indices.allSatisfy({ buffer[index + $0] | 0x20 == name[$0] }) {
                consume(upTo: index)
                return true
            }
            index += 1
        }
        consume(upTo: max(start + 1, buffer.count - (name.count - 1)))
        return false
    }

    /// One message framed for the stream.
    public static func frame(_ message: JSON) -> Data {
        let body = message.encoded()
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}

/// A frame the reader could not turn into a message.
public struct MessageFramingError: Error, Hashable, Sendable {
    /// Why the frame was refused.
    public enum Reason: Hashable, Sendable {
        /// The body is not JSON.
        case notJSON
        /// The body is longer than ``MessageReader/maximumMessageBytes``; it was skipped.
        case tooLarge(length: Int)
    }

    /// Why the frame was refused.
    public var reason: Reason
}
