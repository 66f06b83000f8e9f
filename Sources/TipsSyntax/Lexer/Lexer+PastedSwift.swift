// Swift and TipKit pasted into a `.tips` file, and a string missing its
// opening quote: each is reported once, with the `.tips` spelling, and read
// as one token, so that the lines after it are read as they were meant.

import Foundation

extension Lexer {
    static let quote = UInt8(ascii: "\"")

    /// Whether the bytes at `position` are `"""`.
    func startsTripleQuote(at position: Int) -> Bool {
        position + 2 < bytes.count && bytes[position] == Lexer.quote && bytes[position + 1] == Lexer.quote
            && bytes[position + 2] == Lexer.quote
    }

    /// The end of the line that holds `position` (the offset of its line break, or of the end of the file).
    func lineEnd(from position: Int) -> Int {
        var end = position
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// The first position from `start` on that is not a space or a tab.
    func blanksEnd(from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return end
    }

    /// Whether nothing but spaces, tabs and a comment lies between `start` and the end of its line.
    func lineIsBlank(from start: Int) -> Bool {
        let next = blanksEnd(from: start)
        guard next < bytes.count, bytes[next] != 0x0A, bytes[next] != 0x0D else { return true }
        return next + 1 < bytes.count && bytes[next] == UInt8(ascii: "/") && bytes[next + 1] == UInt8(ascii: "/")
    }

    /// `"""` on its own at the end of a line opens a Swift multi-line string:
    /// reported once at the `"""`, and read up to the closing `"""` as the
    /// one-line string it stands for (each line without the closing
    /// quotes' indentation, joined with line breaks). Returns false, having
    /// consumed nothing, when `"""` does not end its line.
    mutating func scanMultilineString() -> Bool {
        let start = index
        let firstLineEnd = lineEnd(from: start + 3)
        guard lineIsBlank(from: start + 3) else { return false }
        error(
            "a string stays on one line; write its line breaks as \\n, as in \"First line\\nSecond line\"",
            from: start, to: start + 3)
        var lines: [String] = []
        var lineStart = firstLineEnd + 1
        // Once a search found no closing `"""` up to the end, no later one can.
        while lineStart < bytes.count, lineStart < unclosedTripleQuoteSearch ?? .max {
            let end = lineEnd(from: lineStart)
            var text = lineStart
            while text < end, bytes[text] == 0x20 || bytes[text] == 0x09 { text += 1 }
            if startsTripleQuote(at: text) {
                let indent = text - lineStart
                let content = lines.map { line in String(line.dropFirst(min(indent, Self.indentation(of: line)))) }
                index = text + 3
                emitString(from: start, to: index, segments: [.text(content.joined(separator: "\n"))])
                return true
            }
            lines.append(file.text(in: range(lineStart, end)).trimmingSuffix("\r"))
            lineStart = end + 1
        }
        // No closing `"""`: the rest of the file is not swallowed; only the quotes are.
        unclosedTripleQuoteSearch = min(unclosedTripleQuoteSearch ?? .max, start)
        index = start + 3
        emit(.string, from: start, to: index, malformed: true)
        return true
    }

    /// How many spaces and tabs `line` starts with.
    static func indentation(of line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count
    }

    /// `#Rule(Self.$isLoggedIn) { $0 == true }`, TipKit's rule macro pasted
    /// into a tip: reported once with the rule in `.tips`, and read as one
    /// malformed token up to the end of its closure (braces and parentheses
    /// balanced, over several lines if need be). False when `#` does not start `#Rule(`.
    mutating func scanTipKitRule() -> Bool {
        let start = index
        let macro = Array("#Rule(".utf8)
        guard bytes[start...].starts(with: macro) else { return false }
        let end = tipKitRuleEnd(from: start + macro.count)
        index = end
        let written = file.text(in: range(start, end))
        let followsRule = lastToken?.keyword == .rule && pendingNewline == nil
        emit(.unknown, from: start, to: end, malformed: true)
        let message = "'#Rule' is TipKit's Swift; a .tips rule is written as the condition itself"
        guard let rule = TipKitRuleTranslation.tipsRule(fromTipKit: written) else {
            // Swift with no `.tips` spelling in the closure: how a query is written instead.
            error(
                message + ", and a query of donations with where(...) and within(...), as in "
                    + "rule opened.donations.where(.field == value).within(5d).count >= 3",
                from: start, to: start + macro.count - 1)
            return true
        }
        let spelled = followsRule ? rule : "rule \(rule)"
        error(message + ": " + spelled, from: start, to: start + macro.count - 1)
        return true
    }

    /// `opened.donations.filter { $0.region == "north" }`, TipKit's filter
    /// of donations: reported once, at `filter` and its closure, with the
    /// query step written here (`where(.region == "north")`, or `within(5d)`
    /// for a filter on `$0.date`) as the fix where there is one, and the
    /// closure read as one malformed token, so that nothing after it on
    /// the line is reported again (up to the line's end while it is not
    /// closed there, as it is typed). False, with nothing consumed, for a
    /// `{` after anything but a member `.filter` (`tip filter {` is a tip).
    mutating func scanTrailingFilter() -> Bool {
        guard let word = lastToken?.range, file.spells("filter", in: word) else { return false }
        var before = Int(word.start) - 1
        while before >= 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
        guard before >= 0, bytes[before] == UInt8(ascii: ".") else { return false }
        let start = index
        let close = closingBrace(of: start, withinLines: 0)
        index = close.map { $0 + 1 } ?? lineEnd(from: start)
        emit(.unknown, from: start, to: index, malformed: true)
        guard let close, let step = TipKitRuleTranslation.filterStep(file.text(in: range(start + 1, close))) else {
            error(
                "a rule has no closures; a query keeps the donations that match with where(.field == value), "
                    + "and recent ones with within(5d)", from: Int(word.start), to: index)
            return true
        }
        let written = String(step.dropFirst())
        error(
            "TipKit's 'filter { ... }' is a query step here: \(written)", from: Int(word.start), to: index,
            replacement: written)
        return true
    }

    /// `struct FavoriteTip: Tip { ... }`, a TipKit tip pasted into a
    /// `.tips` file: reported once, at `struct` and its name, with the
    /// `.tips` it means (``TipKitTipTranslation``) on one line, and that
    /// text on lines as the fix that replaces the struct; where a member has
    /// no `.tips` spelling, with how a tip is declared instead. The struct is
    /// read as one malformed token. False, with nothing consumed, for
    /// anything but `struct Name: ... Tip ... {` whose `}` closes within
    /// ``maximumPastedStructLines`` lines.
    @inline(never)
    mutating func scanTipKitStruct(from start: Int) -> Bool {
        guard let (name, brace, close) = pastedStruct(at: start, conformingTo: "Tip") else { return false }
        index = close + 1
        emit(.unknown, from: start, to: index, malformed: true)
        let at = range(start, name.end)
        let opening = "'struct \(name.text): Tip' is TipKit's Swift; "
        let body = file.text(in: range(brace + 1, close))
        guard let translated = TipKitTipTranslation.translate(body: body, around: pastedSurroundings()) else {
            diagnostics.error(
                opening + "in .tips a tip is declared as 'tip \(name.text) {' with its items one a line: "
                    + "title, message, image, action, rule, maxDisplayCount", at: at)
            noteReport(.error)
            return true
        }
        // Each line the fix writes is indented as the struct's first line, and ends as that line does.
        let line = file.lineLayout(at: UInt32(start))
        let replacement = translated.lines(name: name.text, newline: line.newline, indentation: line.indentation)
        diagnostics.error(
            opening + "in .tips it is: " + translated.oneLine(name: name.text), at: at,
            fixIts: [FixIt(range: range(start, index), replacement: replacement, title: "Write it in .tips")])
        noteReport(.error)
        return true
    }

    /// Whether the word `struct` and a space or tab start at `position`.
    /// Checked where an `s` starts a word at file scope, before the word is
    /// scanned: in ``scanIdentifier()`` the check made the lexer copy memory
    /// for every name (7 M instructions of 1,021 M for 10,000 tips, callgrind).
    func startsStructKeyword(at position: Int) -> Bool {
        guard position + 6 < bytes.count else { return false }
        return bytes[position + 6] == 0x20 || bytes[position + 6] == 0x09
            ? file.spells("struct", in: range(position, position + 6)) : false
    }

    /// The most lines a pasted tip struct may span and be read as one.
    static let maximumPastedStructLines = 200

    /// The struct whose `struct` is at `start`, when `protocol` is among
    /// its conformances and its `}` closes within
    /// ``maximumPastedStructLines`` lines: its name (and where the name
    /// ends), its `{` and its `}`.
    func pastedStruct(at start: Int, conformingTo protocol: String)
        -> (name: (text: String, end: Int), brace: Int, close: Int)?
    {
        guard let name = word(at: blanksEnd(from: start + 6)),
            let brace = conformanceEnd(from: name.end, including: `protocol`),
            let close = closingBrace(of: brace, withinLines: Self.maximumPastedStructLines)
        else { return nil }
        return (name, brace, close)
    }

    /// Where the `{` after `: ... protocol ...` is, on the line from
    /// `position`; nil when `protocol` is not among the conformances.
    private func conformanceEnd(from position: Int, including protocol: String) -> Int? {
        let end = lineEnd(from: position)
        guard let brace = bytes[position..<end].firstIndex(of: UInt8(ascii: "{")) else { return nil }
        let header = file.text(in: range(position, brace))
        guard header.first(where: { $0 != " " }) == ":" else { return nil }
        let conformances = header.drop { $0 != ":" }.dropFirst().split(separator: ",")
        return conformances.contains { $0.trimmingCharacters(in: .whitespaces) == `protocol` } ? brace : nil
    }

    /// The `}` that closes the `{` at `brace` (braces in strings skipped),
    /// with at most `lines` line breaks between them; nil when none does.
    func closingBrace(of brace: Int, withinLines lines: Int) -> Int? {
        var depth = 0
        var breaks = 0
        var offset = brace
        var inString = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A {
                breaks += 1
                inString = false
                if breaks > lines { return nil }
            } else if inString {
                if byte == UInt8(ascii: "\\") {
                    offset += 1
                } else if byte == Lexer.quote {
                    inString = false
                }
            } else if byte == Lexer.quote {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return offset }
            }
            offset += 1
        }
        return nil
    }

    /// `@Parameter static var isLoggedIn: Bool = false`, TipKit's parameter
    /// pasted into a `.tips` file (`@Parameter` may end its line): reported
    /// once with the `.tips` spelling,
    /// and `@Parameter static var` (or `@Parameter var`) read as the keyword
    /// `parameter`, so that the declaration after it is read as meant (inside
    /// a tip's braces, where TipKit declares it, the parser moves it to file
    /// scope: `takePastedParameter()`). `@Parameter(.transient) static var`
    /// is read as the keyword `transient`, which the parser takes for both
    /// words of `transient parameter`. False, with nothing consumed, for
    /// any other `@`.
    mutating func scanTipKitParameter() -> Bool {
        let start = index
        guard let parameter = word(at: start + 1), parameter.text == "Parameter",
            let options = tipKitParameterOptions(from: parameter.end)
        else { return false }
        var words: [(text: String, end: Int)] = []
        // `@Parameter` on a line of its own, as Xcode formats it, then `static var`.
        var position = Self.lineBreakEnd(after: blanksEnd(from: options.end), in: bytes)
        position = blanksEnd(from: position)
        while words.count < 2, let next = word(at: position) {
            words.append(next)
            position = blanksEnd(from: next.end)
        }
        let spellings = words.map(\.text)
        guard let variable = spellings.firstIndex(of: "var"), spellings[..<variable].allSatisfy({ $0 == "static" })
        else { return false }
        let keywordEnd = words[variable].end
        let declaration = file.text(in: range(blanksEnd(from: keywordEnd), codeEnd(from: keywordEnd)))
            .trimmingSuffix("\r").trimmingSuffix(" ")
        let spelling = options.isTransient ? "transient parameter" : "parameter"
        index = keywordEnd
        emit(.identifier, from: start, to: keywordEnd, keyword: options.isTransient ? .transient : .parameter)
        let kind = options.isTransient ? "a transient parameter" : "a parameter"
        if braceDepth > 0 {
            error(
                "this is TipKit's Swift; in .tips \(kind) is declared at file scope, outside the tip's braces, "
                    + "as: \(spelling) \(declaration)", from: start, to: keywordEnd)
        } else {
            error(
                "this is TipKit's Swift; in .tips \(kind) is declared as: \(spelling) \(declaration)",
                from: start, to: keywordEnd, replacement: spelling)
        }
        return true
    }

    /// The ASCII word that starts at `position`, and where it ends; nil when none does.
    func word(at position: Int) -> (text: String, end: Int)? {
        var end = position
        while end < bytes.count, Lexer.isASCIIIdentifierByte(bytes[end]) { end += 1 }
        return end > position ? (file.text(in: range(position, end)), end) : nil
    }

    /// The options written right after `@Parameter`, from `position`: none,
    /// or TipKit's only one, `(.transient)`, with where they end; nil for
    /// anything else in parentheses.
    private func tipKitParameterOptions(from position: Int) -> (end: Int, isTransient: Bool)? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "(") else { return (position, false) }
        var offset = blanksEnd(from: position + 1)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "."), let option = word(at: offset + 1),
            option.text == "transient"
        else { return nil }
        offset = blanksEnd(from: option.end)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ")") else { return nil }
        return (offset + 1, true)
    }

    /// The end of the code on the line from `position`: where a `//`
    /// comment outside a string starts, else the line's end.
    func codeEnd(from position: Int) -> Int {
        let end = lineEnd(from: position)
        var inString = false
        var offset = position
        while offset < end {
            let byte = bytes[offset]
            if byte == Lexer.quote {
                inString.toggle()
            } else if byte == UInt8(ascii: "\\"), inString {
                offset += 1
            } else if !inString, byte == UInt8(ascii: "/"), offset + 1 < end, bytes[offset + 1] == byte {
                return offset
            }
            offset += 1
        }
        return end
    }

    /// Where the `#Rule(` macro whose `(` ends at `position` ends: after the
    /// `}` of its closure, or after its `)` when no closure follows on that
    /// line. Unbalanced within ``maximumPastedLines`` lines, it ends with its
    /// first line, so that an unclosed one cannot swallow the file.
    private func tipKitRuleEnd(from position: Int) -> Int {
        var end = position
        var depth = 1
        var closureOpened = false
        var lines = 0
        while end < bytes.count, lines < Self.maximumPastedLines {
            let byte = bytes[end]
            end += 1
            if byte == 0x0A {
                lines += 1
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") {
                depth += 1
                closureOpened = closureOpened || byte == UInt8(ascii: "{")
            } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") {
                depth -= 1
                // After the `)`, a closure that starts on the same line belongs to the macro.
                if depth == 0, closureOpened || !opensClosure(after: end) { return end }
            }
        }
        return lineEnd(from: position)
    }

    /// How many lines pasted Swift may span and still be read as one piece.
    static let maximumPastedLines = 20

    /// A tip item whose text lacks its opening quote, as it should read:
    /// `title "Save as a Favorite"` for `title Save as a Favorite`, and
    /// `action learnMore "Learn More"` for `action learnMore Learn More`
    /// (an action's first word is its name). Nil when `line` is no such item.
    static func quotedItem(_ line: Substring) -> String? {
        guard let first = line.split(separator: " ", maxSplits: 1).first,
            let keyword = Keyword(rawValue: String(first)), keyword.startsTipItem
        else { return nil }
        let words = line.split(separator: " ", maxSplits: keyword == .action ? 2 : 1)
        guard words.count == (keyword == .action ? 3 : 2) else { return nil }
        let text = words[words.count - 1].trimmingSuffix(" ")
        return words.dropLast().joined(separator: " ") + " \"" + text + "\""
    }

    /// Whether a `{` follows `position` on its line, after spaces only.
    private func opensClosure(after position: Int) -> Bool {
        let next = blanksEnd(from: position)
        return next < bytes.count && bytes[next] == UInt8(ascii: "{")
    }

    /// `title Save as a Favorite"`: a `"` that ends its line right after
    /// words on that line most likely closes a string whose opening quote is
    /// missing. Reported once, with the item as it should read, and read as a
    /// malformed token that the parser takes as the end of those words. A
    /// `"` after a space (`action learnMore "`) is a string being opened,
    /// as one is while it is typed, and is left to the string's own error.
    mutating func scanStrayClosingQuote() -> Bool {
        let start = index
        guard lastKind == .identifier, pendingNewline == nil, lastToken?.keyword?.startsTipItem != true,
            bytes[start - 1] != 0x20, bytes[start - 1] != 0x09, lineIsBlank(from: start + 1)
        else { return false }
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let line = file.text(in: range(lineStart, start)).drop { $0 == " " || $0 == "\t" }
        let example = Self.quotedItem(line).map { "; write " + $0 } ?? ""
        index = start + 1
        emit(.unknown, from: start, to: index, malformed: true)
        error(
            "this '\"' ends a string that has no opening quote\(example.isEmpty ? "; add one where the text starts" : example)",
            from: start, to: index)
        return true
    }
}

extension Lexer {
    /// The words other languages write for "no value"; `.tips` has none.
    package static let absentValueWords: Set<String> = ["nil", "null", "NULL", "None", "undefined"]

    /// `x: String? = nil`, a Swift habit in two parts: one error at the `?`
    /// that names both and the default to write instead. The parser then
    /// leaves the parameter without a default (see
    /// ``SyntaxParser/isOptionalDefaultingToNil(_:after:)``). False, with
    /// nothing reported, when no `= nil` follows the `?` at `question` on its line.
    mutating func reportOptionalDefaultingToNil(type: String, at question: Int) -> Bool {
        let equals = blanksEnd(from: question + 1)
        guard equals + 1 < bytes.count, bytes[equals] == UInt8(ascii: "="), bytes[equals + 1] != UInt8(ascii: "=")
        else { return false }
        let position = blanksEnd(from: equals + 1)
        let wordEnd = identifierEnd(from: position)
        let word = file.text(in: range(position, wordEnd))
        guard Lexer.absentValueWords.contains(word) else { return false }
        let value = Self.exampleDefault(ofType: type)
        error(
            "nothing is optional in .tips and there is no '\(word)': every parameter has a value, its default until "
                + "the app sets it; write '\(type) = \(value ?? ".someCase")'\(value == nil ? " with a case of the enum" : "")",
            from: question, to: wordEnd, replacement: value.map { " = \($0)" })
        return true
    }

    /// A default for a parameter of the built-in `type`, or nil for an enum.
    package static func exampleDefault(ofType type: String) -> String? {
        switch type {
        case "Bool": "false"
        case "Int": "0"
        case "Double": "0.0"
        case "String": "\"\""
        default: nil
        }
    }
}

extension StringProtocol {
    /// The text without the copies of `suffix` it ends with.
    func trimmingSuffix(_ suffix: Character) -> String {
        var text = String(self)
        while text.last == suffix { text.removeLast() }
        return text
    }
}
