import Foundation
import TipsTestSupport

@testable import TipsRuntime

/// A datastore's directory, removed when the test is done with it.
struct StoreDirectoryFixture {
    private let directory = TemporaryDirectory("tips-datastore-tests")

    var url: URL { directory.url }

    var snapshotURL: URL { url.appendingPathComponent(DatastoreDirectory.snapshotName) }

    func journalURL(_ generation: UInt64) -> URL {
        url.appendingPathComponent(DatastoreDirectory.journalPrefix + String(generation))
    }

    func fileNames() -> [String] { directory.fileNames() }

    /// The files set aside by recovery.
    func setAsideNames() -> [String] {
        fileNames().filter { $0.contains(".corrupt-") }
    }
}

/// A center configured on `directory` (no testing switches), collecting
/// what it reports through `onDatastoreRecovery`.
func centerCollectingRecoveries(on directory: URL) async throws -> (TipCenter, Locked<[Tips.DatastoreRecovery]>) {
    let log = Locked<[Tips.DatastoreRecovery]>([])
    let center = TipCenter()
    try await center.configure([
        .datastoreLocation(.url(directory)), .arguments([]), .environment([:]),
        .onDatastoreRecovery { recovery in log.withLock { $0.append(recovery) } },
    ])
    return (center, log)
}

/// Collects what a datastore reports through `onRecovery`.
final class DatastoreRecoveryLog: Sendable {
    private let entries = Locked<[Tips.DatastoreRecovery]>([])

    var all: [Tips.DatastoreRecovery] { entries.withLock { $0 } }

    func datastore(_ directory: URL, compactionThreshold: Int = Datastore.defaultCompactionThreshold) -> Datastore {
        Datastore(directory: directory, compactionThreshold: compactionThreshold) { [entries] recovery in
            entries.withLock { $0.append(recovery) }
        }
    }
}

/// One mutation of every kind, with every kind of value.
let everyMutationKind: [DatastoreMutation] = [
    .setParameter(id: "isLoggedIn", value: .bool(true)),
    .setParameter(id: "flag", value: .bool(false)),
    .setParameter(id: "count", value: .int(-42)),
    .setParameter(id: "big", value: .int(Int.max)),
    .setParameter(id: "small", value: .int(Int.min)),
    .setParameter(id: "ratio", value: .double(-0.125)),
    .setParameter(id: "name", value: .string("Grüße, 世界 🌲")),
    .setParameter(id: "empty", value: .string("")),
    .setParameter(id: "wait", value: .duration(86_400)),
    .setParameter(id: "theme", value: .enumCase("dark")),
    .donate(
        eventID: "openedTrail",
        donation: StoredDonation(date: 1_700_000_000.5, fields: ["trail": .string("Ridge"), "km": .double(12.5)]),
        keepCount: 1000, keepDuration: nil),
    .donate(
        eventID: "openedTrail", donation: StoredDonation(date: 1_700_000_100, fields: [:]), keepCount: 1000,
        keepDuration: 3600),
    .recordDisplayStart(tipID: "favorite", date: 1_700_000_200),
    .addDisplayDuration(tipID: "favorite", seconds: 4.25),
    .recordDisplayStart(tipID: "other", date: 1_700_000_300),
    .invalidate(tipID: "favorite", reason: .tipClosed, date: 1_700_000_400),
    .invalidate(tipID: "a", reason: .actionPerformed, date: 1),
    .invalidate(tipID: "b", reason: .displayCountExceeded, date: 2),
    .invalidate(tipID: "c", reason: .displayDurationExceeded, date: 3),
    .resetTip(tipID: "other", date: nil),
    .recordDisplayStart(tipID: "b", date: 4),
    .resetTip(tipID: "b", date: 5),
    .invalidate(tipID: "b", reason: .tipClosed, date: 6),
    .donate(eventID: "gone", donation: StoredDonation(date: 7, fields: [:]), keepCount: 10, keepDuration: nil),
    .deleteDonations(eventID: "gone"),
    // Version 3: moves (`renamedFrom`).
    .recordDisplayStart(tipID: "oldTip", date: 8),
    .move(.tip(from: "oldTip", to: "favorite")),
    .setParameter(id: "oldFlag", value: .bool(true)),
    .move(.parameter(from: "oldFlag", to: "renamedFlag")),
    .donate(eventID: "oldEvent", donation: StoredDonation(date: 9, fields: [:]), keepCount: 10, keepDuration: nil),
    .move(.donations(from: "oldEvent", to: "openedTrail", keepCount: 1000)),
    .move(.parameterCase(parameter: "theme", from: "dark", to: "night")),
    .move(.fieldCase(event: "openedTrail", field: "trail", from: "ridge", to: "crest")),
    .snooze(tipID: "favorite", date: 10, until: 11),
    .snooze(tipID: "snoozy", date: 12, until: 3612),
    .setHoldoutSeed(0xDEAD_BEEF_0BAD_F00D),
    .setHoldoutSeed(1),
]

/// The state `mutations` produce from an empty store.
func stateAfter(_ mutations: [DatastoreMutation], from start: DatastoreSnapshot = DatastoreSnapshot())
    -> DatastoreSnapshot
{
    var snapshot = start
    for mutation in mutations { snapshot.apply(mutation) }
    return snapshot
}

func numberedDonation(_ eventID: String, _ index: Int) -> DatastoreMutation {
    .donate(
        eventID: eventID, donation: StoredDonation(date: Double(index), fields: ["i": .int(index)]),
        keepCount: Int.max, keepDuration: nil)
}

/// A store file as a newer release would write it: format `version`, with a
/// header check that holds (a bare flipped version byte reads as damage).
func fromNewerRelease(_ bytes: [UInt8], version: UInt32) -> [UInt8] {
    guard bytes.count >= 16 else { return bytes }
    var newer = bytes
    var writer = ByteWriter(capacity: 12)
    writer.raw(Array(bytes[0..<8]))
    writer.uint32(version)
    writer.uint32(CRC32.checksum(writer.bytes))
    newer.replaceSubrange(0..<16, with: writer.bytes)
    return newer
}

func fileBytes(of url: URL) -> [UInt8] {
    (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
}

func writeFile(_ bytes: [UInt8], to url: URL) {
    try? Data(bytes).write(to: url)
}
