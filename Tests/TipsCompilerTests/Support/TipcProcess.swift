import Foundation
import TipsTestSupport

/// Runs the built `tipc` executable.
enum TipcProcess {
    /// The `tipc` binary in the build products directory beside the test bundle.
    static let executable: URL? = builtExecutable(named: "tipc")

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `tipc` with `arguments` in `directory`.
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Output {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let result = try ChildProcess.run(executable, arguments, in: directory)
        return Output(status: result.status, standardOutput: result.output, standardError: result.errors)
    }

    /// Runs `tipc` with `arguments` in `directory`, which stays until it has run.
    static func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> Output {
        try withExtendedLifetime(directory) { try run(arguments, in: directory.url) }
    }

    /// A fresh temporary directory for a command's files, removed when the
    /// caller's last reference to it goes.
    static func temporaryDirectory() -> TemporaryDirectory {
        TemporaryDirectory("tipc-cli")
    }
}
