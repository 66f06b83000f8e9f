import Foundation
import TipsRuntime

/// Drives a `TipCenter` through its public API only, for the engine-level
/// crash and sharing tests in TipsRuntimeTests (which use the same ids).
enum EngineStress {
    /// The event every iteration donates (kept without limit).
    static let donated = Tips.Event(id: "engine.donated", keepCount: 1_000_000)
    /// The parameter every iteration sets to its iteration number.
    static let counter = Tips.Parameter<Int>(id: "engine.counter", defaultValue: -1)
    private static let padding = String(repeating: "x", count: 8192)
    /// The tip every iteration shows and hides.
    static let displayed = StressTip(id: "engine.displayed")
    /// The tip every iteration snoozes (as often as asked).
    static let snoozed = StressTip(id: "engine.snoozed")
    /// A tip with a holdout, so that the center draws the install's holdout seed.
    static let heldOut = StressTip(id: "engine.heldOut", options: Tips.Options(holdoutPercent: 50))
    /// The tip iteration `i` invalidates.
    static func invalidated(_ index: Int) -> StressTip { StressTip(id: "engine.invalidated.\(index)") }

    /// Configures a center on `directory` and, from iteration `start` on, donates,
    /// sets the counter, shows and hides a tip, invalidates a tip and snoozes
    /// a tip, printing `d i`, `p i`, `a i`, `x i`, `v i`, `s i` after each call
    /// returns, until killed (or after `timeLimit` seconds). A tip with a
    /// holdout is registered first, so the store gets its holdout seed.
    static func crashLoop(directory: URL, start: Int, timeLimit: Double = 30) async throws {
        let center = try await configuredCenter(directory)
        center.register([heldOut])
        _ = center.status(for: heldOut)
        let deadline = Date().addingTimeInterval(timeLimit)
        var index = start
        while Date() < deadline {
            // 8 KiB a donation, so that the journal is compacted every 128 of them.
            await donated.donate(["i": .int(index), "pad": .string(padding)], in: center)
            say("d \(index)")
            await counter.set(index, in: center)
            say("p \(index)")
            await center.tipDidAppear(displayed)
            say("a \(index)")
            await center.tipDidDisappear(displayed)
            say("x \(index)")
            await center.invalidateDurably(invalidated(index), reason: .tipClosed)
            say("v \(index)")
            await center.snooze(snoozed)
            say("s \(index)")
            index += 1
        }
    }

    /// The event both sharing processes donate.
    static let shared = Tips.Event(id: "shared.donated", keepCount: 1_000_000)
    /// The tip both sharing processes show and hide.
    static let sharedDisplayed = StressTip(id: "shared.displayed")

    /// One of two processes sharing `directory`: `count` times donates
    /// `shared`, shows and hides `sharedDisplayed`, reads a status and
    /// invalidates `<label>.<i>` and sets the parameter `<label>.count` to i;
    /// then prints `done` and returns.
    static func share(directory: URL, label: String, count: Int) async throws {
        let center = try await configuredCenter(directory)
        for index in 0..<count {
            await shared.donate(in: center)
            await center.tipDidAppear(sharedDisplayed)
            await center.tipDidDisappear(sharedDisplayed)
            _ = center.status(for: sharedDisplayed)
            await center.invalidateDurably(StressTip(id: "\(label).\(index)"), reason: .actionPerformed)
            await Tips.Parameter<Int>(id: "\(label).count", defaultValue: -1).set(index, in: center)
        }
        say("done")
    }

    private static func configuredCenter(_ directory: URL) async throws -> TipCenter {
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(directory)), .arguments([]), .environment([:]),
            .onDatastoreRecovery { recovery in
                FileHandle.standardError.write(Data("recovery: \(recovery)\n".utf8))
            },
        ])
        return center
    }

    /// Writes a line to standard output at once (no buffering to lose on SIGKILL).
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// A tip without rules: available until invalidated.
struct StressTip: Tip {
    let id: String
    var title: String { id }
    var options = Tips.Options()
}
