import TipsRuntime

/// Word wrapping by columns, for cards and the demo's lines.
///
/// Columns are counted as terminals draw them (``TerminalColumns``): a
/// Japanese or Chinese character or an emoji takes two. Such text, written
/// without spaces between its words, may break between any two of its
/// characters, but a line never begins with closing punctuation (`、`, `。`,
/// `」`) nor ends with opening punctuation (`「`): the rule (kinsoku) those
/// languages set their lines by.
public enum TextWrapping {
    /// Breaks `text` into lines of at most `width` columns, at spaces and
    /// between wide characters; a word longer than a line is cut. Line
    /// breaks in `text` are kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineColumns = 0
            for (piece, afterSpace) in pieces(of: paragraph) {
                var piece = piece
                var columns = TerminalColumns.of(piece)
                let gap = afterSpace && !line.isEmpty ? 1 : 0
                if lineColumns + gap + columns <= width {
                    line += (gap == 1 ? " " : "") + piece
                    lineColumns += gap + columns
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                while columns > width {
                    let head = cut(piece, columns: width)
                    lines.append(String(piece[..<head.end]))
                    piece = piece[head.end...]
                    columns -= head.columns
                }
                line = String(piece)
                lineColumns = columns
            }
            lines.append(line)
        }
        return lines
    }

    /// The pieces a line may break between, each with whether a space came
    /// before it: the words between spaces, and within them each wide
    /// character on its own, closing punctuation kept with what it closes
    /// and opening punctuation with what it opens.
    private static func pieces(of paragraph: Substring) -> [(piece: Substring, afterSpace: Bool)] {
        var pieces: [(piece: Substring, afterSpace: Bool)] = []
        for word in paragraph.split(separator: " ") {
            var start = word.startIndex
            var afterSpace = true
            var previous: (character: Character, isWide: Bool)?
            for index in word.indices {
                let character = word[index]
                let isWide = TerminalColumns.of(character) == 2
                if let previous, previous.isWide || isWide, !closing.contains(character),
                    !opening.contains(previous.character)
                {
                    pieces.append((word[start..<index], afterSpace))
                    afterSpace = false
                    start = index
                }
                previous = (character, isWide)
            }
            pieces.append((word[start...], afterSpace))
        }
        return pieces
    }

    /// Where to cut `piece` (longer than `columns`) for a line of at most
    /// `columns`: after as many characters as fit, and at least one.
    private static func cut(_ piece: Substring, columns: Int) -> (end: Substring.Index, columns: Int) {
        var end = piece.startIndex
        var used = 0
        while end < piece.endIndex {
            let width = TerminalColumns.of(piece[end])
            guard used + width <= columns || end == piece.startIndex else { break }
            used += width
            end = piece.index(after: end)
        }
        return (end, used)
    }

    /// Punctuation a Japanese or Chinese line does not begin with.
    private static let closing: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〕", "〉", "》", "ー", "…", "ゃ", "ゅ", "ょ",
        "っ", "ャ", "ュ", "ョ", "ッ",
    ]

    /// Punctuation a Japanese or Chinese line does not end with.
    private static let opening: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《"]
}
