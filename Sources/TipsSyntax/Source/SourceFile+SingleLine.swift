// Source text quoted on one line: a rule's text as the syntax tree records
// it, and the parts of a rule or clause that messages quote.

extension SourceFile {
    /// Joins continuation lines: every run of whitespace holding a line break
    /// becomes one space (nothing before a `.`, so that a continued query chain
    /// reads as one); other runs stay; a run at the end goes. Whitespace is
    /// ASCII (0x09...0x0D and space), line breaks 0x0A...0x0D, as the lexer has them.
    package static func singleLine(_ text: String) -> String {
        var text = text
        return text.withUTF8(singleLine)
    }

    /// The text of `range` as written, its lines joined as ``singleLine(_:)`` joins them.
    public func singleLineText(in range: SourceRange) -> String {
        let start = min(Int(range.start), bytes.count)
        let end = max(start, min(Int(range.end), bytes.count))
        return bytes.withUnsafeBufferPointer { bytes in
            Self.singleLine(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// Whether `bytes` hold a line break (0x0A...0x0D). Eight bytes are
    /// tested at once for one below 0x0E, and only a word that holds one is
    /// looked at byte by byte: for the rules of 10,000 tips this saves 4 M
    /// instructions of 450 M in `Parser.parse` (callgrind), against testing
    /// every byte.
    private static func containsLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if ByteWord.holdsByte(in: word, below: 0x0E) { break }
                index += 8
            }
        }
        while index < bytes.count {
            if (0x0A...0x0D).contains(bytes[index]) { return true }
            index += 1
        }
        return false
    }

    /// ``singleLine(_:)`` over UTF-8 bytes.
    private static func singleLine(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Nearly every rule is one line: then only trailing whitespace goes.
        if !containsLineBreak(bytes) {
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
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
