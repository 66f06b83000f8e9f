/// A Swift expression written once as UTF-8 in its one-line form, with the
/// boundaries of its parts recorded so that it can be laid out later (see
/// `SwiftExpression+Layout.swift`): on one line where it fits, broken one
/// argument per line where it does not.
///
/// It is built outermost part first: ``atom(_:)`` for text printed as is, and
/// a `begin…` call and ``end()`` around a call, an array or a labeled value.
/// The builder writes the brackets, the `: ` after a label and the `, `
/// between arguments. Text around the expression on its first and last lines
/// goes before and after it, with ``prefix(_:)`` and ``suffix(_:)``. Nothing is allocated per part once the buffers have
/// grown, so one value is reused for expression after expression.
struct SwiftExpression: Sendable {
    /// The shape of a part.
    enum Kind: UInt8, Sendable {
        /// Text printed as is.
        case atom
        /// `label: value`
        case labeled
        /// `callee(arguments)`
        case call
        /// `[elements]`
        case array
    }

    /// One part, its one-line form being `bytes[start..<end]`.
    struct Part: Sendable {
        let kind: Kind
        /// Where the one-line form starts.
        let start: Int
        /// Where the first inner part starts: after `callee(`, `[` or `label: `.
        let headEnd: Int
        /// Where the one-line form ends.
        var end: Int
        /// The index of the first part after this one and its inner parts.
        var next: Int
        /// The index of the enclosing part, or -1.
        let parent: Int
        /// How many parts are directly inside, counted when the part ends.
        var childCount = 0
    }

    /// The UTF-8 of the one-line form.
    private(set) var bytes = ByteBuffer()
    /// The parts, each before the parts inside it.
    private(set) var parts: [Part] = []
    /// The innermost part not yet ended, or -1.
    private var openPart = -1

    /// Empties the expression, keeping its buffers for the next one.
    mutating func removeAll() {
        bytes.removeAll()
        parts.removeAll(keepingCapacity: true)
        openPart = -1
    }

    /// Text before the expression on its first line: written before any part.
    mutating func prefix(_ write: (inout ByteBuffer) -> Void) {
        write(&bytes)
    }

    /// Text after the expression on its last line: written once it has ended.
    mutating func suffix(_ write: (inout ByteBuffer) -> Void) {
        write(&bytes)
    }

    /// Text printed as is: fixed text.
    mutating func atom(_ text: StaticString) {
        atom { $0.append(text) }
    }

    /// Text printed as is: a string.
    mutating func atom(string text: String) {
        atom { $0.appendUTF8(text) }
    }

    /// Text printed as is, which `write` appends to the bytes.
    mutating func atom(_ write: (inout ByteBuffer) -> Void) {
        let start = startPart()
        write(&bytes)
        parts.append(
            Part(
                kind: .atom, start: start, headEnd: bytes.count, end: bytes.count, next: parts.count + 1,
                parent: openPart))
    }

    /// Starts `callee(`; the arguments follow, then ``end()``.
    mutating func beginCall(_ callee: StaticString) {
        begin(.call, callee)
    }

    /// Starts `callee(` for a callee that is a string.
    mutating func beginCall(string callee: String) {
        begin(.call) { $0.appendUTF8(callee) }
    }

    /// Starts `[`; the elements follow, then ``end()``.
    mutating func beginArray() {
        begin(.array) { _ in }
    }

    /// Starts `label: `; exactly one value follows, then ``end()``.
    mutating func beginLabeled(_ label: StaticString) {
        begin(.labeled, label)
    }

    /// Starts `label: ` for a label that is a string.
    mutating func beginLabeled(string label: String) {
        begin(.labeled) { $0.appendUTF8(label) }
    }

    /// `label: value` for a value that is an atom.
    mutating func labeled(_ label: StaticString, _ write: (inout ByteBuffer) -> Void) {
        beginLabeled(label)
        atom(write)
        end()
    }

    /// Ends the innermost part started and not yet ended.
    mutating func end() {
        let index = openPart
        guard index >= 0 else { return }
        switch parts[index].kind {
        case .call: bytes.append(UInt8(ascii: ")"))
        case .array: bytes.append(UInt8(ascii: "]"))
        case .atom, .labeled: break
        }
        // Every part inside has ended, so their `next` links lead from one to the next.
        var childCount = 0
        var child = index + 1
        while child < parts.count {
            childCount += 1
            child = parts[child].next
        }
        parts[index].end = bytes.count
        parts[index].next = parts.count
        parts[index].childCount = childCount
        openPart = parts[index].parent
    }

    private mutating func begin(_ kind: Kind, head: (inout ByteBuffer) -> Void) {
        let start = startPart()
        head(&bytes)
        switch kind {
        case .call: bytes.append(UInt8(ascii: "("))
        case .array: bytes.append(UInt8(ascii: "["))
        case .labeled: bytes.append(": ")
        case .atom: break
        }
        parts.append(
            Part(
                kind: kind, start: start, headEnd: bytes.count, end: bytes.count, next: parts.count + 1,
                parent: openPart))
        openPart = parts.count - 1
    }

    /// Starts a part whose head is fixed text, written with the `, ` before
    /// it (when it follows another part) and its opening in one piece.
    private mutating func begin(_ kind: Kind, _ head: StaticString) {
        guard head.hasPointerRepresentation else {
            begin(kind) { $0.append(head) }
            return
        }
        let hasSeparator = followsSibling
        let separatorCount = hasSeparator ? 2 : 0
        let headCount = head.utf8CodeUnitCount
        let openingCount = kind == .labeled ? 2 : 1
        let source = head.utf8Start
        bytes.appendBytes(separatorCount + headCount + openingCount) { out in
            if hasSeparator {
                out.initialize(to: UInt8(ascii: ","))
                (out + 1).initialize(to: UInt8(ascii: " "))
            }
            (out + separatorCount).initialize(from: source, count: headCount)
            let opening = out + separatorCount + headCount
            switch kind {
            case .call: opening.initialize(to: UInt8(ascii: "("))
            case .array: opening.initialize(to: UInt8(ascii: "["))
            case .labeled:
                opening.initialize(to: UInt8(ascii: ":"))
                (opening + 1).initialize(to: UInt8(ascii: " "))
            case .atom: break
            }
        }
        let start = bytes.count - headCount - openingCount
        parts.append(
            Part(
                kind: kind, start: start, headEnd: bytes.count, end: bytes.count, next: parts.count + 1,
                parent: openPart))
        openPart = parts.count - 1
    }

    /// Whether a new part follows another in the same list: every part after
    /// the open one is inside it, since it has not ended.
    private var followsSibling: Bool { openPart >= 0 && parts.count > openPart + 1 }

    /// Writes the `, ` before a part that follows another in the same list
    /// and returns where the new part starts.
    private mutating func startPart() -> Int {
        if followsSibling { bytes.append(", ") }
        return bytes.count
    }
}
