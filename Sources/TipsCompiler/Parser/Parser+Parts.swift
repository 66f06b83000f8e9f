// Parsing one large file in parts, at the same time when there are jobs.
//
// A file splits where a declaration (or the doc comment before one) starts at
// the beginning of a line, right after a line that is only `}` and blank
// lines: there the lexer and the parser are at file scope with nothing
// pending, so each part lexes and parses as a file of its own, and the parts'
// declarations, in order, are the file's. Strings never span lines; a split
// inside a block comment or an unfinished declaration leaves an error in a
// part (lines just after a `/*` are not chosen, to make that rare). Any
// diagnostic in any part throws the parts away and the file is parsed
// whole, so diagnostics are always those of one pass.

extension Parser {
    /// Parses `file` in parts, on up to `jobs` threads at the same time; nil
    /// when the file is too small to split, or a part reported anything
    /// (parse it whole then).
    static func parseInParts(_ file: SourceFile, jobs: Int) -> SourceFileSyntax? {
        let parts = SourceParts.split(file.bytes, into: jobs)
        guard parts.count > 1 else { return nil }
        // Each worker lexes its parts into one token array, emptied and reused.
        let scratch = (0..<Parallel.workers(parts.count, jobs: jobs)).map { _ in TokenScratch() }
        let parsed = Parallel.mapEach(parts.count, jobs: jobs) { worker, index -> [Declaration]? in
            var parser: SyntaxParser
            do {
                // In a scope of its own, so that the parser holds the only reference to the tokens.
                var lexerDiagnostics = DiagnosticEngine()
                let (tokens, docs) = Lexer.tokenizeForParsing(
                    file, part: parts[index], reusing: scratch[worker].take(), diagnostics: &lexerDiagnostics)
                guard lexerDiagnostics.reportCount == 0 else { return nil }
                parser = SyntaxParser(file: file, tokens: tokens, docs: docs)
            }
            let syntax = parser.parseSourceFile()
            let clean = parser.diagnostics.reportCount == 0
            scratch[worker].give(back: &parser)
            return clean ? syntax.declarations : nil
        }
        var declarations: [Declaration] = []
        declarations.reserveCapacity(parsed.reduce(0) { $0 + ($1?.count ?? 0) })
        for part in parsed {
            guard let part else { return nil }
            declarations += part
        }
        return SourceFileSyntax(file: file.id, declarations: declarations)
    }
}

/// One worker's token array, lent to the lexer of each part it parses.
private final class TokenScratch: @unchecked Sendable {
    // @unchecked: only its worker touches it, one part at a time.
    private var tokens: [Token] = []

    /// The array, emptied by the lexer that takes it.
    func take() -> [Token] {
        defer { tokens = [] }
        return tokens
    }

    /// Takes the parser's tokens back, leaving it none.
    func give(back parser: inout SyntaxParser) {
        tokens = parser.takeTokens()
    }
}

/// Where a file's bytes can be split for parsing in parts.
enum SourceParts {
    /// Parts smaller than this are not worth a thread.
    static let minimumPartSize = 64 * 1024
    /// A large file is cut into parts of about this size even on one thread:
    /// a part's tokens stay in the cache while it is parsed, and are freed
    /// before the next part is lexed.
    static let preferredPartSize = 256 * 1024

    /// How a line that may start a part begins: a doc comment or a declaration keyword.
    static let partStarts: [[UInt8]] = [
        "///", "tip ", "event ", "parameter ", "transient ", "enum ", "group ", "config ", "config{",
    ].map { Array($0.utf8) }

    /// Splits `bytes` into parts of about equal size at lines where a part
    /// may start: one per job at least, and about ``preferredPartSize`` each;
    /// one part when the file is small or has no such line.
    static func split(_ bytes: [UInt8], into jobs: Int) -> [Range<Int>] {
        let count = bytes.count
        let wanted = max(min(jobs, count / minimumPartSize), count / preferredPartSize)
        guard wanted > 1 else { return [0..<count] }
        var starts = [0]
        for part in 1..<wanted {
            let previous = starts[starts.count - 1]
            let target = max(count / wanted * part, previous + 1)
            if let start = partStart(in: bytes, from: target, before: count / wanted * (part + 1)) {
                starts.append(start)
            }
        }
        return zip(starts, Array(starts.dropFirst()) + [count]).map { $0..<$1 }
    }

    /// The first line start in `from..<limit` where a part may start.
    static func partStart(in bytes: [UInt8], from: Int, before limit: Int) -> Int? {
        var position = from
        // Move to the start of the next line.
        while position < bytes.count, bytes[position - 1] != 0x0A { position += 1 }
        while position < min(limit, bytes.count) {
            if startsPart(bytes, at: position) { return position }
            while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            position += 1
        }
        return nil
    }

    /// Whether the line at `start` may start a part: it begins with a doc
    /// comment or a declaration keyword, and the last non-blank line before it
    /// is only `}`.
    static func startsPart(_ bytes: [UInt8], at start: Int) -> Bool {
        let begins = partStarts.contains { prefix in
            start + prefix.count <= bytes.count && bytes[start..<start + prefix.count].elementsEqual(prefix)
        }
        guard begins else { return false }
        var lineEnd = start - 1  // the line feed that ends the line before
        while lineEnd >= 0 {
            var lineStart = lineEnd
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var contentEnd = lineEnd
            while contentEnd > lineStart, isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            if contentEnd > lineStart {
                return contentEnd - lineStart == 1 && bytes[lineStart] == UInt8(ascii: "}")
                    && !opensBlockComment(bytes, before: lineStart)
            }
            lineEnd = lineStart - 1
        }
        return false
    }

    /// How far back ``opensBlockComment(_:before:)`` looks.
    static let commentLookBehind = 4_096

    /// Whether the nearest `/*` or `*/` in the few kilobytes before `end` is
    /// a `/*`: the line at `end` is then likely inside a block comment, and
    /// splitting there would only leave an error in a part.
    static func opensBlockComment(_ bytes: [UInt8], before end: Int) -> Bool {
        var position = end - 1
        let stop = max(1, end - commentLookBehind)
        while position >= stop {
            let (first, second) = (bytes[position - 1], bytes[position])
            if first == UInt8(ascii: "/"), second == UInt8(ascii: "*") { return true }
            if first == UInt8(ascii: "*"), second == UInt8(ascii: "/") { return false }
            position -= 1
        }
        return false
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
