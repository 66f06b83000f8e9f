#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Thin, checked wrappers over the POSIX calls the datastore needs: reads and
/// writes that loop over short transfers and EINTR, fsync (F_FULLFSYNC on
/// Apple platforms, where plain fsync does not flush the drive), advisory
/// locks and renames. Every function reports failure instead of trapping.
enum POSIXFile {
    /// The outcome of reading a whole file.
    enum ReadResult {
        case bytes([UInt8])
        case missing
        case failed(String)
    }

    /// Files larger than this are treated as damaged rather than read.
    static let maximumFileSize = 1 << 30

    static var lastError: String {
        String(cString: strerror(errno))
    }

    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) -> Int32 {
        while true {
            let fd = systemOpen(path, flags | O_CLOEXEC, mode)
            if fd >= 0 || errno != EINTR { return fd }
        }
    }

    static func close(_ fd: Int32) {
        if fd >= 0 { _ = systemClose(fd) }
    }

    static func size(_ fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return Int(clamping: info.st_size)
    }

    /// How many names an open file has, and when its inode last changed
    /// (a rename changes it): together they tell whether a file is still
    /// where it was, without looking its path up.
    struct LinkStatus: Equatable {
        var links: UInt64
        var changeSeconds: Int64
        var changeNanoseconds: Int64
    }

    static func linkStatus(_ fd: Int32) -> LinkStatus? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let changed = info.st_ctimespec
        #else
            let changed = info.st_ctim
        #endif
        return LinkStatus(
            links: UInt64(truncatingIfNeeded: info.st_nlink), changeSeconds: Int64(changed.tv_sec),
            changeNanoseconds: Int64(changed.tv_nsec))
    }

    /// Whether `path` names the file open as `fd`: false once that file was
    /// renamed or removed.
    static func isFile(_ fd: Int32, namedBy path: String) -> Bool {
        var held = stat()
        var named = stat()
        guard fstat(fd, &held) == 0, stat(path, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// Reads from `offset` to the end of the file.
    static func read(_ fd: Int32, from offset: Int) -> [UInt8]? {
        guard let size = size(fd), size <= maximumFileSize else { return nil }
        let count = max(0, size - offset)
        guard count > 0 else { return [] }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let got = pread(fd, base + done, count - done, off_t(offset + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if got == 0 { break }  // The file shrank under us: keep what was read.
                done += got
            }
            initialized = done
        }
        return failed ? nil : bytes
    }

    /// What kind of file a name holds. Datastore files must be regular: a
    /// FIFO or a device named like one is refused before it is opened,
    /// since opening either can block forever or act on the device.
    enum Kind: Equatable {
        case missing
        case regular
        case directory
        case symbolicLink
        /// A FIFO, socket or device, named in words for a report.
        case special(String)

        /// The kind in words, for a report.
        var name: String {
            switch self {
            case .missing: "missing file"
            case .regular: "regular file"
            case .directory: "directory"
            case .symbolicLink: "symbolic link"
            case .special(let name): name
            }
        }
    }

    /// The kind of file at `path`, following symbolic links (a dangling link
    /// is `.symbolicLink`) or not; nil when it cannot be told (`lastError`).
    static func kind(_ path: String, followingLinks: Bool) -> Kind? {
        // The name itself first: asking `stat` first, and `lstat` once it
        // failed, took a file another process created in between for a
        // dangling link (and the lock file was then set aside while held).
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? .missing : nil }
        let named = kind(of: info.st_mode)
        guard followingLinks, named == .symbolicLink else { return named }
        if stat(path, &info) == 0 { return kind(of: info.st_mode) }
        return errno == ENOENT ? .symbolicLink : nil
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .special("FIFO")
        case S_IFSOCK: .special("socket")
        case S_IFCHR: .special("character device")
        case S_IFBLK: .special("block device")
        default: .special("file of an unknown kind")
        }
    }

    /// The outcome of opening a file that must be regular.
    enum OpenResult {
        case opened(Int32)
        case missing
        /// Something else holds the name; it was not opened (or was closed at once).
        case notRegular(Kind)
        case failed(String)
    }

    /// Opens `path` only if it is a regular file, never blocking: anything
    /// else is looked at with `stat` first and not opened, and the descriptor
    /// is checked again with `fstat` (the name may change in between).
    static func openRegular(_ path: String, _ flags: Int32) -> OpenResult {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return .notRegular(kind(of: info.st_mode))
        }
        let fd = open(path, flags | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case EISDIR: return .notRegular(.directory)
            case ENXIO: return .notRegular(.special("FIFO"))
            default: return .failed(lastError)
            }
        }
        guard fstat(fd, &info) == 0 else {
            let reason = lastError
            close(fd)
            return .failed(reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .notRegular(kind(of: info.st_mode))
        }
        return .opened(fd)
    }

    static func readFile(_ path: String) -> ReadResult {
        readingRegular(path) { fd in
            guard let bytes = read(fd, from: 0) else { return .failed("cannot read: \(lastError)") }
            return .bytes(bytes)
        }
    }

    /// Opens a regular file for reading, gives `body` its descriptor, then closes it.
    private static func readingRegular(_ path: String, _ body: (Int32) -> ReadResult) -> ReadResult {
        switch openRegular(path, O_RDONLY) {
        case .opened(let fd):
            defer { close(fd) }
            return body(fd)
        case .missing: return .missing
        case .notRegular(let kind): return .failed("it is a \(kind.name), not a regular file")
        case .failed(let reason): return .failed(reason)
        }
    }

    /// Reads at most the first `count` bytes of a regular file.
    static func readPrefix(_ path: String, count: Int) -> ReadResult {
        readingRegular(path) { fd in
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let got = bytes.withUnsafeMutableBytes { buffer in
                    pread(fd, buffer.baseAddress.map { $0 + done }, count - done, off_t(done))
                }
                if got < 0, errno == EINTR { continue }
                if got < 0 { return .failed(lastError) }
                if got == 0 { break }
                done += got
            }
            return .bytes(Array(bytes[0..<done]))
        }
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count, let base = buffer.baseAddress {
                let wrote = pwrite(fd, base + done, buffer.count - done, off_t(offset + done))
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                done += wrote
            }
            return true
        }
    }

    /// Makes the file's data and size durable.
    static func sync(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        #endif
        while true {
            if fsync(fd) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Makes the directory's entries (creations, renames, removals) durable.
    static func syncDirectory(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return sync(fd)
    }

    static func truncate(_ fd: Int32, to length: Int) -> Bool {
        ftruncate(fd, off_t(length)) == 0
    }

    static func rename(_ from: String, _ to: String) -> Bool {
        systemRename(from, to) == 0
    }

    /// Gives the file at `existing` a second name, `new`.
    static func link(_ existing: String, _ new: String) -> Bool {
        systemLink(existing, new) == 0
    }

    @discardableResult
    static func remove(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Blocks until this descriptor holds the exclusive advisory lock.
    static func lock(_ fd: Int32) -> Bool {
        while true {
            if flock(fd, LOCK_EX) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    static func unlock(_ fd: Int32) {
        _ = flock(fd, LOCK_UN)
    }

    /// Writes a whole file so that it replaces `path` atomically and durably:
    /// temporary file (`<path>.tmp`, which must be absent or a regular file:
    /// never followed if it is a link), fsync, rename, fsync of the directory.
    /// Returns whether the file was replaced.
    static func replaceAtomically(_ path: String, with bytes: [UInt8], directory: String) -> Bool {
        let temporary = path + ".tmp"
        let fd: Int32
        switch openRegular(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW) {
        case .opened(let opened): fd = opened
        default: return false
        }
        let written = write(fd, bytes, at: 0) && sync(fd)
        close(fd)
        guard written, rename(temporary, path) else {
            remove(temporary)
            return false
        }
        // The rename is visible from here on, so the replacement happened even
        // if this last flush fails; the next write flushes the directory again.
        _ = syncDirectory(directory)
        return true
    }
}

// The system calls under other names, so that the wrappers above can use the
// natural ones.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}

private func systemLink(_ existing: String, _ new: String) -> Int32 {
    link(existing, new)
}
