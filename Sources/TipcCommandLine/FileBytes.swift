import Foundation

/// Reads files with `read(2)`, straight into the array or buffer that keeps
/// the bytes.
///
/// `FileManager.contents(atPath:)` then `Array(_:)` holds each input twice
/// and copies it once, and `FileHandle.read(upToCount:)` grows a buffer of
/// its own for each megabyte it reads: `tipc compile` of the benchmark's
/// 10,000 tips over its own earlier output (4.4 MB in, 14.2 MB compared)
/// ran 1,022.8 M instructions with them and 1,007.5 M with these
/// (callgrind, the whole process).
enum FileBytes {
    /// The bytes of the file at `path`, or why they cannot be read, in the
    /// words every command uses: `cannot read <what>'<path>': no such file`
    /// (then `missingHint`, such as "; write it with 'tipc lock'"), `it is a
    /// directory` (for a `.tips` input, `isTipsInput`, with how to name the
    /// files in it), or `permission denied or unreadable`. `what` names the
    /// file when it is not an input ("the lock ").
    static func contents(
        of path: String, what: String = "", missingHint: String = "", isTipsInput: Bool = false
    ) throws(UsageError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        let cannot = "cannot read \(what)'\(path)'"
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("\(cannot): no such file\(missingHint)")
        }
        guard !isDirectory.boolValue else {
            // An input named by its folder: say how to name the files in it.
            let folder = path.hasSuffix("/") ? path : path + "/"
            let files = isTipsInput ? "; name its .tips files, as in '\(folder)*.tips'" : ""
            throw UsageError("\(cannot): it is a directory\(files)")
        }
        guard let bytes = read(path) else { throw UsageError("\(cannot): permission denied or unreadable") }
        return bytes
    }

    /// The bytes of the file at `path`, read into one array sized from the
    /// file, and grown only when more follows (a pipe, a file still being
    /// written); nil when it cannot be opened or read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? max(0, Int(status.st_size)) : 0
        // A byte of room past the size, so that the read that finds the end
        // of a file that did not grow needs no second array.
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            if let read = fill(buffer, from: descriptor) { count = read } else { failed = true }
        }
        guard !failed else { return nil }
        guard bytes.count == size + 1 else { return bytes }
        var rest = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let read = rest.withUnsafeMutableBufferPointer({ fill($0, from: descriptor) }) else { return nil }
            bytes += rest[..<read]
            if read < rest.count { return bytes }
        }
    }

    /// Whether the file at `path` holds exactly `byteCount` bytes, the
    /// pieces `forEachPiece` lends one after the other; read a megabyte at
    /// a time into one buffer, never whole.
    static func holds(
        _ path: String, byteCount: Int, _ forEachPiece: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == byteCount else { return false }
        var buffer = [UInt8](repeating: 0, count: min(byteCount, 1 << 20))
        var same = true
        forEachPiece { piece in
            guard let base = piece.baseAddress else { return }
            var offset = 0
            while same, offset < piece.count {
                let length = min(buffer.count, piece.count - offset)
                same = buffer.withUnsafeMutableBufferPointer { chunk in
                    let part = UnsafeMutableBufferPointer(rebasing: chunk[..<length])
                    guard let start = part.baseAddress, fill(part, from: descriptor) == length else { return false }
                    return memcmp(start, base + offset, length) == 0
                }
                offset += length
            }
        }
        return same
    }

    /// Reads from `descriptor` into `buffer` until it is full or the file
    /// ends; returns how many bytes it read, or nil on an error.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let read = Foundation.read(descriptor, base + count, buffer.count - count)
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                return nil
            }
            count += read
        }
        return count
    }
}
