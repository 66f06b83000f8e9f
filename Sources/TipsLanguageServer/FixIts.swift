import TipsCompiler

// The fixes an editor can apply for a diagnostic. A diagnostic that carries
// fix-its is offered exactly those. Otherwise the fix is read from the
// compiler's fixed phrasings, which name the replacement for the diagnostic's
// own range: "...; did you mean 'x'?", "did you mean the field '.x' ...",
// "use '==' to compare", and a string in curly quotes ("straight quotes", or
// each curly quote as an "unexpected character").

enum FixIts {
    /// The fix-its for a diagnostic in `file`.
    static func fixIts(for diagnostic: Diagnostic, in file: SourceFile) -> [FixIt] {
        if !diagnostic.fixIts.isEmpty { return diagnostic.fixIts }
        let original = file.text(in: diagnostic.range)
        guard !original.isEmpty, !original.contains("\n") else { return [] }
        let message = diagnostic.message
        var replacement: String?
        if let suggestion = quoted(after: "did you mean the field '", in: message)
            ?? quoted(after: "did you mean '", in: message)
        {
            replacement = suggestion
        } else if message.contains("use '==' to compare"), original == "=" {
            replacement = "=="
        } else if message.contains("straight quotes") || message.hasPrefix("unexpected character '") {
            // A curly quote alone, or a string written with curly quotes.
            replacement = straightened(original)
        }
        // `.fre` → `.free`, also where the message names the case without its dot.
        if original.hasPrefix("."), let bare = replacement, !bare.hasPrefix(".") { replacement = "." + bare }
        guard let replacement, replacement != original, !replacement.isEmpty else { return [] }
        return [FixIt(range: diagnostic.range, replacement: replacement)]
    }

    /// The text between `prefix` and the next `'` in `message`.
    static func quoted(after prefix: String, in message: String) -> String? {
        guard let start = message.range(of: prefix)?.upperBound,
            let end = message[start...].firstIndex(of: "'")
        else { return nil }
        return String(message[start..<end])
    }

    /// A string literal written with curly quotes, with straight ones at its ends.
    static func straightened(_ text: String) -> String? {
        let curly: Set<Character> = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{201E}", "\""]
        guard let first = text.first, let last = text.last, curly.contains(first) else { return nil }
        if text.count == 1 { return "\"" }
        guard curly.contains(last) else { return nil }
        return "\"" + text.dropFirst().dropLast() + "\""
    }

    /// The code action's title.
    static func title(_ fix: FixIt, in file: SourceFile) -> String {
        "Replace '\(file.text(in: fix.range))' with '\(fix.replacement)'"
    }
}
