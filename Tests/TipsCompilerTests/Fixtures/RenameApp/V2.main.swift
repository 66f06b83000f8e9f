import Foundation
import TipsRuntime

let center = TipCenter()
center.register([FavoriteTrail(), NewTrail(trailID: "ridge")])
try await center.configure([
    .datastoreLocation(.url(URL(fileURLWithPath: CommandLine.arguments[2]))), .arguments([]), .environment([:]),
    .onWarning { print("warning: \($0)") },
])
print("closed \(FavoriteTrail().status(in: center) == .invalidated(.tipClosed))")
print("loggedIn \(TipParameters.signedIn.value(in: center)) plan \(TipParameters.plan.value(in: center))")
print("donations \(TipEvents.openedDetail.donations(in: center).map(\.plan.rawValue))")
