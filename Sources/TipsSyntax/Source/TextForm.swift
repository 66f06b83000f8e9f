// How a file that tipc rewrites (`tipc format`, `tipc strings`, `tipc lock`,
// a fix-it that adds a line) was written, kept: the line break it already
// uses, so that a checkout with CRLF line ends (Git for Windows converts to
// them by default) comes back with CRLF and `tipc format --check` does not
// call every such file unformatted; and a UTF-8 byte order mark, which
// Windows tools write and tipc reads past.

/// What a rewritten file keeps of how it was written.
public struct TextForm: Hashable, Sendable {
    /// The line break between its lines.
    public var lineBreak: LineBreak
    /// Whether it starts with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool

    /// How `bytes` are written (a new file: `\n`, no byte order mark).
    public init(of bytes: [UInt8]) {
        lineBreak = LineBreak(firstIn: bytes)
        hasByteOrderMark = bytes.starts(with: Self.byteOrderMark)
    }

    /// UTF-8's byte order mark.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `text`, written with `\n` between lines and no byte order mark, written in this form.
    public func applied(to text: String) -> String {
        let lines = lineBreak.applied(to: text)
        return hasByteOrderMark && !lines.utf8.starts(with: Self.byteOrderMark) ? "\u{FEFF}" + lines : lines
    }
}

/// A line break as a file writes it.
public enum LineBreak: String, Hashable, Sendable {
    /// `\n`: what tipc writes in a new file.
    case lineFeed = "\n"
    /// `\r\n`.
    case carriageReturnLineFeed = "\r\n"

    /// The line break `bytes` use first; ``lineFeed`` when they have none. A
    /// file whose lines end both ways is written the way its first line ends.
    public init(firstIn bytes: some Collection<UInt8>) {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A {
                self = previous == 0x0D ? .carriageReturnLineFeed : .lineFeed
                return
            }
            previous = byte
        }
        self = .lineFeed
    }

    /// `bytes`, written with `\n` between lines, with each `\n` written as
    /// this line break (one that `\r` already precedes stays as it is).
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        guard self == .carriageReturnLineFeed, bytes.contains(0x0A) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A, previous != 0x0D { out.append(0x0D) }
            out.append(byte)
            previous = byte
        }
        return out
    }

    /// `text`, written with `\n` between lines, with each `\n` written as this line break.
    public func applied(to text: String) -> String {
        guard self == .carriageReturnLineFeed else { return text }
        return String(decoding: applied(to: Array(text.utf8)), as: UTF8.self)
    }
}
