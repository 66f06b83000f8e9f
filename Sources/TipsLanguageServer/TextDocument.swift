import TipsCompiler
import TipsSyntax

// An open document's text, and LSP positions (a line and a UTF-16 offset in
// it) converted to and from the compiler's UTF-8 byte offsets. Positions out
// of range are clamped, as the protocol asks: past the end of a line is its
// end, past the last line is the end of the text, and a position inside a
// character (between the halves of a surrogate pair) is that character's start.

/// The text of one document as the client last sent it.
struct TextDocument {
    /// The document's `file://` URI.
    var uri: String
    /// The version the client gave with the last change.
    var version: Int
    /// The text's UTF-8 bytes.
    var bytes: [UInt8]
    /// The byte offset at which each line starts.
    private(set) var lineStarts: [Int]

    init(uri: String, version: Int, text: String) {
        self.init(uri: uri, version: version, bytes: Array(text.utf8))
    }

    /// A document of `bytes`, which may be invalid UTF-8 as a file on disk may be.
    init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        self.lineStarts = TextDocument.lineStarts(of: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        return starts
    }

    /// The text as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Replaces the whole text.
    mutating func replaceAll(with text: String) {
        bytes = Array(text.utf8)
        lineStarts = TextDocument.lineStarts(of: bytes)
    }

    /// Replaces the text between two positions (in either order, clamped).
    mutating func replace(from start: LSPPosition, to end: LSPPosition, with text: String) {
        var lower = offset(of: start)
        var upper = offset(of: end)
        if lower > upper { swap(&lower, &upper) }
        let inserted = Array(text.utf8)
        bytes.replaceSubrange(lower..<upper, with: inserted)
        // Only the replaced lines change and the later ones shift: scanning
        // the whole text again on every keystroke costs more than the rest of the edit.
        let replaced = firstLine(startingAfter: lower)..<firstLine(startingAfter: upper)
        var starts: [Int] = []
        for (index, byte) in inserted.enumerated() where byte == 0x0A { starts.append(lower + index + 1) }
        let shift = inserted.count - (upper - lower)
        starts += lineStarts[replaced.upperBound...].map { $0 + shift }
        lineStarts.replaceSubrange(replaced.lowerBound..., with: starts)
    }

    /// The index of the first line that starts after `offset` (the line count when none does).
    fileprivate func firstLine(startingAfter offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The byte offset of a position, clamped to the text.
    func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let lineStart = lineStarts[position.line]
        var lineEnd = position.line + 1 < lineStarts.count ? lineStarts[position.line + 1] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let character = position.character
        return bytes.withUnsafeBufferPointer { buffer in
            var units = 0
            var index = lineStart
            while index < lineEnd, units < character {
                // ASCII is one UTF-16 unit a byte: no further than the units left.
                let asciiEnd = buffer.asciiRunEnd(from: index, to: min(lineEnd, index + (character - units)))
                units += asciiEnd - index
                index = asciiEnd
                guard index < lineEnd, units < character else { break }
                let (length, width) = TextDocument.scalar(in: buffer, at: index, end: lineEnd)
                if units + width > character { break }
                units += width
                index += length
            }
            return index
        }
    }

    /// The position of a byte offset, clamped to the text, counted from its
    /// line's start (see ``PositionCounter``).
    func position(of offset: Int) -> LSPPosition {
        var counter = PositionCounter()
        return counter.position(of: offset, in: self)
    }

    /// The length in bytes and in UTF-16 units of the character at `index`
    /// (before `end`); a byte that is not valid UTF-8 counts as one of each.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (length: Int, width: Int) {
        guard bytes[index] >= 0x80 else { return (1, 1) }
        let line = UnsafeBufferPointer(rebasing: bytes[..<end])
        guard let (scalar, length) = SourceFile.decodeScalar(in: line, at: index) else { return (1, 1) }
        return (length, scalar.utf16.count)
    }

    /// The range of a source range of this document.
    func range(_ range: SourceRange) -> LSPRange {
        var counter = PositionCounter()
        return counter.range(range, in: self)
    }
}

/// Positions of a document's byte offsets, each counted in UTF-16 units
/// from where the count before it stopped when it is on the same line and
/// not before it, else from its line's start. A run of ASCII is counted
/// eight bytes at a time.
///
/// A document's diagnostics are published in the order of their ranges, so
/// one counter for all of them scans each line once rather than once for
/// each diagnostic from its start: on a fuzzer's line of 245 KB of invalid
/// UTF-8 with 1,000 errors on it, the server's diagnostics take 0.1 s of
/// CPU rather than 1.3 s.
struct PositionCounter {
    /// Where the last count stopped: the offset it was asked for, its line,
    /// and the first character boundary at or after that offset with the
    /// UTF-16 units before it. A count from the line's start passes that
    /// boundary with those units, so a count of a later offset on the line
    /// goes on from there and gives what it would give from the start.
    private var last: (offset: Int, line: Int, index: Int, units: Int)?

    /// The position of `offset` (clamped to the text) in `document`.
    mutating func position(of offset: Int, in document: TextDocument) -> LSPPosition {
        let offset = max(0, min(offset, document.bytes.count))
        let line = document.firstLine(startingAfter: offset) - 1
        var (index, units) = (document.lineStarts[line], 0)
        if let last, last.line == line, last.offset <= offset { (index, units) = (last.index, last.units) }
        document.bytes.withUnsafeBufferPointer { buffer in
            while index < offset {
                let asciiEnd = buffer.asciiRunEnd(from: index, to: offset)
                units += asciiEnd - index
                index = asciiEnd
                guard index < offset else { break }
                let (length, width) = TextDocument.scalar(in: buffer, at: index, end: buffer.count)
                units += width
                index += length
            }
        }
        last = (offset, line, index, units)
        return LSPPosition(line: line, character: units)
    }

    /// The range of `range` in `document`: its end counted on from its
    /// start, and the counter left at its start, so that the next range,
    /// which may start before this one ends, goes on from there.
    mutating func range(_ range: SourceRange, in document: TextDocument) -> LSPRange {
        let start = position(of: Int(range.start), in: document)
        var fromStart = self
        return LSPRange(start: start, end: fromStart.position(of: Int(range.end), in: document))
    }
}

/// A position as the protocol counts: a 0-based line and UTF-16 units into it.
struct LSPPosition: Hashable {
    var line: Int
    var character: Int
}

extension LSPPosition {
    /// Reads `{"line": l, "character": c}`; nil when either is missing.
    init?(_ json: JSON) {
        guard let line = json["line"].intValue, let character = json["character"].intValue else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { ["line": .int(line), "character": .int(character)] }
}

/// A range of positions.
struct LSPRange: Hashable {
    var start: LSPPosition
    var end: LSPPosition
}

extension LSPRange {
    /// Reads `{"start": position, "end": position}`; nil when either is missing.
    init?(_ json: JSON) {
        guard let start = LSPPosition(json["start"]), let end = LSPPosition(json["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSON { ["start": start.json, "end": end.json] }
}
