import TipsRuntime
import TipsSyntax

// Prints declarations and tip items in the canonical layout, one line at a
// time; every line says which source bytes it stands for, so that comments
// can be put back beside the code they were written beside.

/// Writes the canonical layout of one parsed file.
struct FormatPrinter {
    let file: SourceFile
    /// The file's tokens (no doc comments), to find braces the tree does not record.
    let tokens: [Token]
    /// Every comment, in order.
    let comments: [SourceRange]
    /// The next comment not yet printed.
    var nextComment = 0
    /// The lines printed so far; an empty string is a blank line.
    var lines: [String] = []
    /// Whether the next line is the first inside a block (no blank line before it).
    var opensBlock = true
    /// Where the last printed code or comment ended in the source, to see blank lines.
    var lastSourceEnd: UInt32 = 0

    init(file: SourceFile, tokens: [Token], comments: [SourceRange]) {
        self.file = file
        self.tokens = tokens
        self.comments = comments
    }

    /// The text, one line break after every line.
    var output: String {
        var text = ""
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }

    /// The source text of `range` as written.
    func source(_ range: SourceRange) -> String { file.text(in: range) }

    /// The source text of a name as written.
    func source(_ identifier: Identifier) -> String { file.text(in: identifier.range) }

    static func indentation(_ level: Int) -> String {
        String(repeating: " ", count: level * TipsFormatter.indentWidth)
    }

    // MARK: - Declarations

    mutating func print(_ syntax: SourceFileSyntax) {
        var previousIsBlock = false
        for (index, declaration) in syntax.declarations.enumerated() {
            let isBlock = printsAsBlock(declaration)
            // Blocks stand apart from their neighbours; other declarations keep
            // the author's grouping (at most one blank line).
            let forcesBlank = index > 0 && (isBlock || previousIsBlock)
            print(declaration, forcesBlank: forcesBlank)
            previousIsBlock = isBlock
        }
        flushComments(before: UInt32.max, indent: 0, forcesBlank: !syntax.declarations.isEmpty)
        if lines.last == "" { lines.removeLast() }
    }

    /// Whether a declaration takes more than one line.
    func printsAsBlock(_ declaration: Declaration) -> Bool {
        switch declaration {
        case .config, .tip, .group, .scenario: true
        case .enumeration(let decl): enumOnOneLine(decl) == nil
        case .parameter, .event: false
        }
    }

    mutating func print(_ declaration: Declaration, forcesBlank: Bool) {
        switch declaration {
        case .config(let decl):
            let open = brace(after: decl.keyword.end)
            emit("config {", span: decl.range.start, open, indent: 0, forcesBlank: forcesBlank)
            for item in decl.items { print(item) }
            close(decl.range, indent: 0)
        case .enumeration(let decl):
            if let line = enumOnOneLine(decl) {
                emit(line, span: decl.range.start, decl.range.end, indent: 0, forcesBlank: forcesBlank)
                return
            }
            let open = brace(after: decl.name.range.end)
            emit("enum \(source(decl.name)) {", span: decl.range.start, open, indent: 0, forcesBlank: forcesBlank)
            for (index, item) in decl.cases.enumerated() {
                let end = decl.renamedFrom(ofCase: index)?.range.end ?? item.range.end
                emit(caseText(decl, index), span: item.range.start, afterComma(end), indent: 1)
            }
            close(decl.range, indent: 0)
        case .parameter(let decl):
            emit(line(decl), span: decl.range.start, decl.range.end, indent: 0, forcesBlank: forcesBlank)
        case .event(let decl):
            emit(line(decl), span: decl.range.start, decl.range.end, indent: 0, forcesBlank: forcesBlank)
        case .tip(let decl):
            var header = "tip " + source(decl.name)
            var headerEnd = decl.name.range.end
            if let arguments = decl.arguments {
                header += "(" + arguments.map(fieldText).joined(separator: ", ") + ")"
                headerEnd = arguments.last?.range.end ?? headerEnd
            }
            let open = brace(after: headerEnd)
            emit(header + " {", span: decl.range.start, open, indent: 0, forcesBlank: forcesBlank)
            for item in decl.items { print(item) }
            close(decl.range, indent: 0)
        case .group(let decl):
            var header = "group " + source(decl.name)
            if let priority = decl.priority { header += " " + source(priority) }
            let open = brace(after: decl.priority?.range.end ?? decl.name.range.end)
            emit(header + " {", span: decl.range.start, open, indent: 0, forcesBlank: forcesBlank)
            for member in decl.members {
                emit(source(member), span: member.range.start, member.range.end, indent: 1)
            }
            close(decl.range, indent: 0)
        case .scenario(let decl): printScenario(decl, forcesBlank: forcesBlank)
        }
    }

    /// An item of the `config` block, on a line of its own.
    mutating func print(_ item: ConfigItem) {
        switch item {
        case .displayFrequency(let value, _, let range):
            let text: String =
                switch value {
                case .named(let name): source(name)
                case .every(let duration, _): "every " + source(duration.range)
                }
            emit("displayFrequency " + text, span: range.start, range.end, indent: 1)
        case .sourceLanguage(let language, _, let range):
            emit("sourceLanguage " + source(language.range), span: range.start, range.end, indent: 1)
        case .sessionLimit(let limit, _, let range):
            emit("sessionLimit " + source(limit.range), span: range.start, range.end, indent: 1)
        case .oneAtATime(_, let range):
            emit("oneAtATime", span: range.start, range.end, indent: 1)
        }
    }

    /// `[transient] parameter name: Type = value [renamedFrom old]`
    func line(_ decl: ParameterDecl) -> String {
        var text = decl.transient == nil ? "parameter " : "transient parameter "
        text += source(decl.name) + ": " + source(decl.type.name)
        if let value = decl.defaultValue { text += " = " + expressionText(value) }
        if let clause = decl.renamedFrom { text += " " + renamedFromText(clause.sources) }
        return text
    }

    /// `event name(field: Type) keep count, duration [renamedFrom old]`
    func line(_ decl: EventDecl) -> String {
        var text = "event " + source(decl.name)
        if !decl.fields.isEmpty { text += "(" + decl.fields.map(fieldText).joined(separator: ", ") + ")" }
        if let keep = decl.keep {
            let parts = [keep.count.map { source($0.range) }, keep.duration.map { source($0.range) }]
            text += " keep " + parts.compactMap { $0 }.joined(separator: ", ")
        }
        if let clause = decl.renamedFrom { text += " " + renamedFromText(clause.sources) }
        return text
    }

    /// `name: Type`
    func fieldText(_ field: FieldSyntax) -> String { source(field.name) + ": " + source(field.type.name) }

    /// `enum Name { a, b, c }` when that fits on a line and no comment is inside; else nil.
    func enumOnOneLine(_ decl: EnumDecl) -> String? {
        guard !hasComment(inside: decl.range) else { return nil }
        let cases = decl.cases.indices.map { caseText(decl, $0) }.joined(separator: ", ")
        let line = "enum \(source(decl.name)) " + (cases.isEmpty ? "{}" : "{ \(cases) }")
        return TerminalColumns.of(line) <= TipsFormatter.lineWidth ? line : nil
    }

    /// `pro`, or `pro renamedFrom premium`: each old name of a case has its own
    /// `renamedFrom`, since a `,` separates cases.
    func caseText(_ decl: EnumDecl, _ index: Int) -> String {
        let sources = decl.renamedFrom(ofCase: index)?.sources ?? []
        return ([source(decl.cases[index])] + sources.map { "renamedFrom " + source($0.range) }).joined(separator: " ")
    }

    /// `renamedFrom OldName, "old-id"`, each old identity as written.
    func renamedFromText(_ sources: [RenameSourceSyntax]) -> String {
        "renamedFrom " + sources.map { source($0.range) }.joined(separator: ", ")
    }

    /// Prints the `}` that ends `range`, after the comments before it (at the block's indentation).
    mutating func close(_ range: SourceRange, indent: Int) {
        let brace = range.end > range.start ? range.end - 1 : range.end
        flushComments(before: brace, indent: indent + 1, forcesBlank: false)
        if opensBlock, let last = lines.last, last.hasSuffix("{") {
            // `{}` for an empty block without comments: the brace joins its header.
            lines[lines.count - 1] = last + "}"
        } else {
            lines.append(FormatPrinter.indentation(indent) + "}")
        }
        opensBlock = false
        lastSourceEnd = range.end
        attachTrailingComments(through: range.end)
    }

    // MARK: - Tip items

    mutating func print(_ item: TipItem) {
        let span = (item.range.start, item.range.end)
        switch item.kind {
        case .title(let text): emit("title " + source(text.range), span: span.0, span.1, indent: 1)
        case .message(let text): emit("message " + source(text.range), span: span.0, span.1, indent: 1)
        case .image(let text): emit("image " + source(text.range), span: span.0, span.1, indent: 1)
        case .id(let text): emit("id " + source(text.range), span: span.0, span.1, indent: 1)
        case .action(let name, let title):
            emit("action \(source(name)) \(source(title.range))", span: span.0, span.1, indent: 1)
        case .rule(let expression, _):
            printRule(expression, keyword: item.keyword)
        case .maxDisplayCount(let count):
            emit("maxDisplayCount " + source(count.range), span: span.0, span.1, indent: 1)
        case .maxDisplayDuration(let duration):
            emit("maxDisplayDuration " + source(duration.range), span: span.0, span.1, indent: 1)
        case .ignoresDisplayFrequency:
            emit("ignoresDisplayFrequency", span: span.0, span.1, indent: 1)
        case .invalidatedBy(let event):
            emit("invalidatedBy " + source(event), span: span.0, span.1, indent: 1)
        case .renamedFrom(let sources):
            emit(renamedFromText(sources), span: span.0, span.1, indent: 1)
        case .snooze(let duration, let count):
            let times = count.map { ", " + source($0.range) } ?? ""
            emit("snooze " + source(duration.range) + times, span: span.0, span.1, indent: 1)
        case .holdout(let percent):
            emit("holdout " + source(percent.range) + "%", span: span.0, span.1, indent: 1)
        }
    }

    // MARK: - Finding what the tree does not record

    /// The index of the first token that starts at or after `offset` (the tokens are in source order).
    func firstToken(atOrAfter offset: UInt32) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The offset just past the first `{` at or after `offset`.
    func brace(after offset: UInt32) -> UInt32 {
        for token in tokens[firstToken(atOrAfter: offset)...] {
            if token.kind == .leftBrace { return token.range.end }
            if token.kind == .endOfFile { break }
        }
        return offset
    }

    /// `offset`, or just past a `,` that directly follows it (an enum case's comma).
    func afterComma(_ offset: UInt32) -> UInt32 {
        var index = Int(offset)
        while index < file.bytes.count, file.bytes[index] == 0x20 || file.bytes[index] == 0x09 { index += 1 }
        if index < file.bytes.count, file.bytes[index] == UInt8(ascii: ",") { return UInt32(index + 1) }
        return offset
    }
}
