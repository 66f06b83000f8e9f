import Foundation
import TipsRuntime

let center = TipCenter()
center.register([FavoriteTrailTip(), NewTrailTip(trailID: "ridge")])
try await center.configure([
    .datastoreLocation(.url(URL(fileURLWithPath: CommandLine.arguments[2]))), .arguments([]), .environment([:]),
    .onWarning { print("warning: \($0)") },
])
if CommandLine.arguments[1] == "make" {
    await TipParameters.isLoggedIn.set(true, in: center)
    await TipParameters.tier.set(.premium, in: center)
    await TipEvents.openedTrailDetail.donate(plan: .premium, in: center)
    await TipEvents.openedTrailDetail.donate(plan: .free, in: center)
    await center.invalidateDurably(FavoriteTrailTip(), reason: .tipClosed)
    print("made")
} else {
    print("closed \(FavoriteTrailTip().status(in: center) == .invalidated(.tipClosed))")
    print("loggedIn \(TipParameters.isLoggedIn.value(in: center)) plan \(TipParameters.tier.value(in: center))")
    print("donations \(TipEvents.openedTrailDetail.donations(in: center).map(\.plan.rawValue))")
}
