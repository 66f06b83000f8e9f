// trails-demo: a hiker uses the Trails app for a few simulated days. The tips
// come from Samples/Trails/Tips/*.tips, compiled by TipsPlugin during the
// build; the clock is a manual one, so the week passes in a moment.
//
//     swift run trails-demo

import Foundation
import TipsRuntime
import TrailsTips

let clock = TipsRuntime.ManualClock(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
let store = FileManager.default.temporaryDirectory
    .appendingPathComponent("trails-demo-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
defer { try? FileManager.default.removeItem(at: store) }

let center = TipsRuntime.TipCenter()
do {
    try await center.configure([
        .displayFrequency(TipsRuntime.TipsConfiguration.displayFrequency),
        .datastoreLocation(.url(store)),
        .clock(clock),
    ])
} catch {
    print("could not configure the tips: \(error)")
    exit(1)
}

let favorite = FavoriteTrail()
let showLocation = ShowLocation()
let rotateMap = RotateMap()
let butlerFork = NewTrail(trailID: "butler-fork", name: "Butler Fork", region: "Big Cottonwood")
let compass = CompassTips.makeGroup(in: center)
let mapTips = MapTips.makeGroup(in: center)
let everyTip: [any TipsRuntime.Tip] = [favorite, showLocation, rotateMap, butlerFork, OfflineMaps()]

/// Draws a tip as a card in the terminal.
func card(_ tip: any TipsRuntime.Tip) -> String {
    let lines = [tip.title] + (tip.message.map { [$0] } ?? []) + tip.actions.map { "[ \($0.title) ]" }
    let width = lines.map(\.count).max() ?? 0
    var out = "  ┌" + String(repeating: "─", count: width + 2) + "┐\n"
    for line in lines {
        out += "  │ " + line + String(repeating: " ", count: width - line.count) + " │\n"
    }
    return out + "  └" + String(repeating: "─", count: width + 2) + "┘"
}

/// Shows what a person would see now, and why the other tips stay hidden.
func look(_ moment: String) async {
    print("\n== \(moment)")
    var shown = 0
    for tip in everyTip where center.status(for: tip) == .available {
        print(card(tip))
        shown += 1
        await center.tipDidAppear(tip)
        await center.tipDidDisappear(tip)
    }
    if shown == 0 { print("  (no tip on screen)") }
    if let current = compass.currentTip { print("  compass group shows: \(current.id)") }
    if let current = mapTips.currentTip { print("  map group shows: \(current.id)") }
    for tip in everyTip where center.status(for: tip) != .available {
        print(center.explanation(for: tip).description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }
}

await look("Day 1: first launch, signed out")

await TipsRuntime.TipParameters.isSignedIn.set(true, in: center)
for _ in 0..<2 { await TipsRuntime.TipEvents.openedTrailDetail.donate(in: center) }
await look("Day 1: signed in, opened two trails")

clock.advance(by: 86_400)
await TipsRuntime.TipEvents.openedTrailDetail.donate(in: center)
center.invalidate(showLocation, reason: .actionPerformed)
await look("Day 2: a third trail opened; the hiker tapped the compass")

for _ in 0..<4 { await TipsRuntime.TipEvents.visitedRegion.donate(region: "Big Cottonwood", in: center) }
await TipsRuntime.TipEvents.favoritedTrail.donate(trailID: "lake-blanche", in: center)
await look("Day 2: explored Big Cottonwood four times and saved a trail")

clock.advance(by: 6 * 86_400)
await look("Day 8: a week later")
