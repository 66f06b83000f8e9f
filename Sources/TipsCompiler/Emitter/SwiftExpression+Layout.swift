// Laying out a built expression: each part on one line when it fits, else broken one argument per line.

extension SwiftExpression {
    /// The longest line the layout aims for.
    static let lineLimit = 120

    /// Writes the expression starting at the writer's indentation, with
    /// `prefix` before it and `suffix` after it on the first and last lines.
    ///
    /// A part goes on one line when `prefix`, its one-line form and `suffix`
    /// fit in what is left of ``lineLimit``; otherwise a call or an array puts
    /// each argument on a line of its own, one level deeper, and a labeled
    /// value passes its label on as part of the prefix.
    func write(to writer: inout SwiftWriter, prefix: ByteBuffer = ByteBuffer(), suffix: ByteBuffer = ByteBuffer()) {
        guard !parts.isEmpty else { return }
        let isPlain =
            bytes.isPlain(0..<bytes.count) && prefix.isPlain(0..<prefix.count) && suffix.isPlain(0..<suffix.count)
        let layout = ExpressionLayout(expression: self, prefix: prefix, suffix: suffix, isPlain: isPlain)
        layout.write(part: 0, .init(hasPrefix: true, labelsStart: parts[0].start, suffix: .outer), to: &writer)
    }
}

/// One expression being laid out, with the text around it.
private struct ExpressionLayout {
    let expression: SwiftExpression
    /// Text from outside the expression before its first line.
    let prefix: ByteBuffer
    /// Text from outside the expression after its last line.
    let suffix: ByteBuffer
    /// Whether the expression, `prefix` and `suffix` are all plain (see
    /// ``ByteBuffer/isPlain(_:)``), so that widths are byte counts.
    let isPlain: Bool

    /// What follows a part on its last line.
    enum Suffix {
        case none
        case comma
        /// ``ExpressionLayout/suffix``.
        case outer
    }

    /// What surrounds a part on its first and last lines.
    struct Margins {
        /// Whether ``ExpressionLayout/prefix`` comes first.
        var hasPrefix: Bool
        /// Where the labels that lead to the part start in the expression's
        /// bytes: they run up to the part itself.
        var labelsStart: Int
        var suffix: Suffix
    }

    func write(part index: Int, _ margins: Margins, to writer: inout SwiftWriter) {
        let part = expression.parts[index]
        if part.kind == .atom || fits(part, margins, width: SwiftExpression.lineLimit - writer.column) {
            writeLine(margins.hasPrefix, margins.labelsStart..<part.end, margins.suffix, to: &writer)
            return
        }
        switch part.kind {
        case .atom:
            break
        case .labeled:
            write(part: index + 1, margins, to: &writer)
        case .call, .array:
            writeLine(margins.hasPrefix, margins.labelsStart..<part.headEnd, .none, to: &writer)
            writer.indented { writer in
                var child = index + 1
                for position in 0..<part.childCount {
                    let isLast = position == part.childCount - 1
                    let start = expression.parts[child].start
                    let suffix: Suffix = part.kind == .call && isLast ? .none : .comma
                    write(part: child, .init(hasPrefix: false, labelsStart: start, suffix: suffix), to: &writer)
                    child = expression.parts[child].next
                }
            }
            // The closing bracket is the last byte of the one-line form.
            writeLine(false, part.end - 1..<part.end, margins.suffix, to: &writer)
        }
    }

    private func suffixCount(_ suffix: Suffix) -> Int {
        switch suffix {
        case .none: 0
        case .comma: 1
        case .outer: self.suffix.count
        }
    }

    /// Writes the prefix (when `hasPrefix`), the expression's `range` and the
    /// suffix as one line, with no indentation when it is empty.
    private func writeLine(_ hasPrefix: Bool, _ range: Range<Int>, _ suffix: Suffix, to writer: inout SwiftWriter) {
        let prefixCount = hasPrefix ? prefix.count : 0
        let length = prefixCount + range.count + suffixCount(suffix)
        guard length > 0 else {
            writer.line()
            return
        }
        writer.line(length: length) { out in
            if hasPrefix { prefix.copy(0..<prefixCount, to: out) }
            expression.bytes.copy(range, to: out + prefixCount)
            let end = out + prefixCount + range.count
            switch suffix {
            case .none: break
            case .comma: end.initialize(to: UInt8(ascii: ","))
            case .outer: self.suffix.copy(0..<self.suffix.count, to: end)
            }
        }
    }

    /// Whether the part's one-line form with its margins is at most `width`
    /// characters. Plain text (the usual case) is measured by its byte count;
    /// anything else, when its bytes do not already fit, by counting the
    /// characters of the line.
    private func fits(_ part: SwiftExpression.Part, _ margins: Margins, width: Int) -> Bool {
        let prefixCount = margins.hasPrefix ? prefix.count : 0
        let length = prefixCount + (part.end - margins.labelsStart) + suffixCount(margins.suffix)
        // A character takes at least one byte, so a line whose bytes fit always fits.
        guard length > width, !isPlain else { return length <= width }
        var line = ByteBuffer(capacity: length)
        if margins.hasPrefix { line.append(prefix, 0..<prefix.count) }
        line.append(expression.bytes, margins.labelsStart..<part.end)
        switch margins.suffix {
        case .none: break
        case .comma: line.append(UInt8(ascii: ","))
        case .outer: line.append(suffix, 0..<suffix.count)
        }
        return line.string(0..<line.count).count <= width
    }
}
