// Laying out a built expression: each part on one line when it fits, else broken one argument per line.

extension SwiftExpression {
    /// The longest line the layout aims for.
    static let lineLimit = 120

    /// Writes the expression starting at the writer's indentation, with its
    /// prefix before it and its suffix after it on the first and last lines.
    ///
    /// A part goes on one line when the text before it (the prefix or the
    /// labels leading to it), its one-line form and the text after it fit in
    /// what is left of ``lineLimit``; otherwise a call or an array puts each
    /// argument on a line of its own, one level deeper, and a labeled value
    /// passes its label on as part of the prefix.
    func write(to writer: inout SwiftWriter) {
        guard let root = parts.first else { return }
        let layout = ExpressionLayout(
            expression: self, suffix: root.end..<bytes.count, isPlain: bytes.isPlain(0..<bytes.count))
        layout.write(part: 0, .init(labelsStart: 0, suffix: .outer), to: &writer)
    }
}

/// One expression being laid out.
private struct ExpressionLayout {
    let expression: SwiftExpression
    /// Where the text after the expression is in its bytes.
    let suffix: Range<Int>
    /// Whether all the bytes are plain (see ``ByteBuffer/isPlain(_:)``), so
    /// that widths are byte counts.
    let isPlain: Bool

    /// What follows a part on its last line.
    enum Suffix {
        case none
        case comma
        /// The text after the expression.
        case outer
    }

    /// What surrounds a part on its first and last lines.
    struct Margins {
        /// Where the text before the part starts in the expression's bytes:
        /// the prefix of the expression or the labels leading to the part,
        /// running up to the part itself.
        var labelsStart: Int
        var suffix: Suffix
    }

    func write(part index: Int, _ margins: Margins, to writer: inout SwiftWriter) {
        let part = expression.parts[index]
        if part.kind == .atom || fits(part, margins, width: SwiftExpression.lineLimit - writer.column) {
            writeLine(margins.labelsStart..<part.end, margins.suffix, to: &writer)
            return
        }
        switch part.kind {
        case .atom:
            break
        case .labeled:
            write(part: index + 1, margins, to: &writer)
        case .call, .array:
            writeLine(margins.labelsStart..<part.headEnd, .none, to: &writer)
            writer.indented { writer in
                var child = index + 1
                for position in 0..<part.childCount {
                    let isLast = position == part.childCount - 1
                    let start = expression.parts[child].start
                    let suffix: Suffix = part.kind == .call && isLast ? .none : .comma
                    write(part: child, .init(labelsStart: start, suffix: suffix), to: &writer)
                    child = expression.parts[child].next
                }
            }
            // The closing bracket is the last byte of the one-line form.
            writeLine(part.end - 1..<part.end, margins.suffix, to: &writer)
        }
    }

    private func suffixCount(_ suffix: Suffix) -> Int {
        switch suffix {
        case .none: 0
        case .comma: 1
        case .outer: self.suffix.count
        }
    }

    /// Writes the expression's `range` and the suffix as one line, with no
    /// indentation when it is empty.
    private func writeLine(_ range: Range<Int>, _ suffix: Suffix, to writer: inout SwiftWriter) {
        let length = range.count + suffixCount(suffix)
        guard length > 0 else {
            writer.line()
            return
        }
        writer.line(length: length) { out in
            expression.bytes.copy(range, to: out)
            switch suffix {
            case .none: break
            case .comma: (out + range.count).initialize(to: UInt8(ascii: ","))
            case .outer: expression.bytes.copy(self.suffix, to: out + range.count)
            }
        }
    }

    /// Whether the part's one-line form with the text around it is at most
    /// `width` characters. Plain text (the usual case) is measured by its
    /// byte count; anything else, when its bytes do not already fit, by
    /// counting the characters of the line.
    private func fits(_ part: SwiftExpression.Part, _ margins: Margins, width: Int) -> Bool {
        let length = (part.end - margins.labelsStart) + suffixCount(margins.suffix)
        // A character takes at least one byte, so a line whose bytes fit always fits.
        guard length > width, !isPlain else { return length <= width }
        // A character is at least one scalar, so a line whose scalars fit fits too: counting the
        // scalars (the bytes that start one) spares the characters' count, which for the benchmark's
        // 1,000 parameters with an emoji in their default cost 5 M instructions (callgrind, `tipc compile`).
        let scalars =
            expression.bytes.scalarCount(margins.labelsStart..<part.end)
            + (margins.suffix == .outer ? expression.bytes.scalarCount(suffix) : suffixCount(margins.suffix))
        guard scalars > width else { return true }
        var line = ByteBuffer(capacity: length)
        line.append(expression.bytes, margins.labelsStart..<part.end)
        switch margins.suffix {
        case .none: break
        case .comma: line.append(UInt8(ascii: ","))
        case .outer: line.append(expression.bytes, suffix)
        }
        return line.string(0..<line.count).count <= width
    }
}
