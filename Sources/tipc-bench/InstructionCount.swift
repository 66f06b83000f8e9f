import Foundation

/// Instructions a compile executes, counted by valgrind's callgrind in a
/// child process: unlike time, the count does not depend on what else the
/// machine is doing or on the size of its caches.
enum InstructionCount {
    /// Where valgrind is, or nil when it is not on the `PATH`.
    static var valgrindPath: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The instructions of one single-job `Compilation.run` over the input of
    /// `tipCount` tips (generating the input is not counted).
    static func compile(tipCount: Int, valgrind: String) -> Result<Int, MemoryProbe.ProbeError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = [
            "--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no",
            "--toggle-collect=$s12TipsCompiler11CompilationV3run*", MemoryProbe.executablePath,
            MemoryProbe.Work.compileOneJob.rawValue, String(tipCount),
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(MemoryProbe.ProbeError(message: "could not start valgrind: \(error)"))
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // callgrind ends with "==pid== Collected : <count>".
        for line in text.split(separator: "\n") where line.contains("Collected :") {
            if let count = line.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) {
                return .success(count)
            }
        }
        return .failure(MemoryProbe.ProbeError(message: "valgrind reported no count: \(text.suffix(400))"))
    }
}
