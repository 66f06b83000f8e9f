import TipsCompiler
import TipsSyntax

// Hover on a tip's copy (its title, its message, a button's title), in the
// `.tips` file or at its key in the catalog: what the content designer who
// owns it in several languages asks of it. Its key in a String Catalog, its
// length against the copy guidance, and its text in each language of the
// catalog, with what each still lacks. Definition goes between the copy and
// its key. All of it is read from the checked program, the translations the
// checker accepted and where the catalog writes their keys included.

extension LanguageServer {
    /// The hover text of the tip string whose text holds `offset`, or whose
    /// key in the catalog does, and that text's or key's range.
    func copyHover(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (String, SourceRange)? {
        guard let program = analysis.result.program else { return nil }
        if let (string, range) = catalogKey(at: offset, in: file, of: analysis) {
            var text = Self.copyHover(string, translations: program.translations)
            if let written = string.range {
                let source = analysis.result.sources[written.file]
                text += "\n\nWritten in \(source.fileName), line \(source.lineColumn(of: written.start).line)."
            }
            return (text, range)
        }
        guard let (string, range) = copyString(at: offset, in: file, of: analysis) else { return nil }
        return (Self.copyHover(string, translations: program.translations), range)
    }

    /// The tip string whose text in a `.tips` file holds `offset`, and the text's range.
    func copyString(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (CheckedString, SourceRange)? {
        for string in analysis.result.program?.strings ?? [] {
            if let range = string.range, range.file == file, range.start <= offset, offset <= range.end {
                return (string, range)
            }
        }
        return nil
    }

    /// The string whose catalog key holds `offset` in the catalog, and the key's range.
    func catalogKey(at offset: UInt32, in file: FileID, of analysis: Analysis) -> (CheckedString, SourceRange)? {
        guard let program = analysis.result.program, let translations = program.translations else { return nil }
        for string in program.strings {
            for range in translations.catalogKeyRanges[string.key] ?? []
            where range.file == file && range.start <= offset && offset <= range.end {
                return (string, range)
            }
        }
        return nil
    }

    /// Definition between a tip's copy and the catalog: from a string in a
    /// `.tips` file, the catalog keys that hold its translations; from a key
    /// in the catalog, the string it translates.
    func copyDefinition(at offset: UInt32, in file: FileID, of analysis: Analysis) -> JSON? {
        guard let translations = analysis.result.program?.translations else { return nil }
        if let (string, _) = catalogKey(at: offset, in: file, of: analysis) {
            return string.range.flatMap(analysis.location)
        }
        guard let (string, _) = copyString(at: offset, in: file, of: analysis) else { return nil }
        let keys = (translations.catalogKeyRanges[string.key] ?? []).compactMap(analysis.location)
        return keys.isEmpty ? nil : .array(keys)
    }

    /// `string`'s key and length, then its text in each language of `translations`.
    static func copyHover(_ string: CheckedString, translations: CheckedTranslations?) -> String {
        let length = string.text.displayText.count
        var text: String
        switch string.item {
        case .title:
            text = "The title of tip \(string.tip): \(length) characters (keep titles to \(Checker.maximumTitleLength))"
        case .message:
            text =
                "The message of tip \(string.tip): \(length) characters (keep messages to "
                + "\(Checker.maximumMessageLength), in one or two sentences)"
        case .action(let id):
            text = "The title of button '\(id)' of tip \(string.tip)"
        }
        text += ". Its key in a String Catalog is `\(string.key)`."
        guard let translations else {
            return text + "\n\nNo String Catalog (`Tips.xcstrings`) is beside the file: `tipc strings` writes one."
        }
        guard !translations.writtenLanguages.isEmpty else {
            return text + "\n\nThe String Catalog beside the file has no translation yet."
        }
        text += "\n\n| language | text |\n|---|---|"
        for language in translations.writtenLanguages {
            let translated = { tableCell(translations.text(of: string, in: language)) }
            let shown =
                switch translations.state(of: string, in: language) {
                case .missing: "*not translated: shows as written*"
                case .notToTranslate: "*shows as written: the catalog says not to translate it*"
                case .toReview: translated() + " *(to review: made for an earlier source text)*"
                case .inError(let message): "*in error, shows as written until fixed:* " + errorCell(message)
                case .translated: translated()
                }
            text += "\n| \(LanguageNames.describe(language)) | \(shown) |"
        }
        return text
    }

    /// `text` as one cell of a Markdown table, each slot as code: it reads
    /// as a stand-in beside the words (`\\(name)が開通しました`), and a code
    /// span shows its backslash as written, where plain text needs it escaped.
    static func tableCell(_ text: InterpolatedText) -> String {
        text.joined(text: tableCell, argument: { "`\\(\($0))`" })
    }

    /// An error's `message` as one cell, each slot it names (`\(name)`) as
    /// code, as the slots of a text in the table are.
    static func errorCell(_ message: String) -> String {
        var cell = ""
        var rest = Substring(message)
        while let slot = rest.range(of: "\\("), let end = rest[slot.upperBound...].firstIndex(of: ")") {
            cell += tableCell(String(rest[..<slot.lowerBound])) + "`" + rest[slot.lowerBound...end] + "`"
            rest = rest[rest.index(after: end)...]
        }
        return cell + tableCell(String(rest))
    }

    /// `text` as one cell of a Markdown table: a `|` or a line break would end it.
    static func tableCell(_ text: String) -> String {
        var cell = ""
        for character in text {
            switch character {
            case "|": cell += "\\|"
            case "\n", "\r\n", "\r": cell += " "
            case "*", "_", "`", "\\", "[", "]", "<": cell += "\\" + String(character)
            default: cell.append(character)
            }
        }
        return cell
    }
}
