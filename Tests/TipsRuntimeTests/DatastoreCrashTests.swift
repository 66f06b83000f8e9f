import Foundation
import Testing

@testable import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Kills a writer with SIGKILL at random moments and checks that every commit
/// it saw return is in the store, which loads without recovery.
@Suite struct DatastoreCrashTests {
    @Test(.hangGuard)
    func killedWritersLoseNoReturnedCommit() async throws {
        guard let tool = stressToolURL() else {
            Issue.record("tips-store-stress is not built next to the tests (swift build builds it)")
            return
        }
        let store = StoreDirectoryFixture()
        let outputs = StoreDirectoryFixture()
        var startIndex = 0
        var confirmedInAllRounds = 0
        for round in 0..<8 {
            // Two writers share the store (an app and its extension), each
            // killed at its own random moment.
            var writers: [(process: Process, output: URL, handle: FileHandle)] = []
            for writer in 0..<2 {
                let outputURL = outputs.url.appendingPathComponent("round-\(round)-\(writer).txt")
                #expect(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
                let handle = try FileHandle(forWritingTo: outputURL)
                let process = Process()
                process.executableURL = tool
                // Its donations are large, so that kills land in compactions too.
                process.arguments = [store.url.path, String(startIndex + writer * 1_000_000_000)]
                process.standardOutput = handle
                try process.run()
                writers.append((process, outputURL, handle))
            }
            for (process, output, handle) in writers {
                // Killed only once it has confirmed a commit, so that a slow
                // start on a loaded machine (or a slow fsync) never leaves a
                // round with nothing to check; then at a random moment.
                try await waitForFirstLine(in: output, of: process)
                try await Task.sleep(nanoseconds: UInt64.random(in: 100_000_000...500_000_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                try handle.close()
            }

            // Whole lines only: the last one may have been cut by the kill.
            let confirmed = writers.flatMap { writer in
                String(decoding: fileBytes(of: writer.output), as: UTF8.self)
                    .split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
            }
            let log = DatastoreRecoveryLog()
            let loaded = log.datastore(store.url).load()
            let present = Set(
                // The event and field tips-store-stress donates (GroupCommitStress).
                (loaded.donations["stress"] ?? []).compactMap { donation -> Int? in
                    guard case .int(let index) = donation.fields["i"] else { return nil }
                    return index
                })
            let missing = confirmed.filter { !present.contains($0) }
            #expect(
                missing.isEmpty, "round \(round): \(missing.count) of \(confirmed.count) returned commits are missing")
            #expect(log.all.isEmpty, "round \(round): \(log.all)")
            confirmedInAllRounds += confirmed.count
            startIndex = max(present.filter { $0 < 1_000_000_000 }.max() ?? 0, startIndex) + 100
        }
        #expect(confirmedInAllRounds > 0)
    }

    /// Waits until `output` holds a whole line (a confirmed commit), or the
    /// writer has exited, or 30 s have passed.
    private func waitForFirstLine(in output: URL, of process: Process) async throws {
        for _ in 0..<3_000 {
            if !process.isRunning || fileBytes(of: output).contains(UInt8(ascii: "\n")) { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
