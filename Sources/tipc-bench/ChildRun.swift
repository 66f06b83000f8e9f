import Foundation

/// Runs one part of the benchmark in a process of its own: this executable
/// again, with `--only <part>` and the hidden `--verdicts <path>`. The
/// child prints its figures as it goes, on the same standard output, and
/// leaves its verdicts in the file for this process to judge with its own.
///
/// The runtime's figures are taken this way in a whole run, so that they
/// are an app's, not those of a process that compiled for minutes first:
/// after the compiler's part in the same process, 10,000 concurrent awaited
/// donations measured 5.03 µs each, where the runtime's part alone measured
/// 2.94 and 3.34 µs (2026-12-06, `tipc-bench --quick` against `--quick
/// --only runtime`, on one quiet machine within minutes).
enum ChildRun {
    /// Runs `part` in a child at `options`' scale and adds its verdicts to `report`.
    static func run(_ part: String, options: Options, report: Report) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tipc-bench-verdicts-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MemoryProbe.executablePath)
        process.arguments = [options.scale == .quick ? "--quick" : "--full", "--only", part, "--verdicts", path]
        do {
            try process.run()
        } catch {
            return report.fail("could not start the \(part) benchmark in a process of its own: \(error)")
        }
        process.waitUntilExit()
        guard let data = FileManager.default.contents(atPath: path),
            let taken = try? JSONDecoder().decode(Report.Taken.self, from: data)
        else {
            let status = process.terminationStatus
            return report.fail("the \(part) benchmark's process exited \(status) without its verdicts")
        }
        report.take(taken)
    }

    /// Writes `report`'s verdicts to `path`, for the parent; false when it cannot.
    static func write(_ report: Report, to path: String) -> Bool {
        guard let data = try? JSONEncoder().encode(report.taken) else { return false }
        return FileManager.default.createFile(atPath: path, contents: data)
    }
}
