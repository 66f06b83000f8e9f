import TipsCompiler
import TipsFormat
import TipsSyntax

/// Formats `bytes` and checks what the formatter promises: it gives up only on
/// syntax errors (never because its layout would change the meaning; it
/// checks that itself), and formatting its output again changes nothing.
func formatAndCheck(_ bytes: [UInt8]) {
    var sources = SourceManager()
    let result = TipsFormatter.format(sources.add(path: "fuzz.tips", bytes: bytes))
    guard let text = result.text else {
        precondition(!result.diagnostics.isEmpty, "a file left unformatted without a reason")
        precondition(
            !result.diagnostics.contains { $0.message.contains("could not lay out") },
            "the formatter's layout changed what the file means")
        return
    }
    precondition(TipsFormatter.format(text: text).text == text, "formatting is not idempotent")
}
