import Foundation

/// Identifies one source file within a ``SourceManager``.
public struct FileID: Hashable, Comparable, Sendable {
    /// The index of the file in its ``SourceManager``.
    public let rawValue: Int32

    /// Creates a file id from its index.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A half-open byte range `start..<end` within one file.
///
/// Ranges stay compact through every stage and are resolved to a line and
/// column (counting Unicode scalars) only when printed.
public struct SourceRange: Hashable, Comparable, Sendable {
    /// The file this range is in.
    public var file: FileID
    /// The first byte of the range.
    public var start: UInt32
    /// One past the last byte of the range.
    public var end: UInt32

    /// Creates a range; `end` is clamped to be at least `start`.
    public init(file: FileID, start: UInt32, end: UInt32) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both `self` and `other` (same file assumed).
    public func extended(to other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// Whether `other` lies within this range, in the same file.
    public func holds(_ other: SourceRange) -> Bool {
        file == other.file && start <= other.start && other.end <= end
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.file, lhs.start, lhs.end) < (rhs.file, rhs.start, rhs.end)
    }
}

/// A line and column, both starting at 1; the column counts Unicode scalars.
public struct LineColumn: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One input file: its path as given, and its UTF-8 bytes.
public final class SourceFile: Sendable {
    /// The file's id in its ``SourceManager``.
    public let id: FileID
    /// The path as the user gave it; printed in diagnostics.
    public let path: String
    /// The file's bytes, exactly as read (not necessarily valid UTF-8).
    public let bytes: [UInt8]
    /// Byte offsets at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [UInt32]

    /// Creates a source file from its bytes.
    public init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // memchr finds each line break a vector at a time.
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                let index = base.distance(to: UnsafeRawPointer(found))
                starts.append(UInt32(index + 1))
                offset = index + 1
            }
        }
        self.lineStarts = starts
    }

    /// The file name without its directory, used in generated code so that
    /// output never depends on where the input lives.
    public var fileName: String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }

    /// The 1-based line containing `offset`.
    ///
    /// A binary search that halves a window known to hold the line (the last
    /// start at or before `offset`) whatever each comparison says, read
    /// through a pointer: no branch to mispredict and no bounds checks. For
    /// the rules of 10,000 tips, whose lines the checker looks up, this
    /// takes 3.4 M instructions rather than 5.8 M (callgrind).
    public func line(of offset: UInt32) -> Int {
        lineStarts.withUnsafeBufferPointer { starts in
            var low = 0
            var count = starts.count
            while count > 1 {
                let half = count / 2
                if starts[low + half] <= offset { low += half }
                count -= half
            }
            return low + 1
        }
    }

    /// The 1-based line containing `offset`, found by reading on from line
    /// `hint` (the line of an earlier offset) when `offset` is at most 32
    /// lines past its start, else by ``line(of:)``. The checker looks up its
    /// rules' lines in source order, a few lines apart: for the rules of
    /// 10,000 tips this takes 1.3 M instructions rather than 3.4 M (callgrind, `Checker.run`).
    public func line(of offset: UInt32, from hint: Int) -> Int {
        let found = lineStarts.withUnsafeBufferPointer { starts -> Int? in
            guard hint >= 1, hint <= starts.count, starts[hint - 1] <= offset else { return nil }
            let limit = min(starts.count, hint + 32)
            var line = hint
            while line < limit, starts[line] <= offset { line += 1 }
            return line < limit || line == starts.count ? line : nil
        }
        return found ?? line(of: offset)
    }

    /// Whether a line starts in `start + 1 ... end`, that is, whether
    /// `line(of: end) > line(of: start)`, found by scanning the bytes between
    /// (usually a few spaces) instead of two binary searches.
    package func containsLineBreak(from start: UInt32, to end: UInt32) -> Bool {
        let lower = min(Int(start), bytes.count)
        let upper = min(Int(end), bytes.count)
        guard lower < upper else { return false }
        return bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base + lower, 0x0A, upper - lower) != nil
        }
    }

    /// Resolves a byte offset to a line and a column counted in Unicode scalars.
    /// Each byte that is not part of valid UTF-8 counts as one column, as it
    /// shows as one replacement character in ``lineText(_:)``.
    public func lineColumn(of offset: UInt32) -> LineColumn {
        let line = line(of: offset)
        // A UTF-8 byte order mark is no column: an editor shows none.
        let mark = line == 1 ? Self.byteOrderMarkLength(of: bytes) : 0
        let start = Int(lineStarts[line - 1]) + mark
        return LineColumn(line: line, column: 1 + columns(from: start, to: min(Int(offset), bytes.count)))
    }

    /// The number of columns between two byte offsets on one line: one per
    /// valid UTF-8 scalar, and one per byte that is not valid UTF-8. A run
    /// of ASCII is counted eight bytes at a time: each diagnostic counts
    /// from its line's start, and 1,000 errors at the end of a line of
    /// 458 KB took 0.66 s to render byte by byte.
    func columns(from start: Int, to end: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var index = start
            while index < end {
                let asciiEnd = buffer.asciiRunEnd(from: index, to: end)
                count += asciiEnd - index
                index = asciiEnd
                guard index < end else { break }
                index += Self.decodeScalar(in: buffer, at: index)?.length ?? 1
                count += 1
            }
            return count
        }
    }

    /// The text of the 1-based `line`, without its line terminator; each byte
    /// of invalid UTF-8 is repaired with one replacement character.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        return repairedText(lineBytes(line))
    }

    /// The line that holds `offset`, as an edit that adds a line beside it
    /// needs it: where it starts, where it ends (at its `\n`, or the file's
    /// end), its leading spaces and tabs, and the line break it ends with
    /// (`"\r\n"` when it ends so, else `"\n"`).
    package func lineLayout(at offset: UInt32) -> (start: Int, end: Int, indentation: String, newline: String) {
        let line = line(of: offset)
        let start = Int(lineStarts[line - 1])
        let end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        let indentation = bytes[start..<end].prefix { $0 == 0x20 || $0 == 0x09 }
        let newline = end > start && bytes[end - 1] == 0x0D ? "\r\n" : "\n"
        return (start, end, String(decoding: indentation, as: UTF8.self), newline)
    }

    /// The byte offsets of the 1-based `line` (which must exist), without its line terminator.
    func lineBytes(_ line: Int) -> Range<Int> {
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of the bytes at `offsets`, with one replacement character per
    /// byte of invalid UTF-8 (so that columns line up with ``lineColumn(of:)``).
    func repairedText(_ offsets: Range<Int>) -> String {
        var scalars = String.UnicodeScalarView()
        bytes.withUnsafeBufferPointer { buffer in
            var index = offsets.lowerBound
            while index < offsets.upperBound {
                if let (scalar, length) = Self.decodeScalar(in: buffer[..<offsets.upperBound], at: index) {
                    scalars.append(scalar)
                    index += length
                } else {
                    scalars.append("\u{FFFD}")
                    index += 1
                }
            }
        }
        return String(scalars)
    }

    /// The one UTF-8 decoder of every stage (the standard library's): the
    /// scalar whose encoding starts at `position`, and its length in bytes;
    /// nil where the bytes there are not valid UTF-8 (a stray continuation
    /// byte, an overlong form, a surrogate, a value past U+10FFFF, a sequence
    /// cut short). Each such byte counts as one character of its own.
    ///
    /// Specialized for the bytes other modules pass: run generic from
    /// another module, each call looked up the metadata of the slices it
    /// makes, a tenth of reading a String Catalog (`perf record`).
    @_specialize(where Bytes == ArraySlice<UInt8>)
    @_specialize(where Bytes == [UInt8])
    package static func decodeScalar<Bytes: Collection<UInt8>>(in bytes: Bytes, at position: Bytes.Index)
        -> (scalar: Unicode.Scalar, length: Int)?
    {
        // Only ASCII and 0xC2...0xF4 start a scalar; any other byte (binary
        // input) fails here, before the parser is set up.
        guard bytes[position] < 0x80 || (0xC2...0xF4).contains(bytes[position]) else { return nil }
        var iterator = bytes[position...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return nil }
        return (Unicode.UTF8.decode(encoded), encoded.count)
    }

    /// Whether the text covered by `range` is exactly `word`, compared byte
    /// for byte: no `String` is made for a token that is not the word.
    public func spells(_ word: StaticString, in range: SourceRange) -> Bool {
        let start = Int(range.start)
        let end = Int(range.end)
        guard start <= end, end <= bytes.count, end - start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[start..<end]).elementsEqual(expected) }
        }
    }

    /// The source text covered by `range`, repaired to valid UTF-8. Decoded
    /// from a pointer into the bytes rather than an `ArraySlice`, which would
    /// retain and release the file's storage for every name the parser reads.
    public func text(in range: SourceRange) -> String {
        let start = min(Int(range.start), bytes.count)
        let end = max(start, min(Int(range.end), bytes.count))
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }
}

/// The set of files in one compilation; resolves compact positions.
public struct SourceManager: Sendable {
    /// Every file, indexed by ``FileID/rawValue``.
    public private(set) var files: [SourceFile] = []

    /// Creates an empty source manager.
    public init() {}

    /// Adds a file and returns it.
    @discardableResult
    public mutating func add(path: String, bytes: [UInt8]) -> SourceFile {
        let file = SourceFile(id: FileID(Int32(files.count)), path: path, bytes: bytes)
        files.append(file)
        return file
    }

    /// Adds a file from a string.
    @discardableResult
    public mutating func add(path: String, text: String) -> SourceFile {
        add(path: path, bytes: Array(text.utf8))
    }

    /// The file with the given id. Inlinable, so that a caller in another
    /// module that only reads the file borrows it from the array rather than
    /// retaining it (saves 17,000 retains and releases on 10,000 tips).
    @inlinable public subscript(id: FileID) -> SourceFile { files[Int(id.rawValue)] }
}
