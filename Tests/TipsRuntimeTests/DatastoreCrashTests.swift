import Foundation
import Testing

@testable import TipsRuntime

/// Kills writers with SIGKILL at random moments and checks that every commit
/// a writer saw return is in the store, which loads without recovery.
///
/// Each round two `tips-store-stress` writers share the store (an app and its
/// extension); the second is killed after the first, so it writes on over
/// whatever the first kill left (a torn record, a half-done compaction).
/// A writer prints a donation's number only after its awaited call returned,
/// so every whole line of its output is a commit the store acknowledged.
@Suite struct DatastoreCrashTests {
    /// The event and field tips-store-stress donates (GroupCommitStress).
    private static let eventID = "stress"
    private static let indexField = "i"
    private static let rounds = 8
    /// How many donations a writer has in flight at most (GroupCommitStress
    /// awaits eight at a time): the store may hold these beyond the confirmed.
    private static let inFlight = 8

    /// One writer of one round, donating the numbers from `first` on.
    private struct Writer {
        let name: String
        let first: Int
        let child: StressChild

        init(round: Int, index: Int, tool: URL, store: URL, outputs: URL) throws {
            name = "round \(round) writer \(index)"
            // Ranges that no other writer of any round reaches, so that no
            // donation of another writer can stand in for a missing one.
            first = (2 * round + index + 1) * 1_000_000_000
            child = try StressChild(
                tool: tool, arguments: [store.path, String(first)],
                output: outputs.appendingPathComponent("round-\(round)-\(index).out"),
                errors: outputs.appendingPathComponent("round-\(round)-\(index).err"))
        }

        /// The numbers of its whole lines (a kill may cut the last one), or
        /// the first line that is not one of its numbers.
        func confirmed() -> Result<[Int], LineError> {
            var numbers: [Int] = []
            for line in child.lines {
                guard let number = Int(line), number >= first, number < first + 1_000_000_000 else {
                    return .failure(LineError(line: String(line)))
                }
                numbers.append(number)
            }
            return .success(numbers)
        }

        var errorText: String { child.errors.map { String(decoding: fileBytes(of: $0), as: UTF8.self) } ?? "" }
    }

    private struct LineError: Error {
        let line: String
    }

    @Test(.hangGuard)
    func killedWritersLoseNoReturnedCommit() async throws {
        let tool = try requireStressTool()
        // Timed against the writers, the rounds run on a thread of their own:
        // on the cooperative pool a whole test run took over a minute.
        switch try await onThreadOfItsOwn({ try Self.killRounds(tool: tool) }) {
        case .success(let summary): print("DatastoreCrashTests: \(summary)")
        case .failure(let failure): Issue.record(Comment(rawValue: failure.description))
        }
    }

    private struct Failure: Error {
        let description: String
    }

    /// Runs the rounds, blocking the calling thread; a line on what was
    /// checked, or what was wrong with the first round that failed.
    private static func killRounds(tool: URL) throws -> Result<String, Failure> {
        let store = StoreDirectoryFixture()
        let outputs = StoreDirectoryFixture()
        var checked = 0
        var (tornRecords, unfinishedCompactions) = (0, 0)
        for round in 0..<rounds {
            let writers = try (0..<2).map { index in
                try Writer(round: round, index: index, tool: tool, store: store.url, outputs: outputs.url)
            }
            var problems: [String] = []
            for writer in writers {
                // Killed only once it has confirmed a commit, so that a slow
                // start on a loaded machine never leaves nothing to check.
                if !writer.child.waitForFirstLine() {
                    problems.append("\(writer.name) confirmed no commit within a minute")
                }
                Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.25))
                try writer.child.terminate()
            }
            // The files as the kills left them, before loading cuts a torn tail.
            let left = outputs.url.appendingPathComponent("round-\(round)-store", isDirectory: true)
            try FileManager.default.copyItem(at: store.url, to: left)
            let seen = leftovers(in: left)
            tornRecords += seen.tornRecord ? 1 : 0
            unfinishedCompactions += seen.unfinishedCompaction ? 1 : 0
            problems += judge(writers, store: store.url, checked: &checked)
            if !problems.isEmpty {
                return .failure(
                    Failure(description: (problems + [keepEvidence(left, outputs.url)]).joined(separator: "\n")))
            }
            try FileManager.default.removeItem(at: left)
        }
        let generation = DatastoreFileFormat.snapshotHeader(fileBytes(of: store.snapshotURL)).generation
        return .success(
            "\(rounds * 2) writers killed, \(checked) returned commits checked, all in the store; "
                + "rounds whose kills left a torn record: \(tornRecords), an unfinished compaction: "
                + "\(unfinishedCompactions); snapshot generation \(generation)")
    }

    /// What the kills of a round are seen to have left in the store in
    /// `directory`: whether one cut an append or a compaction short. (The
    /// second writer tidies up after the first, so this undercounts.)
    private static func leftovers(in directory: URL) -> (tornRecord: Bool, unfinishedCompaction: Bool) {
        let snapshot = fileBytes(of: directory.appendingPathComponent(DatastoreDirectory.snapshotName))
        guard case .valid(let identity) = DatastoreFileFormat.snapshotHeader(snapshot) else { return (false, false) }
        let journalName = { (generation: UInt64) in DatastoreDirectory.journalPrefix + String(generation) }
        let journal = fileBytes(of: directory.appendingPathComponent(journalName(identity.generation)))
        let records = journal.dropFirst(DatastoreFileFormat.journalHeaderSize)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return (
            DatastoreFileFormat.readRecords(Array(records)).validLength < records.count,
            names.contains(DatastoreDirectory.temporaryName) || names.contains(journalName(identity.generation + 1))
        )
    }

    /// What is wrong with the store after a round's kills, in words. Then,
    /// so that the store stays small and the next round quick, it deletes
    /// the round's donations (through a datastore of this process).
    private static func judge(_ writers: [Writer], store: URL, checked: inout Int) -> [String] {
        let log = DatastoreRecoveryLog()
        let datastore = log.datastore(store)
        let loaded = datastore.load()
        let present = Set(
            (loaded.donations[Self.eventID] ?? []).compactMap { donation -> Int? in
                guard case .int(let index) = donation.fields[Self.indexField] else { return nil }
                return index
            })
        var problems: [String] = []
        var donatable: [Range<Int>] = []
        for writer in writers {
            let errors = writer.errorText
            if !errors.isEmpty { problems.append("\(writer.name) wrote to standard error: \(errors)") }
            let confirmed: [Int]
            switch writer.confirmed() {
            case .success(let numbers): confirmed = numbers
            case .failure(let error):
                problems.append("\(writer.name) printed a line that is none of its numbers: \(error.line)")
                continue
            }
            let missing = confirmed.filter { !present.contains($0) }
            if !missing.isEmpty {
                problems.append(
                    "\(writer.name): \(missing.count) of \(confirmed.count) returned commits are missing "
                        + "(numbers \(writer.first) + \(missing.prefix(20).map { $0 - writer.first }))")
            }
            checked += confirmed.count
            donatable.append(writer.first..<writer.first + confirmed.count + Self.inFlight)
        }
        // Nothing else: no donation of an earlier round, none past the ones in flight.
        let unexplained = present.filter { index in !donatable.contains { $0.contains(index) } }
        if !unexplained.isEmpty {
            problems.append("the store holds \(unexplained.count) donations no writer of the round made")
        }
        if !datastore.commitNow([.deleteDonations(eventID: Self.eventID)]) {
            problems.append("deleting the round's donations failed")
        }
        if !log.all.isEmpty { problems.append("loading the store after the kills recovered: \(log.all)") }
        return problems
    }

    /// Copies the writers' outputs and the store as the kills left it
    /// (`left`, inside `outputs`) where they outlive the test; says where,
    /// and what the store held.
    private static func keepEvidence(_ left: URL, _ outputs: URL) -> String {
        let kept = FileManager.default.temporaryDirectory
            .appendingPathComponent("tips-crash-evidence-\(UUID().uuidString)", isDirectory: true)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: left.path)) ?? []).sorted()
        let files = names.map { "\($0) (\(fileBytes(of: left.appendingPathComponent($0)).count) bytes)" }
        guard (try? FileManager.default.copyItem(at: outputs, to: kept)) != nil else {
            return "the store held \(files.joined(separator: ", ")); it could not be kept"
        }
        return "the store held \(files.joined(separator: ", ")); it is kept, as the kills left it, in "
            + kept.appendingPathComponent(left.lastPathComponent).path + ", with the writers' output beside it"
    }
}

extension DatastoreFileFormat.Header {
    /// The generation a valid header names; 0 for any other.
    fileprivate var generation: UInt64 {
        guard case .valid(let identity) = self else { return 0 }
        return identity.generation
    }
}
