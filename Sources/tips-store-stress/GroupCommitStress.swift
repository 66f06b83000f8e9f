import Foundation
import TipsRuntime

/// Drives concurrent awaited donations through the public API, for the
/// datastore's crash-consistency test: commits numbered donations eight at a
/// time (so that they share writes) and prints each number once its call has
/// returned, until killed.
enum GroupCommitStress {
    /// The event the stress donations go to (kept without limit).
    static let event = Tips.Event(id: "stress", keepCount: Int.max)
    /// 4 KiB a donation, so that the journal is compacted every 256 of them
    /// and kills land in compactions too.
    private static let padding = String(repeating: "p", count: 4096)

    /// Donates `startIndex`, `startIndex + 1`, ... (the field `i`), writing
    /// each number and a newline to standard output after its call returns.
    /// Stops after `timeLimit` seconds, in case nobody kills it.
    static func run(directory: URL, startIndex: Int, timeLimit: Double = 30) async throws {
        let center = TipCenter()
        try await center.configure([.datastoreLocation(.url(directory)), .arguments([]), .environment([:])])
        let deadline = Date().addingTimeInterval(timeLimit)
        var next = startIndex
        while Date() < deadline {
            await withTaskGroup(of: Int.self) { group in
                for index in next..<next + 8 {
                    group.addTask {
                        await event.donate(["i": .int(index), "pad": .string(padding)], in: center)
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

    /// Configures a center on `directory` with the default recovery handler,
    /// donates once, and returns: what a host that installs no handler sees.
    static func configureOnce(directory: URL) async throws {
        let center = TipCenter()
        try await center.configure([.datastoreLocation(.url(directory)), .arguments([]), .environment([:])])
        await event.donate(in: center)
        FileHandle.standardOutput.write(Data("configured\n".utf8))
    }
}
