// Rules and options as text: the form generated code gives a tip's rules
// and options in, one string literal a rule and one for the options,
// because the Swift type checker reads a string literal in constant time
// where it reads a tree of enum cases node by node, or a call with labeled
// arguments overload by overload.
//
//     rule    = line " " expr " " source          (source: the rest of the text)
//     expr    = "true" | "false" | int | string
//             | "(double " number ")" | "(seconds " number ")" | "(case " name ")"
//             | "(param " id ")" | "(arg " name ")" | "(field " name ")"
//             | "(! " expr ")" | "(neg " expr ")" | "(" operator " " expr " " expr ")"
//             | "(count " event-id { " " step } ")"
//     step    = "(within " number ")" | "(where " expr ")" | "(largest " name ")" | "(smallest " name ")"
//     options = option { " " option }
//     option  = "(maxDisplayCount " int ")" | "(maxDisplayDuration " number ")"
//             | "(ignoresDisplayFrequency)" | "(invalidatedBy" { " " event-id } ")"
//             | "(snooze " number [ " " int ] ")" | "(holdoutPercent " int ")"
//
// An operator is a ``RuleOperator``'s raw value; a string is quoted, with
// `\"` and `\\` its only escapes; a number of seconds is a `Double`'s
// description. A parameter, an event or an argument is named by its id and
// found in the tables of ``Tips/GeneratedFile``, so the values (default,
// kept donations, the instance's argument) stay typed Swift.
//
// The compiler writes a rule's text from its checked expression, the one
// lowering of a rule (`TipsCompiler/Lowering/RuntimeLowering+Rules.swift`),
// with the writer below; `RuleTextReader.swift` reads it, in an app and in
// `tipc`'s own tools alike. Options and heads are written here.

/// The UTF-8 of a rule's text, appended piece by piece and decoded once at
/// the end: writing the 17,219 rules of the benchmark's 10,000 tips costs
/// 104 M instructions this way, 205 M with each piece interpolated and
/// appended to a `String` (callgrind, `tipc-bench --measure-compile-one-job 10000`).
/// A writer emptied with ``removeAll()`` keeps its room for the next text.
///
/// The bytes are in memory the writer owns alone (it cannot be copied), so
/// that a piece costs a check for room and a copy, with no check that the
/// storage is shared and no generic sequence path, as an array's append has:
/// 44 M instructions fewer for the table of the benchmark's 10,000 tips
/// (callgrind, `tipc-bench --measure-compile-one-job 10000`).
///
/// Public to the compiler alone (`@_spi(TipsCompiler) import TipsRuntime`),
/// which writes rules' texts with it, rather than `package`: Swift 6.3 does
/// not inline an `@inlinable` function of `package` access into another
/// module, and called there, the fixed pieces cost the compile of the
/// benchmark's 10,000 tips 13 M instructions of 1,034 M more, and about
/// 3 % of its user time (callgrind and `perf stat`, `tipc compile`).
@_spi(TipsCompiler) public struct RuleTextWriter: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0

    public init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    public var isEmpty: Bool { count == 0 }

    public var text: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with the text's UTF-8.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Forgets the text, keeping the room.
    public mutating func removeAll() {
        count = 0
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    /// Moves the text to storage with room for `extra` more bytes.
    @usableFromInline @inline(never)
    mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(count + extra, 2 * capacity)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.initialize(from: start, count: count)
        start.deallocate()
        start = new
        capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    private mutating func append(byte: UInt8) {
        reserve(1)
        (start + count).initialize(to: byte)
        count += 1
    }

    /// Appends bytes in one copy.
    @inlinable @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        reserve(piece.count)
        (start + count).initialize(from: source, count: piece.count)
        count += piece.count
    }

    public static func += (writer: inout RuleTextWriter, piece: String) {
        if piece.utf8.withContiguousStorageIfAvailable({ writer.append($0) }) == nil {
            var piece = piece
            piece.withUTF8 { writer.append($0) }
        }
    }

    /// Appends fixed text from the binary: most pieces are `(`, ` `, `)` and
    /// a word. Inlined, so that each copy is of a length known where it is
    /// written, made in a store or two rather than a call: the rules of the
    /// benchmark's 10,000 tips cost 20 M instructions fewer (callgrind,
    /// `tipc-bench --measure-compile-one-job 10000`). The compiler writes
    /// them, from another module: see the type's `@_spi`.
    @inlinable @inline(__always)
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    /// Appends `value` in decimal digits, as `String(value)` spells it,
    /// without making that string: the digits are written from the right
    /// into room made for all of them.
    public mutating func append(_ value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        reserve(digits)
        var position = count + digits
        repeat {
            position -= 1
            (start + position).initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        count += digits
    }

    /// Appends `value` as its `description` spells it (`60.0`, `1.5`). A
    /// whole number below 10^15, as every duration in seconds is, is spelled
    /// from its digits and `.0` without making that string: the rules and
    /// options of the benchmark's 10,000 tips cost 5 M instructions fewer
    /// (callgrind, `tipc compile`).
    public mutating func append(_ value: Double) {
        guard value >= 0, value < 1e15, value.sign == .plus, Double(Int(value)) == value else {
            self += value.description
            return
        }
        append(Int(value))
        append(".0")
    }

    /// Appends `value` quoted, with `\` before each `"` and `\`; the runs
    /// between them are copied whole. A native string's bytes are read in
    /// place, not through a copy of the string made to call `withUTF8`:
    /// 24,000 retains and releases fewer for the table of the benchmark's
    /// 10,000 tips (callgrind, `tipc compile`).
    public mutating func appendQuoted(_ value: String) {
        append(byte: UInt8(ascii: "\""))
        if value.utf8.withContiguousStorageIfAvailable({ appendEscapingQuotes($0) }) == nil {
            var value = value
            value.withUTF8 { appendEscapingQuotes($0) }
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// Appends `utf8` with `\` before each `"` and `\`.
    private mutating func appendEscapingQuotes(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        Self.forEachQuoteOrBackslash(in: utf8) { index in
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            append(byte: UInt8(ascii: "\\"))
            runStart = index
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// Calls `body` with the index of each `"` and `\` in `utf8`, in order.
    /// Eight bytes are tested at once, in a word whose high bit of a byte
    /// is set where it equals one of them, and only a word with such a
    /// byte is looked into: the texts of the benchmark's 10,000 tips (their
    /// titles and messages among them) cost 1.7 M instructions fewer than
    /// testing each byte (callgrind, `tipc compile`).
    @inline(__always)
    private static func forEachQuoteOrBackslash(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var wordStart = 0
        while utf8.count - wordStart >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: wordStart, as: UInt64.self))
            var marks = marked(word, UInt8(ascii: "\"")) | marked(word, UInt8(ascii: "\\"))
            while marks != 0 {
                body(wordStart + marks.trailingZeroBitCount >> 3)
                marks &= marks &- 1
            }
            wordStart += 8
        }
        for index in wordStart..<utf8.count {
            if utf8[index] == UInt8(ascii: "\"") || utf8[index] == UInt8(ascii: "\\") { body(index) }
        }
    }

    /// The high bit of each byte of `word` that is `value` (below 80), and
    /// of no other: exact, unlike a borrow's test across the whole word.
    @inline(__always)
    private static func marked(_ word: UInt64, _ value: UInt8) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(value))
        // A byte's low seven bits plus 7F carry into its high bit unless they are all 0.
        return ~((difference & low) &+ low | difference) & ~low
    }
}

extension Tips.Options {
    /// The options as text (see the top of `RuleText.swift`): what
    /// ``Tips/GeneratedFile/options(_:)`` reads; empty for no options.
    package var text: String {
        var out = RuleTextWriter(capacity: 64)
        write(to: &out)
        return out.text
    }

    /// Appends the options as text (see ``text``) to `out`, nothing for no
    /// options; each option after a space when `afterText` (a head's options
    /// follow its name and copy), else all but the first.
    package func write(to out: inout RuleTextWriter, afterText: Bool = false) {
        var first = !afterText
        func option(_ head: StaticString, _ value: (inout RuleTextWriter) -> Void) {
            if !first { out.append(" ") }
            first = false
            out.append(head)
            value(&out)
            out.append(")")
        }
        if let count = maxDisplayCount { option("(maxDisplayCount ") { $0.append(count) } }
        if let duration = maxDisplayDuration { option("(maxDisplayDuration ") { $0.append(duration) } }
        if ignoresDisplayFrequency { option("(ignoresDisplayFrequency") { _ in } }
        if !invalidatedBy.isEmpty {
            option("(invalidatedBy") { out in
                for event in invalidatedBy {
                    out.append(" ")
                    out += event.id
                }
            }
        }
        if let snooze {
            option("(snooze ") { out in
                out.append(snooze.duration)
                if let count = snooze.maxCount {
                    out.append(" ")
                    out.append(count)
                }
            }
        }
        if let percent = holdoutPercent { option("(holdoutPercent ") { $0.append(percent) } }
    }
}
