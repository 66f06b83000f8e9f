import Foundation
import TipsCompiler
import TipsLanguageServer
import TipsSyntax

/// `tipc lsp`: the language server over standard input and output.
enum LanguageServerCommand {
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
