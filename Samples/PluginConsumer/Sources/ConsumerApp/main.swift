import Foundation
import TipsRuntime

// DailySpecial and the TipEvents/TipParameters members come from
// "Café Tips/Café Menu.tips", compiled by TipsPlugin during the build.
let clock = ManualClock(Date(timeIntervalSince1970: 1_767_225_600))
let center = TipCenter()
let store = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: store) }
try await center.configure([.datastoreLocation(.url(store)), .clock(clock)])

let tip = DailySpecial()
let before = center.status(for: tip)
await TipEvents.openedMenu.donate(in: center)
await TipEvents.openedMenu.donate(in: center)
let after = center.status(for: tip)
print("DailySpecial before: \(before), after two menu openings: \(after)")
guard before == .pending, after == .available else {
    print("unexpected status")
    exit(1)
}
