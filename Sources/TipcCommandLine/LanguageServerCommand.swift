import TipsLanguageServer

/// `tipc lsp`: the language server over standard input and output.
enum LanguageServerCommand {
    /// Serves until the client sends `exit` or closes standard input; returns the exit status.
    static func run() -> Int32 {
        LanguageServerConnection(input: 0, output: 1).run()
    }
}
