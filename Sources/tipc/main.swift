import Foundation
import TipcCommandLine

let status = CommandLineTool.run(
    Array(CommandLine.arguments.dropFirst()),
    standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    standardError: { text in FileHandle.standardError.write(Data(text.utf8)) },
    endsProcess: true)
exit(status)
