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
    func write(to writer: inout SwiftWriter, prefix: [UInt8] = [], suffix: [UInt8] = []) {
        guard !parts.isEmpty else { return }
        let margins = Margins(
            prefix: prefix, labelsStart: parts[0].start, prefixIsPlain: prefix.isPlain(prefix.indices),
            suffix: suffix, suffixIsPlain: suffix.isPlain(suffix.indices))
        write(part: 0, margins, to: &writer)
    }

    /// What surrounds a part on its first and last lines.
    private struct Margins {
        /// Text from outside the expression before it.
        var prefix: [UInt8]
        /// Where the labels that lead to the part start in ``SwiftExpression/bytes``:
        /// they run up to the part itself, and come after ``prefix``.
        var labelsStart: Int
        /// Whether ``prefix`` and the labels are plain.
        var prefixIsPlain: Bool
        /// Text after the part.
        var suffix: [UInt8]
        var suffixIsPlain: Bool
    }

    private static let comma: [UInt8] = [UInt8(ascii: ",")]

    private func write(part index: Int, _ margins: Margins, to writer: inout SwiftWriter) {
        let part = parts[index]
        if part.kind == .atom || fits(part, margins, width: Self.lineLimit - writer.column) {
            writeLine(margins.prefix, margins.labelsStart..<part.end, margins.suffix, to: &writer)
            return
        }
        switch part.kind {
        case .atom:
            break
        case .labeled:
            var inner = margins
            inner.prefixIsPlain = margins.prefixIsPlain && part.headIsPlain
            write(part: index + 1, inner, to: &writer)
        case .call, .array:
            writeLine(margins.prefix, margins.labelsStart..<part.headEnd, [], to: &writer)
            writer.indented { writer in
                var child = index + 1
                for position in 0..<part.childCount {
                    let isLast = position == part.childCount - 1
                    let suffix = part.kind == .call && isLast ? [] : Self.comma
                    let inner = Margins(
                        prefix: [], labelsStart: parts[child].start, prefixIsPlain: true, suffix: suffix,
                        suffixIsPlain: true)
                    write(part: child, inner, to: &writer)
                    child = parts[child].next
                }
            }
            let closing = part.kind == .call ? UInt8(ascii: ")") : UInt8(ascii: "]")
            writer.nonEmptyLine { out in
                out.append(closing)
                out.append(contentsOf: margins.suffix)
            }
        }
    }

    /// Writes `prefix + bytes[range] + suffix` as one line (with no indentation when it is empty).
    private func writeLine(_ prefix: [UInt8], _ range: Range<Int>, _ suffix: [UInt8], to writer: inout SwiftWriter) {
        guard !prefix.isEmpty || !range.isEmpty || !suffix.isEmpty else {
            writer.line()
            return
        }
        writer.nonEmptyLine { out in
            out.append(contentsOf: prefix)
            out.append(contentsOf: bytes[range])
            out.append(contentsOf: suffix)
        }
    }

    /// Whether the part's one-line form with its margins is at most `width`
    /// characters. Plain pieces (the usual case) are measured by their byte
    /// counts; anything else falls back to counting the characters of the line.
    private func fits(_ part: Part, _ margins: Margins, width: Int) -> Bool {
        guard part.isPlain, margins.prefixIsPlain, margins.suffixIsPlain else {
            let line = margins.prefix + bytes[margins.labelsStart..<part.end] + margins.suffix
            return String(decoding: line, as: UTF8.self).count <= width
        }
        return margins.prefix.count + (part.end - margins.labelsStart) + margins.suffix.count <= width
    }
}
