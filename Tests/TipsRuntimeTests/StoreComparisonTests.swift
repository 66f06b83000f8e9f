import Foundation
import Testing

@testable import TipsRuntime

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The datastore measurement (docs/decisions/0001-datastore.md): the
/// journal and SQLite under the same damage. Run with
/// `TIPS_STORE_COMPARISON=1 swift test --filter StoreComparisonTests` (about
/// half an hour on two busy cores); each test prints its figures.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TIPS_STORE_COMPARISON"] == "1"))
struct StoreComparisonTests {
    enum Kind: String, CaseIterable, Sendable {
        case journal, sqlite

        func make(_ directory: URL, _ log: Locked<[Tips.DatastoreRecovery]>, threshold: Int) -> any DatastoreBackend {
            let report: @Sendable (Tips.DatastoreRecovery) -> Void = { recovery in log.withLock { $0.append(recovery) }
            }
            switch self {
            case .journal: return Datastore(directory: directory, compactionThreshold: threshold, onRecovery: report)
            case .sqlite:
                return SQLiteDatastore(directory: directory, compactionThreshold: threshold, onRecovery: report)
            }
        }
    }

    /// What a load of a damaged store gave.
    enum Outcome: String, CaseIterable {
        /// Everything, as written.
        case intact
        /// Less than was written, reported.
        case lossReported = "loss, reported"
        /// Less than was written, not reported.
        case lossSilent = "loss, silent"
        /// A donation or value that was never written (reported or not).
        case wrongData = "wrong data"
    }

    static let donations = 300

    /// 300 donations (numbered, 64 bytes of padding) in batches of 1 to 5,
    /// a parameter, an invalidation; a compaction half-way for the
    /// journal's snapshot and SQLite's snapshot row alike.
    static func fill(_ kind: Kind, _ directory: URL) -> DatastoreSnapshot {
        let log = Locked<[Tips.DatastoreRecovery]>([])
        let store = kind.make(directory, log, threshold: 12_000)
        var expected = DatastoreSnapshot()
        var index = 0
        while index < donations {
            let size = min(1 + index % 5, donations - index)
            let batch = (index..<index + size).map { number in
                DatastoreMutation.donate(
                    eventID: "e",
                    donation: StoredDonation(
                        date: 1_700_000_000 + Double(number),
                        fields: ["n": .int(number), "pad": .string(String(repeating: "p", count: 64))]),
                    keepCount: 1_000_000, keepDuration: nil)
            }
            #expect(store.commitNow(batch))
            for mutation in batch { expected.apply(mutation) }
            index += size
        }
        for mutation in [
            DatastoreMutation.setParameter(id: "count", value: .int(7)),
            .invalidate(tipID: "T", reason: .tipClosed, date: 1_700_001_000),
        ] {
            #expect(store.commitNow([mutation]))
            expected.apply(mutation)
        }
        return expected
    }

    static func classify(_ loaded: DatastoreSnapshot, _ expected: DatastoreSnapshot, reported: Bool) -> Outcome {
        if loaded == expected { return .intact }
        let written = Set(expected.donations["e"] ?? [])
        let genuine =
            (loaded.donations["e"] ?? []).allSatisfy(written.contains)
            && loaded.donations.keys.allSatisfy { $0 == "e" }
            && loaded.parameters.allSatisfy { expected.parameters[$0.key] == $0.value }
            && loaded.tips.allSatisfy { expected.tips[$0.key] == $0.value }
            && (loaded.lastDisplayDate == nil || loaded.lastDisplayDate == expected.lastDisplayDate)
        guard genuine else { return .wrongData }
        return reported ? .lossReported : .lossSilent
    }

    /// Flips one bit pattern at every `stride`th byte of every store file,
    /// loads a fresh copy each time, and counts the outcomes.
    @Test(arguments: Kind.allCases)
    func byteFlipSweep(_ kind: Kind) throws {
        let pristine = StoreDirectoryFixture()
        let expected = Self.fill(kind, pristine.url)
        let files = pristine.fileNames().filter { !$0.hasSuffix(".lock") && !$0.hasSuffix("-shm") }
        var outcomes: [Outcome: Int] = [:]
        var examples: [Outcome: String] = [:]
        let stride = 3
        for name in files {
            let bytes = fileBytes(of: pristine.url.appendingPathComponent(name))
            for offset in Swift.stride(from: 0, to: bytes.count, by: stride) {
                let copy = StoreDirectoryFixture()
                for other in files {
                    var content = fileBytes(of: pristine.url.appendingPathComponent(other))
                    if other == name { content[offset] ^= 0x5A }
                    writeFile(content, to: copy.url.appendingPathComponent(other))
                }
                let log = Locked<[Tips.DatastoreRecovery]>([])
                let loaded = kind.make(copy.url, log, threshold: 12_000).load()
                let outcome = Self.classify(loaded, expected, reported: !log.withLock { $0 }.isEmpty)
                outcomes[outcome, default: 0] += 1
                if examples[outcome] == nil { examples[outcome] = "\(name) byte \(offset)" }
            }
        }
        let sizes = files.map { "\($0) \(fileBytes(of: pristine.url.appendingPathComponent($0)).count) B" }
        let table = Outcome.allCases.map { "\($0.rawValue): \(outcomes[$0] ?? 0) (e.g. \(examples[$0] ?? "-"))" }
        print(
            "StoreComparison \(kind) byte flips (every \(stride)rd byte of \(sizes.joined(separator: ", "))): "
                + table.joined(separator: "; "))
        // A flip in the journal's last record reads as a torn tail, which is dropped silently by design.
        if kind == .journal { #expect(outcomes[.wrongData] == nil) }
    }

    enum Fault: String, CaseIterable, Sendable {
        case truncatedToHalf, emptyFile, garbage, fifo, directory, newerVersion, immutable
    }

    /// One named fault on the main file of each store: what a load gives,
    /// whether it returns at all (a FIFO can block open(2)), and what a
    /// write after it does.
    @Test(arguments: Fault.allCases, Kind.allCases)
    func namedFault(_ fault: Fault, _ kind: Kind) async throws {
        let store = StoreDirectoryFixture()
        let expected = Self.fill(kind, store.url)
        let path = kind == .journal ? store.snapshotURL : store.url.appendingPathComponent("Tips.sqlite")
        let bytes = fileBytes(of: path)
        switch fault {
        case .truncatedToHalf: writeFile(Array(bytes.prefix(bytes.count / 2)), to: path)
        case .emptyFile: writeFile([], to: path)
        case .garbage: writeFile((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 7) }, to: path)
        case .fifo:
            try FileManager.default.removeItem(at: path)
            mkfifo(path.path, 0o644)
        case .directory:
            try FileManager.default.removeItem(at: path)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        case .newerVersion:
            var changed = bytes
            if kind == .sqlite {
                changed[60] = 9  // user_version, big-endian at offset 60
            } else {
                changed[8] = 9
                let crc = CRC32.checksum(Array(changed[0..<12]))
                for index in 0..<4 { changed[12 + index] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(index))) }
            }
            writeFile(changed, to: path)
        case .immutable:
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["chattr", "+i", path.path]
            try process.run()
            process.waitUntilExit()
        }
        defer {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["chattr", "-i", path.path]
            try? process.run()
            process.waitUntilExit()
        }
        let log = Locked<[Tips.DatastoreRecovery]>([])
        let result = try await onThreadOfItsOwn { () -> (DatastoreSnapshot, Bool) in
            let backend = kind.make(store.url, log, threshold: 12_000)
            let loaded = backend.load()
            let extra = DatastoreMutation.setParameter(id: "after", value: .int(1))
            let writes = backend.commitNow([extra])
            return (loaded, writes)
        }
        let outcome = Self.classify(result.0, expected, reported: !log.withLock { $0 }.isEmpty)
        let kept = (result.0.donations["e"] ?? []).count
        print(
            "StoreComparison \(kind) \(fault.rawValue) (\(path.lastPathComponent)): \(outcome.rawValue), "
                + "\(kept) of \(Self.donations) donations, write after: \(result.1 ? "accepted" : "refused"), "
                + "reported: \(log.withLock { $0 }.map(\.reason))")
    }
}

extension StoreComparisonTests {
    /// What SQLite loads when a flip on its first page (the schema) is not caught.
    @Test func sqliteSchemaPageFlipsExplained() throws {
        let pristine = StoreDirectoryFixture()
        let expected = Self.fill(.sqlite, pristine.url)
        let bytes = fileBytes(of: pristine.url.appendingPathComponent("Tips.sqlite"))
        for offset in 0..<4096 {
            let copy = StoreDirectoryFixture()
            var content = bytes
            content[offset] ^= 0x5A
            writeFile(content, to: copy.url.appendingPathComponent("Tips.sqlite"))
            let log = Locked<[Tips.DatastoreRecovery]>([])
            let loaded = Kind.sqlite.make(copy.url, log, threshold: 12_000).load()
            let reported = !log.withLock { $0 }.isEmpty
            let outcome = Self.classify(loaded, expected, reported: reported)
            guard outcome == .wrongData || outcome == .lossSilent else { continue }
            let written = Set(expected.donations["e"] ?? [])
            let foreign = (loaded.donations["e"] ?? []).filter { !written.contains($0) }.prefix(2)
            let page = String(decoding: bytes[max(0, offset - 24)..<min(bytes.count, offset + 24)], as: UTF8.self)
            print(
                "StoreComparison schema flip at \(offset) (\(outcome.rawValue), reported \(reported)): "
                    + "\((loaded.donations["e"] ?? []).count) donations, foreign \(foreign.map(\.fields)), "
                    + "parameters \(loaded.parameters), tips \(loaded.tips.keys.sorted()); bytes around: "
                    + page.debugDescription)
        }
    }
}
