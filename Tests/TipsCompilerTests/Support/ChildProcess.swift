import Foundation

/// Runs an executable as a child process to its end: its standard input
/// given at once, its output and error output collected.
enum ChildProcess {
    /// How the child ended and what it wrote.
    struct Result {
        var status: Int32
        var standardOutput: Data
        /// Empty when the error output went with the standard output.
        var standardError: Data

        /// The standard output, as UTF-8 text.
        var output: String { String(decoding: standardOutput, as: UTF8.self) }
        /// The error output, as UTF-8 text.
        var errors: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `directory` (by default the
    /// tests' own), writes `input` to its standard input and closes it, and
    /// waits for it to exit. With `errorsInOutput`, its error output goes
    /// into the same pipe as its standard output, in the order written.
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, input: Data? = nil,
        errorsInOutput: Bool = false
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let standardInput = input.map { _ in Pipe() }
        if let standardInput { process.standardInput = standardInput }
        let output = Pipe()
        let errors = errorsInOutput ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let standardInput, let input {
            standardInput.fileHandleForWriting.write(input)
            try standardInput.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorsInOutput ? Data() : errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: outputData, standardError: errorData)
    }
}
