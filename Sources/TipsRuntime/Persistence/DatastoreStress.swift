import Foundation

/// Drives a datastore from a child process for the crash-consistency test:
/// commits numbered donations and prints each number once its commit has
/// returned, until killed.
@_spi(Testing) public enum DatastoreStress {
    /// The event the stress donations go to.
    public static let eventID = "stress"
    /// The donation field that holds each donation's number.
    public static let indexField = "i"

    /// Commits donations `startIndex`, `startIndex + 1`, ... eight at a time
    /// (so that they are grouped), writing each number and a newline to
    /// standard output after its commit returns. Stops after `timeLimit`
    /// seconds, in case nobody kills it.
    public static func run(directory: URL, startIndex: Int, compactionThreshold: Int, timeLimit: Double = 30) async {
        let store = Datastore(directory: directory, compactionThreshold: compactionThreshold) { _ in }
        _ = store.load()
        let deadline = Date().addingTimeInterval(timeLimit)
        var next = startIndex
        while Date() < deadline {
            await withTaskGroup(of: Int.self) { group in
                for index in next..<next + 8 {
                    group.addTask {
                        await store.commit([mutation(index)])
                        return index
                    }
                }
                for await index in group {
                    FileHandle.standardOutput.write(Data("\(index)\n".utf8))
                }
            }
            next += 8
        }
    }

    /// Writes a store of 100 events × 1000 donations (two small fields each,
    /// one of them distinct in every donation: the worst case for sharing)
    /// into `directory`, all in the snapshot or (`compacted` false) all in the
    /// journal, then times loading it `rounds` times; returns the fastest load
    /// in seconds.
    public static func benchmarkLoad(directory: URL, rounds: Int = 5, compacted: Bool = true) async -> Double {
        var mutations: [DatastoreMutation] = []
        mutations.reserveCapacity(100_000)
        for event in 0..<100 {
            for index in 0..<1000 {
                let fields: [String: TipValue] = [
                    "screen": .enumCase(index % 2 == 0 ? "home" : "detail"), "count": .int(event * 1000 + index),
                ]
                let donation = StoredDonation(date: 1_700_000_000 + Double(index), fields: fields)
                mutations.append(
                    .donate(eventID: "event\(event)", donation: donation, keepCount: 1000, keepDuration: nil))
            }
        }
        let writer = Datastore(directory: directory, compactionThreshold: compacted ? 1 : Int.max) { _ in }
        _ = writer.load()
        await writer.commit(mutations)
        var fastest = Double.infinity
        for _ in 0..<max(1, rounds) {
            let start = Date()
            _ = Datastore(directory: directory) { _ in }.load()
            fastest = min(fastest, Date().timeIntervalSince(start))
        }
        return fastest
    }

    static func mutation(_ index: Int) -> DatastoreMutation {
        let donation = StoredDonation(date: Double(index), fields: [indexField: .int(index)])
        return .donate(eventID: eventID, donation: donation, keepCount: Int.max, keepDuration: nil)
    }
}
