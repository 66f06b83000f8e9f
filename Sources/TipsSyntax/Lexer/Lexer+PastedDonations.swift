// A TipKit event's donation type, `struct Visit: Codable, Sendable { let
// region: String }`, pasted into a `.tips` file with the tip that declares
// `Tips.Event<Visit>(id: "visited")`: in `.tips` the event declares the
// fields its donations have, `event visited(region: String)`.

/// What a file's pasted Swift names, read in one pass over its lines the
/// first time a pasted struct needs it, so that each struct after it costs
/// only its own lines, however many the file has.
struct PastedSwiftIndex {
    /// The event each donation type is of: `Visit` → `visited`, from
    /// `static let visited = Tips.Event<Visit>(id: "visited")`.
    var eventOfDonationType: [String: String] = [:]
    /// The `.tips` events the file declares, each with its fields as
    /// written, `(region: String)`, or empty.
    var tipsEvents: [String: String] = [:]
    /// Their names, in the order the file declares them.
    var tipsEventNames: [String] = []
    /// Where each struct's name is first written, `struct Visit`, by name.
    var structNames: [String: Int] = [:]
    /// The enums the file declares at the start of a line, in `.tips` or
    /// as Swift (`enum Plan: String, Codable {`).
    var enumNames: Set<String> = []

    init(_ bytes: [UInt8]) {
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            read(line: String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), at: lineStart)
            lineStart = lineEnd + 1
        }
    }

    private mutating func read(line: String, at offset: Int) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first else { return }
        if first == "enum", words.count >= 2 {
            let name = words[1].prefix { $0 != ":" && $0 != "{" }
            if !name.isEmpty { enumNames.insert(String(name)) }
        }
        if first == "event", words.count >= 2 {
            let name = words[1].prefix { $0 != "(" && $0 != ";" }
            let fields = line.firstIndex(of: "(").map { String(line[$0...].prefix { $0 != ")" }) + ")" } ?? ""
            if tipsEvents[String(name)] == nil {
                tipsEvents[String(name)] = fields
                tipsEventNames.append(String(name))
            }
        }
        if let open = line.range(of: "Event<"), let close = line[open.upperBound...].firstIndex(of: ">"),
            let keyword = words.firstIndex(of: "let"), keyword + 1 < words.count
        {
            let event = words[keyword + 1].prefix { $0 != ":" && $0 != "=" }
            eventOfDonationType[String(line[open.upperBound..<close])] = String(event)
        }
        if let keyword = words.firstIndex(of: "struct"), keyword + 1 < words.count,
            let position = line.range(of: "struct ")
        {
            let name = String(words[keyword + 1].prefix { $0 != ":" && $0 != "{" })
            if structNames[name] == nil {
                structNames[name] = offset + line.utf8.distance(from: line.startIndex, to: position.lowerBound)
            }
        }
    }
}

extension Lexer {
    /// `struct Visit: Codable, Sendable { ... }` at file scope, where the
    /// file names `Event<Visit>`, or declares a `.tips` event with the
    /// struct's fields (the tip's translation wrote it): reported once, at
    /// `struct` and its name, with the event that declares its fields; the
    /// fix writes that event in its place, or removes the struct when the
    /// file declares the event already. The struct is read as one malformed
    /// token. False, with nothing consumed, for any other struct.
    @inline(never)
    mutating func scanDonationStruct(from start: Int) -> Bool {
        guard let (name, brace, close) = pastedStruct(at: start, conformingTo: "Codable") else { return false }
        let pasted = readPastedIndex()
        let fields = TipKitTipTranslation.fields(
            ofStructBody: file.text(in: range(brace + 1, close)), enums: pasted.enumNames)
        let written = fields.map { "(" + $0.joined(separator: ", ") + ")" }
        guard
            let event = pasted.eventOfDonationType[name.text]
                ?? pasted.tipsEventNames.first(where: { pasted.tipsEvents[$0] == written })
        else { return false }
        index = close + 1
        emit(.unknown, from: start, to: index, malformed: true)
        let opening = "'struct \(name.text)' is the donation type of TipKit's event '\(event)'; "
        let at = range(start, name.end)
        guard let written else {
            diagnostics.error(
                opening + "in .tips the event declares the fields its donations have, each a Bool, Int, Double, "
                    + "String or enum, as in event \(event)(region: String)", at: at)
            noteReport(.error)
            return true
        }
        let declaration = "event \(event)\(written)"
        if pasted.tipsEvents[event] != nil {
            let removed = range(start, Self.lineBreakEnd(after: index, in: bytes))
            diagnostics.error(
                opening + "in .tips the event declares its fields, as \(declaration); remove the struct", at: at,
                fixIts: [FixIt(range: removed, replacement: "", title: "Remove the struct")])
        } else {
            diagnostics.error(
                opening + "in .tips it is: " + declaration, at: at,
                fixIts: [FixIt(range: range(start, index), replacement: declaration, title: "Write it in .tips")])
        }
        noteReport(.error)
        return true
    }

    /// What a tip struct's translation reads of this file: the donation
    /// types it declares as Swift structs, and its `.tips` events.
    mutating func pastedSurroundings() -> TipKitTipTranslation.Surroundings {
        let pasted = readPastedIndex()
        let lexer = self
        return TipKitTipTranslation.Surroundings(
            donationFields: { type, enums in
                guard let start = pasted.structNames[type], let body = lexer.structBody(at: start) else { return nil }
                return TipKitTipTranslation.fields(ofStructBody: body, enums: enums)
            },
            declaresEvent: { pasted.tipsEvents[$0] != nil }, enums: pasted.enumNames)
    }

    /// ``pastedIndex``, read now if it was not.
    private mutating func readPastedIndex() -> PastedSwiftIndex {
        if let pastedIndex { return pastedIndex }
        let read = PastedSwiftIndex(bytes)
        pastedIndex = read
        return read
    }

    /// The text between the braces of the struct whose `struct` is at
    /// `start`, when its `{` is on that line and its `}` within
    /// ``maximumPastedStructLines`` lines.
    private func structBody(at start: Int) -> String? {
        let end = lineEnd(from: start)
        guard let brace = bytes[start..<end].firstIndex(of: UInt8(ascii: "{")),
            let close = closingBrace(of: brace, withinLines: Self.maximumPastedStructLines)
        else { return nil }
        return file.text(in: range(brace + 1, close))
    }

    /// The offset after the line break that follows `offset`, when only
    /// blanks lie between them (so that removing a struct removes its line).
    static func lineBreakEnd(after offset: Int, in bytes: [UInt8]) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
        return end < bytes.count && bytes[end] == 0x0A ? end + 1 : offset
    }
}
