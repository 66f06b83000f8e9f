// A child process for TipsRuntime's crash-consistency test: commits numbered
// donations to a datastore and prints each number once it is durable, until
// the test kills it with SIGKILL.
//
// Usage: tips-store-stress <directory> <start index> [compaction threshold]
//        tips-store-stress --benchmark <empty directory>   (times a 100 × 1000 load)
//        tips-store-stress --engine <directory> <start index>   (TipCenter API until killed)
//        tips-store-stress --engine-share <directory> <label> <count>   (TipCenter API, shared store)

import Foundation
@_spi(Testing) import TipsRuntime

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--benchmark" {
    let directory = URL(fileURLWithPath: arguments[2])
    let snapshot = await DatastoreStress.benchmarkLoad(
        directory: directory.appendingPathComponent("snapshot"), rounds: 20)
    print("load of 100 × 1000 donations from a snapshot: \(Int(snapshot * 1000)) ms")
    let journal = await DatastoreStress.benchmarkLoad(
        directory: directory.appendingPathComponent("journal"), rounds: 5, compacted: false)
    print("load of 100 × 1000 donations from a journal: \(Int(journal * 1000)) ms")
    exit(0)
}
if arguments.count == 4, arguments[1] == "--engine", let start = Int(arguments[3]) {
    try await EngineStress.crashLoop(directory: URL(fileURLWithPath: arguments[2]), start: start)
    exit(0)
}
if arguments.count == 5, arguments[1] == "--engine-share", let count = Int(arguments[4]) {
    try await EngineStress.share(directory: URL(fileURLWithPath: arguments[2]), label: arguments[3], count: count)
    exit(0)
}
guard arguments.count >= 3, let startIndex = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: tips-store-stress <directory> <start index> [threshold]\n".utf8))
    exit(2)
}
let threshold = arguments.count > 3 ? Int(arguments[3]) ?? 4096 : 4096
await DatastoreStress.run(
    directory: URL(fileURLWithPath: arguments[1]), startIndex: startIndex, compactionThreshold: threshold)
