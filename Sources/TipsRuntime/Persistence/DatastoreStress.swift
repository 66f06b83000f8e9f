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

    static func mutation(_ index: Int) -> DatastoreMutation {
        let donation = StoredDonation(date: Double(index), fields: [indexField: .int(index)])
        return .donate(eventID: eventID, donation: donation, keepCount: Int.max, keepDuration: nil)
    }
}
