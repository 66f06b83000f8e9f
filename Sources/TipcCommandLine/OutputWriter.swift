import Foundation
import TipsCompiler
import TipsSyntax

/// Writes generated files: creates the directory, writes atomically, and
/// leaves a file untouched when its bytes are already right (so its
/// modification date, and every build step that depends on it, stays put).
public enum OutputWriter {
    /// Writes `files` into `directory`; throws a one-line reason on failure.
    public static func write(_ files: [EmittedFile], to directory: String) throws(UsageError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw UsageError("cannot write to '\(directory)': it is not a directory")
            }
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError("cannot create the output directory '\(directory)'")
            }
        }
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        for file in files {
            let path = base.appendingPathComponent(file.fileName).path
            if fileHolds(path, file) { continue }
            if let reason = writeAtomically(file, to: path) { throw UsageError("cannot write '\(path)': \(reason)") }
        }
    }

    /// Writes `file` at `path` (its ``EmittedFile/fileName`` aside): atomically,
    /// and only when the file there does not hold these bytes already.
    /// Returns whether it wrote.
    @discardableResult
    public static func write(_ file: EmittedFile, toPath path: String) throws(UsageError) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("cannot write '\(path)': it is a directory")
        }
        if fileHolds(path, file) { return false }
        if let reason = writeAtomically(file, to: path) { throw UsageError("cannot write '\(path)': \(reason)") }
        return true
    }

    /// Whether the file at `path` exists and holds exactly the file's text.
    static func fileHolds(_ path: String, _ file: EmittedFile) -> Bool {
        FileBytes.holds(path, byteCount: file.byteCount, file.forEachPiece)
    }

    /// Writes the file's pieces to a temporary file beside `path`, then renames
    /// it over `path`: a reader sees the old text or the new, never a part.
    /// The file gets `permissions` when given (a file rewritten in place
    /// keeps its own), else 0644 less the umask. Returns nil once written,
    /// else why not (``reason(for:writing:)``).
    static func writeAtomically(_ file: EmittedFile, to path: String, permissions: mode_t? = nil) -> String? {
        let temporary = path + ".tipc-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return reason(for: errno, writing: path) }
        if let permissions, fchmod(descriptor, permissions) != 0 {
            let failure = errno
            close(descriptor)
            unlink(temporary)
            return reason(for: failure, writing: path)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var failure: Int32?
        file.forEachPiece { piece in
            guard failure == nil, let base = piece.baseAddress else { return }
            // The piece's bytes, lent to Data without a copy for the write.
            let bytes = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: piece.count, deallocator: .none)
            do {
                try handle.write(contentsOf: bytes)
            } catch {
                // Foundation reports a failed write(2) as a POSIX error carrying its errno.
                let error = error as NSError
                failure = error.domain == NSPOSIXErrorDomain ? Int32(truncatingIfNeeded: error.code) : EIO
            }
        }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        guard let failure else { return nil }
        unlink(temporary)
        return reason(for: failure, writing: path)
    }

    /// Why a write to `path` failed, from its `errno`, in the words a person
    /// acts on: the folder that does not exist, or the system's own words.
    static func reason(for code: Int32, writing path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if code == ENOENT || code == ENOTDIR,
            !FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory)
        {
            return "the folder '\(folder)' does not exist"
        }
        if code == ENOTDIR, !isDirectory.boolValue { return "'\(folder)' is not a folder" }
        return String(cString: strerror(code)).lowercased()
    }
}
