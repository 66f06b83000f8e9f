import TipsSyntax

// Lines and the comments around them. A comment that starts its own line is
// printed on its own line before the code that followed it, at that code's
// indentation; a comment after code on the same line stays after that code.
// Blank lines are kept (at most one), except right after `{` and before `}`.

extension FormatPrinter {
    /// Prints one line standing for the source bytes `start..<end`: first the
    /// comments before it, then the line, then the comments that trailed it.
    mutating func emit(_ text: String, span start: UInt32, _ end: UInt32, indent: Int, forcesBlank: Bool = false) {
        let printedComments = flushComments(before: start, indent: indent, forcesBlank: forcesBlank)
        let blank = (forcesBlank && !printedComments) || blankLine(from: lastSourceEnd, to: start)
        if blank, !opensBlock, !lines.isEmpty { lines.append("") }
        lines.append(FormatPrinter.indentation(indent) + text)
        opensBlock = text.hasSuffix("{")
        lastSourceEnd = max(lastSourceEnd, end)
        attachTrailingComments(through: end)
    }

    /// Prints, each on its own line, the comments that start before `offset`.
    /// Returns whether it printed any.
    @discardableResult
    mutating func flushComments(before offset: UInt32, indent: Int, forcesBlank: Bool) -> Bool {
        var printed = false
        while nextComment < comments.count, comments[nextComment].start < offset {
            let comment = comments[nextComment]
            let blank = (forcesBlank && !printed) || blankLine(from: lastSourceEnd, to: comment.start)
            if blank, !opensBlock, !lines.isEmpty { lines.append("") }
            let text = commentText(comment)
            var first = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                // The later lines of a block comment are kept as written.
                lines.append(first ? FormatPrinter.indentation(indent) + line : String(line))
                first = false
            }
            opensBlock = false
            lastSourceEnd = max(lastSourceEnd, comment.end)
            nextComment += 1
            printed = true
        }
        return printed
    }

    /// Appends to the last line the comments inside `..<end` and those after
    /// it on the same source line with no code between.
    mutating func attachTrailingComments(through end: UInt32) {
        while nextComment < comments.count, !lines.isEmpty {
            let comment = comments[nextComment]
            guard comment.start < end || trails(comment, after: end) else { return }
            var text = commentText(comment)
            // A block comment that spans lines, put after code, would indent its later lines oddly; keep it as written.
            text = text.replacingOccurrences(of: "\r", with: "")
            lines[lines.count - 1] += " " + text
            lastSourceEnd = max(lastSourceEnd, comment.end)
            nextComment += 1
        }
    }

    /// Whether `comment` is on the same line as `end`, with only separators (`;`, `,`) between.
    func trails(_ comment: SourceRange, after end: UInt32) -> Bool {
        guard comment.start >= end, !file.containsLineBreak(from: end, to: comment.start) else { return false }
        for token in tokens[firstToken(atOrAfter: end)...] {
            if token.range.start >= comment.start { return true }
            switch token.kind {
            case .semicolon, .comma, .newline: continue
            default: return false
            }
        }
        return true
    }

    /// Whether the source has an empty line between `start` and `end`.
    func blankLine(from start: UInt32, to end: UInt32) -> Bool {
        var breaks = 0
        var index = Int(start)
        let limit = min(Int(end), file.bytes.count)
        while index < limit {
            switch file.bytes[index] {
            case 0x0A:
                breaks += 1
                if breaks >= 2 { return true }
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C: break
            default: breaks = 0
            }
            index += 1
        }
        return false
    }

    /// Whether any comment starts strictly inside `range`.
    func hasComment(inside range: SourceRange) -> Bool {
        comments.contains { $0.start > range.start && $0.start < range.end }
    }

    /// A comment's text: `//` comments lose trailing blanks; `///` and block comments are kept as written.
    func commentText(_ range: SourceRange) -> String {
        // Line breaks inside a block comment are written as the rest of the file's: `\n`.
        var text = source(range).replacingOccurrences(of: "\r\n", with: "\n")
        while text.hasSuffix("\r") { text.removeLast() }
        if text.hasPrefix("//"), !text.hasPrefix("///") || text.hasPrefix("////") {
            while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        }
        return text
    }
}
