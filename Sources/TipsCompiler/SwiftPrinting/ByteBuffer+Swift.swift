// Appending pieces of Swift source straight to UTF-8 bytes, without building strings.

extension ByteBuffer {
    /// Appends the UTF-8 of `text` in one copy from its contiguous storage.
    mutating func appendUTF8(_ text: String) {
        text.withContiguousUTF8 { append($0) }
    }

    /// Appends fixed text from the binary, with no string in between.
    /// Inlined, so that each copy is of a length known where it is written,
    /// made in a store or two rather than a call: 25 M instructions fewer for
    /// the benchmark's 10,000 tips (callgrind, `tipc-bench --measure-compile-one-job 10000`).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `value` as an Int literal: `_` every three digits from 10_000 on.
    mutating func appendInteger(_ value: Int) {
        appendDigits(of: value, grouped: value.magnitude >= 10_000)
    }

    /// Writes the digits (with `_` between groups of three when `grouped`)
    /// from the right into room made for all of them.
    private mutating func appendDigits(of value: Int, grouped: Bool) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = grouped ? digits + (digits - 1) / 3 : digits
        var magnitude = value.magnitude
        appendBytes(length) { start in
            var written = 0
            var position = length
            repeat {
                if grouped, written > 0, written % 3 == 0 {
                    position -= 1
                    (start + position).initialize(to: UInt8(ascii: "_"))
                }
                position -= 1
                (start + position).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
                magnitude /= 10
                written += 1
            } while magnitude > 0
        }
    }

    /// Appends `head`, what `arguments` appends, then `)`: `.int(42)`.
    mutating func appendCall(_ head: StaticString, _ arguments: (inout ByteBuffer) -> Void) {
        append(head)
        arguments(&self)
        append(UInt8(ascii: ")"))
    }

    /// Appends a Swift string literal holding `text` exactly.
    mutating func appendStringLiteral(_ text: String) {
        text.withContiguousUTF8 { appendStringLiteral($0) }
    }

    /// Appends a Swift string literal holding the text whose UTF-8 is `text`.
    /// A text with no byte to escape, as most are, is written quotes and all
    /// in one piece of room: 6.1 M instructions fewer for the literals of the
    /// benchmark's 10,000 tips (callgrind, `tipc compile`).
    mutating func appendStringLiteral(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress, !Self.mayNeedEscape(text) else {
            append(UInt8(ascii: "\""))
            appendEscaped(text)
            append(UInt8(ascii: "\""))
            return
        }
        appendBytes(text.count + 2) { start in
            start.initialize(to: UInt8(ascii: "\""))
            (start + 1).initialize(from: base, count: text.count)
            (start + 1 + text.count).initialize(to: UInt8(ascii: "\""))
        }
    }

    /// Whether some byte of `text` may need an escape (see ``mayNeedEscape(in:)``),
    /// found sixteen bytes at a time.
    private static func mayNeedEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        var chunkStart = 0
        while text.count - chunkStart >= 16 {
            let chunk = UnsafeRawPointer(base + chunkStart).loadUnaligned(as: SIMD16<UInt8>.self)
            if hasMark(mayNeedEscape(in: chunk)) { return true }
            chunkStart += 16
        }
        // The last bytes, padded with spaces, which none flags.
        var chunk = SIMD16<UInt8>(repeating: UInt8(ascii: " "))
        let rest = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[chunkStart...])
        withUnsafeMutableBytes(of: &chunk) { $0.copyMemory(from: rest) }
        return hasMark(mayNeedEscape(in: chunk))
    }

    /// Whether the high bit of some byte of `flags` is set.
    @inline(__always)
    private static func hasMark(_ flags: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(flags & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    /// Appends `text` escaped for the inside of a Swift string literal (see
    /// the UTF-8 form of this method).
    mutating func appendEscaped(_ text: String) {
        text.withContiguousUTF8 { appendEscaped($0) }
    }

    /// Appends the text whose UTF-8 is `text`, escaped for the inside of a
    /// Swift string literal: `\\`, `"`, control characters and U+2028/U+2029,
    /// which would end the literal's line, are escaped; runs of other bytes
    /// are copied as they are.
    mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        appendReplacing(text, flagging: Self.mayNeedEscape(in:)) { bytes, index in
            let byte = bytes[index]
            guard Self.mayNeedEscape(byte) else { return 0 }
            return byte != 0xE2 ? 1 : Self.isLineOrParagraphSeparator(bytes, at: index) ? 3 : 0
        } with: { out, bytes, index in
            if bytes[index] == 0xE2 {
                out.appendUnicodeEscape(0x2000 + UInt32(bytes[index + 2] - 0x80))
            } else {
                out.appendEscape(of: bytes[index])
            }
        }
    }

    /// Appends `text` made safe for a `//` comment: each control character
    /// (C0: UTF-8 00-1F and 7F; C1: C2 80-9F) and U+2028/U+2029, which would
    /// end the comment's line, becomes a space.
    mutating func appendCommentText(_ text: String) {
        text.withContiguousUTF8 { appendCommentText($0) }
    }

    /// Appends the text whose UTF-8 is `text` made safe for a `//` comment (see the `String` form).
    private mutating func appendCommentText(_ text: UnsafeBufferPointer<UInt8>) {
        appendReplacing(text, flagging: Self.mayEndCommentLine(in:)) { bytes, index in
            let byte = bytes[index]
            guard Self.mayEndCommentLine(byte) else { return 0 }
            if byte < 0x20 || byte == 0x7F { return 1 }
            if byte == 0xC2 { return index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) ? 2 : 0 }
            return Self.isLineOrParagraphSeparator(bytes, at: index) ? 3 : 0
        } with: { out, _, _ in
            out.append(UInt8(ascii: " "))
        }
    }

    /// Appends `text`, copying runs of bytes as they are and writing
    /// `replacement` for each character `length` finds a length for (0 for
    /// a byte that stays). `flag` marks, in the high bit of each of sixteen
    /// bytes, those that may need replacing (it may mark more, never fewer);
    /// only a marked byte is asked of `length`, found by its bit rather than
    /// by asking each byte in turn, and a chunk without a mark is passed
    /// over at once. Flagged sixteen bytes at a time with vector
    /// instructions, the texts of the benchmark's 10,000 tips (their table's
    /// 4.6 MB among them) cost 4.6 M instructions fewer to emit, of 427 M,
    /// than eight at a time in a word (callgrind, `tipc compile`). Inlined,
    /// so that `flag` and `length` are no calls.
    @inline(__always)
    private mutating func appendReplacing(
        _ bytes: UnsafeBufferPointer<UInt8>, flagging flag: (SIMD16<UInt8>) -> SIMD16<UInt8>,
        _ length: (UnsafeBufferPointer<UInt8>, Int) -> Int,
        with replacement: (inout ByteBuffer, UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        var runStart = 0
        var chunkStart = 0
        while chunkStart < bytes.count {
            // The sixteen bytes from `loadStart`: the last sixteen of a longer
            // text when fewer are left (those before `chunkStart` were
            // scanned), or the text padded with spaces, which none flags.
            var loadStart = chunkStart
            var chunk = SIMD16<UInt8>(repeating: UInt8(ascii: " "))
            if bytes.count - chunkStart >= 16 {
                chunk = UnsafeRawPointer(base + chunkStart).loadUnaligned(as: SIMD16<UInt8>.self)
            } else if bytes.count >= 16 {
                loadStart = bytes.count - 16
                chunk = UnsafeRawPointer(base + loadStart).loadUnaligned(as: SIMD16<UInt8>.self)
            } else {
                withUnsafeMutableBytes(of: &chunk) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            }
            let marks = unsafeBitCast(flag(chunk) & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
            var low = UInt64(littleEndian: marks[0])
            var high = UInt64(littleEndian: marks[1])
            let scanned = chunkStart - loadStart
            if scanned >= 8 {
                low = 0
                high &= UInt64.max << UInt64(8 * (scanned - 8))
            } else if scanned > 0 {
                low &= UInt64.max << UInt64(8 * scanned)
            }
            if low | high != 0 {
                replaceMarked(low, at: loadStart, in: bytes, after: &runStart, length, with: replacement)
                replaceMarked(high, at: loadStart + 8, in: bytes, after: &runStart, length, with: replacement)
            }
            chunkStart = Swift.max(loadStart + 16, runStart)
        }
        append(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// Appends, for each byte from `wordStart` whose high bit `marks` sets
    /// (the first eight bytes there), the run before it from `runStart`,
    /// then the replacement of its character when `length` finds one, and
    /// moves `runStart` past that character.
    @inline(__always)
    private mutating func replaceMarked(
        _ marks: UInt64, at wordStart: Int, in bytes: UnsafeBufferPointer<UInt8>, after runStart: inout Int,
        _ length: (UnsafeBufferPointer<UInt8>, Int) -> Int,
        with replacement: (inout ByteBuffer, UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        var flags = marks
        while flags != 0 {
            let index = wordStart + flags.trailingZeroBitCount >> 3
            flags &= flags &- 1
            // A byte within a character already replaced is passed over.
            guard index >= runStart else { continue }
            let count = length(bytes, index)
            guard count > 0 else { continue }
            append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            replacement(&self, bytes, index)
            runStart = index + count
        }
    }

    /// The high bit of each of the sixteen bytes in `chunk` that may be one
    /// that ``mayNeedEscape(_:)`` marks: a byte below 20, 22, 5C, 7F or from
    /// 80 (which E2 is among).
    @inline(__always)
    private static func mayNeedEscape(in chunk: SIMD16<UInt8>) -> SIMD16<UInt8> {
        hasByte(in: chunk, below: 0x20) | hasByte(in: chunk, equalTo: 0x22) | hasByte(in: chunk, equalTo: 0x5C)
            | hasByte(in: chunk, equalTo: 0x7F) | chunk
    }

    /// The high bit of each of the sixteen bytes in `chunk` that may be one
    /// that ``mayEndCommentLine(_:)`` marks: a byte below 20, 7F or from 80
    /// (which C2 and E2 are among).
    @inline(__always)
    private static func mayEndCommentLine(in chunk: SIMD16<UInt8>) -> SIMD16<UInt8> {
        hasByte(in: chunk, below: 0x20) | hasByte(in: chunk, equalTo: 0x7F) | chunk
    }

    /// The high bit set in each byte of `chunk` below 80 that is below
    /// `limit` (at most 80): each byte is its own lane, so no borrow crosses
    /// from one into the next.
    @inline(__always)
    private static func hasByte(in chunk: SIMD16<UInt8>, below limit: UInt8) -> SIMD16<UInt8> {
        (chunk &- SIMD16(repeating: limit)) & ~chunk
    }

    /// The high bit set in each byte of `chunk` that is `value` (below 80).
    @inline(__always)
    private static func hasByte(in chunk: SIMD16<UInt8>, equalTo value: UInt8) -> SIMD16<UInt8> {
        let difference = chunk ^ SIMD16(repeating: value)
        return (difference &- SIMD16(repeating: 1)) & ~difference
    }

    /// Whether U+2028 or U+2029 (UTF-8 E2 80 A8/A9) starts at `index`.
    private static func isLineOrParagraphSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] & 0xFE == 0xA8
    }

    /// Whether `byte` is a control character, `"`, `\\`, DEL or E2 (which
    /// starts U+2028 and U+2029).
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        // 00-1F and 22; 5C and 7F; none; E2.
        isMarked(byte, in: (0x0000_0004_FFFF_FFFF, 0x8000_0000_1000_0000, 0, 0x0000_0004_0000_0000))
    }

    /// Whether `byte` is a C0 control character, DEL, C2 (which starts the C1
    /// controls) or E2 (which starts U+2028 and U+2029): one test for the
    /// bytes that may end a comment's line, so that every other byte costs no more.
    private static func mayEndCommentLine(_ byte: UInt8) -> Bool {
        // 00-1F; 7F; none; C2 and E2.
        isMarked(byte, in: (0x0000_0000_FFFF_FFFF, 0x8000_0000_0000_0000, 0, 0x0000_0004_0000_0004))
    }

    /// Whether `byte`'s bit is set in a 256-bit table, given as one word per 64 byte values.
    @inline(__always)
    private static func isMarked(_ byte: UInt8, in table: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = table.0
        case 1: word = table.1
        case 2: word = table.2
        default: word = table.3
        }
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// Appends the escape of an ASCII byte that cannot stand for itself in a string literal.
    private mutating func appendEscape(of byte: UInt8) {
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "\\"): escape = "\\\\"
        case UInt8(ascii: "\""): escape = "\\\""
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00: escape = "\\0"
        default:
            appendUnicodeEscape(UInt32(byte))
            return
        }
        append(escape)
    }

    /// `\u{HEX}`, uppercase hex without leading zeros.
    private mutating func appendUnicodeEscape(_ value: UInt32) {
        append("\\u{")
        appendUTF8(String(value, radix: 16, uppercase: true))
        append(UInt8(ascii: "}"))
    }
}
