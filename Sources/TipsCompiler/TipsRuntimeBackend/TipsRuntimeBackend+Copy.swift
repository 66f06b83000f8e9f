// Printing the file's copy in every language (`--strings`): one
// `Tips.Translations` per file, and each tip's text read from it in the
// language its center speaks.

import TipsRuntime
import TipsSyntax

extension FileEmitter {
    /// The member that holds the file's copy: `fileprivate`, so that every
    /// file has its own, and on a runtime type, so that no `.tips` name can hide it.
    static let copyMember: StaticString = "TipsRuntime.Tips.Translations.tipcFileCopy"

    /// Writes the file's copy: the source texts, then each language's, each
    /// text spelled as the runtime's template (`\(name)` a slot, `\\` a
    /// backslash). Each language is an array of its own with its type
    /// written out, so that the type checker reads each literal once: one
    /// nested literal of every language takes it hundreds of milliseconds.
    func emitCopy(_ copy: LoweredCopy, into writer: inout SwiftWriter) {
        writer.blankLine()
        writer.block("extension TipsRuntime.Tips.Translations") { writer in
            writer.line(
                "/// The file's tips' titles, messages and action titles in every language of the String Catalog.")
            writer.line("fileprivate static let tipcFileCopy = TipsRuntime.Tips.Translations(")
            writer.indented { writer in
                writer.nonEmptyLine { out in
                    out.append("sourceLanguage: ")
                    out.appendStringLiteral(copy.sourceLanguage)
                    out.append(",")
                }
                writer.nonEmptyLine { out in
                    out.append("languages: [")
                    for (index, language) in copy.languages.enumerated() {
                        if index > 0 { out.append(", ") }
                        out.appendStringLiteral(language)
                    }
                    out.append("],")
                }
                writer.nonEmptyLine { out in
                    out.append("texts: [")
                    for index in copy.texts.indices {
                        if index > 0 { out.append(", ") }
                        out.append("tipcFileTexts")
                        out.appendInteger(index)
                    }
                    out.append("])")
                }
            }
            for (index, texts) in copy.texts.enumerated() {
                let language = index == 0 ? copy.sourceLanguage : copy.languages[index - 1]
                emitTexts(texts, index: index, language: language, into: &writer)
            }
        }
    }

    /// Writes one language's texts as an array, `""` for a text not translated.
    private func emitTexts(_ texts: [InterpolatedText?], index: Int, language: String, into writer: inout SwiftWriter) {
        writer.nonEmptyLine { out in
            out.append("/// The texts in ")
            out.appendCommentText(language)
            out.append(index == 0 ? ", the source language." : ".")
        }
        writer.nonEmptyLine { out in
            out.append("fileprivate static let tipcFileTexts")
            out.appendInteger(index)
            out.append(": [Swift.String] = [")
        }
        writer.indented { writer in
            for text in texts {
                writer.nonEmptyLine { out in
                    out.appendStringLiteral(text.map(CatalogText.spelling) ?? "")
                    out.append(",")
                }
            }
        }
        writer.line("]")
    }

    /// Appends the expression for a tip's string `offset` (0 the title, then
    /// the message, then the action titles): its text in the center's
    /// language, from the file's copy (the lowered tip's, nil without one),
    /// or the source text with the tip's `arguments`.
    func appendTipText(
        _ text: InterpolatedText, offset: Int, copy: LoweredTipCopy?, arguments: [CheckedField],
        to out: inout ByteBuffer
    ) {
        guard let copy else { return appendText(text, arguments, to: &out) }
        out.append(Self.copyMember)
        out.append(".text(")
        out.appendInteger(copy.index + offset)
        if copy.needsFilling.indices.contains(offset), copy.needsFilling[offset] {
            appendFilling(text, arguments, to: &out)
        }
        out.append(")")
    }

    /// Appends `, filling: [...]`: each slot of `text` with its argument's value as the tip's text shows it.
    private func appendFilling(_ text: InterpolatedText, _ arguments: [CheckedField], to out: inout ByteBuffer) {
        var names: [String] = []
        for case .argument(let name) in text.segments where !names.contains(name) { names.append(name) }
        out.append(", filling: [")
        if names.isEmpty { out.append(":") }
        for (index, name) in names.enumerated() {
            if index > 0 { out.append(", ") }
            out.appendStringLiteral(name)
            out.append(": ")
            appendText(InterpolatedText(segments: [.argument(name)]), arguments, to: &out)
        }
        out.append("]")
    }
}
