import TipsCompiler
import TipsSyntax

/// `--options-file <path>`: a file (the build plugin's `tipc.options`) whose
/// lines are `tipc` options, spliced into the command line where it is named.
/// Each word remembers its line and column, so that a bad option in the file
/// is reported there (`tipc.options:2:16: error: ...`), as editors read it.
public enum OptionsFile {
    /// Where an argument read from an options file was written.
    public struct Origin: Hashable, Sendable {
        /// The options file's path, as named on the command line.
        public var path: String
        /// 1-based line.
        public var line: Int
        /// 1-based column, in characters.
        public var column: Int
    }

    /// The command line with every `--options-file <path>` (or
    /// `--options-file=<path>`) replaced by the file's options: whitespace-
    /// separated words, a line at a time; blank lines and lines starting with
    /// `#` are skipped. `origins` is aligned with `arguments`: nil for an
    /// argument given on the command line.
    public static func expand(
        _ arguments: [String], read: (String) throws(UsageError) -> String
    ) throws(UsageError) -> (arguments: [String], origins: [Origin?]) {
        var expanded: [String] = []
        var origins: [Origin?] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let path: String
            if argument == "--options-file" {
                index += 1
                guard index < arguments.count else {
                    throw UsageError("option '--options-file' needs a value", argumentIndex: index - 1)
                }
                path = arguments[index]
            } else if argument.hasPrefix("--options-file=") {
                path = String(argument.dropFirst("--options-file=".count))
            } else {
                expanded.append(argument)
                origins.append(nil)
                index += 1
                continue
            }
            var text = try read(path)
            // A UTF-8 byte order mark, as Windows tools write, is not part of the first option.
            if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            for (lineIndex, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .enumerated()
            {
                let words = self.words(of: line)
                guard let first = words.first, !first.text.hasPrefix("#") else { continue }
                for word in words {
                    let origin = Origin(path: path, line: lineIndex + 1, column: word.column)
                    if word.text.hasPrefix("--options-file") {
                        var error = UsageError("options file '\(path)' may not name another options file")
                        error.location = origin
                        throw error
                    }
                    expanded.append(word.text)
                    origins.append(origin)
                }
            }
            index += 1
        }
        return (expanded, origins)
    }

    /// The whitespace-separated words of a line, with their 1-based columns.
    private static func words(of line: Substring) -> [(text: String, column: Int)] {
        var words: [(text: String, column: Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in line.enumerated() {
            if character.isWhitespace {
                if !current.isEmpty { words.append((current, start + 1)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { words.append((current, start + 1)) }
        return words
    }
}
