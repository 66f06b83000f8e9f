// A child process for TipsRuntime's crash-consistency and sharing tests,
// through the public API only: it writes to a datastore and prints what has
// returned, until the test kills it with SIGKILL.
//
// Usage: tips-store-stress <directory> <start index>   (concurrent awaited donations until killed)
//        tips-store-stress --configure <directory>   (configure with the default recovery handler, donate once)
//        tips-store-stress --engine <directory> <start index>   (TipCenter API until killed)
//        tips-store-stress --engine-share <directory> <label> <count>   (TipCenter API, shared store)

import Foundation
import TipsRuntime

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--configure" {
    try await GroupCommitStress.configureOnce(directory: URL(fileURLWithPath: arguments[2]))
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
if arguments.count == 4, arguments[1] == "--measure-commits", let count = Int(arguments[3]) {
    // For instruction counts under callgrind (docs/decisions/0001-datastore.md): configure on the
    // directory (loading what is there), then `count` awaited donations one after the other.
    let center = TipCenter()
    try await center.configure([
        .datastoreLocation(.url(URL(fileURLWithPath: arguments[2]))), .arguments([]), .environment([:]),
        .outsideChangeDetection(.off),
    ])
    let event = Tips.Event(id: "measured")
    if count < 0 {
        // The benchmark's store: 100 events x 1,000 donations.
        for number in 0..<100 {
            let stored = Tips.Event(id: "stored\(number)")
            for index in 0..<1_000 {
                stored.sendDonation(["n": .int(index), "tag": .string("t\(index % 9)")], in: center)
            }
        }
    }
    for index in 0..<max(count, 1) { await event.donate(["n": .int(index)], in: center) }
    exit(0)
}
guard arguments.count == 3, let startIndex = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: tips-store-stress <directory> <start index>\n".utf8))
    exit(2)
}
try await GroupCommitStress.run(directory: URL(fileURLWithPath: arguments[1]), startIndex: startIndex)
