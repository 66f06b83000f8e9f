import TipsSyntax

/// Reads JSON (RFC 8259) into ``JSONValue``s that know where they were read.
///
/// Foundation's `JSONSerialization` gives no positions, and a String Catalog
/// is edited by hand, merged by git and written by translation services, so
/// its mistakes must be reported at their line and column like any other
/// input's. The first mistake ends the reading: one error that names it.
/// Nesting is limited (``maximumDepth``), so no input can exhaust the stack.
public struct JSONParser {
    /// How deeply arrays and objects may nest; a String Catalog needs about ten levels.
    public static let maximumDepth = 256

    let file: SourceFile
    var position: Int
    var format = JSONFormat()
    /// Whether ``JSONFormat/emptyContainersSpanLines`` was read from the file yet.
    var sawEmptyContainer = false

    /// Reads the whole of `file` as one JSON value.
    public static func parse(_ file: SourceFile) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(file: file, position: 0)
        return try parser.document()
    }

    mutating func document() throws(JSONSyntaxError) -> JSONDocument {
        if let (encoding, length) = SourceFile.otherEncoding(of: file.bytes) {
            throw error(SourceFile.otherEncodingMessage(encoding, what: "a String Catalog"), at: 0, length: length)
        }
        if let invalid = Self.firstInvalidUTF8(in: file.bytes) {
            let byte = String(file.bytes[invalid], radix: 16, uppercase: true)
            throw error("the file is not valid UTF-8 (byte 0x\(byte))", at: invalid, length: 1)
        }
        if let marker = Self.firstConflictMarker(in: file) {
            throw error(
                "a merge conflict marker ('<<<<<<<'); resolve the conflict, then run tipc again", at: marker, length: 7)
        }
        // Its byte order mark and line break are written back as they were.
        format.textForm = TextForm(of: file.bytes)
        position = SourceFile.byteOrderMarkLength(of: file.bytes)
        skipWhitespace()
        guard position < file.bytes.count else {
            throw error("the file is empty; a String Catalog is a JSON object", at: position)
        }
        let root = try value(depth: 0)
        let end = position
        skipWhitespace()
        guard position == file.bytes.count else {
            throw error("unexpected text after the end of the JSON value", at: position)
        }
        format.trailer = String(decoding: file.bytes[end...], as: UTF8.self)
        return JSONDocument(root: root, format: format)
    }

    // MARK: - Values

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw error("objects and arrays nest more than \(Self.maximumDepth) levels deep here", at: position)
        }
        guard let byte = peek() else { throw error("the file ends where a value was expected", at: position) }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            let string = try string()
            var value = JSONValue(.string(string.text), range: string.range)
            value.spelling = string.spelling
            return value
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: return try literal()
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = position
        position += 1
        var members: [JSONMember] = []
        var seen: [String: SourceRange] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { return closeEmpty(.object([]), from: start) }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                if peek() == UInt8(ascii: "}"), !members.isEmpty {
                    throw error(
                        "remove this ',': nothing follows it in the object", at: lastNonWhitespace(before: position))
                }
                throw error(
                    found("expected a key in double quotes", or: members.isEmpty ? "'}'" : nil), at: position)
            }
            let key = try string()
            if let first = seen[key.text] {
                throw JSONSyntaxError(
                    diagnostic: Diagnostic(
                        .error, "the key '\(key.text)' appears twice in this object", at: key.range,
                        notes: [DiagnosticNote("'\(key.text)' is first here", at: first)]))
            }
            seen[key.text] = key.range
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error(found("expected ':' after the key '\(key.text)'"), at: position)
            }
            position += 1
            skipWhitespace()
            var member = JSONMember(key.text, try value(depth: depth + 1))
            member.keyRange = key.range
            member.keySpelling = key.spelling
            members.append(member)
            skipWhitespace()
            if try endOfList(closing: "}", after: "the value of '\(key.text)'") { break }
        }
        return JSONValue(.object(members), range: range(from: start))
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = position
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { return closeEmpty(.array([]), from: start) }
        while true {
            if peek() == UInt8(ascii: "]") {
                throw error("remove this ',': nothing follows it in the array", at: lastNonWhitespace(before: position))
            }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if try endOfList(closing: "]", after: "an element of the array") { break }
        }
        return JSONValue(.array(elements), range: range(from: start))
    }

    /// After a member or element: consumes `,` (false: another follows) or
    /// the closing bracket (true: the list ends).
    mutating func endOfList(closing: Unicode.Scalar, after what: String) throws(JSONSyntaxError) -> Bool {
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return false
        case UInt8(ascii: closing):
            position += 1
            return true
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
            // Another member or element follows: the comma is missing where
            // the previous one ends, which is where the caret goes.
            throw error("expected ',' after \(what)", at: lastNonWhitespace(before: position) + 1)
        default:
            throw error(found("expected ',' or '\(closing)' after \(what)"), at: position)
        }
    }

    /// An empty object or array whose opening bracket is at `start` and
    /// closing one at `position`; the first one tells how the file writes them.
    mutating func closeEmpty(_ kind: JSONValue.Kind, from start: Int) -> JSONValue {
        if !sawEmptyContainer {
            sawEmptyContainer = true
            format.emptyContainersSpanLines = file.bytes[start..<position].contains(UInt8(ascii: "\n"))
        }
        position += 1
        return JSONValue(kind, range: range(from: start))
    }

    /// The offset of the last byte before `offset` that is not whitespace
    /// (a trailing `,`, or the end of a value).
    func lastNonWhitespace(before offset: Int) -> Int {
        var index = offset - 1
        while index > 0, Self.isWhitespace(file.bytes[index]) { index -= 1 }
        return index
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        while let byte = peek(), Self.isNumberByte(byte) { position += 1 }
        let text = String(decoding: file.bytes[start..<position], as: UTF8.self)
        guard Self.isJSONNumber(Array(text.utf8)) else {
            throw error("'\(text)' is not a JSON number", at: start, length: position - start)
        }
        return JSONValue(.number(text), range: range(from: start))
    }

    mutating func literal() throws(JSONSyntaxError) -> JSONValue {
        let start = position
        while let byte = peek(), Self.isWordByte(byte) { position += 1 }
        let word = String(decoding: file.bytes[start..<position], as: UTF8.self)
        switch word {
        case "true": return JSONValue(.bool(true), range: range(from: start))
        case "false": return JSONValue(.bool(false), range: range(from: start))
        case "null": return JSONValue(.null, range: range(from: start))
        case "True", "TRUE", "False", "FALSE", "Null", "NULL":
            throw error("write '\(word.lowercased())' in lower case", at: start, length: word.utf8.count)
        default:
            position = start
            throw error(
                found("expected a value (a string, a number, an object, an array, true, false or null)"), at: start)
        }
    }

    // MARK: - Support

    func peek() -> UInt8? { position < file.bytes.count ? file.bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { position += 1 }
    }

    func range(from start: Int) -> SourceRange {
        SourceRange(file: file.id, start: UInt32(start), end: UInt32(position))
    }

    /// `message`, then what stands at the current position: `, found 'x'` or `, found the end of the file`.
    func found(_ message: String, or alternative: String? = nil) -> String {
        let expected = alternative.map { "\(message) or \($0)" } ?? message
        guard position < file.bytes.count,
            let (scalar, _) = SourceFile.decodeScalar(in: file.bytes, at: position)
        else { return expected + ", found the end of the file" }
        var end = position
        while end < file.bytes.count,
            Self.isWordByte(file.bytes[end]) || (end > position && Self.isDigit(file.bytes[end]))
        {
            end += 1
        }
        let shown =
            end > position
            ? String(decoding: file.bytes[position..<min(end, position + 40)], as: UTF8.self)
            : scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        return expected + ", found '\(shown)'"
    }

    func error(_ message: String, at offset: Int, length: Int = 0) -> JSONSyntaxError {
        let start = UInt32(min(offset, file.bytes.count))
        let end = UInt32(min(offset + length, file.bytes.count))
        return JSONSyntaxError(
            diagnostic: Diagnostic(.error, message, at: SourceRange(file: file.id, start: start, end: end)))
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `bytes` is a number in JSON's grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// The offset of the first line that starts with git's `<<<<<<<`, or nil.
    static func firstConflictMarker(in file: SourceFile) -> Int? {
        file.lineStarts.lazy.map(Int.init).first { SourceFile.conflictMarker(in: file.bytes, at: $0) == 0x3C }
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let (_, length) = SourceFile.decodeScalar(in: bytes, at: index) {
                index += length
            } else {
                return index
            }
        }
        return nil
    }
}
