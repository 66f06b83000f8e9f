/// Word wrapping by columns, for cards and the demo's lines.
///
/// A column is a `Character` (a grapheme cluster): right for Latin,
/// Cyrillic, Greek and most symbols; wide East Asian characters and
/// emoji take two columns on most terminals and make a line look longer.
public enum TextWrapping {
    /// Breaks `text` into lines of at most `width` columns at spaces; a word
    /// longer than a line is cut. Line breaks in `text` are kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                while word.count > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
