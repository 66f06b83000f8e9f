// Numbers, durations and strings.

import TipsRuntime

extension Lexer {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The end of a run of digits and `_` starting at `position`.
    func digitsEnd(from position: Int) -> Int {
        var end = position
        while end < bytes.count, Lexer.isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "_") { end += 1 }
        return end
    }

    /// The value of the digits in `start..<end` (underscores skipped), or nil on overflow.
    /// Read from the bytes: a `String` filtered by `Character` costs several
    /// times the rest of the token, and a file of tips has many integers.
    /// Inlined, as ``startsIdentifier(at:)`` is, and for what it buys.
    @inline(__always)
    func integerValue(_ start: Int, _ end: Int) -> Int? {
        var value = 0
        for position in start..<end where bytes[position] != UInt8(ascii: "_") {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(bytes[position] - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// The unit each byte spells on its own, indexed by the byte: a unit
    /// after a number is nearly always one byte, read from the bytes rather
    /// than by `DurationUnit(rawValue:)` on a `String` made of them (which
    /// ``scanInteger(from:numberEnd:)`` does for longer suffixes): saves
    /// 4 M instructions of 541 M in `Parser.parse` for 10,000 tips (callgrind).
    static let durationUnits: [DurationUnit?] = {
        var table = [DurationUnit?](repeating: nil, count: 256)
        for unit in DurationUnit.allCases {
            let spelling = Array(unit.rawValue.utf8)
            if spelling.count == 1 { table[Int(spelling[0])] = unit }
        }
        return table
    }()

    /// `42`, `1_000`, `2.5`, or a duration `30s`.
    mutating func scanNumber() {
        let start = index
        var end = digitsEnd(from: index)
        let isDecimal = end + 1 < bytes.count && bytes[end] == UInt8(ascii: ".") && Lexer.isDigit(bytes[end + 1])
        if isDecimal { end = digitsEnd(from: end + 1) }
        let unitEnd = startsIdentifier(at: end) ? identifierEnd(from: end) : end
        index = unitEnd
        if isDecimal {
            scanDecimal(from: start, numberEnd: end)
        } else {
            scanInteger(from: start, numberEnd: end)
        }
    }

    /// The decimal in `start..<numberEnd`, and the unit after it up to
    /// ``index``, if any (an error: a duration takes a whole number).
    mutating func scanDecimal(from start: Int, numberEnd: Int) {
        let text = file.text(in: range(start, numberEnd))
        if numberEnd < index {
            let suffix = file.text(in: range(numberEnd, index))
            if DurationUnit(rawValue: suffix) != nil {
                error(
                    "a duration takes a whole number; use a smaller unit, such as 90m for 1.5h", from: start, to: index)
            } else {
                reportUnknownUnit(suffix, from: numberEnd, to: index)
            }
            emit(.decimal, from: start, to: index, malformed: true)
        } else {
            // Digits, a dot and digits always read as a Double (too many digits, as infinity).
            // Only text with a `_` is filtered: building the filtered copy, one
            // Character at a time, cost 10,600 retains, 16,000 releases and 2.1 M
            // instructions for 2,304 decimals in 10,000 tips (callgrind).
            let digits = text.utf8.contains(UInt8(ascii: "_")) ? text.filter { $0 != "_" } : text
            emit(.decimal, from: start, to: index, value: .decimal(Double(digits) ?? .infinity))
        }
    }

    /// The integer in `start..<numberEnd`, or a duration when a unit follows
    /// it up to ``index``.
    mutating func scanInteger(from start: Int, numberEnd: Int) {
        let end = index
        let value = integerValue(start, numberEnd)
        if value == nil {
            let text = file.text(in: range(start, numberEnd))
            error("integer literal '\(text)' is too large; the largest is \(Int.max)", from: start, to: numberEnd)
        }
        guard end > numberEnd else {
            emit(.integer, from: start, to: end, value: value.map(TokenValue.integer) ?? .none, malformed: value == nil)
            return
        }
        let byteUnit = end == numberEnd + 1 ? Lexer.durationUnits[Int(bytes[numberEnd])] : nil
        let suffix = byteUnit == nil ? file.text(in: range(numberEnd, end)) : ""
        if let unit = byteUnit ?? DurationUnit(rawValue: suffix) {
            emit(
                .duration, from: start, to: end, value: value.map { .duration($0, unit) } ?? .none,
                malformed: value == nil)
        } else if let value, let unit = DurationUnit(spelledAs: suffix) {
            // `3days`: reported once, then read as `3d`.
            error(
                "write the duration as \(value)\(unit.rawValue)", from: start, to: end,
                replacement: "\(value)\(unit.rawValue)")
            emit(.duration, from: start, to: end, value: .duration(value, unit))
        } else if !scanNameStartingWithDigit(from: start, to: end) {
            reportUnknownUnit(suffix, from: numberEnd, to: end)
            emit(.duration, from: start, to: end, malformed: true)
        }
    }

    /// `parameter 2fa: Bool`: a name that starts with a digit, where a name
    /// is declared (after a declaration keyword, or before `:`). Reported
    /// once and read as a name, as are later uses of the same spelling.
    mutating func scanNameStartingWithDigit(from start: Int, to end: Int) -> Bool {
        let name = file.text(in: range(start, end))
        if digitNames.contains(name) {
            emit(.identifier, from: start, to: end)
            return true
        }
        var next = end
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        let declares = lastToken?.keyword?.startsDeclaration == true
        guard declares || (next < bytes.count && bytes[next] == UInt8(ascii: ":")) else { return false }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        let rest = name.dropFirst(digits.count).drop { $0 == "_" }
        let example = rest.isEmpty ? "_\(name)" : "\(rest)\(digits)"
        error("a name cannot start with a digit; rename '\(name)', for example to '\(example)'", from: start, to: end)
        digitNames.insert(name)
        emit(.identifier, from: start, to: end)
        return true
    }

    mutating func reportUnknownUnit(_ suffix: String, from start: Int, to end: Int) {
        let hint = suffix.hasPrefix("mo") ? " (months vary in length; use days or weeks)" : ""
        error("unknown duration unit '\(suffix)'; use s, m, h, d or w\(hint)", from: start, to: end)
    }

    // MARK: - Strings

    /// A string literal: escapes decoded, `\(name)` split out as interpolations.
    /// With `curly`, the string opened with a curly quote (its `opening`
    /// bytes long) and ends at a curly or straight quote of the same kind.
    /// Returns whether a quote closed the string.
    @discardableResult
    mutating func scanString(curly: CurlyQuote? = nil) -> Bool {
        if curly == nil, startsTripleQuote(at: index) ? scanMultilineString() : scanStrayClosingQuote() {
            return true
        }
        let start = index
        index += curly?.openingLength ?? 1
        var segments = StringLiteral.Segments()
        // Decoded text since the last segment; used only once an escape or
        // an error interrupts a plain run of bytes, and only then in the
        // lexer's buffer (see takeStringText()).
        var text: [UInt8] = []
        defer { if text.capacity > 0 { stringText = text } }
        var runStart = index
        var closingLength = 0
        while true {
            guard index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D else {
                if curly == nil, hasCurlyCloser(from: start + 1, to: index) {
                    rescanEndingInCurlyQuote(from: start)
                    return true
                }
                error("unterminated string; add a closing '\"'", from: start, to: start + 1)
                break
            }
            if let length = closingQuoteLength(curly: curly) {
                closingLength = length
                break
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                if text.capacity == 0 { text = takeStringText() }
                appendBytes(from: runStart, to: &text)
                if let interpolation = scanEscape(into: &text) {
                    if !text.isEmpty {
                        segments.append(.text(String(decoding: text, as: UTF8.self)))
                        text.removeAll(keepingCapacity: true)
                    }
                    segments.append(.interpolation(interpolation))
                }
                runStart = index
            } else if byte >= 0x80 {
                if let end = validateScalar(at: index, in: "string") {
                    index = end
                } else {
                    // The invalid byte is left out of the string's text.
                    if text.capacity == 0 { text = takeStringText() }
                    appendBytes(from: runStart, to: &text)
                    index += 1
                    runStart = index
                }
            } else {
                index += 1
                // The rest of a run that a string between straight quotes holds as it is.
                if curly == nil { index = plainRunEnd(from: index, stoppingAt: (0x22, 0x5C, 0x0A, 0x0D)) }
            }
        }
        appendLastSegment(to: &segments, text: &text, runStart: runStart)
        index += closingLength
        emitString(from: start, to: index, segments: consume segments)
        return closingLength > 0
    }

    /// Appends a string's text after its last escape or interpolation (its
    /// decoded `text`, then the bytes from `runStart` to here) to `segments`.
    /// Inlined, as ``startsIdentifier(at:)`` is, and for what it buys.
    @inline(__always)
    private func appendLastSegment(to segments: inout StringLiteral.Segments, text: inout [UInt8], runStart: Int) {
        if text.isEmpty {
            // The common case: no escapes, so the text is a slice of the source
            // and, for a string without interpolations, the only piece: made as
            // that piece, it saves 2 M instructions of 446 M in `Parser.parse`
            // for 10,000 tips (callgrind), against appending it.
            guard runStart < index else { return }
            let piece = file.text(in: range(runStart, index))
            if segments.isEmpty {
                segments = StringLiteral.Segments(text: piece)
            } else {
                segments.append(.text(piece))
            }
        } else {
            appendBytes(from: runStart, to: &text)
            segments.append(.text(String(decoding: text, as: UTF8.self)))
        }
    }

    /// Appends the bytes from `start` to here to `text`, read in place: a
    /// slice of ``bytes`` retains them, and the append releases the slice
    /// (saves 25,000 retains and as many releases on 10,000 tips).
    private func appendBytes(from start: Int, to text: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { text.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<index])) }
    }

    /// The lexer's buffer for a string's decoded text, emptied, for one
    /// string to use and give back: one buffer serves every string, so its
    /// storage is allocated once. A string takes it only when an escape or
    /// an error first interrupts its plain run of bytes: most strings never
    /// need it (saves 2 M instructions of 421 M in `Parser.parse` for 10,000
    /// tips, callgrind, against taking it for every string).
    private mutating func takeStringText() -> [UInt8] {
        var text = [UInt8]()
        swap(&text, &stringText)
        text.removeAll(keepingCapacity: true)
        return text
    }

    /// The length of the quote at `index` that closes a string opened with
    /// `curly` (a straight one when nil), or nil when none is there.
    private func closingQuoteLength(curly: CurlyQuote?) -> Int? {
        guard let curly else { return bytes[index] == UInt8(ascii: "\"") ? 1 : nil }
        return curly.closingLength(in: bytes, at: index, end: bytes.count)
    }

    /// `"Hi”`: read again as a string that a curly quote ends.
    mutating func rescanEndingInCurlyQuote(from start: Int) {
        index = start
        scanString(curly: .straightOpened)
        error(
            "this string ends with a curly quote; \(CurlyQuote.message)", from: start, to: index,
            replacement: straightened(from: start, to: index))
    }

    /// Decodes the escape at the backslash at `index` into `text`; returns
    /// the name of an interpolation `\(name)` instead of appending it.
    mutating func scanEscape(into text: inout [UInt8]) -> Identifier? {
        let start = index
        guard index + 1 < bytes.count else {
            index += 1
            return nil
        }
        let next = bytes[index + 1]
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            text.append(next)
            index += 2
        case UInt8(ascii: "n"):
            text.append(0x0A)
            index += 2
        case UInt8(ascii: "t"):
            text.append(0x09)
            index += 2
        case UInt8(ascii: "u"):
            index += 2
            scanUnicodeEscape(from: start, into: &text)
        case UInt8(ascii: "("):
            index += 2
            return scanInterpolation(from: start)
        case 0x0A, 0x0D:
            // The string is unterminated; the caller reports it.
            index += 1
        default:
            let end =
                next >= 0x80 ? (decodeScalar(at: index + 1).map { index + 1 + $0.length } ?? index + 2) : index + 2
            let escape = file.text(in: range(start, end))
            error(
                "invalid escape sequence '\(escape)' in string; use \\\", \\\\, \\n, \\t, \\u{...} or \\(name)",
                from: start, to: end)
            index = end
        }
        return nil
    }

    /// `'Hi'`: reported once, then read as a string (without escapes) so that
    /// parsing carries on as if it were double-quoted.
    mutating func scanSingleQuotedString() {
        let start = index
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "'"), bytes[end] != 0x0A { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "'") else {
            index += 1
            emit(.unknown, from: start, to: index, malformed: true)
            error("unexpected character '''; strings use double quotes", from: start, to: index)
            return
        }
        index = end + 1
        let text = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        // Read without escapes: a quote or backslash in it would read otherwise in double quotes.
        let fixable = !text.contains(where: { $0 == "\"" || $0 == "\\" })
        error(
            "strings use double quotes: \"\(text)\"", from: start, to: index,
            replacement: fixable ? "\"\(text)\"" : nil)
        emitString(from: start, to: index, segments: text.isEmpty ? [] : [.text(text)])
    }

    /// `\u{1F426}`: `index` is just after the `u`.
    mutating func scanUnicodeEscape(from start: Int, into text: inout [UInt8]) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
            error("expected '{' after '\\u'; write a Unicode escape as \\u{1F426}", from: start, to: index)
            return
        }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue {
            if digits < 8 { value = value << 4 | UInt32(digit) }
            digits += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
            error("expected '}' to end the Unicode escape; write it as \\u{1F426}", from: start, to: index)
            return
        }
        index += 1
        guard (1...8).contains(digits) else {
            error("a Unicode escape takes 1 to 8 hexadecimal digits, as in \\u{1F426}", from: start, to: index)
            return
        }
        guard let scalar = Unicode.Scalar(value) else {
            error("'\\u{\(Lexer.hex(value, digits: 1))}' is not a valid Unicode scalar", from: start, to: index)
            return
        }
        text.append(contentsOf: String(scalar).utf8)
    }

    /// `\(name)`: `index` is just after the `(`.
    mutating func scanInterpolation(from start: Int) -> Identifier? {
        let nameStart = index
        if startsIdentifier(at: index) {
            let nameEnd = identifierEnd(from: index)
            let closed = nameEnd < bytes.count && bytes[nameEnd] == UInt8(ascii: ")")
            if closed || nameEnd >= bytes.count || bytes[nameEnd] == UInt8(ascii: "\"") || bytes[nameEnd] == 0x0A {
                // `"Hi \(name"`: reported once, then read as if the `)` were there.
                if !closed { error("expected ')' to end the interpolation, as in \\(name)", from: start, to: nameEnd) }
                index = closed ? nameEnd + 1 : nameEnd
                // `"Hi \(na` at the end of its line: the name is being typed, and
                // the string is not finished either; not a slot to judge yet.
                guard closed || nameEnd < bytes.count && bytes[nameEnd] == UInt8(ascii: "\"") else { return nil }
                let nameRange = range(nameStart, nameEnd)
                return Identifier(normalizing: file.text(in: nameRange), range: nameRange)
            }
        }
        // Skip to the `)` or the end of the string.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: "\""), bytes[end] != 0x0A {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ")") {
            error("only a name can be interpolated, as in \\(name)", from: start, to: end + 1)
            index = end + 1
        } else {
            error("expected ')' to end the interpolation, as in \\(name)", from: start, to: end)
            index = end
        }
        return nil
    }
}
