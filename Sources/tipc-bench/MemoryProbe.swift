import Foundation

#if canImport(Glibc)
    import Glibc
    private let RUSAGE_SELF_WHO = RUSAGE_SELF.rawValue
#elseif canImport(Darwin)
    import Darwin
    private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// Peak memory of work done in a child process: the benchmark re-runs its own
/// executable with a hidden flag, and the child prints its own peak resident
/// size when it is done.
enum MemoryProbe {
    /// What a child can be asked to do before it reports its peak.
    enum Work: String {
        /// Start and report: the baseline every figure is measured against.
        case idle = "--measure-idle"
        /// Generate the input and hold it.
        case generate = "--measure-generate"
        /// Generate the input and compile it (check and emit).
        case compile = "--measure-compile"
        /// The same with one job, for counting instructions (see InstructionCount.swift).
        case compileOneJob = "--measure-compile-one-job"
        /// Compile a file of that many bytes of `;` lines: a token a byte.
        case denseSemicolons = "--measure-dense-semicolons"
        /// Compile a file of that many NUL bytes: a token (and an error) a byte.
        case denseNULs = "--measure-dense-nuls"
        /// Generate the input, lex and parse it only (for profiling the front end).
        case frontEnd = "--measure-frontend"
    }

    /// The line a child prints: `tipc-bench-maxrss-kb <n>`.
    static let marker = "tipc-bench-maxrss-kb"

    /// This process's peak resident set size in bytes.
    ///
    /// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s
    /// `ru_maxrss` carries the parent's peak across `posix_spawn`, so a child
    /// of a big parent would report the parent's size.
    static func ownPeakBytes() -> Int {
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
                for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                    let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
                    if let kilobytes = Int(digits) { return kilobytes * 1024 }
                }
            }
        #endif
        var usage = rusage()
        guard getrusage(RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
        #if os(Linux)
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }

    /// Prints this process's peak in the form the parent reads.
    static func reportOwnPeak() {
        print("\(marker) \(ownPeakBytes() / 1024)")
    }

    /// The path of the running executable.
    static var executablePath: String {
        if let path = Bundle.main.executablePath { return path }
        return CommandLine.arguments.first ?? "tipc-bench"
    }

    /// Runs a child that does `work` for `tipCount` tips and returns its peak
    /// resident size in bytes, or a message saying why it could not.
    static func peakBytes(of work: Work, tipCount: Int) -> Result<Int, ProbeError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = [work.rawValue, String(tipCount)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(ProbeError(message: "could not start \(executablePath): \(error)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            return .failure(
                ProbeError(message: "child \(work.rawValue) \(tipCount) exited \(process.terminationStatus): \(text)"))
        }
        for line in text.split(separator: "\n") where line.hasPrefix(marker) {
            if let kilobytes = Int(line.dropFirst(marker.count + 1)) { return .success(kilobytes * 1024) }
        }
        return .failure(ProbeError(message: "child \(work.rawValue) reported no peak: \(text)"))
    }

    /// Why a probe failed.
    struct ProbeError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
