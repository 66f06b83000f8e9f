import TipsCompiler
import TipsSyntax

// Completion. What fits at the cursor is read from the tokens before it (the
// lexer's, so a half-typed file works as well as a whole one): the block the
// cursor is in, the item being written, and the last token or two. What the
// names there are, and their types, the symbol table says.

extension LanguageServer {
    /// One completion candidate.
    struct Candidate: Hashable {
        var label: String
        /// The LSP `CompletionItemKind`.
        var kind: Int
        var detail: String

        static let keyword = 14
        static let variable = 6
        static let event = 23
        static let enumMember = 20
        static let field = 5
        static let typeName = 7
        static let value = 12
        static let method = 2
    }

    func completion(_ params: JSON) throws -> JSON {
        let (analysis, _, document) = try target(params)
        let offset = Int(try offset(params, in: document))
        // In a lock or a catalog, no name of the language is written.
        let candidates =
            Workspace.isCompanion(document.uri) ? [] : completions(before: offset, in: document, analysis: analysis)
        let items: [JSON] = candidates.map { candidate in
            ["label": .string(candidate.label), "kind": .int(candidate.kind), "detail": .string(candidate.detail)]
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// What fits at byte `offset` of a document; after `renamedFrom`, the old
    /// identities the compilation's lock holds that its program no longer declares.
    func completions(before offset: Int, in document: TextDocument, analysis: Analysis) -> [Candidate] {
        var diagnostics = DiagnosticEngine()
        let prefix = SourceFile(id: FileID(0), path: "prefix", bytes: Array(document.bytes[..<offset]))
        let (lexed, comments, unclosedComment) = Lexer.tokenizeKeepingComments(prefix, diagnostics: &diagnostics)
        // Nothing to complete inside a comment or a string being written.
        if let comment = comments.last, Int(comment.end) == offset, prefix.text(in: comment).hasPrefix("//") {
            return []
        }
        if unclosedComment != nil { return [] }
        var tokens = lexed.filter { $0.kind != .endOfFile }
        if let last = tokens.last, last.kind == .string, Int(last.range.end) == offset,
            last.isMalformed || last.range.end - last.range.start < 2 || prefix.bytes[offset - 1] != UInt8(ascii: "\"")
        {
            return []
        }
        // The word being typed does not count; the editor filters by it.
        if let last = tokens.last, last.kind == .identifier, Int(last.range.end) == offset { tokens.removeLast() }
        // A line break after the last token starts a new item, unless that token continues the line.
        var startsItem = false
        if let last = tokens.last, prefix.containsLineBreak(from: last.range.end, to: UInt32(offset)) {
            switch last.kind {
            case .binaryOperator, .minus, .leftParen, .comma, .dot, .colon, .assign, .newline, .leftBrace: break
            default: startsItem = true
            }
        }
        let text = { (token: Token) in prefix.text(in: token.range) }
        let context = CompletionContext(tokens, startingItem: startsItem, text: text)
        if let (kind, enumName) = context.renameSourceKind {
            guard let lock = analysis.lock else { return [] }
            return lock.renameSources(kind, enumName: enumName, in: analysis.result.program).map {
                Candidate(label: $0.source, kind: Candidate.value, detail: $0.detail)
            }
        }
        return context.candidates(analysis: analysis)
    }
}

/// Where the cursor is, as far as completion cares.
struct CompletionContext {
    /// The kind of block the cursor is in (`tip`, `config`, `group`, `enum`), nil at file scope.
    var block: Keyword?
    /// The name of the declaration whose block the cursor is in (`Plan` in `enum Plan {`).
    var blockName: String?
    /// The tokens of the item being written, up to the cursor.
    var item: [Token]
    /// The spelling of each token of the item.
    var words: [String]
    /// The tip the cursor is in, and its arguments (name and type).
    var tipArguments: [(String, String)] = []

    /// With `startingItem`, the cursor starts an item after `tokens`.
    init(_ tokens: [Token], startingItem: Bool, text: (Token) -> String) {
        var blocks: [(Keyword?, Int)] = []
        var itemStart = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftBrace:
                let keyword = itemStart < tokens.count ? tokens[itemStart].keyword : nil
                blocks.append((keyword, itemStart))
                itemStart = index + 1
            case .rightBrace:
                _ = blocks.popLast()
                itemStart = index + 1
            case .newline, .semicolon:
                itemStart = index + 1
            default: break
            }
        }
        block = blocks.last?.0
        if let (_, start) = blocks.last, start + 1 < tokens.count { blockName = text(tokens[start + 1]) }
        item = startingItem ? [] : Array(tokens[min(itemStart, tokens.count)...])
        words = item.map(text)
        if block == .tip, let (_, start) = blocks.last {
            // tip Name ( a : T , b : U ) {
            var index = start + 2
            if index < tokens.count, tokens[index].kind == .leftParen {
                index += 1
                while index + 2 < tokens.count, tokens[index].kind == .identifier, tokens[index + 1].kind == .colon {
                    tipArguments.append((text(tokens[index]), text(tokens[index + 2])))
                    index += 3
                    if index < tokens.count, tokens[index].kind == .comma { index += 1 }
                }
            }
        }
    }

    typealias Candidate = LanguageServer.Candidate

    /// After `renamedFrom` (or a `,` in its list): the kind of old identity
    /// written there, and for an enum case its enum.
    var renameSourceKind: (LockKey.Kind, String?)? {
        guard let keywordIndex = item.lastIndex(where: { $0.keyword == .renamedFrom }),
            keywordIndex == item.count - 1 || (block != .enum && item.last?.kind == .comma)
        else { return nil }
        switch block {
        case .tip?: return (.tip, nil)
        case .enum?: return (.enumCase, blockName)
        case nil where item.first?.keyword == .event: return (.event, nil)
        case nil where item.first?.keyword == .parameter || item.first?.keyword == .transient:
            return (.parameter, nil)
        default: return nil
        }
    }

    func candidates(analysis: Analysis) -> [Candidate] {
        let last = item.last
        // After `:` a type is written (parameters, event fields, tip arguments).
        if last?.kind == .colon, block == nil || item.first?.keyword != .rule {
            if !(words.count >= 2 && words[words.count - 2] == "by") { return types(analysis) }
        }
        if last?.kind == .dot { return afterDot(analysis) }
        switch block {
        case .tip?:
            guard let first = item.first else { return keywords(Keyword.allCases.filter(\.startsTipItem)) }
            switch first.keyword {
            // `within(` takes a duration literal (`5d`), which no name completes.
            case .rule? where last?.kind == .leftParen && words.dropLast().last == "within": return []
            case .rule?: return namesInScope(analysis)
            case .invalidatedBy?:
                return item.count == 1 ? declarations(analysis) { if case .event = $0 { true } else { false } } : []
            default: return []
            }
        case .config?:
            if item.isEmpty { return keywords(Keyword.allCases.filter(\.startsConfigItem)) }
            if item.count == 1, item[0].keyword == .displayFrequency {
                return ["immediate", "hourly", "daily", "weekly", "monthly", "every"].map {
                    Candidate(label: $0, kind: Candidate.value, detail: "display frequency")
                }
            }
            return []
        case .group?:
            return declarations(analysis) { if case .tip = $0 { true } else { false } }
        case .enum?:
            // After a case: where its values were stored before.
            return last?.kind == .identifier && last?.keyword != .renamedFrom ? keywords([.renamedFrom]) : []
        case .scenario?, .repeat?:
            return inScenario(analysis)
        default:
            return atFileScope(analysis)
        }
    }

    /// At file scope: a declaration's keyword, or what its next word may be.
    private func atFileScope(_ analysis: Analysis) -> [Candidate] {
        let last = item.last
        guard let first = item.first else {
            return keywords(Keyword.allCases.filter(\.startsDeclaration))
        }
        if first.keyword == .transient, item.count == 1 { return keywords([.parameter]) }
        if first.keyword == .group, item.count == 2 { return keywords([.ordered, .firstAvailable]) }
        if first.keyword == .event, item.count >= 2, last?.kind != .leftParen, last?.kind != .comma,
            !words.contains("keep"), !words.contains("renamedFrom")
        {
            return item.count == 2 || last?.kind == .rightParen ? keywords([.keep, .renamedFrom]) : []
        }
        if last?.kind == .assign, let type = declaredType() {
            let booleans = ["true", "false"].map { Candidate(label: $0, kind: Candidate.keyword, detail: "Bool") }
            return cases(of: type, analysis) + (type == "Bool" ? booleans : [])
        }
        // `parameter p: Bool = false ` ends with its value: where it was stored before may follow.
        if first.keyword == .parameter || first.keyword == .transient,
            let assign = item.firstIndex(where: { $0.kind == .assign }), assign < item.count - 1,
            let last, [.identifier, .integer, .decimal, .string].contains(last.kind), !words.contains("renamedFrom")
        {
            return keywords([.renamedFrom])
        }
        return []
    }

    /// The type written in `parameter name: Type =`.
    func declaredType() -> String? {
        guard let colon = item.firstIndex(where: { $0.kind == .colon }), colon + 1 < words.count else { return nil }
        return words[colon + 1]
    }

    func keywords(_ list: [Keyword]) -> [Candidate] {
        list.map { Candidate(label: $0.rawValue, kind: Candidate.keyword, detail: "keyword") }
    }

    func types(_ analysis: Analysis) -> [Candidate] {
        ["Bool", "Int", "Double", "String"].map { Candidate(label: $0, kind: Candidate.typeName, detail: "type") }
            + declarations(analysis) { if case .enumeration = $0 { true } else { false } }
    }

    /// The file-scope declarations `matches` takes, in the order written.
    func declarations(_ analysis: Analysis, where matches: (Symbol) -> Bool) -> [Candidate] {
        analysis.symbols.declarations.compactMap { declaration in
            guard declaration.symbol.isReferableDeclaration, matches(declaration.symbol) else { return nil }
            return Candidate(
                label: declaration.symbol.name, kind: declaration.symbol.completionKind,
                detail: analysis.detail(declaration))
        }
    }

    /// In a rule: the tip's arguments, parameters, events, `true` and `false`.
    func namesInScope(_ analysis: Analysis) -> [Candidate] {
        tipArguments.map { Candidate(label: $0.0, kind: Candidate.variable, detail: "\($0.0): \($0.1), an argument") }
            + declarations(analysis) { if case .parameter = $0 { true } else { false } }
            + declarations(analysis) { if case .event = $0 { true } else { false } }
            + ["true", "false"].map { Candidate(label: $0, kind: Candidate.keyword, detail: "Bool") }
    }

    func cases(of enumName: String, _ analysis: Analysis) -> [Candidate] {
        analysis.symbols.members(of: .enumeration(enumName)).map {
            Candidate(label: $0.symbol.name, kind: Candidate.enumMember, detail: "case of \(enumName)")
        }
    }

    /// After `.`: a query step after an event or query, or `.case` / `.field` where a value goes.
    func afterDot(_ analysis: Analysis) -> [Candidate] {
        let beforeDot = item.count >= 2 ? item[item.count - 2] : nil
        let method = { (name: String, detail: String) in Candidate(label: name, kind: Candidate.method, detail: detail)
        }
        if let beforeDot, beforeDot.kind == .identifier || beforeDot.kind == .rightParen {
            let word = words[words.count - 2]
            if beforeDot.kind == .identifier, analysis.symbols.declaration(of: .event(word)) != nil {
                return [method("donations", "the event's donations"), method("count", "how many donations")]
            }
            if word == "donations" || beforeDot.kind == .rightParen {
                return [
                    method("within", "those donated in the last duration"),
                    method("where", "those whose fields satisfy a predicate"),
                    method("largestSubset", "the largest group by a field"),
                    method("smallestSubset", "the smallest group by a field"),
                    method("count", "how many"),
                ]
            }
            return []
        }
        // `.name` where a value goes: a field of the queried event, or a case of the expected enum.
        var candidates: [Candidate] = []
        let event = queriedEvent(analysis)
        let expected = expectedEnum(analysis, event: event)
        if let expected { candidates += cases(of: expected, analysis) }
        if let event {
            // Fields of the queried event (of the expected type, when one is expected).
            candidates += analysis.symbols.members(of: .event(event)).compactMap { field in
                guard expected == nil || analysis.typeName(of: field) == expected else { return nil }
                return Candidate(label: field.symbol.name, kind: Candidate.field, detail: analysis.detail(field))
            }
        }
        if expected == nil, event == nil || !isSubsetArgument {
            for declaration in analysis.symbols.declarations {
                if case .enumeration(let name) = declaration.symbol { candidates += cases(of: name, analysis) }
            }
        }
        return candidates
    }

    /// Whether the cursor is in `largestSubset(by: .` / `smallestSubset(by: .`.
    var isSubsetArgument: Bool { words.suffix(3).first == "by" }

    /// The event whose fields `.name` reads: that of the innermost open `where(`, `largestSubset(` or `smallestSubset(`.
    func queriedEvent(_ analysis: Analysis) -> String? {
        var depth = 0
        var position = item.count - 1
        while position >= 0 {
            switch item[position].kind {
            case .rightParen: depth += 1
            case .leftParen:
                if depth == 0 {
                    guard position >= 1, ["where", "largestSubset", "smallestSubset"].contains(words[position - 1])
                    else { return nil }
                    let name = words[chainStart(before: position - 1)]
                    return analysis.symbols.declaration(of: .event(name)) != nil ? name : nil
                }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return nil
    }

    /// The first token of the query chain whose step is at `step`: `E.donations.within(1d).where(` → `E`.
    private func chainStart(before step: Int) -> Int {
        var start = step
        var nesting = 0
        while start > 0 {
            let previous = item[start - 1]
            if previous.kind == .rightParen {
                nesting += 1
            } else if nesting > 0 {
                if previous.kind == .leftParen { nesting -= 1 }
            } else if previous.kind == .leftParen {
                break
            } else if previous.kind == .identifier ? item[start].kind != .dot : previous.kind != .dot {
                // A name joins the chain only before a '.'; anything else ends it.
                break
            }
            start -= 1
        }
        return start
    }

    /// The enum `x == .` expects, from the type of `x`.
    func expectedEnum(_ analysis: Analysis, event: String?) -> String? {
        let isEnum = { (type: String) in analysis.symbols.declaration(of: .enumeration(type)) != nil }
        if block == nil, item.first?.keyword == .parameter || item.first?.keyword == .transient,
            item.dropLast().last?.kind == .assign, let type = declaredType(), isEnum(type)
        {
            return type
        }
        guard item.count >= 3 else { return nil }
        let comparison = item[item.count - 2]
        guard comparison.kind == .binaryOperator(.equal) || comparison.kind == .binaryOperator(.notEqual) else {
            return nil
        }
        let name = words[words.count - 3]
        let isField = item.count >= 4 && item[item.count - 4].kind == .dot
        let type: String?
        if isField, let event {
            type = analysis.typeName(of: analysis.symbols.declaration(of: .field(name, event: event)))
        } else if let argument = tipArguments.first(where: { $0.0 == name }) {
            type = argument.1
        } else {
            type = analysis.typeName(of: analysis.symbols.declaration(named: name))
        }
        guard let type, isEnum(type) else { return nil }
        return type
    }
}
