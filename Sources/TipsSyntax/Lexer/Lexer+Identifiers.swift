// Names and non-ASCII input: UTF-8 decoding and validation, identifiers.

extension Lexer {
    /// The scalar at `position` and its length, or nil where the bytes are not
    /// valid UTF-8 (see ``SourceFile/decodeScalar(in:at:)``).
    func decodeScalar(at position: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        SourceFile.decodeScalar(in: bytes, at: position)
    }

    /// Checks the scalar at `position` in a string or comment (`place`) and
    /// returns the position after it; nil when it is not valid UTF-8 (reported).
    mutating func validateScalar(at position: Int, in place: String) -> Int? {
        if let (scalar, length) = decodeScalar(at: position) {
            warnIfBidiControl(scalar, at: position, length: length, in: place)
            return position + length
        }
        reportInvalidUTF8(at: position)
        return nil
    }

    /// Warns about an invisible character that reorders how text is shown
    /// (U+202A...U+202E, U+2066...U+2069): in a string or comment it can make
    /// the code read differently from what it does ("Trojan Source").
    mutating func warnIfBidiControl(_ scalar: Unicode.Scalar, at position: Int, length: Int, in place: String) {
        guard (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) else { return }
        let code = Lexer.hex(scalar.value, digits: 4)
        diagnostics.warning(
            "this \(place) holds the invisible bidirectional control character U+\(code), which can make the "
                + "text show in another order than it is read; remove it"
                + (place == "string" ? ", or write it as \\u{\(code)} if it is meant" : ""),
            at: range(position, position + length))
        noteReport(.warning)
    }

    mutating func reportInvalidUTF8(at position: Int) {
        let byte = bytes[position]
        error("invalid UTF-8 byte 0x\(Lexer.hex(UInt32(byte), digits: 2))", from: position, to: position + 1)
    }

    /// A non-ASCII byte outside strings and comments: a name, or an error.
    mutating func scanNonASCII() {
        guard let (scalar, length) = decodeScalar(at: index) else {
            reportInvalidUTF8(at: index)
            emit(.unknown, from: index, to: index + 1, malformed: true)
            index += 1
            return
        }
        if scalar.properties.isXIDStart {
            scanIdentifier()
            return
        }
        if scanCurlyQuote(scalar, length: length) { return }
        if scanTypographicOperator(scalar, length: length) { return }
        let start = index
        index += length
        if let advice = Lexer.invisibleAdvice(scalar) {
            // Quoted, it would show as nothing (or as a space): named instead,
            // and read as the space it stands in for, so that nothing cascades.
            let name = scalar.properties.name.map { " " + $0 } ?? ""
            error(
                "unexpected invisible character U+\(Lexer.hex(scalar.value, digits: 4))\(name); \(advice)",
                from: start, to: index, replacement: advice.hasPrefix("replace") ? " " : "")
            return
        }
        emit(.unknown, from: start, to: index, malformed: true)
        error("unexpected character '\(Character(scalar))'", from: start, to: index)
    }

    /// What to do with `scalar` when it is a space other than the plain one
    /// or a character that shows as nothing; nil for any other.
    static func invisibleAdvice(_ scalar: Unicode.Scalar) -> String? {
        let properties = scalar.properties
        if properties.isWhitespace { return "replace it with a plain space" }
        if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format { return "remove it" }
        return nil
    }

    /// The end of the identifier characters that start at `position`.
    /// Inlined: called from a mutating scan, it would otherwise be handed a
    /// copy of the whole lexer, once per name.
    @inline(__always)
    func identifierEnd(from position: Int) -> Int {
        var end = asciiIdentifierEnd(from: position)
        guard end < bytes.count, bytes[end] >= 0x80 else { return end }
        while end < bytes.count {
            let byte = bytes[end]
            if Lexer.isASCIIIdentifierByte(byte) {
                end += 1
            } else if byte >= 0x80, let length = Lexer.nameScalarLength(in: bytes, at: end, continuing: true) {
                end += length
            } else {
                break
            }
        }
        return end
    }

    /// The end of the ASCII identifier characters that start at `position`,
    /// read through a pointer, without checking each index against the
    /// array's bounds: saves 3 M instructions of 477 M in `Parser.parse` for
    /// 10,000 tips (callgrind).
    @inline(__always)
    func asciiIdentifierEnd(from position: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var end = position
            while end < buffer.count, Lexer.isASCIIIdentifierByte(buffer[end]) { end += 1 }
            return end
        }
    }

    /// Whether the bytes at `position` start an identifier. Inlined for the
    /// reason ``identifierEnd(from:)`` is: with ``integerValue(_:_:)`` and
    /// the string's last segment inlined too, saves 6 M instructions of
    /// 456 M in `Parser.parse` for 10,000 tips (callgrind).
    @inline(__always)
    func startsIdentifier(at position: Int) -> Bool {
        guard position < bytes.count else { return false }
        let byte = bytes[position]
        if byte >= 0x80 { return Lexer.nameScalarLength(in: bytes, at: position, continuing: false) != nil }
        return Lexer.isASCIIIdentifierByte(byte) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The length of the scalar at `position` in `bytes` when it is valid
    /// UTF-8 and can start a name (or, with `continuing`, go on one); else nil.
    ///
    /// Out of line: `Unicode.Scalar.Properties` is resilient, so a function
    /// that reads it sets up room for it on every call, and inlined here it
    /// would do so for every name and number the lexer scans, ASCII or not.
    @inline(never)
    static func nameScalarLength(in bytes: [UInt8], at position: Int, continuing: Bool) -> Int? {
        guard let (scalar, length) = SourceFile.decodeScalar(in: bytes, at: position) else { return nil }
        let properties = scalar.properties
        return (continuing ? properties.isXIDContinue : properties.isXIDStart) ? length : nil
    }

    /// Where the name (Swift's identifier rules, as in `.tips`) that starts
    /// at `start` in `bytes` ends, reading no further than `end`; `start`
    /// when no name starts there. For names read outside `.tips` (the
    /// lock's), ASCII by the byte as the lexer reads it: read scalar by
    /// scalar through a slice, the names of a 620 KB lock took half of
    /// `tipc check --lock` of 10,000 tips (`perf record`).
    package static func nameEnd(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte < 0x80 {
                guard isASCIIIdentifierByte(byte), position > start || !(0x30...0x39).contains(byte) else { break }
                position += 1
            } else {
                guard let length = nameScalarLength(in: bytes, at: position, continuing: position > start),
                    position + length <= end
                else { break }
                position += length
            }
        }
        return position
    }

    static func isASCIIIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    mutating func scanIdentifier() {
        let start = index
        let end = identifierEnd(from: start)
        let keyword = keyword(start, end)
        index = end
        emit(.identifier, from: start, to: end, keyword: keyword)
    }

    /// The keyword spelled by `start..<end`, if any, compared byte for byte
    /// (inlined for the reason ``identifierEnd(from:)`` is).
    @inline(__always)
    func keyword(_ start: Int, _ end: Int) -> Keyword? {
        let length = end - start
        guard length > 0, length <= Keyword.longestSpelling, end <= bytes.count else { return nil }
        let candidates = keywordTable[Keyword.bucket(length: length, first: bytes[start])]
        if candidates.isEmpty { return nil }
        let words = bytes.withUnsafeBufferPointer { Keyword.Words(of: $0, from: start, length: length) }
        for candidate in candidates where candidate.words == words { return candidate.keyword }
        return nil
    }
}
