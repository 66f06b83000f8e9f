// The source text a checked rule records: its lines joined into one.

extension Checker {
    /// Joins continuation lines: every run of whitespace holding a line break becomes one space.
    static func singleLine(_ text: String) -> String {
        asciiSingleLine(text) ?? characterSingleLine(text)
    }

    /// ``singleLine(_:)`` of the text of `range`, read from the file's bytes
    /// without building the text first when it is ASCII.
    static func singleLine(of range: SourceRange, in file: SourceFile) -> String {
        let start = min(Int(range.start), file.bytes.count)
        let end = max(start, min(Int(range.end), file.bytes.count))
        let ascii = file.bytes.withUnsafeBufferPointer { bytes in
            asciiSingleLine(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        return ascii ?? characterSingleLine(file.text(in: range))
    }

    /// ``singleLine(_:)`` over Characters: right for any text, slower.
    static func characterSingleLine(_ text: String) -> String {
        var out = ""
        var pending = ""
        for character in text {
            if character.isWhitespace {
                pending.append(character)
                continue
            }
            if !pending.isEmpty {
                if pending.contains(where: \.isNewline) {
                    // A continued query chain reads as one: `a.donations` + `.within(1d)`.
                    out += character == "." ? "" : " "
                } else {
                    out += pending
                }
                pending = ""
            }
            out.append(character)
        }
        return out
    }

    /// ``singleLine(_:)`` for ASCII text; nil for any other. Nearly every rule
    /// has no line break, and is then the text itself without trailing spaces and tabs.
    static func asciiSingleLine(_ text: String) -> String? {
        var text = text
        return text.withUTF8(asciiSingleLine)
    }

    /// ``asciiSingleLine(_:)`` over the text's UTF-8 bytes.
    private static func asciiSingleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Branch-free over the bytes: the high bits of all, and whether any is 0x0A...0x0D.
        var high: UInt8 = 0
        var breaks: UInt8 = 0
        for byte in bytes {
            high |= byte
            breaks |= byte &- 0x0A < 4 ? 1 : 0
        }
        if high >= 0x80 { return nil }
        if breaks != 0 { return asciiJoinedLines(bytes) }
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
    }

    /// ``characterSingleLine(_:)`` over ASCII bytes: a run of whitespace
    /// (0x09...0x0D and space; "\r\n" is one more such run) holding a line
    /// break (0x0A...0x0D) becomes one space, or nothing before a `.`; other
    /// runs stay; a run at the end goes.
    private static func asciiJoinedLines(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var runStart = 0
        var runBreaks = false
        var inRun = false
        for (index, byte) in bytes.enumerated() {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if !inRun {
                    inRun = true
                    runStart = index
                    runBreaks = false
                }
                if byte != 0x20 && byte != 0x09 { runBreaks = true }
                continue
            }
            if inRun {
                if !runBreaks {
                    out.append(contentsOf: bytes[runStart..<index])
                } else if byte != UInt8(ascii: ".") {
                    out.append(0x20)
                }
                inRun = false
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
