import Foundation
import TipsCompiler
import TipsLanguageServer

/// `tipc lsp`: the language server over standard input and output.
enum LanguageServerCommand {
    /// The usage text of `tipc help lsp`.
    static let help = """
        USAGE: tipc lsp

        Runs a Language Server Protocol (3.17) server over standard input and output,
        for editors: diagnostics as you type (for all the .tips files that compile
        together), formatting, fixes, hover, go to definition, references, symbols,
        completion and rename. Editors start it; see Editors/README.md.

        """

    /// Serves until the client sends `exit` or closes standard input; returns the exit status.
    static func run() -> Int32 {
        let server = LanguageServer()
        var reader = MessageReader()
        let input = FileHandle.standardInput
        while !server.isFinished {
            let chunk = input.availableData
            if chunk.isEmpty { return server.exitCode }  // The client went away.
            reader.append(chunk)
            while !server.isFinished, let next = reader.next() {
                let replies: [JSON]
                switch next {
                case .success(let message): replies = server.handle(message)
                case .failure: replies = [LanguageServer.parseErrorResponse()]
                }
                for reply in replies { write(reply) }
            }
        }
        return server.exitCode
    }

    static func write(_ message: JSON) {
        FileHandle.standardOutput.write(MessageReader.frame(message))
    }
}
