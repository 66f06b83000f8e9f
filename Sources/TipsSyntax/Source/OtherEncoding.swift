// Text saved in another Unicode encoding than UTF-8, which tipc reads: what
// Windows Notepad calls "Unicode" and what PowerShell 5's `>` writes is
// UTF-16. Read as UTF-8 such a file is a NUL byte every other byte, which
// the readers would report by the dozen; each names the encoding instead,
// once, and reads no further.

extension SourceFile {
    /// The encoding of `bytes` when they are not UTF-8 but UTF-16 or UTF-32
    /// (`UTF-16 (little-endian)`), and how many bytes from the start an error
    /// about it underlines (its byte order mark, or its first character);
    /// nil for anything else.
    ///
    /// A byte order mark says it; without one, four bytes that are two
    /// characters of ASCII, each with a NUL on the same side, do (a `.tips`
    /// file, a lock and a catalog start with ASCII, and NUL is never valid in them).
    package static func otherEncoding(of bytes: [UInt8]) -> (name: String, length: Int)? {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) { return ("UTF-32 (little-endian)", 4) }
        if bytes.starts(with: [0, 0, 0xFE, 0xFF]) { return ("UTF-32 (big-endian)", 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16 (little-endian)", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16 (big-endian)", 2) }
        guard bytes.count >= 4 else { return nil }
        let isASCII = { (byte: UInt8) in (0x01..<0x80).contains(byte) }
        if isASCII(bytes[0]), bytes[1] == 0, isASCII(bytes[2]), bytes[3] == 0 { return ("UTF-16 (little-endian)", 2) }
        if bytes[0] == 0, isASCII(bytes[1]), bytes[2] == 0, isASCII(bytes[3]) { return ("UTF-16 (big-endian)", 2) }
        return nil
    }

    /// How many bytes the UTF-8 byte order mark at the start of `bytes`
    /// takes: 3, or 0 when they start without one. Every reader reads past it.
    package static func byteOrderMarkLength(of bytes: [UInt8]) -> Int {
        bytes.starts(with: TextForm.byteOrderMark) ? TextForm.byteOrderMark.count : 0
    }

    /// The message for a file in `encoding` that should be UTF-8: `what` names the file (`a .tips file`).
    package static func otherEncodingMessage(_ encoding: String, what: String) -> String {
        "this file is \(encoding), and \(what) is read as UTF-8; save it as UTF-8 (with or without a byte order mark)"
    }
}
